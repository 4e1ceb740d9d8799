/** Runs one drift check in a worker of its own (started per check, ended after or on cancel). */
import type { DriftReport } from '../../../core/calibrate/drift-check.ts';
import type { DriftCommand, DriftEvent, DriftRequest } from './protocol.ts';

export interface DriftOutcome {
  report: DriftReport;
  /** Wall time in the worker, s. */
  seconds: number;
}

/** A check that produced no report: `cancelled` when the user stopped it. */
export class DriftFailure extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

export interface DriftRun {
  /** The report, or a DriftFailure (`cancelled` after `cancel`). */
  readonly result: Promise<DriftOutcome>;
  /** Ends the worker at once; the result then rejects as cancelled. */
  cancel(): void;
}

export type DriftProgressListener = (done: number, total: number, label: string) => void;

export type StartDriftCheck = (request: DriftRequest, onProgress: DriftProgressListener) => DriftRun;

export const startDriftCheck: StartDriftCheck = (request, onProgress) => {
  const worker = new Worker(new URL('./drift-worker.ts', import.meta.url), { type: 'module' });
  let settled = false;
  let settle: { resolve(outcome: DriftOutcome): void; reject(error: DriftFailure): void };
  const result = new Promise<DriftOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (outcome: { ok: DriftOutcome } | { error: DriftFailure }) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    if ('ok' in outcome) settle.resolve(outcome.ok);
    else settle.reject(outcome.error);
  };
  worker.addEventListener('message', (event: MessageEvent<DriftEvent>) => {
    const message = event.data;
    if (message.type === 'progress') {
      if (!settled) onProgress(message.done, message.total, message.label);
      return;
    }
    if (message.ok) finish({ ok: { report: message.report, seconds: message.seconds } });
    else finish({ error: new DriftFailure(message.error.name, message.error.message) });
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    finish({
      error: new DriftFailure('Error', `The drift-check worker failed: ${event.message || 'unknown error'}`),
    });
  });
  worker.postMessage({ type: 'run', request } satisfies DriftCommand);
  return {
    result,
    // The worker is inside one synchronous check and would not read a message before it ends.
    cancel: () => finish({ error: new DriftFailure('DriftCheckCancelled', 'Drift check cancelled.', true) }),
  };
};
