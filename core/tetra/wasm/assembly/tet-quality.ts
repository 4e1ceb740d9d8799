// AssemblyScript source of the WebAssembly tet measures (compiled by scripts/build-wasm.mjs into
// core/tetra/wasm/tet-quality-wasm.ts): quality.ts's pass over every tet (tet-geometry.ts's
// measureTet and the dihedral histogram), float for float (test/core/tetra/wasm-tet-quality.test.ts),
// for the reason wasm/assembly/delaunay.ts gives. The cube root is the host's Math.cbrt, imported,
// so that the mean ratios are V8's to the bit.

import { allocate } from './heap';

// A declared function is imported from the module named after this file: tet-quality.cbrt.
declare function cbrt(x: f64): f64;

/** quality.ts's COSINE_BUCKETS and its histogram's bins. */
const COSINE_BUCKETS = 2048;
const HISTOGRAM_BINS = 36;

// The results, at `result`: f64 volume, maxCos, minCos, maxRadiusEdge, sumQuality, minQuality,
// then i32 inverted and the HISTOGRAM_BINS counts.
const R_VOLUME = 0;
const R_MAX_COS = 8;
const R_MIN_COS = 16;
const R_MAX_RADIUS_EDGE = 24;
const R_SUM_QUALITY = 32;
const R_MIN_QUALITY = 40;
const R_INVERTED = 48;
const R_COUNTS = 52;

/** `bytes` of fresh memory, 16-byte aligned, for the host to fill; 0 when the memory cannot grow. */
export function reserve(bytes: usize): usize {
  return allocate(bytes);
}

function clampCosine(cos: f64): f64 {
  return cos < -1 ? -1 : Math.min(cos, 1);
}

/** quality.ts's histogramBinOfCosine, on its tables at edgesAbove (u8) and edgeCosine (f64). */
function binOf(cos: f64, edgesAbove: usize, edgeCosine: usize): i32 {
  const scaled = (cos + 1) * <f64>(COSINE_BUCKETS / 2);
  // JS's `| 0`: NaN is 0 (a cosine here is within [−1, 1] or NaN).
  let bucket = Number.isNaN(scaled) ? 0 : <i32>scaled;
  if (bucket >= COSINE_BUCKETS) bucket = COSINE_BUCKETS - 1;
  const above = <i32>load<u8>(edgesAbove + <usize>bucket);
  return above + (cos <= load<f64>(edgeCosine + ((<usize>bucket) << 3)) ? 1 : 0);
}

/**
 * Measures the tets (4 i32 vertex ids each, at `tets`) over `vertexCount` positions (f64 xyz at
 * `positions`) as quality.ts's loop does, into the results at `result`; false, with nothing
 * measured, when a tet names a vertex that is not there (the JS loop then reads NaN for it).
 */
export function measure(
  positions: usize,
  vertexCount: i32,
  tets: usize,
  tetCount: i32,
  edgesAbove: usize,
  edgeCosine: usize,
  result: usize,
): bool {
  for (let k = 0; k < 4 * tetCount; k++) {
    if (<u32>load<i32>(tets + ((<usize>k) << 2)) >= <u32>vertexCount) return false;
  }
  let maxCos: f64 = -1;
  let minCos: f64 = 1;
  let maxRE: f64 = 0;
  let sumQ: f64 = 0;
  let minQ: f64 = 1;
  let inverted = 0;
  let volumeSum: f64 = 0;
  const counts = result + R_COUNTS;
  memory.fill(counts, 0, HISTOGRAM_BINS << 2);
  for (let k = 0; k < tetCount; k++) {
    const at = tets + ((<usize>k) << 4);
    const pa = positions + ((<usize>(3 * load<i32>(at))) << 3);
    const pb = positions + ((<usize>(3 * load<i32>(at, 4))) << 3);
    const pc = positions + ((<usize>(3 * load<i32>(at, 8))) << 3);
    const pd = positions + ((<usize>(3 * load<i32>(at, 12))) << 3);
    const ax = load<f64>(pa);
    const ay = load<f64>(pa, 8);
    const az = load<f64>(pa, 16);
    const cx = load<f64>(pc);
    const cy = load<f64>(pc, 8);
    const cz = load<f64>(pc, 16);
    const dx = load<f64>(pd);
    const dy = load<f64>(pd, 8);
    const dz = load<f64>(pd, 16);
    const ux = load<f64>(pb) - ax;
    const uy = load<f64>(pb, 8) - ay;
    const uz = load<f64>(pb, 16) - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const wx = dx - ax;
    const wy = dy - ay;
    const wz = dz - az;
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
    const c0 = clampCosine(-(n2x * n3x + n2y * n3y + n2z * n3z) * (i2 * i3));
    const c1 = clampCosine(-(n1x * n3x + n1y * n3y + n1z * n3z) * (i1 * i3));
    const c2 = clampCosine(-(n1x * n2x + n1y * n2y + n1z * n2z) * (i1 * i2));
    const c3 = clampCosine(-(n0x * n3x + n0y * n3y + n0z * n3z) * (i0 * i3));
    const c4 = clampCosine(-(n0x * n2x + n0y * n2y + n0z * n2z) * (i0 * i2));
    const c5 = clampCosine(-(n0x * n1x + n0y * n1y + n0z * n1z) * (i0 * i1));
    // tet-geometry.ts's running max and min over the six, in order (NaN never replaces a value).
    let tetMaxCos: f64 = -1;
    let tetMinCos: f64 = 1;
    if (c0 > tetMaxCos) tetMaxCos = c0;
    if (c0 < tetMinCos) tetMinCos = c0;
    if (c1 > tetMaxCos) tetMaxCos = c1;
    if (c1 < tetMinCos) tetMinCos = c1;
    if (c2 > tetMaxCos) tetMaxCos = c2;
    if (c2 < tetMinCos) tetMinCos = c2;
    if (c3 > tetMaxCos) tetMaxCos = c3;
    if (c3 < tetMinCos) tetMinCos = c3;
    if (c4 > tetMaxCos) tetMaxCos = c4;
    if (c4 < tetMinCos) tetMinCos = c4;
    if (c5 > tetMaxCos) tetMaxCos = c5;
    if (c5 < tetMinCos) tetMinCos = c5;
    const l01 = ux * ux + uy * uy + uz * uz;
    const l02 = vx * vx + vy * vy + vz * vz;
    const l03 = wx * wx + wy * wy + wz * wz;
    const l12 = (vx - ux) * (vx - ux) + (vy - uy) * (vy - uy) + (vz - uz) * (vz - uz);
    const l13 = (wx - ux) * (wx - ux) + (wy - uy) * (wy - uy) + (wz - uz) * (wz - uz);
    const l23 = (dx - cx) * (dx - cx) + (dy - cy) * (dy - cy) + (dz - cz) * (dz - cz);
    const sum2 = l01 + l02 + l03 + l12 + l13 + l23;
    const minEdge2 = Math.min(Math.min(Math.min(l01, l02), Math.min(l03, l12)), Math.min(l13, l23));
    const det = -2 * (ux * n1x + uy * n1y + uz * n1z);
    const volume = det / 12;
    const ox = l01 * n1x + l02 * n2x + l03 * n3x;
    const oy = l01 * n1y + l02 * n2y + l03 * n3y;
    const oz = l01 * n1z + l02 * n2z + l03 * n3z;
    const radius = det === 0 ? Infinity : Math.sqrt(ox * ox + oy * oy + oz * oz) / Math.abs(det);
    const minDihedralCosine = volume > 0 ? tetMaxCos : 1;
    const maxDihedralCosine = volume > 0 ? tetMinCos : -1;
    const radiusEdge = minEdge2 > 0 ? radius / Math.sqrt(minEdge2) : Infinity;
    const cubeRoot = cbrt(3 * Math.abs(volume));
    const mr = sum2 > 0 ? (12 * (cubeRoot * cubeRoot)) / sum2 : 0;
    const meanRatio = volume > 0 ? mr : -mr;
    // quality.ts's accumulation.
    if (!(volume > 0)) inverted++;
    volumeSum += volume;
    if (minDihedralCosine > maxCos) maxCos = minDihedralCosine;
    if (maxDihedralCosine < minCos) minCos = maxDihedralCosine;
    maxRE = Math.max(maxRE, radiusEdge);
    sumQ += meanRatio;
    minQ = Math.min(minQ, meanRatio);
    count(counts, binOf(c0, edgesAbove, edgeCosine));
    count(counts, binOf(c1, edgesAbove, edgeCosine));
    count(counts, binOf(c2, edgesAbove, edgeCosine));
    count(counts, binOf(c3, edgesAbove, edgeCosine));
    count(counts, binOf(c4, edgesAbove, edgeCosine));
    count(counts, binOf(c5, edgesAbove, edgeCosine));
  }
  store<f64>(result + R_VOLUME, volumeSum);
  store<f64>(result + R_MAX_COS, maxCos);
  store<f64>(result + R_MIN_COS, minCos);
  store<f64>(result + R_MAX_RADIUS_EDGE, maxRE);
  store<f64>(result + R_SUM_QUALITY, sumQ);
  store<f64>(result + R_MIN_QUALITY, minQ);
  store<i32>(result + R_INVERTED, inverted);
  return true;
}

function count(counts: usize, bin: i32): void {
  const at = counts + ((<usize>bin) << 2);
  store<i32>(at, load<i32>(at) + 1);
}
