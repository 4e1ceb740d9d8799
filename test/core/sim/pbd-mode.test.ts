import { describe, expect, it } from 'vitest';
import { buildWorld } from '../../../core/sim/build-world.ts';
import type { DistanceBlock } from '../../../core/sim/constraints/distance.ts';
import { validateScene } from '../../../core/sim/scene-validate.ts';
import { hangingChain, sceneWith } from './fixtures.ts';

const chain = (solver: { method: 'pbd'; iterations: number; stiffness: number }) => ({
  ...hangingChain({ segments: 12, linkM: 0.1, radiusM: 0.005, youngModulusPa: 1e5, densityKgM3: 1000 }),
  solver,
});

/** Total stretch of the settled chain over its rest length. */
function strain(body: ReturnType<typeof chain>): number {
  const world = buildWorld(sceneWith([body], { dt: 1 / 60, substeps: 10 }));
  world.extraLinearDampingPerS = 5;
  for (let f = 0; f < 180; f++) world.step(1 / 60);
  const y = world.state.x;
  return (y[1] - y[3 * 12 + 1]) / 1.2 - 1;
}

describe('classic PBD mode (solver override)', () => {
  it('drops the compliance: k = 1 links barely stretch, k < 1 stretch more (iteration-dependent, as PBD does)', () => {
    const rigid = strain(chain({ method: 'pbd', iterations: 4, stiffness: 1 }));
    const soft = strain(chain({ method: 'pbd', iterations: 4, stiffness: 0.2 }));
    const softMoreIterations = strain(chain({ method: 'pbd', iterations: 16, stiffness: 0.2 }));
    expect(rigid).toBeGreaterThanOrEqual(0);
    expect(rigid).toBeLessThan(1e-3);
    expect(soft).toBeGreaterThan(rigid);
    // k' = 1 − (1 − k)^(1/n) makes the stiffness roughly, not exactly, iteration-independent.
    expect(softMoreIterations).toBeGreaterThan(0);
    const world = buildWorld(sceneWith([chain({ method: 'pbd', iterations: 4, stiffness: 0.2 })]));
    const block = world.runtimes[0].blocks[0] as DistanceBlock;
    expect(block.complianceMPerN.every((a) => a === 0)).toBe(true);
    expect(block.stiffnessScale).toBeCloseTo(1 - 0.8 ** 0.25, 12);
  });

  it('is refused for neo-Hookean bodies, which have no classic PBD constraints', () => {
    const scene = sceneWith([
      {
        name: 'block',
        shape: { type: 'box', size: [1, 1, 1], cells: [1, 1, 1], center: [0, 0, 0] },
        material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
        model: 'neo-hookean',
        solver: { method: 'pbd', iterations: 2 },
      },
    ]);
    expect(validateScene(scene)[0].pointer).toBe('/bodies/0/solver/method');
  });
});
