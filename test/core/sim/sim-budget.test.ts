import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { SIMULATION_BUDGET } from '../../../core/limits.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorldFromSetup } from '../../../core/sim/build-world.ts';
import { runToRest } from '../../../core/sim/run-to-rest.ts';
import {
  checkSimulationBudget,
  estimateSimulation,
  SimulationBudgetError,
} from '../../../core/sim/sim-budget.ts';

// Counts the worlds built, to show that a refused run allocates none.
vi.mock('../../../core/sim/build-world.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../core/sim/build-world.ts')>();
  return { ...original, buildWorldFromSetup: vi.fn(original.buildWorldFromSetup) };
});

const barScene = JSON.parse(
  readFileSync(new URL('../../../docs/examples/hanging-bar.scene.json', import.meta.url), 'utf8'),
);
// 2×20×2 cells of 5 tets: 400 tets, 189 particles; 20 substeps of 1/60 s.
const bar = compileScene(parseScene(barScene));
const run = { settle: false, settleTolJPerKg: 1e-6, settleDampingPerS: 5 };

function thrown(f: () => unknown): SimulationBudgetError {
  try {
    f();
  } catch (error) {
    if (error instanceof SimulationBudgetError) return error;
    throw error;
  }
  throw new Error('expected a SimulationBudgetError');
}

describe('simulation budget', () => {
  it('estimates the constraints per kind, the projections and the bytes of a run', () => {
    const estimate = estimateSimulation(bar, 300);
    expect(estimate.particles).toBe(189);
    // 2 scalar constraints per tet; the edge damper sweeps each tet edge once.
    expect(estimate.constraintsByKind['neo-hookean']).toBe(800);
    expect(estimate.constraintProjections).toBe(
      (800 + (estimate.constraintsByKind['edge-damper'] ?? 0)) * 20 * 300,
    );
    // The world measured 0.27 MB of typed arrays for this bar (process.memoryUsage().arrayBuffers).
    expect(estimate.worldBytes).toBeGreaterThan(50_000);
    expect(estimate.worldBytes).toBeLessThan(1_000_000);
  });

  it('refuses a run of too many frames, naming the frames, the limit and its name', () => {
    const error = thrown(() => checkSimulationBudget({ ...bar, solver: { dt: 1e-5, substeps: 1 } }, 3600));
    expect(error.limit).toBe('frames');
    expect(error.estimate).toBe(360_000_000);
    expect(error.message).toBe(
      '3,600 s of simulated time at dt = 0.00001 s is 360,000,000 frames, more than the 1,000,000 allowed ' +
        '(simulation budget frames); simulate at most 10 s at this dt',
    );
  });

  it('refuses a run of too much work before building its world', () => {
    vi.mocked(buildWorldFromSetup).mockClear();
    const setup = { ...bar, solver: { dt: 1e-4, substeps: 1000 } };
    const error = thrown(() => runToRest(setup, { ...run, seconds: 10 }));
    expect(error.limit).toBe('constraintProjections');
    expect(error.estimate).toBeGreaterThan(SIMULATION_BUDGET.constraintProjections);
    expect(error.message).toMatch(
      /^100,000 frames × 1000 substeps of 189 particles \(800 neo-hookean, \d+ edge-damper\) is [\d,]+ constraint projections, more than the 10,000,000,000 allowed \(simulation budget constraintProjections\); at most [\d,]+ frames of this scene fit/,
    );
    expect(buildWorldFromSetup).not.toHaveBeenCalled();
  });

  it('refuses a world over the memory budget before building it', () => {
    vi.mocked(buildWorldFromSetup).mockClear();
    const budget = { ...SIMULATION_BUDGET, worldBytes: 10_000 };
    const error = thrown(() => runToRest(bar, { ...run, seconds: 1, budget }));
    expect(error.limit).toBe('worldBytes');
    expect(error.message).toMatch(
      /^189 particles \(800 neo-hookean, \d+ edge-damper\) need about [\d,]+ bytes, more than the 10,000 allowed \(simulation budget worldBytes\); use coarser cells or fewer bodies$/,
    );
    expect(buildWorldFromSetup).not.toHaveBeenCalled();
  });

  it('lets the example scene run', () => {
    vi.mocked(buildWorldFromSetup).mockClear();
    expect(runToRest(bar, { ...run, seconds: 0.1 }).hasNaN).toBe(false);
    expect(buildWorldFromSetup).toHaveBeenCalledTimes(1);
  });
});
