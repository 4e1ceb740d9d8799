import { describe, expect, test } from 'vitest';
import {
  type CalibrationTarget,
  initialCalibrationState,
  isStale,
  progressFraction,
  shownResult,
  withOpen,
  withProgress,
  withResult,
  withRunEnded,
  withStarted,
} from '../../../renderer/src/calibration/calibration-state.ts';
import { solidReport } from './fake-report.ts';

const target = (key: string): CalibrationTarget => ({ key, bodyName: 'soft block', sceneSubsteps: 15 });
const report = solidReport({ bar: { 5: 0.8, 15: 1 }, cantilever: { 5: 0.9, 15: 1.1 } });

describe('calibration state', () => {
  test('opens and closes; the same value changes nothing', () => {
    const s0 = initialCalibrationState();
    expect(s0.open).toBe(false);
    const s1 = withOpen(s0, true);
    expect(s1.open).toBe(true);
    expect(withOpen(s1, true)).toBe(s1);
  });

  test('a run goes from starting through progress to a result keyed to its target', () => {
    let s = withStarted(initialCalibrationState(), 1, target('a'));
    expect(s.phase).toMatchObject({ kind: 'running', runId: 1, done: 0, total: 0, label: 'starting' });
    expect(progressFraction(s)).toBe(0);
    s = withProgress(s, 1, 3, 10, 'cantilever, 5 substeps');
    expect(s.phase).toMatchObject({ done: 3, total: 10, label: 'cantilever, 5 substeps' });
    expect(progressFraction(s)).toBeCloseTo(0.3, 12);
    s = withResult(s, 1, report, 3.9);
    expect(s.phase.kind).toBe('done');
    const result = shownResult(s);
    expect(result).toEqual({ key: 'a', bodyName: 'soft block', sceneSubsteps: 15, report, seconds: 3.9 });
    expect(progressFraction(s)).toBe(0);
  });

  test('progress and results of a replaced run are dropped', () => {
    const first = withStarted(initialCalibrationState(), 1, target('a'));
    const second = withStarted(first, 2, target('b'));
    expect(withProgress(second, 1, 5, 10, 'x')).toBe(second);
    expect(withResult(second, 1, report, 1)).toBe(second);
    expect(withRunEnded(second, 1, 'failed')).toBe(second);
  });

  test('the previous result stays shown during a new run and comes back when it is cancelled', () => {
    const done = withResult(withStarted(initialCalibrationState(), 1, target('a')), 1, report, 2);
    const previous = shownResult(done);
    const running = withStarted(done, 2, target('b'));
    expect(shownResult(running)).toBe(previous);
    const ended = withRunEnded(running, 2, 'Calibration cancelled.');
    expect(ended.phase).toEqual({ kind: 'done', result: previous });
    expect(ended.notice).toBe('Calibration cancelled.');
    // The next run clears the notice.
    expect(withStarted(ended, 3, target('a')).notice).toBeNull();
  });

  test('a failed first run goes back to idle with its notice', () => {
    const ended = withRunEnded(
      withStarted(initialCalibrationState(), 1, target('a')),
      1,
      'Calibration failed: x',
    );
    expect(ended.phase).toEqual({ kind: 'idle' });
    expect(ended.notice).toBe('Calibration failed: x');
    expect(shownResult(ended)).toBeNull();
  });

  test('a result is stale for any other key, and when nothing can be calibrated', () => {
    const result = shownResult(
      withResult(withStarted(initialCalibrationState(), 1, target('a')), 1, report, 1),
    );
    if (!result) throw new Error('no result');
    expect(isStale(result, 'a')).toBe(false);
    expect(isStale(result, 'b')).toBe(true);
    expect(isStale(result, null)).toBe(true);
  });
});
