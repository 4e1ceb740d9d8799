/**
 * Main-thread side of the frame-cost readout: one worker per measurement (frame-cost-worker.ts),
 * results cached by what the cost depends on (the body, the solver, the colliders and the body's
 * tets), so that reselecting a body or editing its damping does not time it again. A newer request
 * ends the worker of a pending older one.
 */
import type { BodyFrameCost } from '../../../core/budget/frame-cost.ts';
import type { FrameCostCommand, FrameCostEvent, FrameCostRequest } from './protocol.ts';

export type FrameCostState =
  | { status: 'measuring' }
  | { status: 'done'; cost: BodyFrameCost }
  | { status: 'failed'; message: string };

/** Runs one request in a fresh worker; resolves with its event. Replaceable in tests. */
export type RunFrameCost = (request: FrameCostRequest) => { result: Promise<FrameCostEvent>; cancel(): void };

export const runInWorker: RunFrameCost = (request) => {
  if (typeof Worker === 'undefined') {
    const error = { name: 'Error', message: 'this page cannot start workers' };
    return { result: Promise.resolve({ type: 'result', ok: false, error }), cancel() {} };
  }
  const worker = new Worker(new URL('./frame-cost-worker.ts', import.meta.url), { type: 'module' });
  let cancel = () => {};
  const result = new Promise<FrameCostEvent>((resolve) => {
    const finish = (event: FrameCostEvent) => {
      worker.terminate();
      resolve(event);
    };
    cancel = () => finish({ type: 'result', ok: false, error: { name: 'Cancelled', message: 'cancelled' } });
    worker.addEventListener('message', (event: MessageEvent<FrameCostEvent>) => finish(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      finish({
        type: 'result',
        ok: false,
        error: {
          name: 'Error',
          message: `The frame-cost worker failed: ${event.message || 'unknown error'}`,
        },
      });
    });
  });
  worker.postMessage({ type: 'run', request } satisfies FrameCostCommand);
  return { result, cancel: () => cancel() };
};

export class FrameCostClient {
  private readonly cache = new Map<string, FrameCostState>();
  private pending: { key: string; cancel(): void } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly run: RunFrameCost = runInWorker) {}

  /** The state of `request`'s measurement; starts it when nothing is cached for it. */
  state(request: FrameCostRequest): FrameCostState {
    const key = costKey(request);
    const known = this.cache.get(key);
    if (known) return known;
    this.pending?.cancel();
    this.cache.set(key, { status: 'measuring' });
    const job = this.run(request);
    this.pending = { key, cancel: job.cancel };
    void job.result.then((event) => {
      if (this.pending?.key === key) this.pending = undefined;
      if (!event.ok && event.error.name === 'Cancelled') {
        this.cache.delete(key);
        return;
      }
      this.cache.set(
        key,
        event.ok ? { status: 'done', cost: event.cost } : { status: 'failed', message: event.error.message },
      );
      for (const listener of this.listeners) listener();
    });
    return { status: 'measuring' };
  }

  /** Calls `listener` when a measurement finishes; returns the unsubscribe. */
  watch(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  dispose(): void {
    this.pending?.cancel();
    this.listeners.clear();
  }
}

/** What a body's cost depends on: not its material's numbers, nor the budget it is read against. */
function costKey({ scene, meshes, body }: FrameCostRequest): string {
  const spec = scene.bodies.find((b) => b.name === body);
  const shape = spec?.shape;
  const mesh = shape?.type === 'mesh' ? meshes.find(([path]) => path === shape.path)?.[1] : undefined;
  return JSON.stringify({
    body: spec && { ...spec, material: undefined, dampingRatio: undefined, groups: spec.groups?.length },
    solver: scene.solver,
    gravity: scene.gravity,
    colliders: scene.colliders.length,
    tets: mesh ? [mesh.tets.length, mesh.positions.length] : null,
  });
}
