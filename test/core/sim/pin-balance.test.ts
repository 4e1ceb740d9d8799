import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { ConstraintForceProbe } from '../../../core/sim/pin-balance.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { sceneWith } from './fixtures.ts';

/**
 * The probe's free force against its definition, Σ m·(x − x̃)/h² over the free particles with x̃
 * the positions the prediction left (read where the world calls `captureTakenBack`, after every
 * move the substep makes before its sweep), x those after the sweep: the probe takes x̃ from the
 * stored velocities and a shape-matching region's drift instead of a copy (pin-balance.ts).
 * Tolerance 1e-9 of the largest term: rounding of sums of a few hundred terms.
 */
describe('constraint force probe', () => {
  afterEach(() => vi.restoreAllMocks());

  const cube = (extra: Partial<BodySpec>): BodySpec => ({
    name: 'cube',
    shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [3, 3, 3], center: [0, 1, 0] },
    material: { youngModulusPa: 2e4, poissonRatio: 0.4, densityKgM3: 500 },
    model: 'neo-hookean',
    pins: [{ box: { min: [-0.11, 1.09, -0.11], max: [-0.09, 1.11, 0.11] } }],
    ...extra,
  });

  const windy = { air: { windMPerS: [4, 0, 1] as [number, number, number] } };
  for (const [name, spec, kernels, extra] of [
    ['a pinned cube swinging (WebAssembly kernels)', cube({}), 'wasm', {}],
    ['a pinned cube swinging (JS kernels)', cube({}), 'js', {}],
    [
      'a pinned cube with a shape-matching region',
      cube({ shapeMatching: { timeConstantS: 0.02 } }),
      'wasm',
      {},
    ],
    [
      'a pinned cube in a wind (air drag and lift)',
      cube({ aerodynamics: { dragCoefficient: 1.2, liftCoefficient: 0.4 } }),
      'wasm',
      windy,
    ],
  ] as const) {
    it(`${name}: Σ m·(x − x̃)/h² of the free particles`, () => {
      const world = buildWorld({ ...sceneWith([spec], { dt: 1 / 60, substeps: 8 }), ...extra }) as XpbdWorld;
      world.kernels = kernels;
      const { x, mass, invMass } = world.state;
      // Tilted and stretched off its rest shape, so that the sweep moves every particle.
      for (let p = 0; p < world.particleCount; p++) x[3 * p] += 0.3 * (x[3 * p + 1] - 1);
      let predicted = new Float64Array(0);
      vi.spyOn(ConstraintForceProbe.prototype, 'captureTakenBack').mockImplementation(function (
        this: ConstraintForceProbe,
        ...args
      ) {
        predicted = world.state.x.slice();
        original.captureTakenBack.apply(this, args);
      });
      const expected = [0, 0, 0];
      let scale = 0;
      vi.spyOn(ConstraintForceProbe.prototype, 'measure').mockImplementation(function (
        this: ConstraintForceProbe,
        state,
        runtimes,
        h,
        wasm,
      ) {
        expected.fill(0);
        scale = 0;
        for (let p = 0; p < world.particleCount; p++) {
          if (invMass[p] === 0) continue;
          for (let a = 0; a < 3; a++) {
            const term = (mass[p] * (state.x[3 * p + a] - predicted[3 * p + a])) / (h * h);
            expected[a] += term;
            scale = Math.max(scale, Math.abs(term));
          }
        }
        original.measure.call(this, state, runtimes, h, wasm);
      });
      for (let frame = 0; frame < 20; frame++) {
        world.step(1 / 60);
        const measured = probeOf(world).freeForceN;
        expect(scale).toBeGreaterThan(0);
        for (let a = 0; a < 3; a++)
          expect(Math.abs(measured[a] - expected[a])).toBeLessThanOrEqual(1e-9 * scale);
      }
    });
  }
});

const original = {
  captureTakenBack: ConstraintForceProbe.prototype.captureTakenBack,
  measure: ConstraintForceProbe.prototype.measure,
};

function probeOf(world: XpbdWorld): ConstraintForceProbe {
  return (world as unknown as { probe: ConstraintForceProbe }).probe;
}
