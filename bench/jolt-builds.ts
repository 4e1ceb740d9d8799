/**
 * Loading the jolt-physics@1.1.0 WebAssembly builds under Node 20, for the `sim` benchmark.
 *
 * - default: `jolt-physics` (the wasm-compat bundle: single-threaded, no SIMD).
 * - simd: the package ships SIMD only in its multithreaded builds (`wasm-multithread`). Their
 *   pthread pool (16 Node worker threads, created while the module initialises) never starts
 *   under Node (see jolt-pthread-worker.mjs), so `Worker` is replaced while the module loads by a
 *   class that starts each worker from jolt-pthread-worker.mjs instead. With
 *   `mMaxWorkerThreads = 0` the job system runs every job on the calling thread: that is the
 *   single-threaded SIMD measurement; more worker threads give the multithreaded one.
 */
import { Worker as NodeWorker, type WorkerOptions } from 'node:worker_threads';
import type JoltModule from 'jolt-physics';

export type Jolt = typeof JoltModule;

export type JoltBuildName = 'default' | 'simd';

export async function loadJolt(build: JoltBuildName): Promise<Jolt> {
  if (build === 'default') {
    const factory = (await import('jolt-physics')).default;
    return factory();
  }
  const factory = (await import('jolt-physics/wasm-multithread')).default;
  const entry = new URL('./jolt-pthread-worker.mjs', import.meta.url);
  class PthreadWorker extends NodeWorker {
    constructor(_bundleUrl: URL | string, options?: WorkerOptions) {
      super(entry, options);
    }
  }
  const previous = Object.getOwnPropertyDescriptor(globalThis, 'Worker');
  // The bundle assigns Node's Worker to globalThis.Worker on start: ignore that assignment.
  Object.defineProperty(globalThis, 'Worker', {
    configurable: true,
    get: () => PthreadWorker,
    set: () => {},
  });
  try {
    return await factory();
  } finally {
    // Pool workers are all created during initialisation; later threads reuse them.
    if (previous) Object.defineProperty(globalThis, 'Worker', previous);
    else Reflect.deleteProperty(globalThis, 'Worker');
  }
}
