import { DISSECTION_DEPTH } from '../dissection.ts';
import type { KernelExports } from './kernel-bindings.ts';
import type { RunPrefix } from './solver-team.ts';

/**
 * A body's prediction made in its first sweep's chunks, part by part (wasm-kernels.ts
 * `deferPrediction`): the thread that sweeps part k of a dissected block first predicts part k's
 * particles, so the threads meet once fewer per substep and each starts its sweep on particles
 * it has just written. A constraint of part k touches part k's particles only (dissection.ts), and
 * each particle's prediction depends on it alone: the same floats as the prediction made first.
 */

/**
 * The particles of each part (the subtrees of one level of the nested dissection) as ranges of
 * consecutive indices, world-wide: range i is [ranges[2i], ranges[2i + 1]), and part k's ranges
 * are i in [starts[k], starts[k + 1]), in increasing order. A body numbered along its cuts (a grid
 * row by row, dissection.ts) has a range or two per part.
 */
export interface PartRanges {
  readonly ranges: Uint32Array;
  readonly starts: Uint32Array;
}

/** `leafOf` (each particle's leaf, state.ts) gathered into the ranges of the parts of tree level `level`. */
export function partRanges(leafOf: Uint8Array, level: number): PartRanges {
  const shift = DISSECTION_DEPTH - level;
  const lists: number[][] = Array.from({ length: 1 << level }, () => []);
  for (let from = 0, p = 1; p <= leafOf.length; p++) {
    if (p < leafOf.length && leafOf[p] >> shift === leafOf[from] >> shift) continue;
    lists[leafOf[from] >> shift].push(from, p);
    from = p;
  }
  const starts = new Uint32Array(lists.length + 1);
  lists.forEach((list, k) => {
    starts[k + 1] = starts[k] + list.length / 2;
  });
  return { ranges: Uint32Array.from(lists.flat()), starts };
}

/** Byte offsets of the state's arrays in the kernels' memory. */
export interface StatePointers {
  readonly x: number;
  readonly xPrev: number;
  readonly v: number;
  readonly w: number;
}

/**
 * A substep's prediction of particles [start, end) (xpbd-world.ts `substep`): where invH > 0 each
 * velocity is first made from the particle's move over the substep before, v = (x − x_prev)·invH;
 * then v ← v·keep + dv (m/s), x_prev ← x, x ← x + v·h (s).
 */
export interface Prediction {
  readonly start: number;
  readonly end: number;
  readonly invH: number;
  readonly keep: number;
  readonly dvx: number;
  readonly dvy: number;
  readonly dvz: number;
  readonly h: number;
}

/**
 * One block's deferred prediction: `set` while its body's first sweep is pending, then the prefix
 * of that sweep's first run (solver-team.ts `sweep`).
 */
export class PartPrediction implements RunPrefix {
  /** The prediction waiting for the block's sweep, if any. */
  private waiting: Prediction | null = null;

  constructor(
    private readonly kernels: KernelExports,
    /** Chunk k's recording kernels (SolverTeam `recorder`). */
    private readonly recorder: (k: number) => KernelExports,
    private readonly state: StatePointers,
    private readonly parts: PartRanges,
    /** Byte offset of `parts.ranges` in the memory. */
    private readonly rangesAt: number,
  ) {}

  /** Whether a prediction waits for the block's sweep. */
  get pending(): boolean {
    return this.waiting !== null;
  }

  /** Defers `prediction` to the block's sweep. */
  set(prediction: Prediction): void {
    this.waiting = prediction;
  }

  /** Ends the wait once the sweep (or a flush) has made the prediction. */
  done(): void {
    this.waiting = null;
  }

  run(k: number): void {
    this.predictPart(this.kernels, k);
  }

  record(k: number): void {
    this.predictPart(this.recorder(k), k);
  }

  all(): void {
    const p = this.waiting!;
    const { x, xPrev, v, w } = this.state;
    this.kernels.predict(x, xPrev, v, w, p.start, p.end, p.invH, p.keep, p.dvx, p.dvy, p.dvz, p.h);
  }

  /** Part k's particles of [start, end): its ranges from the first that ends after start to the last that begins before end. */
  private predictPart(kernels: KernelExports, k: number): void {
    const p = this.waiting!;
    const { ranges, starts } = this.parts;
    const first = firstRange(starts[k], starts[k + 1], (i) => ranges[2 * i + 1] > p.start);
    const end = firstRange(first, starts[k + 1], (i) => ranges[2 * i] >= p.end);
    const { x, xPrev, v, w } = this.state;
    const at = this.rangesAt + 8 * first;
    kernels.predictRanges(
      x,
      xPrev,
      v,
      w,
      at,
      end - first,
      p.start,
      p.end,
      p.invH,
      p.keep,
      p.dvx,
      p.dvy,
      p.dvz,
      p.h,
    );
  }
}

/** The first range i of [from, to) for which `after(i)` holds (false up to some i, true from it on); to if none. */
function firstRange(from: number, to: number, after: (i: number) => boolean): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (after(middle)) high = middle;
    else low = middle + 1;
  }
  return low;
}
