/**
 * How the solver team (solver-team.ts) cuts a block's big colours into chunks that its threads
 * claim one at a time.
 *
 * The constraints of one colour touch disjoint particles (colour.ts), so whichever thread solves
 * whichever chunk, with every chunk done before the next colour starts, each particle is moved by
 * the same constraint with the same inputs as in the one-thread sweep: the positions come out the
 * same floats. Chunks start at an even offset from the colour's start so that the f64x2 kernels
 * pair the same two constraints as one thread does (a lone last constraint takes the scalar path in
 * both). Colours too small to pay for the threads meeting at their end stay with the stepping
 * thread, in runs of consecutive colours. A block in nested-dissection order (dissection.ts) is
 * divided by its nodes instead, which touch disjoint particles the same way.
 */

import { DISSECTION_DEPTH, ROOT_ACROSS, ROOT_HIGH, ROOT_LOW, SUBTREES } from '../dissection.ts';

/** Constraints per chunk at least: some 10–40 µs in the kernels, against ~1 µs to claim and meet. */
export const MIN_CHUNK_CONSTRAINTS = 256;
/** Chunks per colour at most (a claim counts them in 5 bits from either end, solver-helper.ts). */
export const MAX_CHUNKS = 16;

/** One sweep: `colours` consecutive colours whose starts are bounds[at …at + colours]. */
export interface ChunkSweep {
  readonly at: number;
  readonly colours: number;
}

/**
 * Sweeps that touch disjoint particles, so any order of them gives the same floats: a divided run's
 * sweeps are chunks the team's threads claim; an undivided run's the stepping thread sweeps alone.
 */
export interface ColourRun {
  readonly sweeps: readonly ChunkSweep[];
  readonly divided: boolean;
}

export interface ColourChunks {
  /** In the order they must run: each run starts once the one before has finished. */
  readonly runs: readonly ColourRun[];
  /**
   * In a block in dissection order, the parts of the body at the tree's level `partLevel(threads)`:
   * the first run's sweeps, sweep k the constraints of part k (none, where the block has none
   * there). 0 for a block in plain colour order.
   */
  readonly parts: number;
  /** Colour starts (block positions) that the sweeps read: copies of the block's, or a big colour's cuts. */
  readonly bounds: Uint32Array;
}

/**
 * The level of the dissection tree (dissection.ts) whose subtrees a team of `threads` sweeps a
 * chunk each: the first with a subtree for every thread, or the leaves.
 */
export function partLevel(threads: number): number {
  return Math.min(DISSECTION_DEPTH, Math.ceil(Math.log2(threads)));
}

/** The most chunks one run of `chunks` divides among the threads (0 when none is divided). */
export function mostChunksOfARun(chunks: ColourChunks): number {
  return Math.max(0, ...chunks.runs.map((run) => (run.divided ? run.sweeps.length : 0)));
}

/**
 * The runs and chunks of the colours of `colourStarts` for a team of `threads`; null when nothing
 * is worth dividing (the block is then swept by the stepping thread alone).
 *
 * A block in dissection order (`nodeColourStarts`, dissection.ts) is divided by its tree: first
 * the subtrees of the level that has a subtree for every thread (the body's parts), one chunk each,
 * then each level's separators above it, one chunk each where they are big enough to pay for the
 * meeting, so that threads meet at most once per level instead of once per colour. What crosses
 * both cuts of the root's separator, which touches every part, is divided colour by colour like a block
 * in plain colour order: a colour of at least two chunks of `minChunk` constraints is cut into
 * chunks (at even offsets, so that the f64x2 kernels pair the same two constraints as one thread
 * does); runs of smaller ones stay with the stepping thread.
 */
export function colourChunks(
  colourStarts: Uint32Array,
  threads: number,
  minChunk = MIN_CHUNK_CONSTRAINTS,
  nodeColourStarts?: Uint32Array | null,
): ColourChunks | null {
  if (threads < 2) return null;
  const runs: ColourRun[] = [];
  const bounds: number[] = [];
  /** A sweep of the block's colours [first, end), their starts copied into `bounds`. */
  const sweep = (first: number, end: number): ChunkSweep => {
    const at = bounds.length;
    for (let c = first; c <= end; c++) bounds.push(colourStarts[c]);
    return { at, colours: end - first };
  };
  /**
   * Whether a run of separators' sweeps pays for a meeting: the work that leaves the stepping
   * thread (all but the biggest sweep) is at least two chunks' worth. A separator is a seam a few
   * constraints wide swept in many small colours. Timed run by run on two threads (a loaded
   * machine): the cloths' root sides (63–253 constraints a side) took 2.0–3.6 times as long
   * divided as swept by one thread, the 16³ cubes' (410–610 a side) 0.92–1.27 times.
   */
  const worthDividing = (sweeps: readonly ChunkSweep[]): boolean => {
    const sizes = sweeps.map(({ at, colours }) => bounds[at + colours] - bounds[at]);
    return sizes.length > 1 && sizes.reduce((a, b) => a + b, 0) - Math.max(...sizes) >= 2 * minChunk;
  };
  let divided = false;
  let rootFrom = 0;
  let parts = 0;
  if (nodeColourStarts) {
    const top = partLevel(threads);
    for (let level = top; level > 0; level--) {
      const sweeps: ChunkSweep[] = [];
      for (const tree of SUBTREES[level]) {
        // At the top level a chunk is the whole subtree (a part of the body: empty ones kept, so
        // that chunk k is part k); above it the separator alone.
        const first = nodeColourStarts[level === top ? tree.first : tree.end - 1];
        const end = nodeColourStarts[tree.end];
        if (first < end || level === top) sweeps.push(sweep(first, end));
      }
      if (level === top) parts = sweeps.length;
      const worth =
        level === top
          ? sweeps.filter(({ at, colours }) => bounds[at] < bounds[at + colours]).length > 1
          : worthDividing(sweeps);
      if (sweeps.length > 0) runs.push({ sweeps, divided: worth });
      divided ||= worth;
    }
    // The root's separator: its low and high sides, a chunk each, then what crosses both cuts.
    const sides = [ROOT_LOW, ROOT_HIGH]
      .filter((node) => nodeColourStarts[node] < nodeColourStarts[node + 1])
      .map((node) => sweep(nodeColourStarts[node], nodeColourStarts[node + 1]));
    const worth = worthDividing(sides);
    if (sides.length > 0) runs.push({ sweeps: sides, divided: worth });
    divided ||= worth;
    rootFrom = nodeColourStarts[ROOT_ACROSS];
  }
  const colours = colourStarts.length - 1;
  let serialFrom = rootFrom;
  for (let c = rootFrom; c < colours; c++) {
    const start = colourStarts[c];
    const end = colourStarts[c + 1];
    // At least two chunks, and a few per thread where the colour allows: a thread that starts late
    // (a busy machine) then finds chunks left instead of making the others wait for its share.
    const count = Math.min(MAX_CHUNKS, 4 * threads, Math.floor((end - start) / minChunk));
    if (count < 2) continue;
    if (serialFrom < c) runs.push({ sweeps: [sweep(serialFrom, c)], divided: false });
    const size = 2 * Math.ceil((end - start) / (2 * count));
    const sweeps: ChunkSweep[] = [];
    for (let k = 0; k < count; k++) {
      sweeps.push({ at: bounds.length, colours: 1 });
      bounds.push(Math.min(end, start + k * size));
    }
    bounds.push(end);
    runs.push({ sweeps, divided: true });
    divided = true;
    serialFrom = c + 1;
  }
  if (!divided) return null;
  if (serialFrom < colours) runs.push({ sweeps: [sweep(serialFrom, colours)], divided: false });
  return { runs, parts, bounds: Uint32Array.from(bounds) };
}
