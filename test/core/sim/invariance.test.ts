import { describe, expect, it } from 'vitest';
import type { BodySpec, ColliderSpec } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import { sceneWith } from './fixtures.ts';

/**
 * Well-resolved equilibria (r ≤ 0.1 at the coarsest step here) must not depend on the substep
 * count or the frame time step: XPBD's compliance is physical, so only the solver's small r²
 * bias is left. Each scene settles under extra mass-proportional damping (5 1/s), which removes
 * momentum but does not move the rest state. Tolerance: 2% of the measured displacement.
 */
const TOLERANCE = 0.02;

interface Case {
  name: string;
  body: BodySpec;
  colliders: ColliderSpec[];
  /** The displacement compared, m. */
  measure: (m: BodyMetrics) => number;
}

const soft = { youngModulusPa: 2e4, poissonRatio: 0.3 };

const cases: Case[] = [
  {
    name: 'a hanging bar (elongation)',
    body: {
      name: 'bar',
      shape: { type: 'box', size: [0.2, 0.6, 0.2], cells: [2, 6, 2], center: [0, 1.7, 0] },
      material: { ...soft, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.5,
      pins: [{ box: { min: [-1, 2 - 1e-6, -1], max: [1, 2.1, 1] } }],
    },
    colliders: [],
    measure: (m) => 2 - 0.6 - m.bboxMin[1],
  },
  {
    name: 'a cloth hammock pinned at four corners (sag)',
    body: {
      name: 'hammock',
      shape: { type: 'cloth', size: [1, 1], cells: [10, 10], center: [0, 1, 0] },
      material: { ...soft, densityKgM3: 500, thicknessM: 0.002 },
      model: 'cloth',
      dampingRatio: 0.5,
      pins: [-0.5, 0.5].flatMap((x) =>
        [-0.5, 0.5].map((z) => ({
          box: { min: [x - 0.01, 0.99, z - 0.01], max: [x + 0.01, 1.01, z + 0.01] },
        })),
      ) as BodySpec['pins'],
    },
    colliders: [],
    measure: (m) => 1 - m.bboxMin[1],
  },
  {
    // Frictionless: with friction the bottom face's sideways spread is held by static friction
    // as the load comes on, so the rest state depends on the loading path (3% between these
    // time steps at μ = 0.5); without it the equilibrium is unique.
    name: 'a block resting on frictionless ground (centroid drop)',
    body: {
      name: 'block',
      shape: { type: 'box', size: [0.3, 0.3, 0.3], cells: [3, 3, 3], center: [0, 0.15, 0] },
      material: { ...soft, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.5,
    },
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0 }],
    measure: (m) => 0.15 - m.centroid[1],
  },
];

function settle(c: Case, dt: number, substeps: number): { value: number; resolution: number } {
  const world = buildWorld(sceneWith([c.body], { dt, substeps }, c.colliders));
  world.extraLinearDampingPerS = 5;
  for (let frame = 0; frame < Math.round(6 / dt); frame++) {
    const metrics = world.step(dt);
    expect(metrics.hasNaN).toBe(false);
    if (frame * dt > 0.5 && metrics.kineticEnergyJ < 1e-10) break;
  }
  const m = world.measureBodies()[0];
  return { value: c.measure(m), resolution: m.resolution };
}

describe('well-resolved equilibria are invariant to the time step', () => {
  for (const c of cases) {
    it(`${c.name}: within 2% between 10 and 40 substeps and between dt 1/30 and 1/120 s`, () => {
      const coarse = settle(c, 1 / 60, 10);
      const fine = settle(c, 1 / 60, 40);
      expect(coarse.resolution).toBeLessThanOrEqual(0.1);
      expect(coarse.value).toBeGreaterThan(0.005); // a displacement worth comparing, m
      expect(Math.abs(fine.value / coarse.value - 1)).toBeLessThan(TOLERANCE);
      const slowFrames = settle(c, 1 / 30, 20);
      const fastFrames = settle(c, 1 / 120, 20);
      expect(Math.abs(fastFrames.value / slowFrames.value - 1)).toBeLessThan(TOLERANCE);
    });
  }
});
