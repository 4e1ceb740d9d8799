import { closestPoint, createClosestPoint } from '../../tetra/closest-point.ts';
import { TriangleBvh } from '../../tetra/triangle-bvh.ts';

/**
 * A static triangle-mesh collider: a BVH over its triangles (core/tetra/triangle-bvh.ts, median
 * split) for closest-point queries, and angle-weighted pseudo-normals (Bærentzen & Aanæs 2005,
 * "Signed Distance Computation Using the Angle Weighted Pseudonormal") so that the side of the
 * surface a point is on is right also where its closest point is an edge or a vertex: the sign
 * of (q − c)·N with N the pseudo-normal of the closest feature is the inside/outside test of a
 * closed mesh. The front (outside) is where the triangles wind counter-clockwise.
 */
export interface TriangleMeshCollider {
  readonly bvh: TriangleBvh;
  /** Unit face normals, 3 per triangle. */
  readonly faceNormal: Float64Array;
  /** Pseudo-normal of edge k (from corner k to corner k+1) of triangle t at 3·(3t + k). */
  readonly edgeNormal: Float64Array;
  /** Angle-weighted vertex pseudo-normals, 3 per vertex. */
  readonly vertexNormal: Float64Array;
  /** Contact offset: particles are kept this far in front of the surface, m. */
  readonly thicknessM: number;
}

export function createTriangleMeshCollider(
  positions: Float64Array,
  indices: Uint32Array,
  thicknessM: number,
): TriangleMeshCollider {
  const triangleCount = indices.length / 3;
  const vertexCount = positions.length / 3;
  const faceNormal = new Float64Array(3 * triangleCount);
  const vertexNormal = new Float64Array(3 * vertexCount);
  const edgeNormal = new Float64Array(9 * triangleCount);
  const edgeSum = new Map<number, number[]>();
  const key = (a: number, b: number) => Math.min(a, b) * vertexCount + Math.max(a, b);
  for (let t = 0; t < triangleCount; t++) {
    const corner = [indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]];
    const p = corner.map((v) => [positions[3 * v], positions[3 * v + 1], positions[3 * v + 2]]);
    const n = cross(sub(p[1], p[0]), sub(p[2], p[0]));
    const length = Math.hypot(n[0], n[1], n[2]);
    if (!(length > 0)) continue; // a degenerate triangle adds no normal
    for (let a = 0; a < 3; a++) faceNormal[3 * t + a] = n[a] / length;
    for (let k = 0; k < 3; k++) {
      // Angle of the triangle at corner k weights its normal at that vertex.
      const u = sub(p[(k + 1) % 3], p[k]);
      const v = sub(p[(k + 2) % 3], p[k]);
      const cosine = dot(u, v) / (Math.hypot(u[0], u[1], u[2]) * Math.hypot(v[0], v[1], v[2]));
      const angle = Math.acos(Math.min(1, Math.max(-1, cosine)));
      for (let a = 0; a < 3; a++) vertexNormal[3 * corner[k] + a] += angle * faceNormal[3 * t + a];
      const edge = key(corner[k], corner[(k + 1) % 3]);
      const sum = edgeSum.get(edge) ?? [0, 0, 0];
      for (let a = 0; a < 3; a++) sum[a] += faceNormal[3 * t + a];
      edgeSum.set(edge, sum);
    }
  }
  for (let t = 0; t < triangleCount; t++) {
    for (let k = 0; k < 3; k++) {
      const sum = edgeSum.get(key(indices[3 * t + k], indices[3 * t + ((k + 1) % 3)])) ?? [0, 0, 0];
      edgeNormal.set(sum, 3 * (3 * t + k));
    }
  }
  return {
    bvh: new TriangleBvh({ positions, indices }),
    faceNormal,
    edgeNormal,
    vertexNormal,
    thicknessM,
  };
}

const query = createClosestPoint();
/** Outward contact normal and penetration depth of the last `meshContact` hit. */
export const meshContactNormal = new Float64Array(3);

/**
 * Contact of point q with the mesh, searching `reachM` beyond the thickness (a particle can only
 * have gone as deep as it moved in the substep). Returns the depth by which q must move along
 * `meshContactNormal` to sit `thicknessM` in front of the surface, or 0 when it already does.
 */
export function meshContact(mesh: TriangleMeshCollider, qx: number, qy: number, qz: number, reachM: number) {
  const hit = closestPoint(mesh.bvh, qx, qy, qz, query, mesh.thicknessM + reachM);
  if (hit.triangle < 0) return 0;
  const dx = qx - hit.x;
  const dy = qy - hit.y;
  const dz = qz - hit.z;
  const pseudo = pseudoNormal(mesh, hit.triangle, hit.x, hit.y, hit.z);
  const side = dx * pseudo[0] + dy * pseudo[1] + dz * pseudo[2];
  const distance = hit.distance;
  let signed: number;
  if (distance > 1e-12) {
    // Along the line from the closest point: outward is towards q in front, away from q behind.
    const s = side >= 0 ? 1 / distance : -1 / distance;
    meshContactNormal[0] = dx * s;
    meshContactNormal[1] = dy * s;
    meshContactNormal[2] = dz * s;
    signed = side >= 0 ? distance : -distance;
  } else {
    const length = Math.hypot(pseudo[0], pseudo[1], pseudo[2]);
    if (!(length > 0)) return 0;
    meshContactNormal[0] = pseudo[0] / length;
    meshContactNormal[1] = pseudo[1] / length;
    meshContactNormal[2] = pseudo[2] / length;
    signed = 0;
  }
  const depth = mesh.thicknessM - signed;
  return Math.max(depth, 0);
}

const pseudoScratch = new Float64Array(3);

/** Pseudo-normal of the feature of triangle t holding point c (face, edge or vertex). */
function pseudoNormal(mesh: TriangleMeshCollider, t: number, cx: number, cy: number, cz: number) {
  const p = mesh.bvh.positions;
  const ix = mesh.bvh.indices;
  const a = 3 * ix[3 * t];
  const b = 3 * ix[3 * t + 1];
  const c = 3 * ix[3 * t + 2];
  // Barycentric coordinates of the closest point (Ericson §3.4).
  const v0x = p[b] - p[a];
  const v0y = p[b + 1] - p[a + 1];
  const v0z = p[b + 2] - p[a + 2];
  const v1x = p[c] - p[a];
  const v1y = p[c + 1] - p[a + 1];
  const v1z = p[c + 2] - p[a + 2];
  const v2x = cx - p[a];
  const v2y = cy - p[a + 1];
  const v2z = cz - p[a + 2];
  const d00 = v0x * v0x + v0y * v0y + v0z * v0z;
  const d01 = v0x * v1x + v0y * v1y + v0z * v1z;
  const d11 = v1x * v1x + v1y * v1y + v1z * v1z;
  const d20 = v2x * v0x + v2y * v0y + v2z * v0z;
  const d21 = v2x * v1x + v2y * v1y + v2z * v1z;
  const denominator = d00 * d11 - d01 * d01;
  if (!(denominator > 0)) return copy(mesh.faceNormal, 3 * t);
  const wb = (d11 * d20 - d01 * d21) / denominator;
  const wc = (d00 * d21 - d01 * d20) / denominator;
  const wa = 1 - wb - wc;
  const eps = 1e-9;
  if (wa > 1 - eps) return copy(mesh.vertexNormal, a);
  if (wb > 1 - eps) return copy(mesh.vertexNormal, b);
  if (wc > 1 - eps) return copy(mesh.vertexNormal, c);
  if (wc < eps) return copy(mesh.edgeNormal, 9 * t); // edge a–b
  if (wa < eps) return copy(mesh.edgeNormal, 9 * t + 3); // edge b–c
  if (wb < eps) return copy(mesh.edgeNormal, 9 * t + 6); // edge c–a
  return copy(mesh.faceNormal, 3 * t);
}

/** The three values of `source` at `offset`, in the module scratch vector. */
function copy(source: Float64Array, offset: number): Float64Array {
  pseudoScratch[0] = source[offset];
  pseudoScratch[1] = source[offset + 1];
  pseudoScratch[2] = source[offset + 2];
  return pseudoScratch;
}

function sub(a: number[], b: number[]): number[] {
  return [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

function dot(a: number[], b: number[]): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}
