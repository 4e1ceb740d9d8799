import { describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';
import type { CalibrationReport } from '../../core/calibrate/index.ts';

/**
 * A calibration row whose run came to rest exactly at rest (simulated 0 m) has a finite
 * displacement and an infinite E_eff = E·analytic/simulated: every figure of the rows is checked,
 * not only the displacement. The engine's runs are replaced by that report here.
 */
vi.mock('../../core/calibrate/index.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../core/calibrate/index.ts')>();
  const report: CalibrationReport = {
    material: 'natural-rubber',
    kind: 'solid',
    youngModulusPa: 1e6,
    frameDtS: 1 / 60,
    compensation: 'auto',
    setups: [
      {
        scene: 'hanging-bar',
        description: 'a bar',
        formula: 'ρgL²/(2E)',
        cellM: 0.05,
        lengthM: 1,
        gravityMPerS2: 9.81,
        analytic: 1e-3,
        unit: 'm',
        fundamentalRadPerS: 10,
        resolutionDefinition: 'h·c/l',
      },
    ],
    skipped: [],
    scenes: [5, 10].map((substeps) => ({
      scene: 'hanging-bar' as const,
      substeps,
      simulated: substeps === 10 ? 0 : 1e-3,
      analytic: 1e-3,
      unit: 'm' as const,
      relativeError: substeps === 10 ? -1 : 0,
      resolution: 0.1,
      effectiveYoungModulusPa: substeps === 10 ? Infinity : 1e6,
      settled: true,
      simulatedS: 2,
    })),
  };
  return { ...original, calibrateMaterial: () => report };
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('softbody calibrate with a non-finite figure', () => {
  it('prints the table, then fails with 1 naming the figure, the scene and the substeps', async () => {
    const { io, out, err } = capture();
    expect(await main(['calibrate', '--material', 'natural-rubber', '--substeps', '5,10'], io)).toBe(1);
    expect(out.join('\n')).toMatch(/hanging-bar: a bar/);
    expect(err).toEqual([
      'softbody calibrate: /scenes/1/effectiveYoungModulusPa is not a finite number (hanging-bar at 10 substeps): ' +
        'the run diverged; see the table',
    ]);
  });
});
