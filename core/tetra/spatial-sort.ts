/**
 * Insertion order for incremental Delaunay: BRIO (biased randomized insertion order, Amenta,
 * Choi & Rote 2003) with each round sorted along a 3D Hilbert curve. Random rounds keep the
 * expected cavity sizes small; the Hilbert order inside a round keeps consecutive points close,
 * so the walking point location starting from the last new tet takes only a few steps.
 */
import { Lcg } from '../math/lcg.ts';
import { indexedBounds } from './indexed-bounds.ts';

const BITS = 10;

/** Hilbert index (30 bits) of integer coordinates in [0, 2^10), Skilling's transform. */
export function hilbertIndex(ix: number, iy: number, iz: number): number {
  const x = [ix, iy, iz];
  const m = 1 << (BITS - 1);
  // Inverse undo of excess work (Skilling 2004, "Programming the Hilbert curve").
  for (let q = m; q > 1; q >>= 1) {
    const p = q - 1;
    for (let i = 0; i < 3; i++) {
      if (x[i] & q) x[0] ^= p;
      else {
        const t = (x[0] ^ x[i]) & p;
        x[0] ^= t;
        x[i] ^= t;
      }
    }
  }
  // Gray encode.
  for (let i = 1; i < 3; i++) x[i] ^= x[i - 1];
  let t = 0;
  for (let q = m; q > 1; q >>= 1) if (x[2] & q) t ^= q - 1;
  for (let i = 0; i < 3; i++) x[i] ^= t;
  // Interleave the transposed bits, most significant first.
  let h = 0;
  for (let b = BITS - 1; b >= 0; b--) {
    for (let i = 0; i < 3; i++) h = h * 2 + ((x[i] >> b) & 1);
  }
  return h;
}

/** Returns the indices of `points` (xyz interleaved) sorted along a Hilbert curve over their box. */
export function hilbertOrder(points: ArrayLike<number>, indices: Int32Array): Int32Array {
  const n = indices.length;
  if (n < 2) return indices.slice();
  const [minX, minY, minZ, maxX, maxY, maxZ] = indexedBounds(points, indices, 0, n, new Float64Array(6));
  const extent = Math.max(maxX - minX, maxY - minY, maxZ - minZ, 1e-300);
  const scale = ((1 << BITS) - 1) / extent;
  // Key = hilbert × 2^21 + position (n < 2^21 per call keeps keys exact in a double).
  const keys = new Float64Array(n);
  const shift = 2 ** 21;
  if (n >= shift) return indices.slice();
  for (let k = 0; k < n; k++) {
    const i = indices[k];
    const h = hilbertIndex(
      Math.floor((points[3 * i] - minX) * scale),
      Math.floor((points[3 * i + 1] - minY) * scale),
      Math.floor((points[3 * i + 2] - minZ) * scale),
    );
    keys[k] = h * shift + k;
  }
  keys.sort();
  const out = new Int32Array(n);
  for (let k = 0; k < n; k++) out[k] = indices[keys[k] % shift];
  return out;
}

/**
 * BRIO order of `count` points: shuffled (deterministically, from `seed`), split into rounds of
 * geometrically growing size (the last round holds about half), each round Hilbert-sorted.
 */
export function brioOrder(points: ArrayLike<number>, count: number, seed = 1): Int32Array {
  const order = new Int32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const rng = new Lcg(seed);
  for (let i = count - 1; i > 0; i--) {
    const j = rng.nextUint32() % (i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const out = new Int32Array(count);
  let end = count;
  const bounds: number[] = [];
  while (end > 64) {
    bounds.push(end);
    end = Math.floor(end / 2);
  }
  bounds.push(end);
  bounds.reverse();
  let start = 0;
  for (const stop of bounds) {
    const round = hilbertOrder(points, order.subarray(start, stop));
    out.set(round, start);
    start = stop;
  }
  return out;
}
