/**
 * Worker that runs the drift check (core/calibrate/drift-check.ts: the scene run to rest at each
 * frame rate × resolution), so the seconds it takes never block the UI thread.
 */
import { checkDrift } from '../../../core/calibrate/drift-check.ts';
import { createDriftHandler } from './drift-handler.ts';
import type { DriftCommand, DriftEvent } from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: DriftEvent): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DriftCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const handle = createDriftHandler(checkDrift, (event) => scope.postMessage(event));
scope.addEventListener('message', (event) => handle(event.data));
