/**
 * The simulation worker's solver team (core/sim/wasm/solver-team.ts): where the page is
 * cross-origin isolated (COOP/COEP, so a SharedArrayBuffer can be posted) and the machine has more
 * than one core, helper workers that solve chunks of each world's big colours beside the
 * simulation worker, with the same floats as it alone. Elsewhere none: the worker steps alone.
 */
import { sharedMemoryAvailable } from '../../../core/sim/wasm/shared-memory.ts';
import type { SolverHelper } from '../../../core/sim/wasm/solver-team.ts';

/** Helpers at most: colours of a few thousand constraints gain little from more threads. */
const MAX_HELPERS = 3;

/** Threads of the solver team here: 1 where memory cannot be shared or the machine has one core. */
export function solverThreads(): number {
  if (!sharedMemoryAvailable()) return 1;
  const cores =
    (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(MAX_HELPERS + 1, cores));
}

/** `threads` − 1 helper workers, kept for every world the simulation worker builds. */
export function startSolverHelpers(threads: number): SolverHelper[] {
  return Array.from(
    { length: threads - 1 },
    () => new Worker(new URL('./solver-helper-worker.ts', import.meta.url), { type: 'module' }),
  );
}
