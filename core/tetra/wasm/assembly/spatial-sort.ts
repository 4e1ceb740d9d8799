// spatial-sort.ts's BRIO order in WebAssembly, for the mesher's module (mesher.ts): the same
// shuffle (lcg.ts's generator), the same rounds and the same Hilbert keys, so the same points come
// out in the same order (test/core/tetra/wasm-meshing.test.ts).

import { allocate } from './heap';
import { indexedBounds, maxX, maxY, maxZ, minX, minY, minZ } from './indexed-bounds';

const BITS = 10;
/** Key = Hilbert index × 2²¹ + position in the round (spatial-sort.ts's keys, as integers). */
const SHIFT_BITS: u64 = 21;
const SHIFT: i32 = 1 << 21;

let keys: usize = 0; // u64 per point of a round
let shuffled: usize = 0; // i32 per point
let sorted: usize = 0; // i32 per point: the order returned
let room: i32 = 0;

/** Room for `n` points in the scratch arrays; false without memory. */
function reserveRoom(n: i32): bool {
  if (n <= room) return true;
  const grown = max(n, 2 * room);
  keys = allocate((<usize>grown) << 3);
  shuffled = allocate((<usize>grown) << 2);
  sorted = allocate((<usize>grown) << 2);
  room = grown;
  return sorted !== 0;
}

/** Skilling's transform: the Hilbert index (30 bits) of integer coordinates in [0, 2¹⁰). */
function hilbertIndex(ix: i32, iy: i32, iz: i32): i32 {
  let x0 = ix;
  let x1 = iy;
  let x2 = iz;
  const m = 1 << (BITS - 1);
  for (let q = m; q > 1; q >>= 1) {
    const p = q - 1;
    // i = 0: x[0] & q flips x[0] by p, else swaps nothing (t = 0).
    if (x0 & q) x0 ^= p;
    if (x1 & q) x0 ^= p;
    else {
      const t = (x0 ^ x1) & p;
      x0 ^= t;
      x1 ^= t;
    }
    if (x2 & q) x0 ^= p;
    else {
      const t = (x0 ^ x2) & p;
      x0 ^= t;
      x2 ^= t;
    }
  }
  x1 ^= x0;
  x2 ^= x1;
  let t = 0;
  for (let q = m; q > 1; q >>= 1) if (x2 & q) t ^= q - 1;
  x0 ^= t;
  x1 ^= t;
  x2 ^= t;
  let h = 0;
  for (let b = BITS - 1; b >= 0; b--) {
    h = h * 2 + ((x0 >> b) & 1);
    h = h * 2 + ((x1 >> b) & 1);
    h = h * 2 + ((x2 >> b) & 1);
  }
  return h;
}

function pointAt(points: usize, i: i32, axis: i32): f64 {
  return load<f64>(points + ((<usize>(3 * i + axis)) << 3));
}

/** hilbertOrder over shuffled[start, stop), written to sorted[start, stop). */
function hilbertRound(points: usize, start: i32, stop: i32): void {
  const n = stop - start;
  if (n < 2 || n >= SHIFT) {
    memory.copy(sorted + ((<usize>start) << 2), shuffled + ((<usize>start) << 2), (<usize>n) << 2);
    return;
  }
  indexedBounds(points, shuffled, start, stop);
  const extent = Math.max(Math.max(Math.max(maxX - minX, maxY - minY), maxZ - minZ), 1e-300);
  const scale = <f64>((1 << BITS) - 1) / extent;
  for (let k = 0; k < n; k++) {
    const i = load<i32>(shuffled + ((<usize>(start + k)) << 2));
    const h = hilbertIndex(
      <i32>Math.floor((pointAt(points, i, 0) - minX) * scale),
      <i32>Math.floor((pointAt(points, i, 1) - minY) * scale),
      <i32>Math.floor((pointAt(points, i, 2) - minZ) * scale),
    );
    store<u64>(keys + ((<usize>k) << 3), ((<u64>(<u32>h)) << SHIFT_BITS) | <u64>k);
  }
  sortKeys(0, n - 1);
  for (let k = 0; k < n; k++) {
    const position = <i32>(load<u64>(keys + ((<usize>k) << 3)) & <u64>(SHIFT - 1));
    store<i32>(
      sorted + ((<usize>(start + k)) << 2),
      load<i32>(shuffled + ((<usize>(start + position)) << 2)),
    );
  }
}

function keyAt(k: i32): u64 {
  return load<u64>(keys + ((<usize>k) << 3));
}
function swapKeys(a: i32, b: i32): void {
  const t = keyAt(a);
  store<u64>(keys + ((<usize>a) << 3), keyAt(b));
  store<u64>(keys + ((<usize>b) << 3), t);
}

/** Sorts keys[lo..hi] ascending (the keys are distinct: any sort gives one order). */
function sortKeys(lo: i32, hi: i32): void {
  while (hi - lo > 16) {
    // Median of three as the pivot, then Hoare's partition.
    const mid = lo + ((hi - lo) >> 1);
    if (keyAt(mid) < keyAt(lo)) swapKeys(mid, lo);
    if (keyAt(hi) < keyAt(lo)) swapKeys(hi, lo);
    if (keyAt(hi) < keyAt(mid)) swapKeys(hi, mid);
    const pivot = keyAt(mid);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (keyAt(i) < pivot) i++;
      while (keyAt(j) > pivot) j--;
      if (i <= j) {
        swapKeys(i, j);
        i++;
        j--;
      }
    }
    // The smaller side recursively, the larger in the loop: the stack stays O(log n).
    if (j - lo < hi - i) {
      sortKeys(lo, j);
      lo = i;
    } else {
      sortKeys(i, hi);
      hi = j;
    }
  }
  for (let k = lo + 1; k <= hi; k++) {
    const key = keyAt(k);
    let m = k - 1;
    while (m >= lo && keyAt(m) > key) {
      store<u64>(keys + ((<usize>(m + 1)) << 3), keyAt(m));
      m--;
    }
    store<u64>(keys + ((<usize>(m + 1)) << 3), key);
  }
}

/**
 * spatial-sort.ts's brioOrder of `count` points (f64 × 3 each at `points`) with `seed`: the address
 * of the order (i32 per point, valid until the next call), or 0 without memory.
 */
export function brioOrder(points: usize, count: i32, seed: u32): usize {
  if (!reserveRoom(max(count, 1))) return 0;
  for (let i = 0; i < count; i++) store<i32>(shuffled + ((<usize>i) << 2), i);
  let state: u32 = seed !== 0 ? seed : 1;
  for (let i = count - 1; i > 0; i--) {
    state = state * 1664525 + 1013904223;
    const j = <i32>(state % <u32>(i + 1));
    const at = shuffled + ((<usize>i) << 2);
    const bt = shuffled + ((<usize>j) << 2);
    const t = load<i32>(at);
    store<i32>(at, load<i32>(bt));
    store<i32>(bt, t);
  }
  // Rounds of doubling size from the front: the last holds about half (end halves down to ≤ 64).
  let first = count;
  while (first > 64) first >>= 1;
  let start = 0;
  let stop = first;
  while (true) {
    hilbertRound(points, start, stop);
    if (stop >= count) break;
    start = stop;
    stop = nextBound(stop, count);
  }
  return sorted;
}

/** The round bound after `stop` in spatial-sort.ts's list (count, ⌊count/2⌋, ⌊count/4⌋, … reversed). */
function nextBound(stop: i32, count: i32): i32 {
  // The smallest of count >> s (s ≥ 0) above stop.
  let bound = count;
  while (bound >> 1 > stop) bound >>= 1;
  return bound;
}
