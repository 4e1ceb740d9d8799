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
 * thread, in runs of consecutive colours.
 */

/** Constraints per chunk at least: some 10–40 µs in the kernels, against ~1 µs to claim and meet. */
export const MIN_CHUNK_CONSTRAINTS = 256;
/** Chunks per colour at most (a claim counts them in 8 bits). */
export const MAX_CHUNKS = 16;

/** Consecutive colours [first, end) solved one way: cut into chunks (then end = first + 1) or by the stepping thread. */
export interface ColourRun {
  readonly first: number;
  readonly end: number;
  /** Chunks of a divided colour (0: the run is not divided). */
  readonly chunks: number;
  /** Where the divided colour's chunk bounds start in `bounds`: chunk k is [bounds[from + k], bounds[from + k + 1]). */
  readonly boundsFrom: number;
}

export interface ColourChunks {
  readonly runs: readonly ColourRun[];
  /** The divided colours' chunk bounds, block positions, chunks + 1 per divided colour. */
  readonly bounds: Uint32Array;
}

/**
 * The runs and chunks of the colours of `colourStarts` for a team of `threads`; null when no colour
 * is big enough to divide (the block is then swept by the stepping thread alone).
 */
export function colourChunks(
  colourStarts: Uint32Array,
  threads: number,
  minChunk = MIN_CHUNK_CONSTRAINTS,
): ColourChunks | null {
  const colours = colourStarts.length - 1;
  const runs: ColourRun[] = [];
  const bounds: number[] = [];
  let serialFrom = 0;
  for (let c = 0; c < colours; c++) {
    const start = colourStarts[c];
    const end = colourStarts[c + 1];
    // At least two chunks, and a few per thread where the colour allows: a thread that starts late
    // (a busy machine) then finds chunks left instead of making the others wait for its share.
    const chunks = Math.min(MAX_CHUNKS, 4 * threads, Math.floor((end - start) / minChunk));
    if (threads < 2 || chunks < 2) continue;
    if (serialFrom < c) runs.push({ first: serialFrom, end: c, chunks: 0, boundsFrom: 0 });
    runs.push({ first: c, end: c + 1, chunks, boundsFrom: bounds.length });
    serialFrom = c + 1;
    const size = 2 * Math.ceil((end - start) / (2 * chunks));
    for (let k = 0; k < chunks; k++) bounds.push(Math.min(end, start + k * size));
    bounds.push(end);
  }
  if (bounds.length === 0) return null;
  if (serialFrom < colours) runs.push({ first: serialFrom, end: colours, chunks: 0, boundsFrom: 0 });
  return { runs, bounds: Uint32Array.from(bounds) };
}
