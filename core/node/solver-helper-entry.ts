/** Worker entry of a Node solver helper (solver-helpers.ts): joins each team it is posted. */
import { parentPort } from 'node:worker_threads';
import { isSolverHelperInit, runSolverHelper } from '../sim/wasm/solver-helper.ts';

parentPort?.on('message', (message: unknown) => {
  if (isSolverHelperInit(message)) runSolverHelper(message);
});
