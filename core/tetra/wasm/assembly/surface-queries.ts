// AssemblyScript source of the WebAssembly surface queries (compiled by scripts/build-wasm.mjs into
// core/tetra/wasm/surface-queries-wasm.ts): closest-point.ts's closestPoint, triangleWithin and
// segmentWindingChange over one TriangleBvh and its TriangleGrid, step for step and float for
// float (test/core/tetra/wasm-surface-queries.test.ts), for the reason wasm/assembly/delaunay.ts
// gives. The host copies the BVH and the grid in once (surface-queries.ts); they never change.

import { allocate, f64At, i32At, setI32 } from './heap';

export { buildBvh } from './bvh-build';

// The host's Math.atan2 (V8's to the bit), imported from the module named after this file.
declare function atan2(y: f64, x: f64): f64;

// Where the host put each array (reserve gives the room), and the grid's numbers.
let positions: usize = 0; // f64 × 3 per vertex
let indices: usize = 0; // u32 × 3 per triangle
let order: usize = 0; // i32 per triangle
let nodeBox: usize = 0; // f64 × 6 per node
let left: usize = 0; // i32 per node
let right: usize = 0;
let start: usize = 0;
let count: usize = 0;
let stack: usize = 0; // i32 per node
let triangleBox: usize = 0; // f64 × 6 per triangle
let cellStart: usize = 0; // i32 per cell + 1
let cellList: usize = 0; // i32 per entry
let seen: usize = 0; // u32 per triangle
let found: usize = 0; // i32 per triangle
export let result: usize = 0; // f64 × 5: the closest point and its distance, a hint's distance
let center: usize = 0; // f64 × 3 per node: area-weighted centroid
let normalSum: usize = 0; // f64 × 3 per node
let nodeRadius: usize = 0; // f64 per node
let originX: f64 = 0;
let originY: f64 = 0;
let originZ: f64 = 0;
let cellX: f64 = 1;
let cellY: f64 = 1;
let cellZ: f64 = 1;
let cellsX: i32 = 1;
let cellsY: i32 = 1;
let cellsZ: i32 = 1;
let queryMargin: f64 = 0;
let triangleCount: i32 = 0;
let stamp: u32 = 0;

// The running query: closestOnTriangle's result (triX…triD2), the grid query's box and cell range.
let triX: f64 = 0;
let triY: f64 = 0;
let triZ: f64 = 0;
let triD2: f64 = 0;
let boxX0: f64 = 0;
let boxY0: f64 = 0;
let boxZ0: f64 = 0;
let boxX1: f64 = 0;
let boxY1: f64 = 0;
let boxZ1: f64 = 0;

/** MAX_GRID_CELLS and MAX_GRID_ENTRIES of closest-point.ts. */
const MAX_GRID_CELLS = 27;
const MAX_GRID_ENTRIES = 128;

function vertexOf(t: i32, corner: i32): i32 {
  return 3 * load<u32>(indices + ((<usize>(3 * t + corner)) << 2));
}

/** `bytes` of fresh memory, 16-byte aligned, for the host to fill; 0 when the memory cannot grow. */
export function reserve(bytes: usize): usize {
  return allocate(bytes);
}

/** Where the host put the arrays (its reserve calls), and the grid's numbers. */
export function setBvh(
  positionsAt: usize,
  indicesAt: usize,
  orderAt: usize,
  boxAt: usize,
  leftAt: usize,
  rightAt: usize,
  startAt: usize,
  countAt: usize,
  stackAt: usize,
  resultAt: usize,
  triangles: i32,
): void {
  positions = positionsAt;
  indices = indicesAt;
  order = orderAt;
  nodeBox = boxAt;
  left = leftAt;
  right = rightAt;
  start = startAt;
  count = countAt;
  stack = stackAt;
  result = resultAt;
  triangleCount = triangles;
}

export function setGrid(
  boxesAt: usize,
  startAt: usize,
  listAt: usize,
  seenAt: usize,
  foundAt: usize,
  ox: f64,
  oy: f64,
  oz: f64,
  sx: f64,
  sy: f64,
  sz: f64,
  nx: i32,
  ny: i32,
  nz: i32,
  margin: f64,
): void {
  triangleBox = boxesAt;
  cellStart = startAt;
  cellList = listAt;
  seen = seenAt;
  found = foundAt;
  originX = ox;
  originY = oy;
  originZ = oz;
  cellX = sx;
  cellY = sy;
  cellZ = sz;
  cellsX = nx;
  cellsY = ny;
  cellsZ = nz;
  queryMargin = margin;
}

function boxDistance2(box: usize, n: i32, x: f64, y: f64, z: f64): f64 {
  const b = box + ((<usize>(6 * n)) << 3);
  const x0 = load<f64>(b);
  const y0 = load<f64>(b, 8);
  const z0 = load<f64>(b, 16);
  const x1 = load<f64>(b, 24);
  const y1 = load<f64>(b, 32);
  const z1 = load<f64>(b, 40);
  const dx = x < x0 ? x0 - x : x > x1 ? x - x1 : 0;
  const dy = y < y0 ? y0 - y : y > y1 ? y - y1 : 0;
  const dz = z < z0 ? z0 - z : z > z1 ? z - z1 : 0;
  return dx * dx + dy * dy + dz * dz;
}

/** closest-point.ts's triangleDistance2 for triangle t and q: into triX…triZ and triD2. */
function triangleDistance2(t: i32, qx: f64, qy: f64, qz: f64): void {
  const a = vertexOf(t, 0);
  const b = vertexOf(t, 1);
  const c = vertexOf(t, 2);
  const ax = f64At(positions, a);
  const ay = f64At(positions, a + 1);
  const az = f64At(positions, a + 2);
  const bx = f64At(positions, b);
  const by = f64At(positions, b + 1);
  const bz = f64At(positions, b + 2);
  const cx = f64At(positions, c);
  const cy = f64At(positions, c + 1);
  const cz = f64At(positions, c + 2);
  const abx = bx - ax;
  const aby = by - ay;
  const abz = bz - az;
  const acx = cx - ax;
  const acy = cy - ay;
  const acz = cz - az;
  const apx = qx - ax;
  const apy = qy - ay;
  const apz = qz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let rx: f64;
  let ry: f64;
  let rz: f64;
  if (d1 <= 0 && d2 <= 0) {
    rx = ax;
    ry = ay;
    rz = az;
  } else {
    const bpx = qx - bx;
    const bpy = qy - by;
    const bpz = qz - bz;
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = qx - cx;
    const cpy = qy - cy;
    const cpz = qz - cz;
    const d5 = abx * cpx + aby * cpy + abz * cpz;
    const d6 = acx * cpx + acy * cpy + acz * cpz;
    const vc = d1 * d4 - d3 * d2;
    const vb = d5 * d2 - d1 * d6;
    const va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) {
      rx = bx;
      ry = by;
      rz = bz;
    } else if (d6 >= 0 && d5 <= d6) {
      rx = cx;
      ry = cy;
      rz = cz;
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      const v = d1 / (d1 - d3);
      rx = ax + v * abx;
      ry = ay + v * aby;
      rz = az + v * abz;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const w = d2 / (d2 - d6);
      rx = ax + w * acx;
      ry = ay + w * acy;
      rz = az + w * acz;
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      rx = bx + w * (cx - bx);
      ry = by + w * (cy - by);
      rz = bz + w * (cz - bz);
    } else {
      const denom = va + vb + vc;
      const v = denom !== 0 ? vb / denom : 0;
      const w = denom !== 0 ? vc / denom : 0;
      rx = ax + abx * v + acx * w;
      ry = ay + aby * v + acy * w;
      rz = az + abz * v + acz * w;
    }
  }
  triX = rx;
  triY = ry;
  triZ = rz;
  const dx = qx - rx;
  const dy = qy - ry;
  const dz = qz - rz;
  triD2 = dx * dx + dy * dy + dz * dz;
}

/** The winding number's arrays of the BVH (triangle-bvh.ts's center, normalSum and radius). */
export function setDipoles(centerAt: usize, normalSumAt: usize, radiusAt: usize): void {
  center = centerAt;
  normalSum = normalSumAt;
  nodeRadius = radiusAt;
}

/**
 * closest-point.ts's NearbyTriangleWithin.find: triangle `hint` (or none, −1) tried first, then
 * triangleWithin; the triangle found or −1, the hint's distance (∞ without one) at result + 32.
 */
export function nearbyWithin(hint: i32, x: f64, y: f64, z: f64, within: f64): i32 {
  store<f64>(result, Infinity, 32);
  if (hint >= 0) {
    triangleDistance2(hint, x, y, z);
    store<f64>(result, Math.sqrt(triD2), 32);
    if (triD2 <= within * within) return hint;
  }
  return triangleWithin(x, y, z, within);
}

/** winding-number.ts's windingNumber at q with `accuracy`. */
export function windingNumber(qx: f64, qy: f64, qz: f64, accuracy: f64): f64 {
  setI32(stack, 0, 0);
  let top = 1;
  let omega: f64 = 0;
  while (top > 0) {
    const n = i32At(stack, --top);
    const cAt = center + ((<usize>(3 * n)) << 3);
    const cx = load<f64>(cAt) - qx;
    const cy = load<f64>(cAt, 8) - qy;
    const cz = load<f64>(cAt, 16) - qz;
    const d2 = cx * cx + cy * cy + cz * cz;
    const r = accuracy * f64At(nodeRadius, n);
    if (d2 > r * r) {
      const d = Math.sqrt(d2);
      const nAt = normalSum + ((<usize>(3 * n)) << 3);
      omega += (load<f64>(nAt) * cx + load<f64>(nAt, 8) * cy + load<f64>(nAt, 16) * cz) / (d2 * d);
      continue;
    }
    const l = i32At(left, n);
    if (l >= 0) {
      setI32(stack, top++, l);
      setI32(stack, top++, i32At(right, n));
      continue;
    }
    const end = i32At(start, n) + i32At(count, n);
    for (let k = i32At(start, n); k < end; k++) {
      const t = i32At(order, k);
      const a = vertexOf(t, 0);
      const b = vertexOf(t, 1);
      const c = vertexOf(t, 2);
      omega += triangleSolidAngle(
        f64At(positions, a) - qx,
        f64At(positions, a + 1) - qy,
        f64At(positions, a + 2) - qz,
        f64At(positions, b) - qx,
        f64At(positions, b + 1) - qy,
        f64At(positions, b + 2) - qz,
        f64At(positions, c) - qx,
        f64At(positions, c + 1) - qy,
        f64At(positions, c + 2) - qz,
      );
    }
  }
  return omega / (4 * Math.PI);
}

/** winding-number.ts's triangleSolidAngle. */
function triangleSolidAngle(
  ax: f64,
  ay: f64,
  az: f64,
  bx: f64,
  by: f64,
  bz: f64,
  cx: f64,
  cy: f64,
  cz: f64,
): f64 {
  const la = Math.sqrt(ax * ax + ay * ay + az * az);
  const lb = Math.sqrt(bx * bx + by * by + bz * bz);
  const lc = Math.sqrt(cx * cx + cy * cy + cz * cz);
  const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  const den =
    la * lb * lc +
    (ax * bx + ay * by + az * bz) * lc +
    (ax * cx + ay * cy + az * cz) * lb +
    (bx * cx + by * cy + bz * cz) * la;
  return 2 * atan2(det, den);
}

/**
 * closest-point.ts's closestPoint within maxDistance: the triangle (−1 when none is that close),
 * the closest point and its distance at `result` when there is one.
 */
export function closestPoint(qx: f64, qy: f64, qz: f64, maxDistance: f64): i32 {
  let best = maxDistance * maxDistance;
  let triangle = -1;
  let top = 0;
  store<i32>(stack, 0);
  top = 1;
  while (top > 0) {
    const n = i32At(stack, --top);
    if (boxDistance2(nodeBox, n, qx, qy, qz) >= best) continue;
    const l = i32At(left, n);
    if (l >= 0) {
      const r = i32At(right, n);
      const dl = boxDistance2(nodeBox, l, qx, qy, qz);
      const dr = boxDistance2(nodeBox, r, qx, qy, qz);
      if (dl < dr) {
        if (dr < best) setI32(stack, top++, r);
        if (dl < best) setI32(stack, top++, l);
      } else {
        if (dl < best) setI32(stack, top++, l);
        if (dr < best) setI32(stack, top++, r);
      }
      continue;
    }
    const end = i32At(start, n) + i32At(count, n);
    for (let k = i32At(start, n); k < end; k++) {
      const t = i32At(order, k);
      triangleDistance2(t, qx, qy, qz);
      if (triD2 < best) {
        best = triD2;
        store<f64>(result, triX);
        store<f64>(result, triY, 8);
        store<f64>(result, triZ, 16);
        triangle = t;
      }
    }
  }
  if (triangle >= 0) store<f64>(result, Math.sqrt(best), 24);
  return triangle;
}

/** TriangleGrid.cellOf along an axis, as its query range holds it. */
function cellOf(v: f64, origin: f64, size: f64, cells: i32): i32 {
  const c = Math.floor((v - origin) / size);
  // NaN: cell 0, as the JS grid's Int32Array range stores it.
  if (Number.isNaN(c)) return 0;
  return c < 0 ? 0 : c >= <f64>cells ? cells - 1 : <i32>c;
}

/** TriangleGrid.candidates for the box boxX0…boxZ1: how many into `found`, or −1. */
function candidates(): i32 {
  const i0 = cellOf(boxX0, originX, cellX, cellsX);
  const j0 = cellOf(boxY0, originY, cellY, cellsY);
  const k0 = cellOf(boxZ0, originZ, cellZ, cellsZ);
  const i1 = cellOf(boxX1, originX, cellX, cellsX);
  const j1 = cellOf(boxY1, originY, cellY, cellsY);
  const k1 = cellOf(boxZ1, originZ, cellZ, cellsZ);
  if ((i1 - i0 + 1) * (j1 - j0 + 1) * (k1 - k0 + 1) > MAX_GRID_CELLS) return -1;
  let entries = 0;
  for (let k = k0; k <= k1; k++)
    for (let j = j0; j <= j1; j++) {
      const row = (k * cellsY + j) * cellsX;
      entries += i32At(cellStart, row + i1 + 1) - i32At(cellStart, row + i0);
    }
  if (entries > MAX_GRID_ENTRIES) return -1;
  stamp++;
  if (stamp === 0) {
    memory.fill(seen, 0, (<usize>triangleCount) << 2);
    stamp = 1;
  }
  let n = 0;
  for (let k = k0; k <= k1; k++)
    for (let j = j0; j <= j1; j++) {
      const row = (k * cellsY + j) * cellsX;
      const end = i32At(cellStart, row + i1 + 1);
      for (let m = i32At(cellStart, row + i0); m < end; m++) {
        const t = i32At(cellList, m);
        const at = seen + ((<usize>t) << 2);
        if (load<u32>(at) === stamp) continue;
        store<u32>(at, stamp);
        setI32(found, n++, t);
      }
    }
  return n;
}

/** closest-point.ts's triangleWithin: the first triangle found within `radius` of q, or −1. */
export function triangleWithin(qx: f64, qy: f64, qz: f64, radius: f64): i32 {
  const reach = radius + queryMargin;
  boxX0 = qx - reach;
  boxY0 = qy - reach;
  boxZ0 = qz - reach;
  boxX1 = qx + reach;
  boxY1 = qy + reach;
  boxZ1 = qz + reach;
  const n = candidates();
  const r2 = radius * radius;
  if (n < 0) return triangleWithinInBvh(qx, qy, qz, r2);
  for (let m = 0; m < n; m++) {
    const t = i32At(found, m);
    if (boxDistance2(triangleBox, t, qx, qy, qz) > r2) continue;
    triangleDistance2(t, qx, qy, qz);
    if (triD2 <= r2) return t;
  }
  return -1;
}

function triangleWithinInBvh(qx: f64, qy: f64, qz: f64, r2: f64): i32 {
  store<i32>(stack, 0);
  let top = 1;
  while (top > 0) {
    const n = i32At(stack, --top);
    if (boxDistance2(nodeBox, n, qx, qy, qz) > r2) continue;
    const l = i32At(left, n);
    if (l >= 0) {
      setI32(stack, top++, i32At(right, n));
      setI32(stack, top++, l);
      continue;
    }
    const end = i32At(start, n) + i32At(count, n);
    for (let k = i32At(start, n); k < end; k++) {
      const t = i32At(order, k);
      triangleDistance2(t, qx, qy, qz);
      if (triD2 <= r2) return t;
    }
  }
  return -1;
}

/** closest-point.ts's segmentWindingChange from p to q (NaN where it cannot tell). */
export function segmentWindingChange(px: f64, py: f64, pz: f64, qx: f64, qy: f64, qz: f64): f64 {
  boxX0 = Math.min(px, qx) - queryMargin;
  boxY0 = Math.min(py, qy) - queryMargin;
  boxZ0 = Math.min(pz, qz) - queryMargin;
  boxX1 = Math.max(px, qx) + queryMargin;
  boxY1 = Math.max(py, qy) + queryMargin;
  boxZ1 = Math.max(pz, qz) + queryMargin;
  const n = candidates();
  if (n < 0) return segmentWindingChangeInBvh(px, py, pz, qx, qy, qz);
  const widen = 1e-8 * Math.max(Math.max(Math.abs(qx - px), Math.abs(qy - py)), Math.abs(qz - pz));
  const x0 = boxX0 - widen;
  const y0 = boxY0 - widen;
  const z0 = boxZ0 - widen;
  const x1 = boxX1 + widen;
  const y1 = boxY1 + widen;
  const z1 = boxZ1 + widen;
  let change: f64 = 0;
  for (let m = 0; m < n; m++) {
    const t = i32At(found, m);
    const b = triangleBox + ((<usize>(6 * t)) << 3);
    if (
      load<f64>(b) > x1 ||
      load<f64>(b, 24) < x0 ||
      load<f64>(b, 8) > y1 ||
      load<f64>(b, 32) < y0 ||
      load<f64>(b, 16) > z1 ||
      load<f64>(b, 40) < z0
    )
      continue;
    const c = triangleWindingChange(t, px, py, pz, qx, qy, qz);
    if (Number.isNaN(c)) return c;
    change += c;
  }
  return change;
}

function segmentWindingChangeInBvh(px: f64, py: f64, pz: f64, qx: f64, qy: f64, qz: f64): f64 {
  const ix = 1 / (qx - px);
  const iy = 1 / (qy - py);
  const iz = 1 / (qz - pz);
  let change: f64 = 0;
  store<i32>(stack, 0);
  let top = 1;
  while (top > 0) {
    const n = i32At(stack, --top);
    const b = nodeBox + ((<usize>(6 * n)) << 3);
    let t0: f64 = 0;
    let t1: f64 = 1;
    let ta = (load<f64>(b) - px) * ix;
    let tb = (load<f64>(b, 24) - px) * ix;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (px < load<f64>(b) || px > load<f64>(b, 24)) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    ta = (load<f64>(b, 8) - py) * iy;
    tb = (load<f64>(b, 32) - py) * iy;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (py < load<f64>(b, 8) || py > load<f64>(b, 32)) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    ta = (load<f64>(b, 16) - pz) * iz;
    tb = (load<f64>(b, 40) - pz) * iz;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (pz < load<f64>(b, 16) || pz > load<f64>(b, 40)) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    if (t0 > t1 * (1 + 1e-12) + 1e-12) continue;
    const l = i32At(left, n);
    if (l >= 0) {
      setI32(stack, top++, i32At(right, n));
      setI32(stack, top++, l);
      continue;
    }
    const end = i32At(start, n) + i32At(count, n);
    for (let k = i32At(start, n); k < end; k++) {
      const c = triangleWindingChange(i32At(order, k), px, py, pz, qx, qy, qz);
      if (Number.isNaN(c)) return c;
      change += c;
    }
  }
  return change;
}

/** closest-point.ts's triangleWindingChange: triangle t's share of the segment's change. */
function triangleWindingChange(t: i32, px: f64, py: f64, pz: f64, qx: f64, qy: f64, qz: f64): f64 {
  const dx = qx - px;
  const dy = qy - py;
  const dz = qz - pz;
  const a = vertexOf(t, 0);
  const b = vertexOf(t, 1);
  const c = vertexOf(t, 2);
  const ax = f64At(positions, a);
  const ay = f64At(positions, a + 1);
  const az = f64At(positions, a + 2);
  const e1x = f64At(positions, b) - ax;
  const e1y = f64At(positions, b + 1) - ay;
  const e1z = f64At(positions, b + 2) - az;
  const e2x = f64At(positions, c) - ax;
  const e2y = f64At(positions, c + 1) - ay;
  const e2z = f64At(positions, c + 2) - az;
  const hx = dy * e2z - dz * e2y;
  const hy = dz * e2x - dx * e2z;
  const hz = dx * e2y - dy * e2x;
  const det = e1x * hx + e1y * hy + e1z * hz;
  const sx = px - ax;
  const sy = py - ay;
  const sz = pz - az;
  if (det === 0) {
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const sn = sx * nx + sy * ny + sz * nz;
    return sn * sn <= 1e-18 * (nx * nx + ny * ny + nz * nz) * (sx * sx + sy * sy + sz * sz) ? NaN : 0;
  }
  const inv = 1 / det;
  const u = (sx * hx + sy * hy + sz * hz) * inv;
  if (u < -1e-9 || u > 1 + 1e-9) return 0;
  const qx2 = sy * e1z - sz * e1y;
  const qy2 = sz * e1x - sx * e1z;
  const qz2 = sx * e1y - sy * e1x;
  const v = (dx * qx2 + dy * qy2 + dz * qz2) * inv;
  if (v < -1e-9 || u + v > 1 + 1e-9) return 0;
  const s = (e2x * qx2 + e2y * qy2 + e2z * qz2) * inv;
  if (s < -1e-9 || s > 1 + 1e-9) return 0;
  if (u < 1e-9 || v < 1e-9 || u + v > 1 - 1e-9 || s < 1e-9 || s > 1 - 1e-9) return NaN;
  return det > 0 ? 1 : -1;
}

// --- conforming.ts's interior lattice

// The points kept (f64 xyz) and their winding numbers (f64), grown by doubling; read by the host.
let latticePoints: usize = 0;
let latticeWindings: usize = 0;
let latticeCapacity: i32 = 0;
let latticeCount: i32 = 0;

/** JS's Math.round: the nearest integer, halves up, −0 kept for −½ ≤ x ≤ −0. */
export function roundJs(x: f64): f64 {
  const f = Math.floor(x);
  const r = x - f >= 0.5 ? f + 1 : f;
  return r === 0 && x < 0 ? -0.0 : r === 0 ? x * 0 : r;
}

function keepLatticePoint(x: f64, y: f64, z: f64, winding: f64): bool {
  if (latticeCount === latticeCapacity) {
    const grown = max(64, 2 * latticeCapacity);
    const points = reserve((<usize>(3 * grown)) << 3);
    const windings = reserve((<usize>grown) << 3);
    if (points === 0 || windings === 0) return false;
    memory.copy(points, latticePoints, (<usize>(3 * latticeCount)) << 3);
    memory.copy(windings, latticeWindings, (<usize>latticeCount) << 3);
    latticePoints = points;
    latticeWindings = windings;
    latticeCapacity = grown;
  }
  const at = latticePoints + ((<usize>(3 * latticeCount)) << 3);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, z, 16);
  store<f64>(latticeWindings + ((<usize>latticeCount) << 3), winding);
  latticeCount++;
  return true;
}

/**
 * conforming.ts's interiorLattice over lattice.ts's forEachBccPoint: the BCC points of the box
 * (origin, cells, cube size a) inside the surface and `clearance` clear of it, jittered by the
 * lattice's Lcg (seed 0x2545f491) within `jitter`; how many (−1 without memory). The points and
 * windings are at latticePointsAt() and latticeWindingsAt().
 */
export function interiorLattice(
  ox: f64,
  oy: f64,
  oz: f64,
  nx: i32,
  ny: i32,
  nz: i32,
  a: f64,
  clearance: f64,
  watertight: bool,
  jitter: f64,
): i32 {
  latticeCount = 0;
  let rng: u32 = 0x2545f491;
  let previousWinding: f64 = NaN;
  let rowWinding: f64 = NaN;
  let prevX: f64 = 0;
  let prevY: f64 = 0;
  let prevZ: f64 = 0;
  let rowX: f64 = 0;
  let rowY: f64 = 0;
  let rowZ: f64 = 0;
  for (let pass = 0; pass < 2; pass++) {
    const off: f64 = pass === 0 ? 0 : 0.5;
    const mx = pass === 0 ? nx : nx - 1;
    const my = pass === 0 ? ny : ny - 1;
    const mz = pass === 0 ? nz : nz - 1;
    for (let k = 0; k <= mz; k++) {
      for (let j = 0; j <= my; j++) {
        for (let i = 0; i <= mx; i++) {
          const x = ox + (<f64>i + off) * a;
          const y = oy + (<f64>j + off) * a;
          const z = oz + (<f64>k + off) * a;
          const rowStart = i === 0;
          const fromX = rowStart ? rowX : prevX;
          const fromY = rowStart ? rowY : prevY;
          const fromZ = rowStart ? rowZ : prevZ;
          const base = rowStart ? rowWinding : previousWinding;
          const carried =
            watertight && !Number.isNaN(base)
              ? base + segmentWindingChange(fromX, fromY, fromZ, x, y, z)
              : NaN;
          let winding: f64;
          let inside: bool;
          if (Number.isNaN(carried)) {
            const w = windingNumber(x, y, z, 2);
            inside = w > 0.5;
            winding = roundJs(w);
          } else {
            winding = carried;
            inside = winding > 0.5;
          }
          previousWinding = winding;
          prevX = x;
          prevY = y;
          prevZ = z;
          if (rowStart) {
            rowWinding = winding;
            rowX = x;
            rowY = y;
            rowZ = z;
          }
          if (!inside || triangleWithin(x, y, z, clearance) >= 0) continue;
          // Lcg.next(): the next state over 2³².
          rng = rng * 1664525 + 1013904223;
          const jx = <f64>rng / 4294967296;
          rng = rng * 1664525 + 1013904223;
          const jy = <f64>rng / 4294967296;
          rng = rng * 1664525 + 1013904223;
          const jz = <f64>rng / 4294967296;
          if (
            !keepLatticePoint(
              x + (jx - 0.5) * jitter,
              y + (jy - 0.5) * jitter,
              z + (jz - 0.5) * jitter,
              winding,
            )
          )
            return -1;
        }
      }
    }
  }
  return latticeCount;
}

export function latticePointsAt(): usize {
  return latticePoints;
}

export function latticeWindingsAt(): usize {
  return latticeWindings;
}

// --- quality.ts's boundaryDistance

/** quality.ts's SAMPLES: barycentric points per boundary triangle besides its corners. */
const SAMPLE_COUNT = 7;
function sampleWeight(s: i32, k: i32): f64 {
  // (½, ½, 0), (0, ½, ½), (½, 0, ½), (⅓, ⅓, ⅓), (⅔, ⅙, ⅙), (⅙, ⅔, ⅙), (⅙, ⅙, ⅔)
  if (s < 3) return k === (s + 2) % 3 ? 0 : 0.5;
  if (s === 3) return 1.0 / 3;
  return k === s - 4 ? 2.0 / 3 : 1.0 / 6;
}

/** SurfaceProbe's state: the worst distance so far (m) and its hint triangle. */
let probeWorst: f64 = 0;
let probeHint: i32 = -1;

function probeOffer(x: f64, y: f64, z: f64): void {
  const found = nearbyWithin(probeHint, x, y, z, probeWorst);
  if (found >= 0) {
    probeHint = found;
    return;
  }
  const hintDistance = load<f64>(result, 32);
  const t = closestPoint(x, y, z, hintDistance);
  if (t >= 0) probeHint = t;
  const distance = t >= 0 ? load<f64>(result, 24) : hintDistance;
  if (distance > probeWorst) probeWorst = distance;
}

/**
 * quality.ts's boundaryDistance before its division by the diagonal: the largest distance (m) to
 * this surface of the boundary's vertices and sample points. points: f64 × 3 per vertex (`vertices`
 * of them); surface: u32 × 3 per boundary triangle (`ids` entries); seen: u8 per vertex, zeroed.
 */
export function boundaryDistance(points: usize, vertices: i32, surface: usize, ids: i32, seen: usize): f64 {
  probeWorst = 0;
  probeHint = -1;
  const whole = ids - (ids % 3);
  for (let f = 0; f < whole; f++) {
    const v = i32At(surface, f);
    if (v >= vertices || load<u8>(seen + <usize>v) !== 0) continue;
    store<u8>(seen + <usize>v, 1);
    probeOffer(f64At(points, 3 * v), f64At(points, 3 * v + 1), f64At(points, 3 * v + 2));
  }
  for (let f = 0; f + 2 < ids; f += 3) {
    const a = 3 * i32At(surface, f);
    const b = 3 * i32At(surface, f + 1);
    const c = 3 * i32At(surface, f + 2);
    for (let s = 0; s < SAMPLE_COUNT; s++) {
      const u = sampleWeight(s, 0);
      const v = sampleWeight(s, 1);
      const w = sampleWeight(s, 2);
      probeOffer(
        u * f64At(points, a) + v * f64At(points, b) + w * f64At(points, c),
        u * f64At(points, a + 1) + v * f64At(points, b + 1) + w * f64At(points, c + 1),
        u * f64At(points, a + 2) + v * f64At(points, b + 2) + w * f64At(points, c + 2),
      );
    }
  }
  return probeWorst;
}
