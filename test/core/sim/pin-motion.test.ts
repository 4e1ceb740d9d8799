import { describe, expect, it } from 'vitest';
import type { BodySpec, PinSpec } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { sceneWith } from './fixtures.ts';

/** Pins with a keyframed motion (core/sim/pin-motion.ts): a rope of 10 links of 0.1 m hanging from its end. */
function rope(pin: Partial<PinSpec>, dampingRatio: number, linearDampingPerS = 0): BodySpec {
  return {
    name: 'rope',
    shape: { type: 'rope', start: [0, 2, 0], end: [0, 1, 0], segments: 10, radiusM: 0.01 },
    material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: 1000 },
    model: 'rope',
    dampingRatio,
    linearDampingPerS,
    pins: [{ box: { min: [-0.01, 1.99, -0.01], max: [0.01, 2.01, 0.01] }, ...pin } as PinSpec],
  };
}

const VELOCITY = [0.5, 0, 0.25];

describe('moving pins', () => {
  for (const complianceMPerN of [0, 1e-5]) {
    it(`a body hanging from a pin moving at constant velocity moves as the resting one, carried along (${complianceMPerN ? 'soft' : 'rigid'} pin)`, () => {
      // Galilean invariance: with no damping of world velocities (ζ = 0, no linear damping), a pin
      // moving at v with the body launched at v gives x(t) = x_rest(t) + v·t exactly, up to rounding.
      const still = buildWorld(sceneWith([rope({ complianceMPerN }, 0)]));
      const moving = buildWorld(
        sceneWith([
          rope(
            { complianceMPerN, motion: { keys: [{ timeS: 0 }, { timeS: 10, position: [5, 0, 2.5] }] } },
            0,
          ),
        ]),
      );
      for (let p = 0; p < moving.particleCount; p++)
        for (let a = 0; a < 3; a++) moving.state.v[3 * p + a] = moving.state.invMass[p] > 0 ? VELOCITY[a] : 0;
      let largest = 0;
      for (let f = 0; f < 60; f++) {
        still.step(1 / 60);
        expect(moving.step(1 / 60).hasNaN).toBe(false);
        for (let p = 0; p < moving.particleCount; p++)
          for (let a = 0; a < 3; a++) {
            const expected = still.state.x[3 * p + a] + VELOCITY[a] * moving.timeS;
            largest = Math.max(largest, Math.abs(moving.state.x[3 * p + a] - expected));
          }
      }
      // Measured 3.5e-14 m for both pins.
      expect(largest).toBeLessThan(1e-9);
    });
  }

  it('a body follows its pin to a new place and comes to rest hanging below it', () => {
    // The pin moves 1 m along x in 1 s and stops; 4 s later the rope, its swing damped at 2/s
    // (ζ = 0: a pinned body's modal damping acts on world velocities and would make it creep),
    // hangs straight below it again.
    const world = buildWorld(
      sceneWith([rope({ motion: { keys: [{ timeS: 0 }, { timeS: 1, position: [1, 0, 0] }] } }, 0, 2)]),
    );
    for (let f = 0; f < 300; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    const [body] = world.measureBodies();
    expect(world.state.x[0]).toBeCloseTo(1, 12);
    // Measured: centroid 1.005 m along x, 0 across; kinetic energy 4e-6 J.
    expect(Math.abs(body.centroid[0] - 1)).toBeLessThan(0.01);
    expect(Math.abs(body.centroid[2])).toBeLessThan(0.01);
    expect(body.kineticEnergyJ).toBeLessThan(1e-4);
  });
});
