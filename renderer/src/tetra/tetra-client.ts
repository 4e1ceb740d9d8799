/**
 * Runs tetrahedralizations in workers (tetra-worker.ts), one run at a time per worker. A worker
 * that finished its run is kept for the next one (one kept at most), so that the mesher V8 has
 * compiled in it serves the next run too: Fox.glb at 11,206 tets took 500 ms in a fresh worker in
 * Chromium and 131–156 ms in one a few runs old. A cancelled or failed worker is ended. A worker can
 * be started ahead (prepareTetraWorker, when a mesh is opened): it loads its module and warms the
 * mesher up (the `warm` command) while the artist looks at the mesh, so that the first run does
 * not wait for either.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { TetrahedralizeFailure } from '../../../core/tetra/errors.ts';
import type { TetraCommand, TetraEvent, TetraRunOptions, TetView } from './protocol.ts';

/**
 * How long a cancelled run may take to notice its AbortSignal before the worker is ended
 * outright, ms (the tetrahedralizer checks it between steps; a step is well under this).
 */
const CANCEL_GRACE_MS = 3000;

/** A run that did not produce a mesh; `reason` is the TetrahedralizeError's when there was one. */
export class TetraFailure extends Error {
  constructor(
    override readonly name: string,
    readonly reason: TetrahedralizeFailure | undefined,
    message: string,
  ) {
    super(message);
  }
}

export interface TetraRun {
  /** The tet mesh, or a TetraFailure (reason 'cancelled' after `cancel`). */
  readonly result: Promise<TetView>;
  /** Asks the worker to stop; the result then rejects with reason 'cancelled'. */
  cancel(): void;
}

export type ProgressListener = (fraction: number, stage: string) => void;

/** A worker waiting for a run: started ahead, or kept from a run. */
let spare: Worker | null = null;

const newWorker = () => new Worker(new URL('./tetra-worker.ts', import.meta.url), { type: 'module' });

/** Makes `worker` the spare, or ends it where one is already waiting. */
function keep(worker: Worker): void {
  if (spare) {
    worker.terminate();
    return;
  }
  spare = worker;
  worker.onmessage = null;
  // A spare that fails is dropped: the next run starts a new one.
  worker.onerror = (event) => {
    event.preventDefault();
    worker.terminate();
    if (spare === worker) spare = null;
  };
}

/** Starts a worker for the next run, warming its mesher up, unless one is already waiting. */
export function prepareTetraWorker(): void {
  if (spare) return;
  const worker = newWorker();
  worker.postMessage({ type: 'warm' } satisfies TetraCommand);
  keep(worker);
}

export function startTetrahedralization(
  mesh: TriMesh,
  options: TetraRunOptions,
  onProgress: ProgressListener,
): TetraRun {
  const worker = spare ?? newWorker();
  spare = null;
  let settled = false;
  let cancelled = false;
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;
  let settle: { resolve(view: TetView): void; reject(error: TetraFailure): void };
  const result = new Promise<TetView>((resolve, reject) => {
    settle = { resolve, reject };
  });
  /** `reusable`: the worker answered and nothing was cancelled, so it can serve the next run. */
  const finish = (outcome: { view: TetView } | { error: TetraFailure }, reusable: boolean) => {
    if (settled) return;
    settled = true;
    clearTimeout(cancelTimer);
    if (reusable && !cancelled) keep(worker);
    else worker.terminate();
    if ('view' in outcome) settle.resolve(outcome.view);
    else settle.reject(outcome.error);
  };
  worker.onmessage = (event: MessageEvent<TetraEvent>) => {
    const message = event.data;
    if (message.type === 'progress') {
      if (!settled) onProgress(message.fraction, message.stage);
      return;
    }
    if (message.ok) finish({ view: message.result }, true);
    else {
      const { name, reason, message: text } = message.error;
      // The mesher's own refusals (no volume, a limit) leave the worker sound; anything else
      // (a bug, memory) may not have.
      finish({ error: new TetraFailure(name, reason, text) }, reason !== undefined);
    }
  };
  worker.onerror = (event) => {
    event.preventDefault();
    const text = `The tetrahedralization worker failed: ${event.message || 'unknown error'}`;
    finish({ error: new TetraFailure('Error', 'failed', text) }, false);
  };
  // Copies, transferred: the open document keeps its own arrays untouched.
  const copy: TriMesh = {
    positions: mesh.positions.slice(),
    indices: mesh.indices.slice(),
    groupIds: mesh.groupIds.slice(),
    groups: [...mesh.groups],
  };
  const run: TetraCommand = { type: 'run', mesh: copy, options };
  worker.postMessage(run, [copy.positions.buffer, copy.indices.buffer, copy.groupIds.buffer]);
  return {
    result,
    cancel() {
      if (settled) return;
      cancelled = true;
      worker.postMessage({ type: 'cancel' } satisfies TetraCommand);
      cancelTimer = setTimeout(
        () =>
          finish(
            {
              error: new TetraFailure(
                'TetrahedralizeError',
                'cancelled',
                'Tetrahedralization was cancelled.',
              ),
            },
            false,
          ),
        CANCEL_GRACE_MS,
      );
    },
  };
}
