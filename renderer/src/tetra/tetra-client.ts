/**
 * Runs one tetrahedralization in a worker of its own (started per run, ended after). A worker
 * can be started ahead (prepareTetraWorker, when a mesh is opened): loading its module takes a
 * few hundred ms on a busy machine, which the first run then does not wait for.
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

/** A worker started ahead and not yet given a run. */
let spare: Worker | null = null;

const newWorker = () => new Worker(new URL('./tetra-worker.ts', import.meta.url), { type: 'module' });

/** Starts a worker for the next run, unless one is already waiting. */
export function prepareTetraWorker(): void {
  spare ??= newWorker();
}

export function startTetrahedralization(
  mesh: TriMesh,
  options: TetraRunOptions,
  onProgress: ProgressListener,
): TetraRun {
  const worker = spare ?? newWorker();
  spare = null;
  let settled = false;
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;
  let settle: { resolve(view: TetView): void; reject(error: TetraFailure): void };
  const result = new Promise<TetView>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (outcome: { view: TetView } | { error: TetraFailure }) => {
    if (settled) return;
    settled = true;
    clearTimeout(cancelTimer);
    worker.terminate();
    if ('view' in outcome) settle.resolve(outcome.view);
    else settle.reject(outcome.error);
  };
  worker.addEventListener('message', (event: MessageEvent<TetraEvent>) => {
    const message = event.data;
    if (message.type === 'progress') {
      if (!settled) onProgress(message.fraction, message.stage);
      return;
    }
    if (message.ok) finish({ view: message.result });
    else {
      const { name, reason, message: text } = message.error;
      finish({ error: new TetraFailure(name, reason, text) });
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const text = `The tetrahedralization worker failed: ${event.message || 'unknown error'}`;
    finish({ error: new TetraFailure('Error', 'failed', text) });
  });
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
      worker.postMessage({ type: 'cancel' } satisfies TetraCommand);
      cancelTimer = setTimeout(
        () =>
          finish({
            error: new TetraFailure('TetrahedralizeError', 'cancelled', 'Tetrahedralization was cancelled.'),
          }),
        CANCEL_GRACE_MS,
      );
    },
  };
}
