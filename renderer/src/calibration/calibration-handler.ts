/**
 * The calibration worker's message handling, apart from the worker scope so that it runs in a
 * test with a fake calibrate function: a `run` posts progress before every scene run and then
 * one result (the report and the wall time, or the error as `{ name, message }`).
 */
import type {
  CalibrationOptions,
  CalibrationProgress,
  CalibrationReport,
} from '../../../core/calibrate/index.ts';
import type { Material } from '../../../core/material/schema.ts';
import type { CalibrationCommand, CalibrationEvent } from './protocol.ts';

/** core/calibrate's calibrateMaterial, or a stand-in with its signature. */
export type Calibrate = (
  material: Material,
  options: CalibrationOptions,
  onProgress?: CalibrationProgress,
) => CalibrationReport;

export function createCalibrationHandler(
  calibrate: Calibrate,
  post: (event: CalibrationEvent) => void,
  nowMs: () => number = () => performance.now(),
): (command: CalibrationCommand) => void {
  let ran = false;
  return (command) => {
    if (command?.type !== 'run') {
      post(failure('Error', `The calibration worker got an unknown command: ${describe(command)}`));
      return;
    }
    if (ran) {
      // One run per worker: the client starts a fresh worker for each.
      post(failure('Error', 'The calibration worker runs one calibration; start a new worker for another.'));
      return;
    }
    ran = true;
    const { material, solidModel, frameDtS, substeps } = command.request;
    const started = nowMs();
    try {
      const report = calibrate(material, { substeps, frameDtS, solidModel }, (done, total, label) =>
        post({ type: 'progress', done, total, label }),
      );
      post({ type: 'result', ok: true, report, seconds: (nowMs() - started) / 1000 });
    } catch (error) {
      post(error instanceof Error ? failure(error.name, error.message) : failure('Error', String(error)));
    }
  };
}

function failure(name: string, message: string): CalibrationEvent {
  return { type: 'result', ok: false, error: { name, message } };
}

function describe(command: unknown): string {
  const type = (command as { type?: unknown } | null)?.type;
  return typeof type === 'string' ? `'${type}'` : String(command);
}
