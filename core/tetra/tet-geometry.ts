/**
 * Per-tet geometry on positions given as a flat xyz array and four vertex ids. Positive
 * orientation means signed volume det[b−a, c−a, d−a] / 6 > 0 (see delaunay.ts).
 */

/** Signed volume of tet (a, b, c, d), m³. */
export function tetVolume(p: ArrayLike<number>, a: number, b: number, c: number, d: number): number {
  const ax = p[3 * a];
  const ay = p[3 * a + 1];
  const az = p[3 * a + 2];
  const ux = p[3 * b] - ax;
  const uy = p[3 * b + 1] - ay;
  const uz = p[3 * b + 2] - az;
  const vx = p[3 * c] - ax;
  const vy = p[3 * c + 1] - ay;
  const vz = p[3 * c + 2] - az;
  const wx = p[3 * d] - ax;
  const wy = p[3 * d + 1] - ay;
  const wz = p[3 * d + 2] - az;
  return (ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx)) / 6;
}

/** Circumcentre of tet (a, b, c, d) written to out[0..2]; returns the circumradius, m. */
export function circumcenter(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  d: number,
  out: Float64Array,
): number {
  const ax = p[3 * a];
  const ay = p[3 * a + 1];
  const az = p[3 * a + 2];
  const ux = p[3 * b] - ax;
  const uy = p[3 * b + 1] - ay;
  const uz = p[3 * b + 2] - az;
  const vx = p[3 * c] - ax;
  const vy = p[3 * c + 1] - ay;
  const vz = p[3 * c + 2] - az;
  const wx = p[3 * d] - ax;
  const wy = p[3 * d + 1] - ay;
  const wz = p[3 * d + 2] - az;
  const u2 = ux * ux + uy * uy + uz * uz;
  const v2 = vx * vx + vy * vy + vz * vz;
  const w2 = wx * wx + wy * wy + wz * wz;
  // v×w, w×u, u×v
  const vwx = vy * wz - vz * wy;
  const vwy = vz * wx - vx * wz;
  const vwz = vx * wy - vy * wx;
  const wux = wy * uz - wz * uy;
  const wuy = wz * ux - wx * uz;
  const wuz = wx * uy - wy * ux;
  const uvx = uy * vz - uz * vy;
  const uvy = uz * vx - ux * vz;
  const uvz = ux * vy - uy * vx;
  const det = 2 * (ux * vwx + uy * vwy + uz * vwz);
  if (det === 0) {
    out[0] = Number.NaN;
    out[1] = Number.NaN;
    out[2] = Number.NaN;
    return Infinity;
  }
  const ox = (u2 * vwx + v2 * wux + w2 * uvx) / det;
  const oy = (u2 * vwy + v2 * wuy + w2 * uvy) / det;
  const oz = (u2 * vwz + v2 * wuz + w2 * uvz) / det;
  out[0] = ax + ox;
  out[1] = ay + oy;
  out[2] = az + oz;
  return Math.sqrt(ox * ox + oy * oy + oz * oz);
}

/** Per-tet quality measures; filled by `measureTet`. */
export interface TetMeasures {
  /** Signed volume, m³. */
  volume: number;
  /** Smallest and largest dihedral angle, degrees. */
  minDihedralDeg: number;
  maxDihedralDeg: number;
  /** Circumradius / shortest edge (√6/4 ≈ 0.612 for the regular tet). */
  radiusEdge: number;
  /**
   * Normalised mean ratio 12 (3|V|)^(2/3) / Σ edge²: 1 for the regular tet, → 0 as it
   * degenerates; negative for an inverted tet.
   */
  meanRatio: number;
  /** The six dihedral angles, degrees, edge order (01, 02, 03, 12, 13, 23). */
  dihedralsDeg: Float64Array;
}

export function createTetMeasures(): TetMeasures {
  return {
    volume: 0,
    minDihedralDeg: 0,
    maxDihedralDeg: 0,
    radiusEdge: 0,
    meanRatio: 0,
    dihedralsDeg: new Float64Array(6),
  };
}

const normals = new Float64Array(12);
const cc = new Float64Array(3);
const corner = new Int32Array(4);
const RAD_TO_DEG = 180 / Math.PI;
// Edge e = (i, j) in the order 01, 02, 03, 12, 13, 23 lies between the faces opposite the
// other two corners: EDGE_FACE_A[e] and EDGE_FACE_B[e].
const EDGE_FACE_A = Int8Array.from([2, 1, 1, 0, 0, 0]);
const EDGE_FACE_B = Int8Array.from([3, 3, 2, 3, 2, 1]);
const EDGE_I = Int8Array.from([0, 0, 0, 1, 1, 2]);
const EDGE_J = Int8Array.from([1, 2, 3, 2, 3, 3]);
// Face f (opposite corner f) as corners (F_A, F_B, F_C), ordered so that (B−A)×(C−A) points
// out of a positive tet.
const F_A = Int8Array.from([1, 0, 0, 0]);
const F_B = Int8Array.from([2, 3, 1, 2]);
const F_C = Int8Array.from([3, 2, 3, 1]);

/** Measures tet (a, b, c, d) into `out` and returns it (no allocation). */
export function measureTet(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  d: number,
  out: TetMeasures,
): TetMeasures {
  corner[0] = a;
  corner[1] = b;
  corner[2] = c;
  corner[3] = d;
  const volume = tetVolume(p, a, b, c, d);
  // Unit outward normals of the faces opposite each corner (for a positive tet).
  for (let f = 0; f < 4; f++) {
    const o = 3 * corner[F_A[f]];
    const j = 3 * corner[F_B[f]];
    const k = 3 * corner[F_C[f]];
    const ux = p[j] - p[o];
    const uy = p[j + 1] - p[o + 1];
    const uz = p[j + 2] - p[o + 2];
    const wx = p[k] - p[o];
    const wy = p[k + 1] - p[o + 1];
    const wz = p[k + 2] - p[o + 2];
    let nx = uy * wz - uz * wy;
    let ny = uz * wx - ux * wz;
    let nz = ux * wy - uy * wx;
    const len = Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (len > 0) {
      nx /= len;
      ny /= len;
      nz /= len;
    }
    normals[3 * f] = nx;
    normals[3 * f + 1] = ny;
    normals[3 * f + 2] = nz;
  }
  let minD = 180;
  let maxD = 0;
  let sum2 = 0;
  let minEdge2 = Infinity;
  for (let e = 0; e < 6; e++) {
    const f = 3 * EDGE_FACE_A[e];
    const g = 3 * EDGE_FACE_B[e];
    const cos = -(
      normals[f] * normals[g] +
      normals[f + 1] * normals[g + 1] +
      normals[f + 2] * normals[g + 2]
    );
    const angle = Math.acos(cos < -1 ? -1 : Math.min(cos, 1)) * RAD_TO_DEG;
    out.dihedralsDeg[e] = angle;
    if (angle < minD) minD = angle;
    if (angle > maxD) maxD = angle;
    const i = 3 * corner[EDGE_I[e]];
    const j = 3 * corner[EDGE_J[e]];
    const dx = p[i] - p[j];
    const dy = p[i + 1] - p[j + 1];
    const dz = p[i + 2] - p[j + 2];
    const l2 = dx * dx + dy * dy + dz * dz;
    sum2 += l2;
    if (l2 < minEdge2) minEdge2 = l2;
  }
  const radius = circumcenter(p, a, b, c, d, cc);
  out.volume = volume;
  if (volume <= 0) {
    // Degenerate or inverted: the angles above are meaningless; report the worst values.
    out.minDihedralDeg = 0;
    out.maxDihedralDeg = 180;
  } else {
    out.minDihedralDeg = minD;
    out.maxDihedralDeg = maxD;
  }
  out.radiusEdge = minEdge2 > 0 ? radius / Math.sqrt(minEdge2) : Infinity;
  const mr = sum2 > 0 ? (12 * Math.cbrt(3 * Math.abs(volume)) ** 2) / sum2 : 0;
  out.meanRatio = volume > 0 ? mr : -mr;
  return out;
}

/**
 * Smallest dihedral angle of tet (a, b, c, d) in degrees, or −1 when its signed volume is not
 * positive. The cheap form of `measureTet` for optimisation loops: one acos per call.
 */
export function minDihedralDeg(p: ArrayLike<number>, a: number, b: number, c: number, d: number): number {
  const ax = p[3 * a];
  const ay = p[3 * a + 1];
  const az = p[3 * a + 2];
  const ux = p[3 * b] - ax;
  const uy = p[3 * b + 1] - ay;
  const uz = p[3 * b + 2] - az;
  const vx = p[3 * c] - ax;
  const vy = p[3 * c + 1] - ay;
  const vz = p[3 * c + 2] - az;
  const wx = p[3 * d] - ax;
  const wy = p[3 * d + 1] - ay;
  const wz = p[3 * d + 2] - az;
  // Inward-or-outward consistent area normals: faces opposite d, c, b (all through a) and a.
  const n3x = vy * uz - vz * uy; // (c−a)×(b−a): face abc, outward
  const n3y = vz * ux - vx * uz;
  const n3z = vx * uy - vy * ux;
  const volume6 = -(n3x * wx + n3y * wy + n3z * wz);
  if (!(volume6 > 0)) return -1;
  const n2x = uy * wz - uz * wy; // (b−a)×(d−a): face abd, outward
  const n2y = uz * wx - ux * wz;
  const n2z = ux * wy - uy * wx;
  const n1x = wy * vz - wz * vy; // (d−a)×(c−a): face acd, outward
  const n1y = wz * vx - wx * vz;
  const n1z = wx * vy - wy * vx;
  const n0x = -(n1x + n2x + n3x); // the four outward area normals sum to zero
  const n0y = -(n1y + n2y + n3y);
  const n0z = -(n1z + n2z + n3z);
  const l0 = Math.sqrt(n0x * n0x + n0y * n0y + n0z * n0z);
  const l1 = Math.sqrt(n1x * n1x + n1y * n1y + n1z * n1z);
  const l2 = Math.sqrt(n2x * n2x + n2y * n2y + n2z * n2z);
  const l3 = Math.sqrt(n3x * n3x + n3y * n3y + n3z * n3z);
  // Dihedral θ at the edge between faces f and g: cos θ = −n̂f·n̂g; the smallest θ has the largest cos.
  let maxCos = -(n0x * n1x + n0y * n1y + n0z * n1z) / (l0 * l1);
  let c2 = -(n0x * n2x + n0y * n2y + n0z * n2z) / (l0 * l2);
  if (c2 > maxCos) maxCos = c2;
  c2 = -(n0x * n3x + n0y * n3y + n0z * n3z) / (l0 * l3);
  if (c2 > maxCos) maxCos = c2;
  c2 = -(n1x * n2x + n1y * n2y + n1z * n2z) / (l1 * l2);
  if (c2 > maxCos) maxCos = c2;
  c2 = -(n1x * n3x + n1y * n3y + n1z * n3z) / (l1 * l3);
  if (c2 > maxCos) maxCos = c2;
  c2 = -(n2x * n3x + n2y * n3y + n2z * n3z) / (l2 * l3);
  if (c2 > maxCos) maxCos = c2;
  return (Math.acos(Math.min(1, maxCos)) * 180) / Math.PI;
}
