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
 * One block's deferred prediction: `set` while its body's first sweep is pending, then the prefix
 * of that sweep's first run (solver-team.ts `sweep`).
 */
export class PartPrediction implements RunPrefix {
  /** Whether a prediction waits for the block's sweep. */
  pending = false;
  private start = 0;
  private end = 0;
  private invH = 0;
  private keep = 1;
  private dvx = 0;
  private dvy = 0;
  private dvz = 0;
  private h = 0;

  constructor(
    private readonly kernels: KernelExports,
    /** Chunk k's recording kernels (SolverTeam `recorder`). */
    private readonly recorder: (k: number) => KernelExports,
    private readonly state: StatePointers,
    private readonly parts: PartRanges,
    /** Byte offset of `parts.ranges` in the memory. */
    private readonly rangesAt: number,
  ) {}

  /** Defers the prediction of particles [start, end) (arguments as WasmKernels `predict`). */
  set(
    start: number,
    end: number,
    invH: number,
    keep: number,
    dvx: number,
    dvy: number,
    dvz: number,
    h: number,
  ): void {
    this.pending = true;
    this.start = start;
    this.end = end;
    this.invH = invH;
    this.keep = keep;
    this.dvx = dvx;
    this.dvy = dvy;
    this.dvz = dvz;
    this.h = h;
  }

  run(k: number): void {
    this.predictPart(this.kernels, k);
  }

  record(k: number): void {
    this.predictPart(this.recorder(k), k);
  }

  all(): void {
    const { x, xPrev, v, w } = this.state;
    this.kernels.predict(
      x,
      xPrev,
      v,
      w,
      this.start,
      this.end,
      this.invH,
      this.keep,
      this.dvx,
      this.dvy,
      this.dvz,
      this.h,
    );
  }

  /** Part k's particles of [start, end): its ranges from the first that ends after start to the last that begins before end. */
  private predictPart(kernels: KernelExports, k: number): void {
    const { ranges, starts } = this.parts;
    const first = firstRange(starts[k], starts[k + 1], (i) => ranges[2 * i + 1] > this.start);
    const end = firstRange(first, starts[k + 1], (i) => ranges[2 * i] >= this.end);
    const { x, xPrev, v, w } = this.state;
    kernels.predictRanges(
      x,
      xPrev,
      v,
      w,
      this.rangesAt + 8 * first,
      end - first,
      this.start,
      this.end,
      this.invH,
      this.keep,
      this.dvx,
      this.dvy,
      this.dvz,
      this.h,
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
