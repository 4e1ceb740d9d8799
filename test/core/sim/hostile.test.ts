import { describe, expect, it } from 'vitest';
import type { BodySpec, ConstraintModel, Scene } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

/**
 * Scenes built to break a solver. Each runs a few seconds on a ground plane and must never
 * produce NaN or blow up: "blown up" means a particle farther than 10 m from the origin or a
 * kinetic energy above 20 J per kg (a fall from 1 m gives 10 J/kg).
 */
const ground: Scene['colliders'] = [{ type: 'plane', normal: [0, 1, 0], offset: 0 }];

function body(
  model: ConstraintModel,
  youngModulusPa: number,
  poissonRatio: number,
  extra: Partial<BodySpec> = {},
) {
  const material = { youngModulusPa, poissonRatio, densityKgM3: 1000, thicknessM: 0.001 };
  const spec: BodySpec =
    model === 'cloth'
      ? {
          name: 'b',
          shape: { type: 'cloth', size: [1, 1], cells: [8, 8], center: [0, 1, 0] },
          material,
          model,
          pins: [{ box: { min: [-0.6, 0.9, -0.6], max: [-0.4, 1.1, -0.4] } }],
        }
      : model === 'rope'
        ? {
            name: 'b',
            shape: { type: 'rope', start: [0, 1, 0], end: [1, 1, 0], segments: 10, radiusM: 0.01 },
            material,
            model,
            bending: true,
            pins: [{ box: { min: [-0.01, 0.99, -0.01], max: [0.01, 1.01, 0.01] } }],
          }
        : {
            name: 'b',
            shape: { type: 'box', size: [0.3, 0.3, 0.3], cells: [3, 3, 3], center: [0, 0.5, 0] },
            material,
            model,
          };
  return { ...spec, dampingRatio: 0.1, ...extra };
}

function survive(b: BodySpec, dt = 1 / 60, substeps = 10, seconds = 3): void {
  const world = buildWorld({
    gravity: [0, -9.81, 0],
    solver: { dt, substeps },
    colliders: ground,
    bodies: [b],
  });
  const massKg = world.measureBodies()[0].massKg;
  for (let frame = 0; frame < Math.round(seconds / dt); frame++) {
    const metrics = world.step(dt);
    expect(metrics.hasNaN).toBe(false);
    expect(metrics.kineticEnergyJ / massKg).toBeLessThan(20);
  }
  for (const c of world.state.x) expect(Math.abs(c)).toBeLessThan(10);
}

describe('hostile scenes never produce NaN or blow up', () => {
  for (const model of ['neo-hookean', 'edges-volume', 'cloth', 'rope'] as const) {
    it(`${model}: E = 1 Pa and E = 1e12 Pa (r from 4e-4 to 500), ν = 0.499`, () => {
      survive(body(model, 1, 0.3));
      survive(body(model, 1e12, 0.3));
      survive(body(model, 1e5, 0.499));
    });

    it(`${model}: 1 s frames with one substep, soft and stiff`, () => {
      survive(body(model, 1e5, 0.3), 1, 1, 5);
      survive(body(model, 1e12, 0.3), 1, 1, 5);
    });

    it(`${model}: everything pinned stays exactly where it is`, () => {
      const pinned = body(model, 1e5, 0.3, { pins: [{ box: { min: [-9, -9, -9], max: [9, 9, 9] } }] });
      const world = buildWorld({
        gravity: [0, -9.81, 0],
        solver: { dt: 1 / 60, substeps: 10 },
        colliders: ground,
        bodies: [pinned],
      });
      const rest = Float64Array.from(world.state.x);
      for (let frame = 0; frame < 60; frame++)
        expect(world.step(1 / 60)).toEqual({ kineticEnergyJ: 0, hasNaN: false });
      expect(Array.from(world.state.x)).toEqual(Array.from(rest));
      expect(world.measureBodies()[0].pinForcesN[0]).toBeCloseTo(world.measureBodies()[0].massKg * 9.81, 6);
    });
  }

  it('degenerate tets (a box of zero height) are left out and the particles fall without NaN', () => {
    for (const model of ['neo-hookean', 'edges-volume'] as const) {
      const flat = body(model, 1e5, 0.3, {
        shape: { type: 'box', size: [0.3, 1e-12, 0.3], cells: [3, 1, 3], center: [0, 0.5, 0] },
      });
      survive(flat);
    }
  });
});

describe('an undamped free body', () => {
  for (const model of ['neo-hookean', 'edges-volume', 'cloth', 'rope'] as const) {
    it(`${model}: its energy stays bounded over 10 s and its momentum is kept (1e-9)`, () => {
      const b: BodySpec =
        model === 'cloth'
          ? body(model, 1e5, 0.3, {
              pins: [],
              shape: { type: 'cloth', size: [0.5, 0.5], cells: [6, 6], center: [0, 0, 0] },
            })
          : model === 'rope'
            ? body(model, 1e5, 0.3, {
                pins: [],
                shape: { type: 'rope', start: [0, 0, 0], end: [0.5, 0, 0], segments: 10, radiusM: 0.01 },
              })
            : body(model, 1e5, 0.3, {
                shape: { type: 'box', size: [0.3, 0.2, 0.2], cells: [3, 2, 2], center: [0, 0, 0] },
              });
      b.dampingRatio = 0;
      const world = buildWorld({
        gravity: [0, 0, 0],
        solver: { dt: 1 / 60, substeps: 5 },
        colliders: [],
        bodies: [b],
      });
      const { x, v, mass } = world.state;
      // Stretched 10% along x, spinning at 3 rad/s about y, with a wobble along y, drifting along x.
      for (let p = 0; p < world.particleCount; p++) {
        x[3 * p] *= 1.1;
        v[3 * p] = 0.2 - 3 * x[3 * p + 2];
        v[3 * p + 2] = 3 * x[3 * p];
        v[3 * p + 1] = 0.5 * Math.sin(7 * x[3 * p]);
      }
      const energy = () => {
        const m = world.measureBodies()[0];
        return m.kineticEnergyJ + m.elasticEnergyJ;
      };
      const momentum = () => {
        const total = [0, 0, 0];
        for (let p = 0; p < world.particleCount; p++) {
          for (let a = 0; a < 3; a++) total[a] += mass[p] * v[3 * p + a];
        }
        return total;
      };
      const e0 = energy();
      const p0 = momentum();
      const scale = world.measureBodies()[0].massKg * 0.2; // kg·m/s
      for (let frame = 0; frame < 600; frame++) {
        expect(world.step(1 / 60).hasNaN).toBe(false);
        expect(energy()).toBeLessThan(e0 * 1.001);
      }
      // Implicit integration loses energy (it damps the fast modes and, slowly, the spin); it must
      // never gain it. Every constraint is translation invariant, so the momentum is exact.
      expect(energy()).toBeGreaterThan(0);
      const p1 = momentum();
      for (let a = 0; a < 3; a++) expect(Math.abs(p1[a] - p0[a])).toBeLessThan(1e-9 * scale);
    });
  }
});
