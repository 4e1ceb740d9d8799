/**
 * What the Tetrahedralize panel says while a run goes: how far it is, how long it has taken
 * and, once there is enough to go on, about how long it has left; and what to offer when a run
 * stops at a limit. Pure functions, tested in Node.
 */
import { TARGET_TET_CHOICES } from './tetra-state.ts';

/** No estimate before this much of the run is done (the first stages say little of the rest). */
const ESTIMATE_FROM_FRACTION = 0.05;
/** No estimate before this much time has passed, s. */
const ESTIMATE_FROM_S = 1;

/**
 * Seconds left if the rest of the run goes at the rate so far, or null when too little has
 * happened to say. Refinement is slower per percent than sampling, so this tends to be low
 * early on; the figure is refreshed every second.
 */
export function remainingSeconds(elapsedS: number, fraction: number): number | null {
  if (!(fraction >= ESTIMATE_FROM_FRACTION) || !(elapsedS >= ESTIMATE_FROM_S) || fraction >= 1) return null;
  return (elapsedS * (1 - fraction)) / fraction;
}

/** "42% · refining · 12 s, about 16 s left" */
export function describeProgress(fraction: number, stage: string, elapsedS: number): string {
  const done = `${Math.round(100 * fraction)}% · ${stage} · ${Math.floor(elapsedS)} s`;
  const left = remainingSeconds(elapsedS, fraction);
  return left === null ? done : `${done}, about ${Math.max(1, Math.round(left))} s left`;
}

/** The target offered after a run at `targetTetCount` stopped at a limit: the next choice down, if any. */
export function coarserTarget(targetTetCount: number): number | null {
  const lower = TARGET_TET_CHOICES.filter((n) => n < targetTetCount);
  return lower.length > 0 ? lower[lower.length - 1] : null;
}
