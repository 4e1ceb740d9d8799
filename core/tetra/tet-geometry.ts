/**
 * Per-tet geometry on positions given as a flat xyz array and four vertex ids. Positive
 * orientation means signed volume det[b−a, c−a, d−a] / 6 > 0 (see delaunay.ts).
 */

import { signedTetVolumeM3 } from '../math/mesh-measures.ts';

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

const RAD_TO_DEG = 180 / Math.PI;
/** measureTet's circumcentre (only its radius is used). */
const centre = new Float64Array(3);

/**
 * Measures tet (a, b, c, d) into `out` and returns it (no allocation). The faces and edges are
 * written out in full, with no lookup tables, because the quality report runs it on every tet of
 * every mesh made.
 */
export function measureTet(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  d: number,
  out: TetMeasures,
): TetMeasures {
  const ax = p[3 * a];
  const ay = p[3 * a + 1];
  const az = p[3 * a + 2];
  const bx = p[3 * b];
  const by = p[3 * b + 1];
  const bz = p[3 * b + 2];
  const cx = p[3 * c];
  const cy = p[3 * c + 1];
  const cz = p[3 * c + 2];
  const dx = p[3 * d];
  const dy = p[3 * d + 1];
  const dz = p[3 * d + 2];
  // Edges from a (u = b − a, v = c − a, w = d − a) and from b (s = c − b, t = d − b).
  const ux = bx - ax;
  const uy = by - ay;
  const uz = bz - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  const wx = dx - ax;
  const wy = dy - ay;
  const wz = dz - az;
  const sx = cx - bx;
  const sy = cy - by;
  const sz = cz - bz;
  const tx = dx - bx;
  const ty = dy - by;
  const tz = dz - bz;
  const volume = signedTetVolumeM3(p, a, b, c, d);
  // Unit normals of the faces opposite each corner, outward for a positive tet: opposite a
  // (c − b) × (d − b), opposite b (d − a) × (c − a), opposite c (b − a) × (d − a), opposite d
  // (c − a) × (b − a). A degenerate face keeps its zero normal.
  let n0x = sy * tz - sz * ty;
  let n0y = sz * tx - sx * tz;
  let n0z = sx * ty - sy * tx;
  let len = Math.sqrt(n0x * n0x + n0y * n0y + n0z * n0z);
  if (len > 0) {
    n0x /= len;
    n0y /= len;
    n0z /= len;
  }
  let n1x = wy * vz - wz * vy;
  let n1y = wz * vx - wx * vz;
  let n1z = wx * vy - wy * vx;
  len = Math.sqrt(n1x * n1x + n1y * n1y + n1z * n1z);
  if (len > 0) {
    n1x /= len;
    n1y /= len;
    n1z /= len;
  }
  let n2x = uy * wz - uz * wy;
  let n2y = uz * wx - ux * wz;
  let n2z = ux * wy - uy * wx;
  len = Math.sqrt(n2x * n2x + n2y * n2y + n2z * n2z);
  if (len > 0) {
    n2x /= len;
    n2y /= len;
    n2z /= len;
  }
  let n3x = vy * uz - vz * uy;
  let n3y = vz * ux - vx * uz;
  let n3z = vx * uy - vy * ux;
  len = Math.sqrt(n3x * n3x + n3y * n3y + n3z * n3z);
  if (len > 0) {
    n3x /= len;
    n3y /= len;
    n3z /= len;
  }
  // The dihedral at edge (i, j) lies between the faces opposite the other two corners:
  // 01 → faces 2, 3; 02 → 1, 3; 03 → 1, 2; 12 → 0, 3; 13 → 0, 2; 23 → 0, 1.
  const angles = out.dihedralsDeg;
  angles[0] = dihedralDeg(n2x * n3x + n2y * n3y + n2z * n3z);
  angles[1] = dihedralDeg(n1x * n3x + n1y * n3y + n1z * n3z);
  angles[2] = dihedralDeg(n1x * n2x + n1y * n2y + n1z * n2z);
  angles[3] = dihedralDeg(n0x * n3x + n0y * n3y + n0z * n3z);
  angles[4] = dihedralDeg(n0x * n2x + n0y * n2y + n0z * n2z);
  angles[5] = dihedralDeg(n0x * n1x + n0y * n1y + n0z * n1z);
  let minD = 180;
  let maxD = 0;
  for (let e = 0; e < 6; e++) {
    if (angles[e] < minD) minD = angles[e];
    if (angles[e] > maxD) maxD = angles[e];
  }
  // Squared edge lengths in the order 01, 02, 03, 12, 13, 23.
  const l01 = ux * ux + uy * uy + uz * uz;
  const l02 = vx * vx + vy * vy + vz * vz;
  const l03 = wx * wx + wy * wy + wz * wz;
  const l12 = sx * sx + sy * sy + sz * sz;
  const l13 = tx * tx + ty * ty + tz * tz;
  const l23 = (dx - cx) * (dx - cx) + (dy - cy) * (dy - cy) + (dz - cz) * (dz - cz);
  const sum2 = l01 + l02 + l03 + l12 + l13 + l23;
  const minEdge2 = Math.min(l01, l02, l03, l12, l13, l23);
  const radius = circumcenter(p, a, b, c, d, centre);
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

/** The dihedral angle, degrees, between two faces whose unit outward normals have dot product `dot`. */
function dihedralDeg(dot: number): number {
  const cos = -dot;
  return Math.acos(cos < -1 ? -1 : Math.min(cos, 1)) * RAD_TO_DEG;
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
