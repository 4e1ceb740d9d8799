/**
 * A helper of the simulation worker's solver team (core/sim/wasm/solver-team.ts): posted a world's
 * shared kernel memory, it solves chunks of the big colours beside the simulation worker until
 * that world lets it go, then waits for the next world. Started by solver-helpers.ts only where the
 * page is cross-origin isolated (a SharedArrayBuffer can be posted).
 */
import { isSolverHelperInit, runSolverHelper } from '../../../core/sim/wasm/solver-helper.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
}

(globalThis as unknown as WorkerScope).addEventListener('message', (event) => {
  if (isSolverHelperInit(event.data)) runSolverHelper(event.data);
});
