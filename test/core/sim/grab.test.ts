import { describe, expect, it } from 'vitest';
import type { BodySpec, Vec3 } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { GRAB_STIFFNESS_PER_KG } from '../../../core/sim/grab.ts';
import { sceneWith } from './fixtures.ts';

const g = 9.81;

const block: BodySpec = {
  name: 'block',
  shape: { type: 'box', size: [0.3, 0.3, 0.3], cells: [3, 3, 3], center: [0, 0.15, 0] },
  material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 500 },
  model: 'neo-hookean',
  dampingRatio: 0.5,
  pins: [{ box: { min: [-1, -1, -1], max: [-0.149, 0.001, -0.149] } }], // one corner, for the refusal case
};

function blockOnGround() {
  const world = buildWorld(
    sceneWith([block], { dt: 1 / 60, substeps: 10 }, [
      { type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0.5 },
    ]),
  );
  world.measureBodies(); // rest figures exist before any step
  return world;
}

/** The free particle nearest the top centre of the block. */
function topCentre(world: ReturnType<typeof blockOnGround>): number {
  let best = -1;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let p = 0; p < world.particleCount; p++) {
    const d = Math.hypot(world.state.x[3 * p], world.state.x[3 * p + 1] - 0.3, world.state.x[3 * p + 2]);
    if (d < bestDistance && world.state.invMass[p] > 0) [best, bestDistance] = [p, d];
  }
  return best;
}

describe('grab', () => {
  it('lifts a body through a soft spring that, at rest, carries its whole weight (2%)', () => {
    // Unpinned version of the block: the corner pin would hold it down.
    const free = buildWorld(
      sceneWith([{ ...block, pins: [] }], { dt: 1 / 60, substeps: 10 }, [
        { type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0.5 },
      ]),
    );
    const p = topCentre(free);
    const start: Vec3 = [free.state.x[3 * p], free.state.x[3 * p + 1], free.state.x[3 * p + 2]];
    expect(free.grab(p, start)).toBe(true);
    expect(free.grabbedParticle).toBe(p);
    free.extraLinearDampingPerS = 5;
    for (let f = 1; f <= 120; f++) {
      free.moveGrab([start[0], start[1] + (0.5 * Math.min(f, 30)) / 30, start[2]]);
      expect(free.step(1 / 60).hasNaN).toBe(false);
    }
    const held = free.measureBodies()[0];
    // It hangs clear of the ground, below the target by about g/GRAB_STIFFNESS_PER_KG plus its own stretch.
    expect(held.bboxMin[1]).toBeGreaterThan(0.1);
    expect(held.bboxMax[1]).toBeLessThan(start[1] + 0.5);
    expect(start[1] + 0.5 - free.state.x[3 * p + 1]).toBeGreaterThan(0.5 * (g / GRAB_STIFFNESS_PER_KG));
    expect(Math.abs(free.grabForceN / (held.massKg * g) - 1)).toBeLessThan(0.02);
    // Spread over a patch: no edge is stretched much even though the whole weight hangs on it.
    expect(held.maxStrain).toBeLessThan(0.3);

    free.release();
    expect(free.grabbedParticle).toBeNull();
    expect(free.grabForceN).toBe(0);
    for (let f = 0; f < 240; f++) free.step(1 / 60);
    const dropped = free.measureBodies()[0];
    // Back on the ground and at rest, its own shape restored (volume 2%, strain 5%).
    expect(Math.abs(dropped.bboxMin[1])).toBeLessThan(0.005);
    expect(dropped.kineticEnergyJ / dropped.massKg).toBeLessThan(1e-4);
    expect(Math.abs(dropped.volumeRatio - 1)).toBeLessThan(0.02);
    expect(dropped.maxStrain).toBeLessThan(0.05);
  });

  it('refuses a pinned particle, rejects a particle outside the world, and lets go on reset', () => {
    const world = blockOnGround();
    const corner = world.runtimes[0].pins[0].particles[0];
    expect(world.grab(corner, [0, 1, 0])).toBe(false);
    expect(world.grabbedParticle).toBeNull();
    expect(() => world.grab(world.particleCount, [0, 1, 0])).toThrow(RangeError);
    expect(world.grab(topCentre(world), [0, 1, 0])).toBe(true);
    expect(() => world.moveGrab([0, Number.NaN, 0])).toThrow(RangeError);
    world.reset();
    expect(world.grabbedParticle).toBeNull();
  });
});
