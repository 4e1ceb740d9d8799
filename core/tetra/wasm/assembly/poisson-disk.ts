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
