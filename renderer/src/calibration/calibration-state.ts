/**
 * State of the calibration panel, apart from the document: whether it is open, the run in
 * progress, the last result and a one-line notice (cancelled, failed). A result keeps the key of
 * the material + solver budget it was made for (calibration-subject.ts); the panel compares it
 * with the current key to call it stale. Pure transitions only; nothing here runs work.
 */
import type { CalibrationReport } from '../../../core/calibrate/index.ts';

/** The calibration a run was started for (from a CalibrationSubject). */
export interface CalibrationTarget {
  key: string;
  bodyName: string;
  sceneSubsteps: number;
}

export interface CalibrationResult extends CalibrationTarget {
  report: CalibrationReport;
  /** Wall time of the calibration in the worker, s. */
  seconds: number;
}

export type CalibrationPhase =
  | { kind: 'idle' }
  | {
      kind: 'running';
      /** Tells this run's progress and end from those of a run it replaced. */
      runId: number;
      target: CalibrationTarget;
      /** Scene runs finished and in all (total 0 until the worker reports). */
      done: number;
      total: number;
      label: string;
      /** The result shown before this run, shown again if it is cancelled or fails. */
      previous: CalibrationResult | null;
    }
  | { kind: 'done'; result: CalibrationResult };

export interface CalibrationState {
  open: boolean;
  phase: CalibrationPhase;
  /** What the last run that gave no result left to say (cancel, failure); null otherwise. */
  notice: string | null;
}

export function initialCalibrationState(): CalibrationState {
  return { open: false, phase: { kind: 'idle' }, notice: null };
}

export function withOpen(state: CalibrationState, open: boolean): CalibrationState {
  return state.open === open ? state : { ...state, open };
}

/** Run `runId` starts for `target`; the result shown so far stays until it ends. */
export function withStarted(
  state: CalibrationState,
  runId: number,
  target: CalibrationTarget,
): CalibrationState {
  return {
    ...state,
    notice: null,
    phase: {
      kind: 'running',
      runId,
      target,
      done: 0,
      total: 0,
      label: 'starting',
      previous: shownResult(state),
    },
  };
}

export function withProgress(
  state: CalibrationState,
  runId: number,
  done: number,
  total: number,
  label: string,
): CalibrationState {
  // Progress of a run that was cancelled or replaced meanwhile is dropped.
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  return { ...state, phase: { ...state.phase, done, total, label } };
}

export function withResult(
  state: CalibrationState,
  runId: number,
  report: CalibrationReport,
  seconds: number,
): CalibrationState {
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  return { ...state, phase: { kind: 'done', result: { ...state.phase.target, report, seconds } } };
}

/** Run `runId` ended without a report: back to the result before it, with `notice` to show. */
export function withRunEnded(state: CalibrationState, runId: number, notice: string): CalibrationState {
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  const { previous } = state.phase;
  return { ...state, notice, phase: previous ? { kind: 'done', result: previous } : { kind: 'idle' } };
}

/** The result to show: the last one, also while a new run goes. */
export function shownResult(state: CalibrationState): CalibrationResult | null {
  if (state.phase.kind === 'done') return state.phase.result;
  if (state.phase.kind === 'running') return state.phase.previous;
  return null;
}

/** Fraction of the scene runs done, 0…1 (0 before the worker reports its total). */
export function progressFraction(state: CalibrationState): number {
  const { phase } = state;
  if (phase.kind !== 'running' || phase.total <= 0) return 0;
  return Math.min(1, phase.done / phase.total);
}

/**
 * Whether `result` was made for another material or budget than the current one: `currentKey`
 * null (nothing calibratable selected) counts as stale too.
 */
export function isStale(result: CalibrationResult, currentKey: string | null): boolean {
  return result.key !== currentKey;
}
