/**
 * When a solver team (solver-team.ts) solves its divided runs alone after a stall: a wait for a
 * helper's chunk longer than STALL_MS, and longer than the stepping thread took for its own chunks
 * of the run, means the machine took the core from the helper in the middle of its chunk (a
 * colour's chunk takes some 10–200 µs on a free core, a dissected block's subtree up to a few ms):
 * on a busy machine the stepping thread would wait a whole time slice for it at every such run, so
 * it solves the divided runs alone (the same floats) for FIRST_BACKOFF_MS after a first stall, twice
 * as long after each stall that follows within CLEAN_RUNS of the team working again, up to
 * MAX_BACKOFF_MS. Measured in time, not in runs: a dissected block's run is some 50 times a
 * colour's, and a one-off stall (a garbage collector's thread taking the core) should cost a few ms
 * of one thread, not a few frames.
 *
 * The back-off is forgotten when the team steps again after frames alone (`forget`): its stalls
 * were seen before those frames, and a back-off grown on them would solve the team's first frames
 * alone but in name, so that the team chooser (team-chooser.ts) judges the team by frames it did
 * not step.
 */
export const STALL_MS = 0.5;
export const FIRST_BACKOFF_MS = 4;
export const MAX_BACKOFF_MS = 512;
export const CLEAN_RUNS = 256;

export class StallBackoff {
  /** Until when divided runs are solved alone (clock ms), the next back-off, and runs since the last stall. */
  private aloneUntilMs = -Infinity;
  private backoffMs = FIRST_BACKOFF_MS;
  private clean = 0;
  /** Stalls seen since this was made. */
  stalls = 0;

  /** Whether divided runs are solved alone at `nowMs`. */
  backingOff(nowMs: number): boolean {
    return nowMs < this.aloneUntilMs;
  }

  /**
   * After a divided run solved with the team, at `nowMs`: `waitedMs` for the helpers' chunks once
   * the stepping thread slept (0 if it never did), `ownMs` for its own chunks.
   */
  record(nowMs: number, waitedMs: number, ownMs: number): void {
    if (waitedMs <= Math.max(STALL_MS, ownMs)) {
      if (++this.clean >= CLEAN_RUNS) this.backoffMs = FIRST_BACKOFF_MS;
      return;
    }
    this.stalls++;
    this.aloneUntilMs = nowMs + this.backoffMs;
    this.backoffMs = Math.min(MAX_BACKOFF_MS, 2 * this.backoffMs);
    this.clean = 0;
  }

  /** Ends any back-off and starts the next at FIRST_BACKOFF_MS. */
  forget(): void {
    this.aloneUntilMs = -Infinity;
    this.backoffMs = FIRST_BACKOFF_MS;
    this.clean = 0;
  }
}
