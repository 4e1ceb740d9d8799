import { describe, expect, it } from 'vitest';
import { validateScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { defaultScene } from './fixtures.ts';

describe('default scene', () => {
  it('is a valid scene document', async () => {
    expect(validateScene(await defaultScene())).toEqual([]);
  });

  it('runs 5 s without NaN: the block comes to rest on the ground and the cloth hangs below its pins', async () => {
    const scene = await defaultScene();
    const world = buildWorld(scene);
    const block = world.bodies.findIndex((b) => b.kind === 'solid');
    const cloth = world.bodies.findIndex((b) => b.kind === 'cloth');
    const pinTopY = Math.max(
      ...(scene.bodies[cloth].pins ?? []).map((p) => ('box' in p ? p.box.max[1] : Number.NEGATIVE_INFINITY)),
    );
    let lowestBlockY = Number.POSITIVE_INFINITY;
    for (let frame = 0; frame < 5 * 60; frame++) {
      const metrics = world.step(scene.solver.dt);
      expect(metrics.hasNaN).toBe(false);
      lowestBlockY = Math.min(lowestBlockY, world.measureBodies()[block].bboxMin[1]);
    }
    const [blockNow, clothNow] = [world.measureBodies()[block], world.measureBodies()[cloth]];
    // Resting on y = 0: never more than 5 mm into the ground, bottom within 5 mm of it at the end.
    expect(lowestBlockY).toBeGreaterThan(-0.005);
    expect(Math.abs(blockNow.bboxMin[1])).toBeLessThan(0.005);
    expect(blockNow.kineticEnergyJ / blockNow.massKg).toBeLessThan(1e-3); // J/kg: at rest
    expect(Math.abs(blockNow.volumeRatio - 1)).toBeLessThan(0.02);
    // The cloth hangs: nothing above its pins (1 mm slack), its centre of mass well below them.
    expect(clothNow.bboxMax[1]).toBeLessThan(pinTopY + 0.001);
    expect(clothNow.centroid[1]).toBeLessThan(pinTopY - 0.2);
    expect(clothNow.pinForcesN.every((f) => f > 0)).toBe(true);
  });
});
