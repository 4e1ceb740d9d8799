// tet-geometry.ts's minDihedralDeg and circumcenter of a tet by vertex id over a module's
// positions (f64 × 3 per vertex), float for float, for optimize.ts and mesher.ts.

// The host's Math.acos (V8's to the bit), imported from the module named after this file.
declare function acos(x: f64): f64;

function coordOf(p: usize, v: i32, axis: i32): f64 {
  return load<f64>(p + ((<usize>(3 * v + axis)) << 3));
}

// loadTet's output: corner a and the edges a→b (u), a→c (v), a→d (w), m.
let ax: f64 = 0;
let ay: f64 = 0;
let az: f64 = 0;
let ux: f64 = 0;
let uy: f64 = 0;
let uz: f64 = 0;
let vx: f64 = 0;
let vy: f64 = 0;
let vz: f64 = 0;
let wx: f64 = 0;
let wy: f64 = 0;
let wz: f64 = 0;

function loadTet(p: usize, a: i32, b: i32, c: i32, d: i32): void {
  ax = coordOf(p, a, 0);
  ay = coordOf(p, a, 1);
  az = coordOf(p, a, 2);
  ux = coordOf(p, b, 0) - ax;
  uy = coordOf(p, b, 1) - ay;
  uz = coordOf(p, b, 2) - az;
  vx = coordOf(p, c, 0) - ax;
  vy = coordOf(p, c, 1) - ay;
  vz = coordOf(p, c, 2) - az;
  wx = coordOf(p, d, 0) - ax;
  wy = coordOf(p, d, 1) - ay;
  wz = coordOf(p, d, 2) - az;
}

/**
 * Smallest dihedral angle of tet (a, b, c, d) in degrees, or −1 when its signed volume is not
 * positive (tet-geometry.ts's minDihedralDeg).
 */
export function minDihedralDegAt(p: usize, a: i32, b: i32, c: i32, d: i32): f64 {
  loadTet(p, a, b, c, d);
  const n3x = vy * uz - vz * uy;
  const n3y = vz * ux - vx * uz;
  const n3z = vx * uy - vy * ux;
  const volume6 = -(n3x * wx + n3y * wy + n3z * wz);
  if (!(volume6 > 0)) return -1;
  const n2x = uy * wz - uz * wy;
  const n2y = uz * wx - ux * wz;
  const n2z = ux * wy - uy * wx;
  const n1x = wy * vz - wz * vy;
  const n1y = wz * vx - wx * vz;
  const n1z = wx * vy - wy * vx;
  const n0x = -(n1x + n2x + n3x);
  const n0y = -(n1y + n2y + n3y);
  const n0z = -(n1z + n2z + n3z);
  const l0 = Math.sqrt(n0x * n0x + n0y * n0y + n0z * n0z);
  const l1 = Math.sqrt(n1x * n1x + n1y * n1y + n1z * n1z);
  const l2 = Math.sqrt(n2x * n2x + n2y * n2y + n2z * n2z);
  const l3 = Math.sqrt(n3x * n3x + n3y * n3y + n3z * n3z);
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
  return (acos(Math.min(1, maxCos)) * 180) / Math.PI;
}

/** circumcenter's centre, written by circumcenterAt. */
export let centreX: f64 = 0;
export let centreY: f64 = 0;
export let centreZ: f64 = 0;

/**
 * The circumradius of tet (a, b, c, d), its centre in centreX/Y/Z; ∞ with a NaN centre when the
 * tet is flat (tet-geometry.ts's circumcenter).
 */
export function circumcenterAt(p: usize, a: i32, b: i32, c: i32, d: i32): f64 {
  loadTet(p, a, b, c, d);
  const u2 = ux * ux + uy * uy + uz * uz;
  const v2 = vx * vx + vy * vy + vz * vz;
  const w2 = wx * wx + wy * wy + wz * wz;
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
    centreX = NaN;
    centreY = NaN;
    centreZ = NaN;
    return Infinity;
  }
  const ox = (u2 * vwx + v2 * wux + w2 * uvx) / det;
  const oy = (u2 * vwy + v2 * wuy + w2 * uvy) / det;
  const oz = (u2 * vwz + v2 * wuz + w2 * uvz) / det;
  centreX = ax + ox;
  centreY = ay + oy;
  centreZ = az + oz;
  return Math.sqrt(ox * ox + oy * oy + oz * oz);
}
