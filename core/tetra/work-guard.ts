import { type AbortSignalLike, TetrahedralizeError } from './errors.ts';
import { overTetraLimit, type TetraLimit, type TetraLimits } from './limits.ts';

/** Advice for a run that grew past a limit: every one is cured by a coarser target. */
const COARSER =
  'Choose fewer tets or a longer edge, or simplify the mesh (parts far thinner than the edge make refinement grow).';

/**
 * The limits of one run and its deadline, checked where the work grows. It is the signal the
 * stages poll for cancellation (it wraps the caller's), so every existing poll point also ends a
 * run whose time is up, with the time-limit error rather than 'cancelled' (throwIfCancelled
 * rethrows a TetrahedralizeError found as the signal's reason).
 */
export class WorkGuard implements AbortSignalLike {
  /** The name of the running stage, for the time-limit message. */
  stage = 'starting';
  private readonly deadlineMs: number;
  private readonly startMs: number;

  constructor(
    readonly limits: TetraLimits,
    private readonly signal: AbortSignalLike | undefined,
    /** Wall-time limit, s (Infinity for none). */
    private readonly timeLimitS: number,
    private readonly now: () => number = Date.now,
  ) {
    this.startMs = now();
    this.deadlineMs = this.startMs + 1000 * timeLimitS;
  }

  get aborted(): boolean {
    return this.signal?.aborted === true || this.now() > this.deadlineMs;
  }

  /** The caller's cancellation first; else the time-limit error once the deadline has passed. */
  get reason(): unknown {
    if (this.signal?.aborted) return this.signal.reason;
    if (this.now() <= this.deadlineMs) return undefined;
    const seconds = ((this.now() - this.startMs) / 1000).toPrecision(3);
    return new TetrahedralizeError(
      'limit',
      `Tetrahedralization stopped after ${seconds} s while ${this.stage}: the time limit is ${this.timeLimitS} s. ${COARSER}`,
    );
  }

  /**
   * Throws TetrahedralizeError('limit') when `count` passes `limit`, or `limit` × `per` for a
   * limit stated per unit of something (`reckoned` then says so); `found` words the count
   * ("Refinement made 4,170,000 tets"). Both are worded only on the way to the throw: refinement
   * checks its counts thousands of times, and the first toLocaleString of a process costs
   * milliseconds (its number formats are loaded then).
   */
  check(
    limit: TetraLimit,
    count: number,
    found: (count: string) => string,
    per = 1,
    reckoned: () => string = () => '',
  ): void {
    const allowed = this.limits[limit] * per;
    if (count <= allowed) return;
    const shown = Math.round(count).toLocaleString('en-US');
    throw new TetrahedralizeError('limit', overTetraLimit(limit, found(shown), allowed, reckoned(), COARSER));
  }
}
