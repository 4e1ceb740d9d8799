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

/**
 * How long a body must stay as it is before it is timed, ms. Timing runs the body in our engine
 * and in the runtime on a core of its own for a second or more; a body just added is often
 * replaced at once (the coarse preview of a mesh by its refined mesh) or still being edited, and
 * its first frames and its refinement need the cores more than the readout does.
 */
export const FRAME_COST_SETTLE_MS = 1500;

/** Starts `callback` after `delayMs`; returns its cancel. Replaceable in tests. */
export type Schedule = (callback: () => void, delayMs: number) => () => void;

const scheduleTimeout: Schedule = (callback, delayMs) => {
  const handle = setTimeout(callback, delayMs);
  return () => clearTimeout(handle);
};

export class FrameCostClient {
  private readonly cache = new Map<string, FrameCostState>();
  private pending: { key: string; cancel(): void } | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly run: RunFrameCost = runInWorker,
    private readonly settleMs = FRAME_COST_SETTLE_MS,
    private readonly schedule: Schedule = scheduleTimeout,
    /**
     * While progressive bodies refine in the background (Editor.pendingRefinements), a promise
     * that settles once none does; null when none does. A settled request waits for it: the
     * refinement needs the core the timing would take (the files opened meanwhile too).
     */
    private readonly refining: () => Promise<void> | null = () => null,
  ) {}

  /**
   * The state of `request`'s measurement; when nothing is cached for it, starts it once the request
   * has stayed the latest for `settleMs` (a newer request replaces it before it starts).
   */
  state(request: FrameCostRequest): FrameCostState {
    const key = costKey(request);
    const known = this.cache.get(key);
    if (known) return known;
    if (this.pending?.key === key) return { status: 'measuring' };
    this.pending?.cancel();
    if (this.settleMs <= 0) {
      this.start(key, request);
      return { status: 'measuring' };
    }
    const pending = { key, cancel: () => {} };
    const begin = () => {
      // Replaced or released meanwhile.
      if (this.pending !== pending) return;
      const refining = this.refining();
      if (refining) void refining.then(begin);
      else this.start(key, request);
    };
    pending.cancel = this.schedule(begin, this.settleMs);
    this.pending = pending;
    return { status: 'measuring' };
  }

  private start(key: string, request: FrameCostRequest): void {
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
  }

  /**
   * Nothing shows a readout any more (a mesh is open, no body is selected): the pending
   * measurement, scheduled or running, stops instead of taking a core from what the user does
   * next (timing runs the body for a second or more). Asked for again, it starts over.
   */
  release(): void {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    if (this.cache.get(pending.key)?.status === 'measuring') this.cache.delete(pending.key);
    pending.cancel();
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
