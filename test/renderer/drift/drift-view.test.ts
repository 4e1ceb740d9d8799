import { describe, expect, test } from 'vitest';
import { DRIFT_COLUMNS, driftRows, driftSummary, parseList } from '../../../renderer/src/drift/drift-view.ts';
import { fakeDriftReport } from './fake-drift-report.ts';

describe('drift panel view', () => {
  test('one row per run, a cell per column, each drift beyond ±5% flagged', () => {
    const rows = driftRows(fakeDriftReport());
    expect(rows.map((r) => r.cells.length)).toEqual([
      DRIFT_COLUMNS.length,
      DRIFT_COLUMNS.length,
      DRIFT_COLUMNS.length,
    ]);
    expect(rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['30', '1', '400', '50.5', '+1.0%', '0.990', '-2.0%'],
      ['60', '2', '3200', '51', '+2.0%', '0.980', '-20.0%'],
      ['120', '0.5', '50', '46', '-8.0%', '1.087', '+1.0%'],
    ]);
    expect(rows.map((r) => r.cells.map((c) => c.flagged))).toEqual([
      [false, false, false, false, false, false, false],
      [false, false, false, false, false, false, true],
      [false, false, false, false, true, true, false],
    ]);
    expect(rows.map((r) => r.flagged)).toEqual([false, true, true]);
  });

  test('sums the check up in one sentence', () => {
    const report = fakeDriftReport();
    expect(driftSummary(report)).toBe(
      "2 of 3 runs drift beyond ±5% of 'blob' as authored (60 Hz × 10 substeps).",
    );
    report.runs = report.runs.slice(0, 1);
    expect(driftSummary(report)).toBe("The run is within ±5% of 'blob' as authored (60 Hz × 10 substeps).");
  });

  test('reads the rate and resolution fields, or says what is wrong', () => {
    expect(parseList('30, 60,120', 'rates')).toEqual({ values: [30, 60, 120] });
    expect(parseList(' 0.5 1 2 1 ', 'resolutions')).toEqual({ values: [0.5, 1, 2] });
    expect(parseList('', 'rates')).toEqual({
      error: "Frame rates (Hz) must be numbers from 1 to 10000, separated by commas; got ''.",
    });
    expect(parseList('1, x', 'resolutions')).toHaveProperty('error');
    expect(parseList('100', 'resolutions')).toHaveProperty('error');
  });
});
