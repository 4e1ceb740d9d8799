/**
 * Runs the calibration panel's work: starts a worker run for the current subject, folds its
 * progress and report into the panel's state, and cancels it. The document is never changed.
 */
import type { Store } from '../state/store.ts';
import type {
  CalibrationFailure,
  CalibrationOutcome,
  CalibrationProgressListener,
  CalibrationRun,
} from './calibration-client.ts';
import {
  type CalibrationState,
  withProgress,
  withResult,
  withRunEnded,
  withStarted,
} from './calibration-state.ts';
import type { CalibrationSubject } from './calibration-subject.ts';
import type { CalibrationRequest } from './protocol.ts';

export type StartCalibration = (
  request: CalibrationRequest,
  onProgress: CalibrationProgressListener,
) => CalibrationRun;

export const CANCELLED_NOTICE = 'Calibration cancelled; the previous result (if any) is kept.';

export class CalibrationController {
  private current: CalibrationRun | null = null;
  private runCount = 0;

  constructor(
    private readonly store: Store<CalibrationState>,
    private readonly startRun: StartCalibration,
  ) {}

  /** Calibrates `subject`; a run already going is dropped first. */
  async start(subject: Extract<CalibrationSubject, { ok: true }>): Promise<void> {
    this.dropRun();
    const runId = ++this.runCount;
    const { key, bodyName, sceneSubsteps } = subject;
    this.store.update((s) => withStarted(s, runId, { key, bodyName, sceneSubsteps }));
    const run = this.startRun(subject.request, (done, total, label) =>
      this.store.update((s) => withProgress(s, runId, done, total, label)),
    );
    this.current = run;
    let outcome: CalibrationOutcome;
    try {
      outcome = await run.result;
    } catch (error) {
      // A run replaced by a newer one ends without a word.
      if (this.current !== run) return;
      this.current = null;
      const failure = error as CalibrationFailure;
      const notice = failure.cancelled ? CANCELLED_NOTICE : `Calibration failed: ${failure.message}`;
      this.store.update((s) => withRunEnded(s, runId, notice));
      return;
    }
    if (this.current !== run) return;
    this.current = null;
    this.store.update((s) => withResult(s, runId, outcome.report, outcome.seconds));
  }

  /** Stops the run in progress, if any; its end then says it was cancelled. */
  cancel(): void {
    this.current?.cancel();
  }

  /** Stops the current run so that its end is ignored. */
  private dropRun(): void {
    const running = this.current;
    this.current = null;
    running?.cancel();
  }
}
