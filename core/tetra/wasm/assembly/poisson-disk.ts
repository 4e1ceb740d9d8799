// AssemblyScript source of the WebAssembly Poisson-disk sampler (compiled by scripts/build-wasm.mjs
// into core/tetra/wasm/poisson-disk-wasm.ts): poisson-disk.ts's PoissonDiskSampler step for step,
// the same hash grid probed in the same order, so the same candidates give the same samples
// (test/core/tetra/wasm-poisson-disk.test.ts), for the reason wasm/assembly/delaunay.ts gives.
// Arrays that outgrow their room are copied to twice the room higher up, as there.

import { allocate, i32At, moved, resetHeap, setI32 } from './heap';

// The header, i32 slots the host reads (wasm-poisson-disk.ts).
const H_COUNT = 0;
const H_POINTS = 1; // f64 × 3 per sample
const H_NORMALS = 2; // f64 × 3 per sample
const H_TRIANGLES = 3; // i32 per sample
const H_FEATURE = 4; // u8 per sample
const HEADER_SLOTS = 8;

/** poisson-disk.ts's NEAR_FIRST: the 27 cells around a candidate's, nearest first. */
const NEAR_FIRST: StaticArray<i32> = [
  0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 0, -1, 0, 0, 1, 0, 1, 0, 1, 0, 0, -1, -1, 0, -1, 0, -1, -1, 0, 1, -1, 1, 0,
  0, -1, -1, 0, -1, 1, 0, 1, -1, 0, 1, 1, 1, -1, 0, 1, 0, -1, 1, 0, 1, 1, 1, 0, -1, -1, -1, -1, -1, 1, -1, 1,
  -1, -1, 1, 1, 1, -1, -1, 1, -1, 1, 1, 1, -1, 1, 1, 1,
];

let header: usize = 0;
let radius: f64 = 1;
let r2: f64 = 1;

let count: i32 = 0;
let capacity: i32 = 0;
let points: usize = 0;
let normals: usize = 0;
let triangles: usize = 0;
let feature: usize = 0;
let next: usize = 0;

let slots: i32 = 0;
let cellKeys: usize = 0;
let cellHead: usize = 0;
let cellCount: i32 = 0;

/** JS's `x | 0` of a double (ToInt32: NaN and the infinities are 0, the rest wraps modulo 2³²). */
function toInt32(x: f64): i32 {
  if (!Number.isFinite(x)) return 0;
  if (Math.abs(x) < 9.2e18) return <i32>(<i64>x);
  return <i32>(<i64>(x % 4294967296));
}

function cellHash(i: i32, j: i32, k: i32): i32 {
  return (i * 73856093) ^ (j * 19349663) ^ (k * 83492791);
}

/** A sampler whose disks have `diskRadius` (m); the header's address, or 0 without memory. */
export function init(diskRadius: f64): usize {
  resetHeap();
  header = allocate(HEADER_SLOTS << 2);
  radius = diskRadius;
  r2 = diskRadius * diskRadius;
  count = 0;
  capacity = 64;
  points = allocate((<usize>(3 * capacity)) << 3);
  normals = allocate((<usize>(3 * capacity)) << 3);
  triangles = allocate((<usize>capacity) << 2);
  feature = allocate(<usize>capacity);
  next = allocate((<usize>capacity) << 2);
  slots = 1024;
  cellKeys = allocate((<usize>(3 * slots)) << 2);
  cellHead = allocate((<usize>slots) << 2);
  cellCount = 0;
  if (cellHead === 0) return 0;
  memory.fill(cellHead, 0xff, (<usize>slots) << 2);
  publish();
  return header;
}

function publish(): void {
  setI32(header, H_COUNT, count);
  setI32(header, H_POINTS, <i32>points);
  setI32(header, H_NORMALS, <i32>normals);
  setI32(header, H_TRIANGLES, <i32>triangles);
  setI32(header, H_FEATURE, <i32>feature);
}

/** The slot of cell (i, j, k), or the empty slot where it would go (linear probing). */
function findSlot(i: i32, j: i32, k: i32): i32 {
  const mask = slots - 1;
  let h = cellHash(i, j, k) & mask;
  while (i32At(cellHead, h) >= 0) {
    if (i32At(cellKeys, 3 * h) === i && i32At(cellKeys, 3 * h + 1) === j && i32At(cellKeys, 3 * h + 2) === k)
      return h;
    h = (h + 1) & mask;
  }
  return h;
}

/**
 * Offers a candidate on input triangle `triangle`: 1 when accepted, 0 when a sample near it faces
 * the same way, −1 without memory.
 */
export function offer(
  x: f64,
  y: f64,
  z: f64,
  nx: f64,
  ny: f64,
  nz: f64,
  triangle: i32,
  isFeature: bool,
): i32 {
  const ci = toInt32(Math.floor(x / radius));
  const cj = toInt32(Math.floor(y / radius));
  const ck = toInt32(Math.floor(z / radius));
  for (let n = 0; n < 81; n += 3) {
    const slot = findSlot(
      ci + unchecked(NEAR_FIRST[n]),
      cj + unchecked(NEAR_FIRST[n + 1]),
      ck + unchecked(NEAR_FIRST[n + 2]),
    );
    for (let s = i32At(cellHead, slot); s >= 0; s = i32At(next, s)) {
      const at = points + ((<usize>(3 * s)) << 3);
      const dx = load<f64>(at) - x;
      const dy = load<f64>(at, 8) - y;
      const dz = load<f64>(at, 16) - z;
      if (dx * dx + dy * dy + dz * dz >= r2) continue;
      const nAt = normals + ((<usize>(3 * s)) << 3);
      if (load<f64>(nAt) * nx + load<f64>(nAt, 8) * ny + load<f64>(nAt, 16) * nz > -0.5) return 0;
    }
  }
  if (count === capacity && !growSamples()) return -1;
  const id = count;
  const at = points + ((<usize>(3 * id)) << 3);
  store<f64>(at, x);
  store<f64>(at, y, 8);
  store<f64>(at, z, 16);
  const nAt = normals + ((<usize>(3 * id)) << 3);
  store<f64>(nAt, nx);
  store<f64>(nAt, ny, 8);
  store<f64>(nAt, nz, 16);
  setI32(triangles, id, triangle);
  store<u8>(feature + <usize>id, isFeature ? 1 : 0);
  count = id + 1;
  const slot = findSlot(ci, cj, ck);
  if (i32At(cellHead, slot) < 0) {
    setI32(cellKeys, 3 * slot, ci);
    setI32(cellKeys, 3 * slot + 1, cj);
    setI32(cellKeys, 3 * slot + 2, ck);
    cellCount++;
  }
  setI32(next, id, i32At(cellHead, slot));
  setI32(cellHead, slot, id);
  if (2 * cellCount > slots && !growCells()) return -1;
  publish();
  return 1;
}

function growSamples(): bool {
  const grown = 2 * capacity;
  points = moved(points, (<usize>(3 * capacity)) << 3, (<usize>(3 * grown)) << 3);
  normals = moved(normals, (<usize>(3 * capacity)) << 3, (<usize>(3 * grown)) << 3);
  triangles = moved(triangles, (<usize>capacity) << 2, (<usize>grown) << 2);
  feature = moved(feature, <usize>capacity, <usize>grown);
  next = moved(next, (<usize>capacity) << 2, (<usize>grown) << 2);
  capacity = grown;
  return points !== 0 && normals !== 0 && triangles !== 0 && feature !== 0 && next !== 0;
}

/** Doubles the hash table (kept at most half full) and re-inserts the cells. */
function growCells(): bool {
  const oldKeys = cellKeys;
  const oldHead = cellHead;
  const oldSlots = slots;
  slots = 2 * oldSlots;
  cellKeys = allocate((<usize>(3 * slots)) << 2);
  cellHead = allocate((<usize>slots) << 2);
  if (cellKeys === 0 || cellHead === 0) return false;
  memory.fill(cellHead, 0xff, (<usize>slots) << 2);
  for (let s = 0; s < oldSlots; s++) {
    const head = i32At(oldHead, s);
    if (head < 0) continue;
    const i = i32At(oldKeys, 3 * s);
    const j = i32At(oldKeys, 3 * s + 1);
    const k = i32At(oldKeys, 3 * s + 2);
    const slot = findSlot(i, j, k);
    setI32(cellKeys, 3 * slot, i);
    setI32(cellKeys, 3 * slot + 1, j);
    setI32(cellKeys, 3 * slot + 2, k);
    setI32(cellHead, slot, head);
  }
  return true;
}

// --- surface-sampling.ts's step 4: candidates inside triangles larger than the spacing

// Imported from the module named after this file (poisson-disk.poll).
/** throwIfCancelled on the run's guard (it throws through this module). */
declare function poll(): void;

/** `bytes` of fresh memory for the host to write into; 0 without memory. */
export function reserve(bytes: usize): usize {
  return allocate(bytes);
}

/** lcg.ts's generator, continued from the host's state. */
let rngState: u32 = 1;
function nextUint32(): u32 {
  rngState = rngState * 1664525 + 1013904223;
  return rngState;
}
function nextUnit(): f64 {
  return <f64>nextUint32() / 4294967296;
}

let order: usize = 0; // i32 per triangle or candidate: shuffled's result
let orderRoom: i32 = 0;
let local: usize = 0; // f64 × 2 per candidate: (u, w)
let localRoom: i32 = 0;

/** surface-sampling.ts's shuffled: 0 … n − 1 in a random order, at `order` (0: no memory). */
function shuffled(n: i32): usize {
  if (order === 0 || n > orderRoom) {
    orderRoom = max(max(n, 2 * orderRoom), 64);
    order = allocate((<usize>orderRoom) << 2);
    if (order === 0) return 0;
  }
  for (let i = 0; i < n; i++) setI32(order, i, i);
  for (let i = n - 1; i > 0; i--) {
    const j = <i32>Math.floor(nextUnit() * <f64>(i + 1));
    const t = i32At(order, i);
    setI32(order, i, i32At(order, j));
    setI32(order, j, t);
  }
  return order;
}

function pushLocal(count: i32, u: f64, w: f64): bool {
  if (count === localRoom) {
    const room = max(64, 2 * localRoom);
    local = moved(local, (<usize>localRoom) << 4, (<usize>room) << 4);
    if (local === 0) return false;
    localRoom = room;
  }
  store<f64>(local + ((<usize>count) << 4), u);
  store<f64>(local + ((<usize>count) << 4), w, 8);
  return true;
}

function distance(p: usize, a: i32, b: i32): f64 {
  const pa = p + ((<usize>(3 * a)) << 3);
  const pb = p + ((<usize>(3 * b)) << 3);
  const dx = load<f64>(pa) - load<f64>(pb);
  const dy = load<f64>(pa, 8) - load<f64>(pb, 8);
  const dz = load<f64>(pa, 16) - load<f64>(pb, 16);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

// triangleGrid's result: the corners (vertex ids) and the steps along a→b and a→c.
let gridA: i32 = 0;
let gridB: i32 = 0;
let gridC: i32 = 0;
let gridNb: i32 = 0;
let gridNc: i32 = 0;

/** surface-sampling.ts's triangleGrid: false when the triangle is no longer than `fine`. */
function triangleGrid(p: usize, a: i32, b: i32, c: i32, fine: f64): bool {
  const ab = distance(p, a, b);
  const bc = distance(p, b, c);
  const ca = distance(p, c, a);
  const longest = Math.max(Math.max(ab, bc), ca);
  const n = Math.ceil(longest / fine);
  if (n <= 1) return false;
  const shortest = Math.min(Math.min(ab, bc), ca);
  if (4 * shortest >= longest) {
    gridA = a;
    gridB = b;
    gridC = c;
    gridNb = <i32>n;
    gridNc = <i32>n;
    return true;
  }
  let u = c;
  let v = a;
  let w = b;
  if (shortest === ab) {
    u = a;
    v = b;
    w = c;
  } else if (shortest === bc) {
    u = b;
    v = c;
    w = a;
  }
  gridA = u;
  gridB = v;
  gridC = w;
  gridNb = <i32>Math.max(1, Math.ceil(distance(p, u, v) / fine));
  gridNc = <i32>Math.max(1, Math.ceil(distance(p, u, w) / fine));
  return true;
}

/**
 * surface-sampling.ts's step 4 over the soup (positions f64 × 3 per vertex, indices u32 × 3 and unit
 * normals f64 × 3 per triangle), the generator continued from `state`: a jittered barycentric grid
 * at `fine` (m) per triangle longer than it, offered in random order. −1 when done; the candidate
 * count when it passed `allowed` (the host words the limit); −2 without memory. Polls every 256
 * triangles when `polled`.
 */
export function offerTriangleGrids(
  p: usize,
  indices: usize,
  triCount: i32,
  faceNormals: usize,
  fine: f64,
  state: u32,
  allowed: f64,
  polled: bool,
): f64 {
  rngState = state;
  let candidates: f64 = 0;
  let visited = 0;
  const triangles = shuffled(triCount);
  if (triangles === 0) return -2;
  // The triangles' order, kept apart from the candidates' (shuffled reuses its room).
  const triangleOrder = allocate((<usize>max(triCount, 1)) << 2);
  if (triangleOrder === 0) return -2;
  memory.copy(triangleOrder, triangles, (<usize>triCount) << 2);
  for (let k = 0; k < triCount; k++) {
    const t = i32At(triangleOrder, k);
    if (polled && (++visited & 255) === 0) poll();
    const ia = <i32>load<u32>(indices + ((<usize>(3 * t)) << 2));
    const ib = <i32>load<u32>(indices + ((<usize>(3 * t + 1)) << 2));
    const ic = <i32>load<u32>(indices + ((<usize>(3 * t + 2)) << 2));
    if (!triangleGrid(p, ia, ib, ic, fine)) continue;
    const nb = gridNb;
    const nc = gridNc;
    candidates += <f64>(nb + 1) * <f64>(nc + 1) * 0.5;
    if (!(candidates <= allowed)) return candidates;
    let count = 0;
    const nbf = <f64>nb;
    const ncf = <f64>nc;
    for (let i = 0; i <= nb; i++) {
      for (let j = 0; <f64>j * nbf + <f64>i * ncf <= nbf * ncf; j++) {
        if ((i === 0 && j === 0) || i === nb || j === nc) continue;
        const u = (<f64>i + 0.3 * (nextUnit() - 0.5)) / nbf;
        const w = (<f64>j + 0.3 * (nextUnit() - 0.5)) / ncf;
        if (u < 0 || w < 0 || u + w > 1) continue;
        if (!pushLocal(count++, u, w)) return -2;
      }
    }
    const nx = load<f64>(faceNormals + ((<usize>(3 * t)) << 3));
    const ny = load<f64>(faceNormals + ((<usize>(3 * t)) << 3), 8);
    const nz = load<f64>(faceNormals + ((<usize>(3 * t)) << 3), 16);
    const pa = p + ((<usize>(3 * gridA)) << 3);
    const pb = p + ((<usize>(3 * gridB)) << 3);
    const pc = p + ((<usize>(3 * gridC)) << 3);
    const picks = shuffled(count);
    if (picks === 0) return -2;
    for (let m = 0; m < count; m++) {
      const at = local + ((<usize>i32At(picks, m)) << 4);
      const u = load<f64>(at);
      const w = load<f64>(at, 8);
      const s = 1 - u - w;
      const accepted = offer(
        s * load<f64>(pa) + u * load<f64>(pb) + w * load<f64>(pc),
        s * load<f64>(pa, 8) + u * load<f64>(pb, 8) + w * load<f64>(pc, 8),
        s * load<f64>(pa, 16) + u * load<f64>(pb, 16) + w * load<f64>(pc, 16),
        nx,
        ny,
        nz,
        t,
        false,
      );
      if (accepted < 0) return -2;
    }
  }
  return -1;
}
