import { describe, expect, test } from 'vitest';
import {
  amount,
  resolutionLine,
  sceneLabel,
  sceneQuantity,
  sweepOf,
  tableRows,
  verdictText,
} from '../../../renderer/src/calibration/verdict.ts';
import { solidReport } from './fake-report.ts';

const report = () =>
  solidReport({
    bar: { 5: 0.758, 10: 1.075, 20: 0.97, 40: 1.004 },
    cantilever: { 5: 0.813, 10: 1.16, 20: 1.139, 40: 1.133 },
  });

describe('calibration verdict', () => {
  test('leads with the bar and says how much softer the preview is, then the cantilever', () => {
    expect(verdictText(report(), 20)).toBe(
      'At 20 substeps the preview is 3% softer than the material (bar); cantilever: 14% stiffer',
    );
  });

  test('within 1% the preview matches the material', () => {
    expect(verdictText(report(), 40)).toBe(
      'At 40 substeps the preview is within 1% of the material (bar); cantilever: 13% stiffer',
    );
  });

  test('a run that blew up and one still moving are said so', () => {
    const r = report();
    const bar = r.scenes.find((row) => row.scene === 'hanging-bar' && row.substeps === 5);
    const cantilever = r.scenes.find((row) => row.scene === 'cantilever' && row.substeps === 5);
    if (!bar || !cantilever) throw new Error('fixture lacks the 5-substep rows');
    bar.simulated = Number.NaN;
    bar.effectiveYoungModulusPa = Number.NaN;
    cantilever.settled = false;
    expect(verdictText(r, 5)).toBe(
      'At 5 substeps the bar run blew up (NaN); cantilever: 19% softer, still moving at the time limit',
    );
  });

  test('a substep count that was not run gives no verdict', () => {
    expect(verdictText(report(), 15)).toBe('No calibration run at 15 substeps.');
  });

  test('amount rounds to whole percent and names the direction', () => {
    expect(amount(0.758)).toBe('24% softer');
    expect(amount(1.5)).toBe('50% stiffer');
    expect(amount(0.995)).toBe('within 1%');
    expect(amount(1.012)).toBe('1% stiffer');
  });

  test('scene names and quantities depend on the material kind', () => {
    expect(sceneLabel('hanging-bar', 'solid')).toBe('bar');
    expect(sceneLabel('cantilever', 'solid')).toBe('cantilever');
    expect(sceneLabel('cantilever', 'cloth')).toBe('cloth cantilever');
    expect(sceneLabel('hanging-cloth', 'cloth')).toBe('hanging cloth');
    expect(sceneQuantity('hanging-bar', 'solid')).toBe('elongation');
    expect(sceneQuantity('hanging-cloth', 'cloth')).toBe('cloth sag');
    expect(sceneQuantity('cantilever', 'cloth')).toBe('tip deflection');
  });
});

describe('calibration table and sweep', () => {
  test('the table has one row per scene at the chosen substeps, with sim/analytic and E_eff/E', () => {
    const rows = tableRows(report(), 10);
    expect(rows.map((r) => r.label)).toEqual(['bar', 'cantilever']);
    expect(rows[0].stiffnessRatio).toBeCloseTo(1.075, 12);
    expect(rows[0].ratio).toBeCloseTo(1 / 1.075, 12);
    expect(rows[0].simulatedM).toBeCloseTo(2e-4 / 1.075, 15);
    expect(rows[0].analyticM).toBe(2e-4);
    expect(rows[1].quantity).toBe('tip deflection');
  });

  test('the sweep lists the substep counts ascending with NaN where a scene has no run', () => {
    const r = solidReport({ bar: { 40: 1, 5: 0.8, 10: 0.9 }, cantilever: { 5: 0.7, 40: 1.1 } });
    const sweep = sweepOf(r);
    expect(sweep.substeps).toEqual([5, 10, 40]);
    expect(sweep.series[0]).toEqual({
      label: 'bar',
      stiffnessRatios: [0.8, 0.9, 1],
      resolutions: [0.8, 0.4, 0.1],
    });
    expect(sweep.series[1].label).toBe('cantilever');
    expect(sweep.series[1].stiffnessRatios[0]).toBeCloseTo(0.7, 12);
    expect(sweep.series[1].stiffnessRatios[1]).toBeNaN();
    expect(sweep.series[1].resolutions[1]).toBeNaN();
  });

  test("the resolution line gives each scene's r at the chosen substeps and, when known, the body's", () => {
    // The fixture's r is 4/substeps.
    expect(resolutionLine(report(), 20, { name: 'soft block', resolution: 0.1854 })).toBe(
      'r at 20 substeps: bar 0.200, cantilever 0.200; soft block itself 0.185 (well resolved at r ≤ 0.25)',
    );
    expect(resolutionLine(report(), 40, null)).toBe(
      'r at 40 substeps: bar 0.100, cantilever 0.100 (well resolved at r ≤ 0.25)',
    );
  });
});
