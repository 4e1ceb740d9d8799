import { describe, expect, it } from 'vitest';
import {
  buildWorldFromPreset,
  exportJolt,
  exportMujoco,
  presetFromScene,
  presetProblems,
  readPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import type { AirSpec, BodySpec, Scene, Vec3 } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { windAt } from '../../../core/sim/wind.ts';

/**
 * Air drag and lift (core/sim/aerodynamics.ts) against closed-form results: the terminal velocity
 * of a falling sheet, the tilt of a sheet hanging in a steady wind, and what must not change.
 */

const AIR_DENSITY = 1.2;
/** Areal density of the sheets, kg/m²: ρ·t = 300 kg/m³ · 0.5 mm (a light cotton). */
const SIGMA = 300 * 5e-4;
const G = 9.81;

const sheetMaterial = { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 300, thicknessM: 5e-4 };

/** Σ m·v / Σ m along `axis` over the free particles, m/s. */
function centreOfMassVelocity(world: ReturnType<typeof buildWorld>, axis: number): number {
  const { v, mass, invMass } = world.state;
  let momentum = 0;
  let total = 0;
  for (let p = 0; p < world.particleCount; p++) {
    if (invMass[p] === 0) continue;
    momentum += mass[p] * v[3 * p + axis];
    total += mass[p];
  }
  return momentum / total;
}

function sheet(overrides: Partial<BodySpec> = {}): BodySpec {
  return {
    name: 'sheet',
    shape: { type: 'cloth', size: [1, 1], cells: [8, 8], center: [0, 0, 0] },
    material: sheetMaterial,
    model: 'cloth',
    dampingRatio: 0.5,
    ...overrides,
  };
}

function scene(
  bodies: BodySpec[],
  options: { air?: AirSpec; gravity?: Vec3; substeps?: number; dt?: number } = {},
): Scene {
  return {
    gravity: options.gravity ?? [0, -G, 0],
    solver: { dt: options.dt ?? 1 / 60, substeps: options.substeps ?? 20 },
    colliders: [],
    bodies,
    ...(options.air ? { air: options.air } : {}),
  };
}

/** Mean velocity component `axis` over the free particles, m/s. */
function meanVelocity(world: ReturnType<typeof buildWorld>, axis: number): number {
  const { v, invMass } = world.state;
  let sum = 0;
  let n = 0;
  for (let p = 0; p < world.particleCount; p++) {
    if (invMass[p] === 0) continue;
    sum += v[3 * p + axis];
    n++;
  }
  return sum / n;
}

function run(world: ReturnType<typeof buildWorld>, seconds: number): void {
  const frames = Math.round(seconds / world.frameDtS);
  for (let f = 0; f < frames; f++) expect(world.step(world.frameDtS).hasNaN).toBe(false);
}

describe('air drag and lift', () => {
  const cd = 1.2;
  const analyticTerminal = Math.sqrt((2 * SIGMA * G) / (AIR_DENSITY * cd));

  it('a horizontal sheet falls at the terminal velocity √(2mg/(ρ·C_d·A)), within 1%, at 10, 20 and 40 substeps alike (within 0.5%)', () => {
    const measured = [10, 20, 40].map((substeps) => {
      const world = buildWorld(
        scene([sheet({ aerodynamics: { dragCoefficient: cd, liftCoefficient: 0 } })], { substeps }),
      );
      run(world, 2); // about 13 time constants v_t/g
      return -meanVelocity(world, 1);
    });
    for (const v of measured) expect(Math.abs(v / analyticTerminal - 1)).toBeLessThan(0.01);
    expect(Math.abs(measured[0] / measured[2] - 1)).toBeLessThan(0.005);
    expect(Math.abs(measured[1] / measured[2] - 1)).toBeLessThan(0.005);
  });

  it('a sheet hanging from its top edge in a steady wind tilts to the angle of the force balance, within 0.5°, and its pin holds weight and wind', () => {
    // Gravity along −z (the cloth grid lies in the xz plane), wind along +y across the sheet, the
    // edge at z = +0.5 pinned. A flat sheet at angle φ from the vertical feels, per unit area,
    // drag ½ρw²·C_d·cos φ along the wind and lift ½ρw²·C_l·cos φ·sin φ against gravity, σg its
    // weight; across the sheet they cancel (no moment about the hinge):
    // ½ρw²(C_d·cos²φ + C_l·cos φ·sin²φ) = σg·sin φ. Uniform
    // loads per area keep the sheet flat, so the chord from the pinned to the free edge shows φ.
    const wind = 1.5;
    for (const cl of [0, 1.2]) {
      const q = 0.5 * AIR_DENSITY * wind * wind;
      const balance = (phi: number) =>
        q * (cd * Math.cos(phi) ** 2 + cl * Math.cos(phi) * Math.sin(phi) ** 2) - SIGMA * G * Math.sin(phi);
      let lo = 0;
      let hi = Math.PI / 2;
      for (let i = 0; i < 60; i++) {
        const mid = (lo + hi) / 2;
        if (balance(mid) > 0) lo = mid;
        else hi = mid;
      }
      const expected = (lo + hi) / 2;
      const world = buildWorld(
        scene(
          [
            sheet({
              aerodynamics: { dragCoefficient: cd, liftCoefficient: cl },
              pins: [{ box: { min: [-1, -1, 0.5], max: [1, 1, 0.5] } }],
            }),
          ],
          { gravity: [0, 0, -G], air: { windMPerS: [0, wind, 0] }, substeps: 10 },
        ),
      );
      run(world, 10);
      const x = world.state.x;
      let topY = 0;
      let topZ = 0;
      let bottomY = 0;
      let bottomZ = 0;
      // Grid particles x fastest then z: the first row is z = −0.5 (free), the last z = +0.5 (pinned).
      for (let i = 0; i <= 8; i++) {
        bottomY += x[3 * i + 1] / 9;
        bottomZ += x[3 * i + 2] / 9;
        const top = 8 * 9 + i;
        topY += x[3 * top + 1] / 9;
        topZ += x[3 * top + 2] / 9;
      }
      const tilt = Math.atan2(bottomY - topY, topZ - bottomZ);
      expect(Math.abs(tilt - expected) * (180 / Math.PI), `C_l ${cl}`).toBeLessThan(0.5);
      // The pin holds the weight and the air's whole force (that on the pinned row included),
      // within 2%: drag q·C_d·cos φ along the wind, lift q·C_l·cos φ·sin φ against gravity, σg
      // down, per unit area at the measured φ (A = 1 m²).
      const [pinForce] = world.measureBodies()[0].pinForcesN;
      const along = q * cd * Math.cos(tilt);
      const up = q * cl * Math.cos(tilt) * Math.sin(tilt) - SIGMA * G;
      expect(Math.abs(pinForce / Math.hypot(along, up) - 1), `C_l ${cl}`).toBeLessThan(0.02);
      // Settled: what still moves is a slow swing below 2 mm/s.
      expect(Math.abs(meanVelocity(world, 1))).toBeLessThan(2e-3);
    }
  });

  it('still air on a still body creates no momentum: the same floats as with no air, total momentum 0', () => {
    const inAir = buildWorld(scene([sheet()], { gravity: [0, 0, 0], air: {} }));
    const inVacuum = buildWorld(scene([sheet()], { gravity: [0, 0, 0] }));
    expect(inAir.air).toBeDefined();
    run(inAir, 0.5);
    run(inVacuum, 0.5);
    expect(Array.from(inAir.state.v)).toEqual(Array.from(inVacuum.state.v));
    expect(Array.from(inAir.state.x)).toEqual(Array.from(inVacuum.state.x));
    // Total momentum (the centre of mass's velocity), which no force of the body changes: it is 0
    // but for rounding. The sheet relaxes by ~1e-8 m onto its single-precision membrane rest shapes,
    // and the plate's linear measure (plate-bend-linear.ts) moves particles in the plane with it, so
    // positions are rounded to ulp(0.5 m) = 1.1e-16 m each substep: up to ~1.3e-13 m/s at h = 1/1200 s
    // per substep, 600 substeps here; measured 1.6e-12.
    for (let axis = 0; axis < 3; axis++)
      expect(Math.abs(centreOfMassVelocity(inAir, axis))).toBeLessThan(1e-11);
  });

  it('zero wind with zero coefficients compiles to no air at all: the same floats as a scene without air', () => {
    const still = scene([sheet({ aerodynamics: { dragCoefficient: 0, liftCoefficient: 0 } })], {
      air: { windMPerS: [0, 0, 0] },
    });
    expect(compileScene(still).air).toBeUndefined();
    expect(compileScene(still).bodies[0].aerodynamics).toBeUndefined();
    const a = buildWorld(still);
    const b = buildWorld(scene([sheet()]));
    run(a, 0.5);
    run(b, 0.5);
    expect(Array.from(a.state.x)).toEqual(Array.from(b.state.x));
    expect(Array.from(a.state.v)).toEqual(Array.from(b.state.v));
  });

  it('a light sheet in a 30 m/s wind at one substep of 1/30 s stays finite and never outruns the wind', () => {
    const world = buildWorld(
      scene(
        [
          sheet({
            material: { ...sheetMaterial, densityKgM3: 40 },
            pins: [{ box: { min: [-1, -1, 0.5], max: [1, 1, 0.5] } }],
          }),
        ],
        { dt: 1 / 30, substeps: 1, air: { windMPerS: [0, 30, 0] } },
      ),
    );
    run(world, 2);
    const v = world.state.v;
    for (let p = 0; p < world.particleCount; p++) {
      expect(Math.hypot(v[3 * p], v[3 * p + 1], v[3 * p + 2])).toBeLessThan(60);
    }
  });

  it('a falling block feels drag on its leading face only: terminal velocity √(2mg/(ρ·C_d·A_face)) within 2%', () => {
    const side = 0.2;
    const density = 20; // light foam, so that terminal velocity comes within a few seconds
    const world = buildWorld(
      scene(
        [
          {
            name: 'block',
            shape: { type: 'box', size: [side, side, side], cells: [2, 2, 2], center: [0, 0, 0] },
            material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: density },
            model: 'neo-hookean',
            dampingRatio: 0.5,
            aerodynamics: { dragCoefficient: 1.05, liftCoefficient: 0 },
          },
        ],
        { substeps: 10 },
      ),
    );
    run(world, 4);
    const mass = density * side ** 3;
    const expected = Math.sqrt((2 * mass * G) / (AIR_DENSITY * 1.05 * side * side));
    expect(Math.abs(-meanVelocity(world, 1) / expected - 1)).toBeLessThan(0.02);
  });

  it('gusts are seeded: the same seed gives the same wind, another seed another, and the wind is continuous', () => {
    const air = {
      windMPerS: [5, 0, 0] as Vec3,
      densityKgM3: 1.2,
      gust: { amplitudeMPerS: 2, periodS: 0.5, seed: 7 },
    };
    const at = (t: number, seed = 7) =>
      Array.from(windAt({ ...air, gust: { ...air.gust, seed } }, t, new Float64Array(3)));
    expect(at(1.23)).toEqual(at(1.23));
    expect(at(1.23, 8)).not.toEqual(at(1.23));
    for (let t = 0; t < 3; t += 0.01) {
      const [a, b] = [at(t), at(t + 1e-6)];
      for (let k = 0; k < 3; k++) expect(Math.abs(a[k] - b[k])).toBeLessThan(1e-3);
      expect(Math.abs(a[0] - 5)).toBeLessThanOrEqual(2);
    }
    const gusty = scene([sheet({ pins: [{ box: { min: [-1, -1, 0.5], max: [1, 1, 0.5] } }] })], {
      air: { windMPerS: [0, 0, 3], gust: { amplitudeMPerS: 1, periodS: 0.3, seed: 3 } },
    });
    const first = buildWorld(gusty);
    const second = buildWorld(gusty);
    run(first, 0.5);
    run(second, 0.5);
    expect(Array.from(first.state.x)).toEqual(Array.from(second.state.x));
  });

  it("compiles per surface triangle: the body's coefficients, a group's where all three vertices are in it, defaults with scene air", () => {
    // The first row of cells (z = −0.5 … −0.375) in a group with its own coefficients.
    const rows = Array.from({ length: 18 }, (_, i) => i);
    const setup = compileScene(
      scene(
        [
          sheet({
            aerodynamics: { dragCoefficient: 0.9 },
            groups: [{ name: 'hem', vertices: rows, aerodynamics: { liftCoefficient: 0.2 } }],
          }),
          {
            name: 'block',
            shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [1, 1, 1], center: [0, 1, 0] },
            material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 100 },
            model: 'neo-hookean',
          },
        ],
        { air: { windMPerS: [1, 0, 0], densityKgM3: 1.1 } },
      ),
    );
    const [cloth, block] = setup.bodies;
    const aero = cloth.aerodynamics;
    expect(aero?.windwardOnly).toBe(false);
    expect(new Set(aero?.dragCoefficient)).toEqual(new Set([0.9]));
    // 8 cells × 2 triangles in the hem row take the group's lift, the body's default elsewhere.
    expect(Array.from(aero?.liftCoefficient ?? []).filter((c) => c === 0.2)).toHaveLength(16);
    expect(Array.from(aero?.liftCoefficient ?? []).filter((c) => c === 1.2)).toHaveLength(128 - 16);
    expect(block.aerodynamics?.windwardOnly).toBe(true);
    expect(block.aerodynamics?.dragCoefficient.length).toBe(block.geometry.surfaceTriangles.length / 3);
    expect(setup.air).toEqual({ windMPerS: [1, 0, 0], densityKgM3: 1.1 });
  });

  it('refuses aerodynamics on a rope, which has no surface', () => {
    const rope: BodySpec = {
      name: 'rope',
      shape: { type: 'rope', start: [0, 1, 0], end: [1, 1, 0], segments: 4, radiusM: 0.01 },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'rope',
      aerodynamics: { dragCoefficient: 1 },
    };
    expect(() => compileScene(scene([rope]))).toThrow(
      '/bodies/0/aerodynamics: applies to bodies with surface triangles (cloth, solids), not ropes',
    );
  });

  it('a preset of a windy scene validates, and its world steps to the same floats as the scene', () => {
    const windy = scene(
      [
        sheet({
          aerodynamics: { liftCoefficient: 0.5 },
          pins: [{ box: { min: [-1, -1, 0.5], max: [1, 1, 0.5] } }],
        }),
      ],
      {
        air: { windMPerS: [0, 2, 1], densityKgM3: 1.1, gust: { amplitudeMPerS: 0.5, periodS: 0.2, seed: 9 } },
      },
    );
    const preset = readPreset(writePreset(presetFromScene(windy, { name: 'windy' })));
    expect(presetProblems(preset)).toEqual([]);
    expect(preset.setup.air?.gust).toEqual({ amplitudeMPerS: 0.5, periodS: 0.2, seed: 9 });
    const fromPreset = buildWorldFromPreset(preset);
    const fromScene = buildWorld(windy);
    run(fromPreset, 0.25);
    run(fromScene, 0.25);
    expect(Array.from(fromPreset.state.x)).toEqual(Array.from(fromScene.state.x));
    // Jolt: the numbers travel for the game to apply, one coefficient per face; MuJoCo: none.
    const jolt = exportJolt(preset);
    expect(jolt.air).toEqual(preset.setup.air);
    const body = jolt.bodies[0];
    expect(body.aerodynamics?.dragCoefficient).toHaveLength(body.sharedSettings.faces.length);
    expect(body.aerodynamics?.liftCoefficient[0]).toBe(0.5);
    expect(exportMujoco(preset).xml).not.toMatch(/ wind=| density=/);
  });
});
