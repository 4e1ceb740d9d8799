import { describe, expect, test } from 'vitest';
import { STIFFNESS_DEVIATION_LIMIT, statsRows } from '../../../renderer/src/views/stats-rows.ts';

const input = {
  fps: 59.94,
  simMsPerFrame: 1.234,
  particleCount: 12345,
  constraintCount: 678,
  substeps: 15,
  kernels: 'wasm' as const,
  metrics: [
    { name: 'soft block', resolution: 0.1 },
    { name: 'cloth', resolution: 0.5 },
  ],
};

describe('stats overlay rows', () => {
  test('show speed, world size, substeps and each body r; r above 0.25 warns and says why', () => {
    const rows = statsRows(input);
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['fps', '59.9'],
      ['sim ms / frame', '1.23'],
      ['particles', '12,345'],
      ['constraints', '678'],
      ['substeps', '15'],
      ['kernels', 'WebAssembly'],
      ['r soft block', '0.100'],
      ['r cloth', '0.500'],
    ]);
    expect(rows[6].warning).toBeUndefined();
    expect(rows[7].warning).toBe(true);
    expect(rows[7].note).toBe(
      'cloth: r > 0.25, the preview is softer than the material (by roughly r² ≈ 25%); add substeps or use a coarser mesh',
    );
    const coarse = statsRows({ ...input, metrics: [{ name: 'cloth', resolution: 7.7 }] });
    expect(coarse[6].note).toBe(
      'cloth: r > 0.25, the preview is softer than the material (by far: r ≥ 1); add substeps or use a coarser mesh',
    );
  });

  test('with the predicted E_eff/E the warning goes both ways with one threshold, saying which way and how much', () => {
    const rows = (ratio: number | null, resolution = 0.5) =>
      statsRows({ ...input, metrics: [{ name: 'jelly', resolution }], stiffnessRatios: [ratio] })[6];
    expect(rows(0.88).note).toBe(
      'jelly: the preview is 12% softer than the material (E_eff/E ≈ 0.88, r = 0.50); add substeps or use a coarser mesh',
    );
    expect(rows(1.09).note).toBe(
      'jelly: the preview is 9% stiffer than the material (E_eff/E ≈ 1.09, r = 0.50); add substeps or use a coarser mesh',
    );
    // The same limit either way: 6.25% (r = 0.25 squared).
    expect(rows(1 - STIFFNESS_DEVIATION_LIMIT * 0.9).warning).toBeUndefined();
    expect(rows(1 + STIFFNESS_DEVIATION_LIMIT * 0.9).warning).toBeUndefined();
    expect(rows(1 - STIFFNESS_DEVIATION_LIMIT * 1.1).warning).toBe(true);
    expect(rows(1 + STIFFNESS_DEVIATION_LIMIT * 1.1).warning).toBe(true);
    // Compensated to the material: a large r alone is no warning.
    expect(rows(1, 0.9).warning).toBeUndefined();
  });

  test('before the first frame the figures are dashes and no body is listed', () => {
    const rows = statsRows({ ...input, fps: null, simMsPerFrame: null, metrics: null, kernels: null });
    expect(rows.map((r) => r.value)).toEqual(['—', '—', '12,345', '678', '15', '—']);
  });

  test('the JS fallback is named as such', () => {
    const rows = statsRows({ ...input, kernels: 'js' });
    expect(rows.find((r) => r.key === 'kernels')?.value).toBe('JavaScript (fallback)');
  });
});
