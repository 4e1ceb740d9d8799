/**
 * Separating-axis test between a triangle (9 floats) and a tet (12 floats): two convex sets
 * are disjoint exactly when their projections on one of these axes do not overlap: the 4 tet
 * face normals, the triangle normal, and the 6 × 3 cross products of tet and triangle edges.
 * Touching counts as overlapping (a small relative slack), so a vertex on a tet face is kept.
 */
export function triangleIntersectsTet(tri: Float64Array, tet: Float64Array): boolean {
  // Triangle normal.
  if (separated(tri, tet, ...cross(sub(tri, 3, tri, 0), sub(tri, 6, tri, 0)))) return false;
  // Tet face normals: faces are the triples missing one vertex.
  for (let skip = 0; skip < 4; skip++) {
    const f = [0, 1, 2, 3].filter((k) => k !== skip);
    if (separated(tri, tet, ...cross(sub(tet, 3 * f[1], tet, 3 * f[0]), sub(tet, 3 * f[2], tet, 3 * f[0]))))
      return false;
  }
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const e = sub(tet, 3 * j, tet, 3 * i);
      for (let k = 0; k < 3; k++) {
        const g = sub(tri, 3 * ((k + 1) % 3), tri, 3 * k);
        if (separated(tri, tet, ...cross(e, g))) return false;
      }
    }
  }
  return true;
}

function sub(a: Float64Array, i: number, b: Float64Array, j: number): [number, number, number] {
  return [a[i] - b[j], a[i + 1] - b[j + 1], a[i + 2] - b[j + 2]];
}

function cross(u: [number, number, number], v: [number, number, number]): [number, number, number] {
  return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
}

/** True when the projections of the triangle and the tet on axis (x, y, z) are disjoint. */
function separated(tri: Float64Array, tet: Float64Array, x: number, y: number, z: number): boolean {
  const len = Math.hypot(x, y, z);
  if (len === 0) return false; // parallel edges: not an axis
  let triLo = Infinity;
  let triHi = -Infinity;
  let scale = 0;
  for (let k = 0; k < 9; k += 3) {
    const d = tri[k] * x + tri[k + 1] * y + tri[k + 2] * z;
    triLo = Math.min(triLo, d);
    triHi = Math.max(triHi, d);
    scale = Math.max(scale, Math.abs(d));
  }
  let tetLo = Infinity;
  let tetHi = -Infinity;
  for (let k = 0; k < 12; k += 3) {
    const d = tet[k] * x + tet[k + 1] * y + tet[k + 2] * z;
    tetLo = Math.min(tetLo, d);
    tetHi = Math.max(tetHi, d);
    scale = Math.max(scale, Math.abs(d));
  }
  const slack = 1e-9 * scale;
  return triHi < tetLo - slack || tetHi < triLo - slack;
}
