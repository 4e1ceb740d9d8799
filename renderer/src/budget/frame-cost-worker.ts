/**
 * Worker that times a body per frame (core/budget/frame-cost.ts), here and in Jolt (jolt-physics
 * and the loader game teams copy, runtime/jolt/loader.mjs), so the seconds it takes never block
 * the UI thread. Jolt is loaded on the first request only.
 */
import initJolt from 'jolt-physics';
import type { RuntimeFrameTimer } from '../../../core/budget/frame-cost.ts';
import { createJoltFrameTimer } from '../../../core/budget/jolt-frame-timer.ts';
import * as loader from '../../../runtime/jolt/loader.mjs';
import { createFrameCostHandler } from './frame-cost-handler.ts';
import type { FrameCostCommand, FrameCostEvent } from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: FrameCostEvent): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<FrameCostCommand>) => void): void;
}

let jolt: Promise<RuntimeFrameTimer> | undefined;
const runtime = () => {
  jolt ??= initJolt().then((module) => createJoltFrameTimer(module, loader));
  return jolt;
};

const scope = globalThis as unknown as WorkerScope;
const handle = createFrameCostHandler(runtime, (event) => scope.postMessage(event));
scope.addEventListener('message', (event) => void handle(event.data));
