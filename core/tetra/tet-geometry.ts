/**
 * Per-tet geometry on positions given as a flat xyz array and four vertex ids. Positive
 * orientation means signed volume det[b−a, c−a, d−a] / 6 > 0 (see delaunay.ts).
 */

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
  /**
   * Cosines of the smallest and the largest dihedral angle (1 and −1, as for 0° and 180°, when the
   * tet is degenerate or inverted): the report takes the arccosine of its extremes only.
   */
  minDihedralCosine: number;
  maxDihedralCosine: number;
  /** Circumradius / shortest edge (√6/4 ≈ 0.612 for the regular tet). */
  radiusEdge: number;
  /**
   * Normalised mean ratio 12 (3|V|)^(2/3) / Σ edge²: 1 for the regular tet, → 0 as it
   * degenerates; negative for an inverted tet.
   */
  meanRatio: number;
  /**
   * Cosines of the six dihedral angles, edge order (01, 02, 03, 12, 13, 23), in [−1, 1]. Cosines
   * rather than degrees: the quality report bins them against the cosines of the bins' edges, and
   * only the extremes need an arccosine.
   */
  dihedralCosines: Float64Array;
}

export function createTetMeasures(): TetMeasures {
  // NaN until measured: a double from the start, where an integer first (0, 1) would have V8 change
  // the fields' representation on the first fraction and drop the code optimized for them.
  return {
    volume: Number.NaN,
    minDihedralCosine: Number.NaN,
    maxDihedralCosine: Number.NaN,
    radiusEdge: Number.NaN,
    meanRatio: Number.NaN,
    dihedralCosines: new Float64Array(6),
  };
}

/**
 * Measures tet (a, b, c, d) into `out` and returns it (no allocation). The faces and edges are
 * written out in full, with no lookup tables, because the quality report runs it on every tet of
 * every mesh made; the face normals serve the angles and the circumradius both, and the angles
 * are left as cosines.
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
  const cx = p[3 * c];
  const cy = p[3 * c + 1];
  const cz = p[3 * c + 2];
  const dx = p[3 * d];
  const dy = p[3 * d + 1];
  const dz = p[3 * d + 2];
  // Edges from a: u = b − a, v = c − a, w = d − a.
  const ux = p[3 * b] - ax;
  const uy = p[3 * b + 1] - ay;
  const uz = p[3 * b + 2] - az;
  const vx = cx - ax;
  const vy = cy - ay;
  const vz = cz - az;
  const wx = dx - ax;
  const wy = dy - ay;
  const wz = dz - az;
  // Area normals (twice the area) of the faces opposite each corner, outward for a positive tet:
  // opposite b (d − a) × (c − a), opposite c (b − a) × (d − a), opposite d (c − a) × (b − a), and
  // opposite a their negated sum (the four sum to zero). A degenerate face has a zero normal,
  // which reads as a right angle to every other face.
  const n1x = wy * vz - wz * vy;
  const n1y = wz * vx - wx * vz;
  const n1z = wx * vy - wy * vx;
  const n2x = uy * wz - uz * wy;
  const n2y = uz * wx - ux * wz;
  const n2z = ux * wy - uy * wx;
  const n3x = vy * uz - vz * uy;
  const n3y = vz * ux - vx * uz;
  const n3z = vx * uy - vy * ux;
  const n0x = -(n1x + n2x + n3x);
  const n0y = -(n1y + n2y + n3y);
  const n0z = -(n1z + n2z + n3z);
  const l0 = Math.sqrt(n0x * n0x + n0y * n0y + n0z * n0z);
  const l1 = Math.sqrt(n1x * n1x + n1y * n1y + n1z * n1z);
  const l2 = Math.sqrt(n2x * n2x + n2y * n2y + n2z * n2z);
  const l3 = Math.sqrt(n3x * n3x + n3y * n3y + n3z * n3z);
  const i0 = l0 > 0 ? 1 / l0 : 0;
  const i1 = l1 > 0 ? 1 / l1 : 0;
  const i2 = l2 > 0 ? 1 / l2 : 0;
  const i3 = l3 > 0 ? 1 / l3 : 0;
  // The dihedral θ at edge (i, j) lies between the faces opposite the other two corners, whose
  // outward normals make the angle π − θ: cos θ = −n̂f·n̂g. 01 → faces 2, 3; 02 → 1, 3; 03 → 1, 2;
  // 12 → 0, 3; 13 → 0, 2; 23 → 0, 1.
  const cosines = out.dihedralCosines;
  cosines[0] = clampCosine(-(n2x * n3x + n2y * n3y + n2z * n3z) * (i2 * i3));
  cosines[1] = clampCosine(-(n1x * n3x + n1y * n3y + n1z * n3z) * (i1 * i3));
  cosines[2] = clampCosine(-(n1x * n2x + n1y * n2y + n1z * n2z) * (i1 * i2));
  cosines[3] = clampCosine(-(n0x * n3x + n0y * n3y + n0z * n3z) * (i0 * i3));
  cosines[4] = clampCosine(-(n0x * n2x + n0y * n2y + n0z * n2z) * (i0 * i2));
  cosines[5] = clampCosine(-(n0x * n1x + n0y * n1y + n0z * n1z) * (i0 * i1));
  let maxCos = -1;
  let minCos = 1;
  for (let e = 0; e < 6; e++) {
    if (cosines[e] > maxCos) maxCos = cosines[e];
    if (cosines[e] < minCos) minCos = cosines[e];
  }
  // Squared edge lengths in the order 01, 02, 03, 12, 13, 23.
  const l01 = ux * ux + uy * uy + uz * uz;
  const l02 = vx * vx + vy * vy + vz * vz;
  const l03 = wx * wx + wy * wy + wz * wz;
  const l12 = (vx - ux) * (vx - ux) + (vy - uy) * (vy - uy) + (vz - uz) * (vz - uz);
  const l13 = (wx - ux) * (wx - ux) + (wy - uy) * (wy - uy) + (wz - uz) * (wz - uz);
  const l23 = (dx - cx) * (dx - cx) + (dy - cy) * (dy - cy) + (dz - cz) * (dz - cz);
  const sum2 = l01 + l02 + l03 + l12 + l13 + l23;
  const minEdge2 = Math.min(l01, l02, l03, l12, l13, l23);
  // Circumcentre relative to a: (|u|² v×w + |v|² w×u + |w|² u×v) / (2 u·(v×w)), where
  // v×w = −n1, w×u = −n2, u×v = −n3 (circumcenter() above, on the normals already made).
  const det = -2 * (ux * n1x + uy * n1y + uz * n1z);
  // The signed volume u·(v×w)/6, the same float as signedTetVolumeM3 gives (n1 is −v×w term by
  // term, so u·n1 is exactly −u·(v×w), and det/12 rounds the same real number as it does).
  const volume = det / 12;
  const ox = l01 * n1x + l02 * n2x + l03 * n3x;
  const oy = l01 * n1y + l02 * n2y + l03 * n3y;
  const oz = l01 * n1z + l02 * n2z + l03 * n3z;
  const radius = det === 0 ? Infinity : Math.sqrt(ox * ox + oy * oy + oz * oz) / Math.abs(det);
  out.volume = volume;
  // Degenerate or inverted: the angles above are meaningless; report the worst values.
  out.minDihedralCosine = volume > 0 ? maxCos : 1;
  out.maxDihedralCosine = volume > 0 ? minCos : -1;
  out.radiusEdge = minEdge2 > 0 ? radius / Math.sqrt(minEdge2) : Infinity;
  const cubeRoot = Math.cbrt(3 * Math.abs(volume));
  const mr = sum2 > 0 ? (12 * (cubeRoot * cubeRoot)) / sum2 : 0;
  out.meanRatio = volume > 0 ? mr : -mr;
  return out;
}

/** A cosine clamped into [−1, 1] (rounding can carry a normalised dot product just past). */
function clampCosine(cos: number): number {
  return cos < -1 ? -1 : Math.min(cos, 1);
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
