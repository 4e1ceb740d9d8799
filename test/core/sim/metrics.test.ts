import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { hangingBar, sceneWith } from './fixtures.ts';

const g = 9.81;

describe('per-step metrics', () => {
  it('elastic energy of a bar hanging under its own weight is (ρg)²·A·L³/(6E) within 3% (5%) and half the work of gravity within 1%', () => {
    // σ(y) = ρ·g·y at distance y above the free end; U = ∫ σ²/(2E)·A dy over the length. At rest
    // a linear elastic body stores half the work its load did (Clapeyron): U = ½·Σ m·g·Δy.
    // r ≈ 0.07: the solver's own softening (bias.test.ts) is under 0.5% here.
    const [densityKgM3, youngModulusPa, side, length] = [1000, 2.5e5, 0.1, 1];
    const expected = ((densityKgM3 * g) ** 2 * side * side * length ** 3) / (6 * youngModulusPa);
    for (const model of ['neo-hookean', 'edges-volume'] as const) {
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
      world.extraLinearDampingPerS = 20; // mass-proportional: settles without moving the rest state
      for (let f = 0; f < 150; f++) {
        if (world.step(1 / 60).kineticEnergyJ < 1e-12 && f > 20) break;
      }
      const m = world.measureBodies()[0];
      expect(m.resolution).toBeLessThan(0.08);
      // The edges-volume spring network is 2.5% stiffer than the material on this grid (hanging.test.ts).
      expect(Math.abs(m.elasticEnergyJ / expected - 1), model).toBeLessThan(
        model === 'neo-hookean' ? 0.03 : 0.05,
      );
      let work = 0;
      const { x, rest, mass } = world.state;
      for (let p = 0; p < world.particleCount; p++) work += mass[p] * g * (rest[3 * p + 1] - x[3 * p + 1]);
      expect(Math.abs(m.elasticEnergyJ / (work / 2) - 1), model).toBeLessThan(0.01);
      expect(m.groups).toEqual([
        {
          name: 'all',
          elasticEnergyJ: m.elasticEnergyJ,
          maxStrain: m.maxStrain,
          meanStrain: m.meanStrain,
          maxConstraintForceN: m.groups[0].maxConstraintForceN,
          maxConstraintStressPa: m.groups[0].maxConstraintStressPa,
        },
      ]);
      expect(m.meanStrain).toBeGreaterThan(0);
      expect(m.meanStrain).toBeLessThan(m.maxStrain);
      // The pin carries the whole weight, the pinned particles' own share included (1%).
      expect(Math.abs(m.pinForcesN[0] / (m.massKg * g) - 1)).toBeLessThan(0.01);
    }
  });

  it('strain, volume ratio and energy of a known deformation: a block stretched 10% along x', () => {
    const world = buildWorld(
      sceneWith([
        {
          name: 'block',
          shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [2, 2, 2], center: [0, 0, 0] },
          material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
          model: 'neo-hookean',
        },
      ]),
    );
    const rest = world.measureBodies()[0];
    expect(rest.elasticEnergyJ).toBeCloseTo(0, 12);
    expect(rest.maxStrain).toBe(0);
    expect(rest.volumeRatio).toBeCloseTo(1, 12);
    for (let p = 0; p < world.particleCount; p++) world.state.x[3 * p] *= 1.1;
    const m = world.measureBodies()[0];
    expect(m.maxStrain).toBeCloseTo(0.1, 12); // the edges along x
    expect(m.volumeRatio).toBeCloseTo(1.1, 12);
    // Stable neo-Hookean at F = diag(1.1, 1, 1): V·(μ/2·(I_C − 3) − μ(J − 1) + λ_NH/2·(J − 1)²).
    const mu = 1e5 / 2.6;
    const lambdaNh = 1e5 / (2 * 1.3 * 0.4);
    const density = (mu / 2) * (1.21 - 1) - mu * 0.1 + (lambdaNh / 2) * 0.01;
    expect(m.elasticEnergyJ / (0.008 * density)).toBeCloseTo(1, 9);
  });

  it('flags NaN in the state', () => {
    const world = buildWorld(
      sceneWith([
        hangingBar({
          model: 'neo-hookean',
          youngModulusPa: 1e5,
          poissonRatio: 0.3,
          densityKgM3: 1000,
          side: 0.1,
          length: 0.5,
          cells: [1, 5, 1],
        }),
      ]),
    );
    expect(world.step(1 / 60).hasNaN).toBe(false);
    world.state.v[7] = Number.NaN;
    expect(world.step(1 / 60).hasNaN).toBe(true);
  });
});
