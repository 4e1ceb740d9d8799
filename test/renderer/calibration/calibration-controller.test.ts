import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  CalibrationFailure,
  type CalibrationOutcome,
  type CalibrationProgressListener,
  type CalibrationRun,
} from '../../../renderer/src/calibration/calibration-client.ts';
import {
  CANCELLED_NOTICE,
  CalibrationController,
} from '../../../renderer/src/calibration/calibration-controller.ts';
import { initialCalibrationState, shownResult } from '../../../renderer/src/calibration/calibration-state.ts';
import { calibrationSubject } from '../../../renderer/src/calibration/calibration-subject.ts';
import type { CalibrationRequest } from '../../../renderer/src/calibration/protocol.ts';
import { createStore } from '../../../renderer/src/state/store.ts';
import { solidReport } from './fake-report.ts';

/** A run the test finishes by hand. */
interface FakeRun extends CalibrationRun {
  request: CalibrationRequest;
  progress: CalibrationProgressListener;
  resolve(outcome: CalibrationOutcome): void;
  reject(error: CalibrationFailure): void;
  cancelled: boolean;
}

function setup() {
  const runs: FakeRun[] = [];
  const store = createStore(initialCalibrationState());
  const controller = new CalibrationController(store, (request, progress) => {
    let resolve!: FakeRun['resolve'];
    let reject!: FakeRun['reject'];
    const result = new Promise<CalibrationOutcome>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const run: FakeRun = {
      request,
      progress,
      result,
      resolve,
      reject,
      cancelled: false,
      cancel() {
        run.cancelled = true;
        reject(new CalibrationFailure('CalibrationCancelled', 'Calibration was cancelled.', true));
      },
    };
    runs.push(run);
    return run;
  });
  const subject = calibrationSubject(parseScene(defaultSceneJson), 0);
  if (!subject.ok) throw new Error(subject.reason);
  return { runs, store, controller, subject };
}

const report = solidReport({ bar: { 15: 0.97 }, cantilever: { 15: 1.1 } });

describe('calibration controller', () => {
  test('runs the subject, folds its progress in and keeps the report under the subject key', async () => {
    const { runs, store, controller, subject } = setup();
    const done = controller.start(subject);
    expect(runs[0].request).toBe(subject.request);
    runs[0].progress(4, 10, 'cantilever, 5 substeps');
    expect(store.get().phase).toMatchObject({ kind: 'running', done: 4, total: 10 });
    runs[0].resolve({ report, seconds: 2.5 });
    await done;
    expect(shownResult(store.get())).toEqual({
      key: subject.key,
      bodyName: 'soft block',
      sceneSubsteps: 15,
      report,
      seconds: 2.5,
    });
  });

  test('cancel ends the run and says so; the earlier result comes back', async () => {
    const { runs, store, controller, subject } = setup();
    const first = controller.start(subject);
    runs[0].resolve({ report, seconds: 1 });
    await first;
    const earlier = shownResult(store.get());
    const second = controller.start(subject);
    controller.cancel();
    await second;
    expect(runs[1].cancelled).toBe(true);
    expect(store.get().notice).toBe(CANCELLED_NOTICE);
    expect(store.get().phase).toEqual({ kind: 'done', result: earlier });
  });

  test('a failure is shown with its message', async () => {
    const { runs, store, controller, subject } = setup();
    const done = controller.start(subject);
    runs[0].reject(new CalibrationFailure('CalibrationOptionError', 'needs at least one substep count'));
    await done;
    expect(store.get().notice).toBe('Calibration failed: needs at least one substep count');
    expect(store.get().phase.kind).toBe('idle');
  });

  test('starting again drops the run going; its end is ignored', async () => {
    const { runs, store, controller, subject } = setup();
    const first = controller.start(subject);
    const second = controller.start(subject);
    expect(runs[0].cancelled).toBe(true);
    await first;
    expect(store.get().notice).toBeNull();
    expect(store.get().phase).toMatchObject({ kind: 'running', runId: 2 });
    runs[1].resolve({ report, seconds: 1 });
    await second;
    expect(store.get().phase.kind).toBe('done');
  });
});
