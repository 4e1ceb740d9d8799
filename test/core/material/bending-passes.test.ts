import { describe, expect, it } from 'vitest';
import { standardScenes } from '../../../core/calibrate/scenes.ts';
import { settleWorld } from '../../../core/calibrate/settle.ts';
import {
  bendingPasses,
  MAX_BENDING_PASSES,
  MAX_SWEPT_BENDING_RESOLUTION,
  ONE_PASS_BENDING_RESOLUTION,
} from '../../../core/material/compliance/bending-passes.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { compensationNotes } from '../../../core/setup/summary.ts';
import { buildWorldFromSetup } from '../../../core/sim/build-world.ts';

/**
 * Plate bending swept more than once per substep (bending-passes.ts): the cloth cantilever at a
 * budget one sweep cannot reach comes out as stiff as converged, and beyond the sweeps' cap the
 * setup's 'not reached' prediction is what the engine measures, with the substep count that reaches.
 */

const cotton = findBuiltInMaterial('cotton');
if (!cotton) throw new Error('the library lost cotton');
const cantilever = standardScenes(cotton).scenes.find((s) => s.setup.scene === 'cantilever');
if (!cantilever) throw new Error('no cloth cantilever for cotton');

/** E_eff/E of the cotton cloth cantilever at `substeps` of a `frameDtS` frame, and its bending record. */
function run(frameDtS: number, substeps: number) {
  const document = cantilever!.scene(frameDtS, substeps);
  document.solver.compensation = 'auto';
  const setup = compileScene(document);
  const record = setup.bodies[0].compensation.find((c) => c.family === 'cloth-bending');
  if (!record) throw new Error('no bending record');
  const world = buildWorldFromSetup(setup);
  const rest = Float64Array.from(world.positions);
  const g = document.gravity;
  const length = Math.hypot(g[0], g[1], g[2]);
  const settled = settleWorld(
    world,
    cantilever!.probe(rest),
    [g[0] / length, g[1] / length, g[2] / length],
    rest,
    {
      frameDtS,
      fundamentalRadPerS: cantilever!.setup.fundamentalRadPerS,
    },
  );
  expect(settled.settled).toBe(true);
  return { ratio: cantilever!.setup.analytic / settled.value, record };
}

describe('the sweep count', () => {
  it('keeps one sweep up to ONE_PASS_BENDING_RESOLUTION and grows as r_b^1.5 to the cap', () => {
    expect(bendingPasses(ONE_PASS_BENDING_RESOLUTION, 20).passes).toBe(1);
    expect(bendingPasses(0.28, 14).passes).toBe(2);
    expect(bendingPasses(0.4, 10).passes).toBe(3);
    expect(bendingPasses(0.8, 5)).toEqual({
      passes: MAX_BENDING_PASSES,
      reachable: true,
      predictedRatio: 1,
      substepsToReach: 5,
    });
    const beyond = bendingPasses(1.6, 5);
    expect(beyond.reachable).toBe(false);
    expect(beyond.passes).toBe(MAX_BENDING_PASSES);
    // r_b ∝ h: 10 substeps bring 1.6 to 0.8.
    expect(beyond.substepsToReach).toBe(10);
    // Far beyond the measured range the set is swept once again (hostile steps stay stable).
    expect(bendingPasses(MAX_SWEPT_BENDING_RESOLUTION, 5).passes).toBe(MAX_BENDING_PASSES);
    expect(bendingPasses(2 * MAX_SWEPT_BENDING_RESOLUTION, 5)).toMatchObject({ passes: 1, reachable: false });
    expect(bendingPasses(Number.POSITIVE_INFINITY, 5).passes).toBe(1);
  });
});

describe('the cotton cloth cantilever', () => {
  it('says in its budget notes that its bending is swept 3 times per substep at 10 substeps', () => {
    const setup = compileScene(cantilever.scene(1 / 60, 10));
    expect(compensationNotes(setup.bodies[0], 10)).toContain(
      'cloth bending: swept 3 times per substep at 10 substeps (r = 0.40), as stiff as its material',
    );
  });

  it('is as stiff at 10 substeps, swept 3 times, as converged (within 3%)', () => {
    const converged = run(1 / 60, 80).ratio;
    const budget = run(1 / 60, 10);
    // Measured: 0.992 against 0.990 (one sweep, compensated: 1.081; uncompensated: 0.738).
    expect(budget.record).toMatchObject({ passes: 3, reachable: true, stiffnessScale: 1, predictedRatio: 1 });
    expect(Math.abs(budget.ratio / converged - 1)).toBeLessThan(0.03);
  }, 60_000);

  it("beyond the cap, measures the predicted 'not reached' ratio (within 4%) and reaches at the substeps named", () => {
    // A 1/40 s frame in 5 substeps: r_b = 1.19, past what 8 sweeps reach.
    const short = run(1 / 40, 5);
    expect(short.record.reachable).toBe(false);
    expect(short.record.passes).toBe(MAX_BENDING_PASSES);
    // Measured 0.885 against the predicted 0.896.
    expect(Math.abs(short.ratio / short.record.predictedRatio - 1)).toBeLessThan(0.04);
    expect(short.ratio).toBeLessThan(0.95);
    const enough = run(1 / 40, short.record.substepsToReach);
    expect(enough.record.reachable).toBe(true);
    // Measured 1.004 at 8 substeps (r_b = 0.74, 8 sweeps).
    expect(Math.abs(enough.ratio - 1)).toBeLessThan(0.03);
  }, 60_000);
});
