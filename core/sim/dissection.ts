/**
 * Nested dissection of a body's particles: the order in which the solver sweeps a big body's
 * blocks, so that threads can share a sweep with a few meetings per block instead of one per colour.
 *
 * A big body's particles are cut in two at the median along one axis, each half again,
 * DISSECTION_DEPTH times: LEAVES parts. A constraint belongs to the deepest node of that tree whose
 * part holds all its particles: a leaf, or the separator of the cut it straddles. A block sweeps
 * its constraints node by node in post-order (each half's nodes, then the separator between the
 * halves), each node's constraints in colours of their own (colour.ts). Two subtrees of one level
 * touch disjoint particles, and so do two separators of one level, so threads may sweep them at
 * the same time and the floats come out as from one thread sweeping them in order
 * (wasm/colour-chunks.ts): the order is the block's, whatever the number of threads.
 *
 * A body under MIN_DISSECTED_PARTICLES is not cut: it sweeps in plain colour order.
 */

export const DISSECTION_DEPTH = 2;
/** Parts at the bottom of the tree. */
export const LEAVES = 1 << DISSECTION_DEPTH;
/**
 * Nodes in sweep order: the tree's (leaves and separators, post-order) with the root's separator in
 * three: the constraints across the first cut that lie on the low side of the second cut in both
 * halves (ROOT_LOW), those on its high side in both (ROOT_HIGH), and those across both cuts
 * (ROOT_ACROSS). ROOT_LOW and ROOT_HIGH touch disjoint particles: the root's separator, a sheet
 * through the whole body, is then swept by two threads too but for where the cuts cross.
 */
export const DISSECTION_NODES = 2 * LEAVES + 1;
export const ROOT_LOW = 2 * LEAVES - 2;
export const ROOT_HIGH = ROOT_LOW + 1;
export const ROOT_ACROSS = ROOT_LOW + 2;
/** Particles below which a body sweeps in plain colour order (too small to share among threads). */
export const MIN_DISSECTED_PARTICLES = 2048;

/** A node's subtree: nodes [first, end) in sweep order, the node itself the last of them. */
export interface Subtree {
  readonly first: number;
  readonly end: number;
}

/**
 * SUBTREES[level][i]: the subtree of the i-th node of tree level `level` (0: the root, whose
 * separator is the three nodes from ROOT_LOW on).
 */
export const SUBTREES: readonly (readonly Subtree[])[] = (() => {
  const levels: Subtree[][] = Array.from({ length: DISSECTION_DEPTH + 1 }, () => []);
  let next = 0;
  const visit = (level: number, i: number): void => {
    const first = next;
    if (level < DISSECTION_DEPTH) {
      visit(level + 1, 2 * i);
      visit(level + 1, 2 * i + 1);
    }
    levels[level][i] = { first, end: ++next };
  };
  visit(0, 0);
  levels[0][0] = { first: 0, end: DISSECTION_NODES };
  return levels;
})();

/**
 * Writes the leaf of each of particles [offset, offset + count) into `leafOf` (world indices):
 * recursive bisection at the median along one axis of the rest positions `rest` (m, 3 per
 * particle). Of the axes at least half as long as the longest side of the part's bounding box, the
 * cut takes the one whose halves change least often along the particle numbering, the longest of
 * those that tie: two threads then write few cache lines in common (a grid numbered row by row is
 * cut between rows, not through each of them). Deterministic: ties in position break by index.
 */
export function dissectBody(rest: Float64Array, offset: number, count: number, leafOf: Uint8Array): void {
  const particles = new Uint32Array(count);
  for (let k = 0; k < count; k++) particles[k] = offset + k;
  cut(rest, particles, 0, count, 0, 0, leafOf);
}

function cut(
  rest: Float64Array,
  particles: Uint32Array,
  from: number,
  to: number,
  level: number,
  leaf: number,
  leafOf: Uint8Array,
  firstAxis = -1,
): void {
  if (level === DISSECTION_DEPTH) {
    for (let k = from; k < to; k++) leafOf[particles[k]] = leaf;
    return;
  }
  const part = Array.from(particles.subarray(from, to)).sort((a, b) => a - b);
  const extent = [0, 1, 2].map((axis) => {
    let min = Infinity;
    let max = -Infinity;
    for (const p of part) {
      min = Math.min(min, rest[3 * p + axis]);
      max = Math.max(max, rest[3 * p + axis]);
    }
    return max - min;
  });
  const longest = Math.max(...extent);
  const half = Math.floor(part.length / 2);
  let best: number[] | null = null;
  let bestChanges = Infinity;
  const candidates = [0, 1, 2]
    .sort((a, b) => extent[b] - extent[a] || a - b)
    .filter((axis) => extent[axis] >= 0.5 * longest);
  // Below the first cut, another axis where one is long enough: the root's separator then splits.
  const across = candidates.filter((axis) => axis !== firstAxis);
  let bestAxis = -1;
  for (const axis of across.length > 0 ? across : candidates) {
    const sorted = part.slice().sort((a, b) => rest[3 * a + axis] - rest[3 * b + axis] || a - b);
    const low = new Set(sorted.slice(0, half));
    let changes = 0;
    for (let k = 1; k < part.length; k++) if (low.has(part[k]) !== low.has(part[k - 1])) changes++;
    if (changes < bestChanges) {
      best = sorted;
      bestAxis = axis;
      bestChanges = changes;
    }
  }
  particles.set(best!, from);
  const middle = from + half;
  const axis = level === 0 ? bestAxis : firstAxis;
  cut(rest, particles, from, middle, level + 1, 2 * leaf, leafOf, axis);
  cut(rest, particles, middle, to, level + 1, 2 * leaf + 1, leafOf, axis);
}

/**
 * The node (sweep order, 0 … DISSECTION_NODES − 1) of the constraint `c` of `arity` particles
 * (`particles[arity·c + k]`): the deepest one whose part holds all of them.
 */
export function constraintNode(particles: Uint32Array, arity: number, c: number, leafOf: Uint8Array): number {
  const first = leafOf[particles[arity * c]];
  let differ = 0;
  for (let k = 1; k < arity; k++) differ |= first ^ leafOf[particles[arity * c + k]];
  // The highest bit in which the leaves differ names the level of the cut the constraint straddles.
  let level = DISSECTION_DEPTH;
  for (; differ !== 0; differ >>>= 1) level--;
  if (level > 0) return SUBTREES[level][first >>> (DISSECTION_DEPTH - level)].end - 1;
  // Across the first cut: which side of the second cut (a leaf's bit below its top one).
  const side = DISSECTION_DEPTH - 2;
  let sides = 0;
  for (let k = 0; k < arity; k++) sides |= 1 << ((leafOf[particles[arity * c + k]] >>> side) & 1);
  return sides === 1 ? ROOT_LOW : sides === 2 ? ROOT_HIGH : ROOT_ACROSS;
}
