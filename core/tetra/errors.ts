import { yieldWhenDue } from './event-loop.ts';

/**
 * Why a tetrahedralization did not produce a mesh:
 * - 'empty-mesh': the input has no usable triangles;
 * - 'invalid-mesh': the input has a non-finite coordinate or an index past its vertices;
 * - 'no-volume': the input encloses no volume (a flat sheet: a cloth candidate);
 * - 'invalid-option': an option is out of range (the message names it and the range allowed);
 * - 'too-thin': the solid is thinner than the target edge allows (the message gives both);
 * - 'too-far': the mesh lies so far from the origin that float32 positions cannot resolve the
 *   target edge there;
 * - 'limit': the run grew past a work limit or its time limit (core/tetra/limits.ts; the message
 *   says what grew, how far, and the limit);
 * - 'cancelled': the AbortSignal fired;
 * - 'backend': the external tetgen backend is missing, aborted or wrote unreadable output;
 * - 'failed': an internal step could not complete (a bug; the message says which step).
 */
export type TetrahedralizeFailure =
  | 'empty-mesh'
  | 'invalid-mesh'
  | 'no-volume'
  | 'invalid-option'
  | 'too-thin'
  | 'too-far'
  | 'limit'
  | 'cancelled'
  | 'backend'
  | 'failed';

/** The one error type every tetrahedralization failure is reported with. */
export class TetrahedralizeError extends Error {
  override name = 'TetrahedralizeError';
  readonly reason: TetrahedralizeFailure;

  constructor(reason: TetrahedralizeFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/**
 * The part of the platform AbortSignal that core/ reads (core/ is compiled without DOM or Node
 * types, so it names the shape instead of the global).
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  /** Why it fired; a TetrahedralizeError here (a run past its time limit) is thrown as it is. */
  readonly reason?: unknown;
}

/** The 'failed' message of a step whose WebAssembly memory could not grow (past the 4 GiB it can address). */
export function outgrewMemory(step: string): string {
  return `${step} outgrew the memory WebAssembly can address.`;
}

/**
 * Throws when the signal has fired: its reason when that is a TetrahedralizeError (see
 * WorkGuard), else TetrahedralizeError('cancelled').
 */
export function throwIfCancelled(signal: AbortSignalLike | undefined): void {
  if (!signal?.aborted) return;
  const reason = signal.reason;
  if (reason instanceof TetrahedralizeError) throw reason;
  throw new TetrahedralizeError('cancelled', 'Tetrahedralization was cancelled.');
}

/**
 * Lets pending events run (an abort from the UI arrives as one) when a slice of work has passed
 * since the last time (event-loop.ts), then throws if the signal fired. Long stages call it
 * between steps.
 */
export async function pauseForEvents(signal: AbortSignalLike | undefined): Promise<void> {
  await yieldWhenDue();
  throwIfCancelled(signal);
}
