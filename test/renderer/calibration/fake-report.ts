/** Calibration reports built by hand for the panel's tests (no engine runs). */
import type { CalibrationReport, CalibrationRow, CalibrationSetup } from '../../../core/calibrate/index.ts';

const E = 100_000;

function setup(scene: CalibrationSetup['scene'], analytic: number): CalibrationSetup {
  return {
    scene,
    description: `${scene} of test size`,
    formula: 'f',
    cellM: 0.01,
    lengthM: 0.1,
    gravityMPerS2: 1,
    analytic,
    unit: 'm',
    fundamentalRadPerS: 100,
    resolutionDefinition: 'h·c/l',
  };
}

/**
 * A solid report: the bar and the cantilever, each at the given substep counts with the given
 * E_eff/E (simulated = analytic / ratio).
 */
export function solidReport(ratios: {
  bar: Record<number, number>;
  cantilever: Record<number, number>;
}): CalibrationReport {
  const setups = [setup('hanging-bar', 2e-4), setup('cantilever', 5e-3)];
  const scenes: CalibrationRow[] = [];
  for (const s of setups) {
    const table = s.scene === 'hanging-bar' ? ratios.bar : ratios.cantilever;
    for (const [n, ratio] of Object.entries(table)) {
      const simulated = s.analytic / ratio;
      scenes.push({
        scene: s.scene,
        substeps: Number(n),
        simulated,
        analytic: s.analytic,
        unit: 'm',
        relativeError: (simulated - s.analytic) / s.analytic,
        resolution: 4 / Number(n),
        effectiveYoungModulusPa: E * ratio,
        settled: true,
        simulatedS: 1,
      });
    }
  }
  return {
    material: 'soft block',
    kind: 'solid',
    youngModulusPa: E,
    compensation: 'off',
    frameDtS: 1 / 60,
    setups,
    skipped: [{ scene: 'hanging-cloth', reason: 'a solid' }],
    scenes,
  };
}
