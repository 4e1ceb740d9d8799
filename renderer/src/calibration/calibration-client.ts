/** Runs one calibration in a worker of its own (started per run, ended after or on cancel). */
import type { CalibrationReport } from '../../../core/calibrate/index.ts';
import type { CalibrationCommand, CalibrationEvent, CalibrationRequest } from './protocol.ts';

/** A calibration that produced no report; `cancelled` when the user stopped it. */
export class CalibrationFailure extends Error {
  constructor(
    override readonly name: string,
    message: string,
    readonly cancelled = false,
  ) {
    super(message);
  }
}

export interface CalibrationOutcome {
  report: CalibrationReport;
  /** Wall time in the worker, s. */
  seconds: number;
}

export interface CalibrationRun {
  /** The report, or a CalibrationFailure (`cancelled` after `cancel`). */
  readonly result: Promise<CalibrationOutcome>;
  /** Ends the worker at once; the result then rejects as cancelled. */
  cancel(): void;
}

export type CalibrationProgressListener = (done: number, total: number, label: string) => void;

export const CANCELLED_MESSAGE = 'Calibration was cancelled.';

export function startCalibration(
  request: CalibrationRequest,
  onProgress: CalibrationProgressListener,
): CalibrationRun {
  const worker = new Worker(new URL('./calibration-worker.ts', import.meta.url), { type: 'module' });
  let settled = false;
  let settle: { resolve(outcome: CalibrationOutcome): void; reject(error: CalibrationFailure): void };
  const result = new Promise<CalibrationOutcome>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const finish = (outcome: { ok: CalibrationOutcome } | { error: CalibrationFailure }) => {
    if (settled) return;
    settled = true;
    worker.terminate();
    if ('ok' in outcome) settle.resolve(outcome.ok);
    else settle.reject(outcome.error);
  };
  worker.addEventListener('message', (event: MessageEvent<CalibrationEvent>) => {
    const message = event.data;
    if (message.type === 'progress') {
      if (!settled) onProgress(message.done, message.total, message.label);
      return;
    }
    if (message.ok) finish({ ok: { report: message.report, seconds: message.seconds } });
    else finish({ error: new CalibrationFailure(message.error.name, message.error.message) });
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    finish({
      error: new CalibrationFailure(
        'Error',
        `The calibration worker failed: ${event.message || 'unknown error'}`,
      ),
    });
  });
  worker.postMessage({ type: 'run', request } satisfies CalibrationCommand);
  return {
    result,
    // The worker is inside one synchronous calibration and would not read a message before it
    // ends; ending it is the only prompt stop, and it holds nothing worth keeping.
    cancel: () => finish({ error: new CalibrationFailure('CalibrationCancelled', CANCELLED_MESSAGE, true) }),
  };
}
