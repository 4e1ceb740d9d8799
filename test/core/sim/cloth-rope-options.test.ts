import { describe, expect, it } from 'vitest';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { enclosedVolume } from '../../../core/sim/constraints/pressure.ts';
import { sceneWith } from './fixtures.ts';
import { sphereMesh } from './shapes.ts';

const g = 9.81;
const ground = [
  { type: 'plane' as const, normal: [0, 1, 0] as [number, number, number], offset: 0, friction: 0.5 },
];

describe('rope bending', () => {
  it('a clamped horizontal rod deflects like Euler–Bernoulli, q·L⁴/(8EI) with EI = E·πr⁴/4, within 2%', () => {
    // 20 links of 5 cm, r = 1 cm, E = 4.9 GPa: δ ≈ 1 cm on 1 m. Pinning the first two particles
    // clamps the rod at the middle of the first link, so the free length is L − l/2 (measured:
    // 0.9035 of the full-length value, (1 − 1/40)⁴ = 0.9037). r ≈ 0.02 for the bending joints.
    const [length, radius, densityKgM3, youngModulusPa, segments] = [1, 0.01, 1000, 4.9e9, 20];
    const rod: BodySpec = {
      name: 'rod',
      shape: { type: 'rope', start: [0, 1, 0], end: [length, 1, 0], segments, radiusM: radius },
      material: { youngModulusPa, poissonRatio: 0.3, densityKgM3 },
      model: 'rope',
      bending: true,
      pins: [{ box: { min: [-1, 0, -1], max: [length / segments + 1e-9, 2, 1] } }],
    };
    const dt = 0.004;
    const world = buildWorld(sceneWith([rod], { dt, substeps: 400 }));
    world.extraLinearDampingPerS = 78; // near-critical for the first bending mode (39 rad/s)
    for (let f = 0; f < 300; f++) {
      if (world.step(dt).kineticEnergyJ < 1e-14 && f > 30) break;
    }
    const tip = 1 - world.state.x[3 * segments + 1];
    const q = densityKgM3 * g * Math.PI * radius ** 2;
    const bendingStiffness = (youngModulusPa * Math.PI * radius ** 4) / 4;
    const free = length - length / segments / 2;
    expect(Math.abs(tip / ((q * free ** 4) / (8 * bendingStiffness)) - 1)).toBeLessThan(0.02);
    // Without bending the same rope just hangs down from its pins.
    const limp = buildWorld(sceneWith([{ ...rod, bending: false }], { dt, substeps: 40 }));
    for (let f = 0; f < 60; f++) limp.step(dt);
    expect(1 - limp.state.x[3 * segments + 1]).toBeGreaterThan(0.1);
  });
});

describe('cloth tethers', () => {
  /** A soft 1 m cloth hanging from its edge z = −0.5; returns the largest distance-to-pin over rest distance. */
  function worstStretch(tethers: BodySpec['tethers']): number {
    const cloth: BodySpec = {
      name: 'curtain',
      shape: { type: 'cloth', size: [1, 1], cells: [12, 12], center: [0, 2, 0] },
      material: { youngModulusPa: 2e4, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.002 },
      model: 'cloth',
      dampingRatio: 0.3,
      pins: [{ box: { min: [-1, 1.9, -0.51], max: [1, 2.1, -0.49] } }],
      ...(tethers ? { tethers } : {}),
    };
    const world = buildWorld(sceneWith([cloth], { dt: 1 / 60, substeps: 5 }));
    world.extraLinearDampingPerS = 2;
    for (let f = 0; f < 180; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    const { x, rest, invMass } = world.state;
    const pinned = Array.from({ length: world.particleCount }, (_, p) => p).filter((p) => invMass[p] === 0);
    let worst = 0;
    for (let p = 0; p < world.particleCount; p++) {
      if (invMass[p] === 0) continue;
      let nearest = -1;
      let nearestRest = Number.POSITIVE_INFINITY;
      for (const q of pinned) {
        const d = Math.hypot(
          rest[3 * p] - rest[3 * q],
          rest[3 * p + 1] - rest[3 * q + 1],
          rest[3 * p + 2] - rest[3 * q + 2],
        );
        if (d < nearestRest) [nearest, nearestRest] = [q, d];
      }
      const now = Math.hypot(
        x[3 * p] - x[3 * nearest],
        x[3 * p + 1] - x[3 * nearest + 1],
        x[3 * p + 2] - x[3 * nearest + 2],
      );
      worst = Math.max(worst, now / nearestRest);
    }
    return worst;
  }

  it('hold every particle within (1 + maxStretch) of its rest distance to the nearest pin', () => {
    expect(worstStretch(undefined)).toBeGreaterThan(1.1); // a soft cloth at 5 substeps sags and stretches
    expect(worstStretch({ maxStretch: 0.02 })).toBeLessThan(1.02 + 1e-9);
    expect(worstStretch({})).toBeLessThan(1 + 1e-9);
  });
});

describe('pressure (a balloon)', () => {
  /** A closed sphere of cloth (r = 0.2 m) resting on the ground; returns enclosed over rest volume. */
  function settledVolumeRatio(pressure: BodySpec['pressure']): number {
    const ball: BodySpec = {
      name: 'ball',
      shape: { type: 'mesh', path: 'ball.obj' },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
      model: 'cloth',
      dampingRatio: 0.3,
      ...(pressure ? { pressure } : {}),
    };
    const meshes = {
      surfaces: new Map([['/bodies/0/shape', sphereMesh(0.2, [0, 0.21, 0], 3)]]),
      solids: new Map(),
    };
    const world = buildWorld(sceneWith([ball], { dt: 1 / 60, substeps: 10 }, ground), { meshes });
    world.extraLinearDampingPerS = 2;
    for (let f = 0; f < 180; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    const all = Uint32Array.from({ length: world.particleCount }, (_, i) => i);
    const triangles = world.runtimes[0].geometry.triangles;
    return enclosedVolume(world.state.x, all, triangles) / enclosedVolume(world.state.rest, all, triangles);
  }

  it('keeps a closed surface inflated: the gas holds the volume it wants (1%), without it the ball slumps', () => {
    expect(settledVolumeRatio(undefined)).toBeLessThan(0.7);
    expect(Math.abs(settledVolumeRatio({}) - 1)).toBeLessThan(0.01);
    // Inflated 20%: the membrane stretches and the gas gets nearly the volume it asks for.
    expect(Math.abs(settledVolumeRatio({ volumeScale: 1.2 }) - 1.2)).toBeLessThan(0.01);
  });

  it('is refused on an open surface, naming the body', () => {
    const sheet = sphereMesh(0.2, [0, 1, 0], 1);
    const open = { positions: sheet.positions, indices: sheet.indices.slice(3) }; // one triangle removed
    const meshes = { surfaces: new Map([['/bodies/0/shape', open]]), solids: new Map() };
    const body: BodySpec = {
      name: 'torn',
      shape: { type: 'mesh', path: 'torn.obj' },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
      model: 'cloth',
      pressure: {},
    };
    expect(() => buildWorld(sceneWith([body]), { meshes })).toThrow(
      "/bodies/0/pressure: body 'torn': pressure needs a closed, consistently wound surface",
    );
  });
});
