import { describe, expect, it } from 'vitest';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup, constraintInputOrder } from '../../../core/sim/build-world.ts';
import type { DistanceBlock } from '../../../core/sim/constraints/distance.ts';
import { hangingBar, hangingChain, sceneWith } from './fixtures.ts';

const g = 9.81;

/** Steps until the state is static: mass-proportional damping does not change the rest state. */
function settle(world: ReturnType<typeof buildWorld>, seconds: number, dampingPerS: number): void {
  world.extraLinearDampingPerS = dampingPerS;
  for (let f = 0; f < Math.round(seconds * 60); f++) world.step(1 / 60);
}

describe('hanging chain (rope links, XPBD distance constraints)', () => {
  const segments = 12;
  const linkM = 0.1;
  const radiusM = 0.005;
  const youngModulusPa = 1e5;
  const densityKgM3 = 1000;
  const area = Math.PI * radiusM * radiusM;
  const linkMassKg = densityKgM3 * area * linkM;
  const alpha = linkM / (youngModulusPa * area); // link compliance, m/N

  it('stretches each link by α·g·(mass hanging below) within 1% at rest (r ≈ 0.04)', () => {
    const world = buildWorld(
      sceneWith([hangingChain({ segments, linkM, radiusM, youngModulusPa, densityKgM3 })], {
        dt: 1 / 60,
        substeps: 40,
      }),
    );
    settle(world, 4, 5);
    expect(world.measureBodies()[0].resolution).toBeLessThan(0.05);
    const y = (i: number) => world.state.x[3 * i + 1];
    for (let k = 0; k < segments; k++) {
      // Below link k: particles k+1 … N, the last carrying half a link.
      const massBelowKg = (segments - k - 0.5) * linkMassKg;
      const extension = y(k) - y(k + 1) - linkM;
      expect(Math.abs(extension / (alpha * g * massBelowKg) - 1)).toBeLessThan(0.01);
    }
    // The pin carries the whole chain, the pinned particle's own half link included (1%).
    expect(Math.abs(world.measureBodies()[0].pinForcesN[0] / (segments * linkMassKg * g) - 1)).toBeLessThan(
      0.01,
    );
  });

  it('resets λ every substep: at rest the top link holds one substep of impulse, not a sum', () => {
    const substeps = 40;
    const setup = compileScene(
      sceneWith([hangingChain({ segments, linkM, radiusM, youngModulusPa, densityKgM3 })], {
        dt: 1 / 60,
        substeps,
      }),
    );
    const world = buildWorldFromSetup(setup);
    settle(world, 4, 5);
    const block = world.runtimes[0].blocks[0] as DistanceBlock;
    const top = Array.from(constraintInputOrder(world, setup, 0, 0)).indexOf(0);
    const h = 1 / 60 / substeps;
    const impulse = (segments - 0.5) * linkMassKg * g * h * h; // |λ| = T·h², N·s²
    const before = block.lambda[top];
    expect(Math.abs(Math.abs(before) / impulse - 1)).toBeLessThan(0.01); // 1%
    world.step(1 / 60);
    expect(block.lambda[top]).toBeCloseTo(before, 12);
  });
});

describe('bar hanging under its own weight', () => {
  const densityKgM3 = 1000;
  const youngModulusPa = 1e6;
  const length = 1;
  const side = 0.1;
  const weightN = densityKgM3 * side * side * length * g;
  // Linear elasticity: σ(y) = ρ·g·y below the cut, so the bar elongates ρ·g·L²/(2E).
  const expectedElongation = (densityKgM3 * g * length * length) / (2 * youngModulusPa);

  for (const model of ['neo-hookean', 'edges-volume'] as const) {
    it(`elongates ρgL²/(2E) within 5% and its pin carries the weight within 1% (${model}, r ≤ 0.25)`, () => {
      const bar = hangingBar({
        model,
        youngModulusPa,
        poissonRatio: 0.3,
        densityKgM3,
        side,
        length,
        cells: [2, 20, 2],
      });
      const world = buildWorld(sceneWith([bar], { dt: 1 / 60, substeps: 60 }));
      settle(world, 1.5, 20);
      const metrics = world.measureBodies()[0];
      expect(metrics.resolution).toBeLessThanOrEqual(0.25);
      const elongation = 2 - length - metrics.bboxMin[1];
      expect(Math.abs(elongation / expectedElongation - 1)).toBeLessThan(0.05);
      expect(Math.abs(metrics.pinForcesN[0] / weightN - 1)).toBeLessThan(0.01);
      expect(metrics.kineticEnergyJ).toBeLessThan(1e-6);
    });
  }
});
