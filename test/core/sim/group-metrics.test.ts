import { describe, expect, it } from 'vitest';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { hangingBar, sceneWith } from './fixtures.ts';

/** A hanging neo-Hookean bar, 1 m, pinned at the top, E = 1 MPa (well resolved at 20 substeps). */
function bar(): BodySpec {
  return hangingBar({
    model: 'neo-hookean',
    youngModulusPa: 1e6,
    poissonRatio: 0.3,
    densityKgM3: 1000,
    side: 0.1,
    length: 1,
    cells: [2, 10, 2],
  });
}

/** Body-local indices of the bar's particles at or above height `y` at rest. */
function particlesAbove(body: BodySpec, y: number): number[] {
  const world = buildWorld(sceneWith([{ ...body, pins: [], groups: [] }]));
  const out: number[] = [];
  for (let p = 0; p < world.particleCount; p++) if (world.state.rest[3 * p + 1] >= y - 1e-9) out.push(p);
  return out;
}

/** The body's figures after `frames` frames of 1/60 s, with extra mass-proportional damping to settle it. */
function stepped(body: BodySpec, frames: number) {
  const world = buildWorld(parseScene(sceneWith([body])));
  world.extraLinearDampingPerS = 5;
  for (let f = 0; f < frames; f++) world.step(1 / 60);
  return world.measureBodies()[0];
}

describe('metrics per material group', () => {
  it('a body without groups is one group named all, carrying the whole body', () => {
    const metrics = stepped(bar(), 30);
    expect(metrics.groups).toEqual([
      {
        name: 'all',
        elasticEnergyJ: metrics.elasticEnergyJ,
        maxStrain: metrics.maxStrain,
        meanStrain: metrics.meanStrain,
        maxConstraintStressPa: metrics.groups[0].maxConstraintStressPa,
      },
    ]);
  });

  it('splits energy and strain between the ungrouped elements and each group; energies add up (1e-9 relative)', () => {
    const body = bar();
    const top = bar();
    // The upper half, 10x stiffer: it stretches less and so stores less energy per unit load.
    body.groups = [
      {
        name: 'top',
        vertices: particlesAbove(top, 1.5),
        material: { ...body.material, youngModulusPa: 1e7 },
      },
    ];
    const metrics = stepped(body, 180);
    expect(metrics.groups.map((g) => g.name)).toEqual(['ungrouped', 'top']);
    const [ungrouped, stiff] = metrics.groups;
    expect(
      Math.abs(ungrouped.elasticEnergyJ + stiff.elasticEnergyJ - metrics.elasticEnergyJ),
    ).toBeLessThanOrEqual(1e-9 * metrics.elasticEnergyJ);
    expect(ungrouped.elasticEnergyJ).toBeGreaterThan(0);
    expect(stiff.elasticEnergyJ).toBeGreaterThan(0);
    // At rest the upper half carries 0.5–1 of the weight at 10× the modulus, the lower half 0–0.5
    // of it: the lower (ungrouped) half strains about 3× more on average; asked: more than 1.5×.
    expect(ungrouped.meanStrain).toBeGreaterThan(1.5 * stiff.meanStrain);
    expect(Math.max(ungrouped.maxStrain, stiff.maxStrain)).toBeCloseTo(metrics.maxStrain, 12);
  });

  it('a group holding every particle carries everything; the ungrouped part is empty', () => {
    const body = bar();
    body.groups = [{ name: 'whole', vertices: particlesAbove(bar(), -Infinity) }];
    const metrics = stepped(body, 30);
    const [ungrouped, whole] = metrics.groups;
    expect(ungrouped).toEqual({ name: 'ungrouped', elasticEnergyJ: 0, maxStrain: 0, meanStrain: 0 });
    expect(whole.elasticEnergyJ).toBeCloseTo(metrics.elasticEnergyJ, 12);
    expect(whole.maxStrain).toBe(metrics.maxStrain);
    expect(whole.meanStrain).toBeCloseTo(metrics.meanStrain, 12);
  });
});
