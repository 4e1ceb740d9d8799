import { describe, expect, it } from 'vitest';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { createTriangleMeshCollider, meshContact } from '../../../core/sim/collide/mesh-collider.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';

/**
 * Contact between soft bodies (core/sim/collide/body-contact.ts): two 0.2 m neo-Hookean blocks
 * (4 × 4 × 4 cells, E = 100 kPa, ν = 0.3, ρ = 1000 kg/m³, critically damped).
 */
const SIDE_M = 0.2;
const THICKNESS_M = 0.005;
const E_PA = 1e5;
const RHO = 1000;
const G = 9.81;

const block = (name: string, centre: [number, number, number]): BodySpec => ({
  name,
  shape: { type: 'box', size: [SIDE_M, SIDE_M, SIDE_M], cells: [4, 4, 4], center: centre },
  material: { youngModulusPa: E_PA, poissonRatio: 0.3, densityKgM3: RHO },
  model: 'neo-hookean',
  dampingRatio: 1,
});

const ground: Scene['colliders'] = [{ type: 'plane', normal: [0, 1, 0], offset: 0 }];

function scene(bodies: BodySpec[], substeps: number, contact: boolean, colliders = ground): Scene {
  return {
    gravity: [0, -G, 0],
    solver: { dt: 1 / 60, substeps },
    colliders,
    bodies,
    ...(contact ? { contact: { betweenBodies: true, thicknessM: THICKNESS_M } } : {}),
  };
}

/**
 * How deep the deepest particle of body `visitor` is inside the closed surface of body `host`,
 * m (0 when none is inside): signed distance to the host's current surface by closest point and
 * angle-weighted pseudo-normal (the mesh collider's query, an independent measure).
 */
function interpenetrationM(world: XpbdWorld, host: number, visitor: number): number {
  const h = world.bodies[host];
  const positions = world.state.x.slice(3 * h.particleOffset, 3 * (h.particleOffset + h.particleCount));
  const surface = createTriangleMeshCollider(positions, h.surfaceTriangles, 0);
  const v = world.bodies[visitor];
  const x = world.state.x;
  let deepest = 0;
  for (let p = v.particleOffset; p < v.particleOffset + v.particleCount; p++) {
    const depth = meshContact(surface, x[3 * p], x[3 * p + 1], x[3 * p + 2], SIDE_M);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

function maxSpeedMPerS(world: XpbdWorld, body: number): number {
  const b = world.bodies[body];
  const v = world.state.v;
  let fastest = 0;
  for (let p = b.particleOffset; p < b.particleOffset + b.particleCount; p++)
    fastest = Math.max(fastest, Math.hypot(v[3 * p], v[3 * p + 1], v[3 * p + 2]));
  return fastest;
}

describe('contact between soft bodies', () => {
  it('a block stacked on another comes to rest on it at the heights of linear elasticity', () => {
    const world = buildWorld(
      scene(
        [block('bottom', [0, SIDE_M / 2, 0]), block('top', [0, 1.5 * SIDE_M + THICKNESS_M, 0])],
        20,
        true,
      ),
    );
    let deepest = 0;
    for (let f = 0; f < 180; f++) {
      expect(world.step(1 / 60).hasNaN).toBe(false);
      deepest = Math.max(deepest, interpenetrationM(world, 0, 1), interpenetrationM(world, 1, 0));
    }
    const [bottom, top] = world.measureBodies();
    // Uniaxial columns: a block shortens by ρgL²/(2E) under its own weight and by σL/E under a
    // load σ = m_top·g/A on its top (ν's bulge and the contacts' friction are left out).
    const selfWeightM = (RHO * G * SIDE_M ** 2) / (2 * E_PA);
    const loadM = ((RHO * SIDE_M ** 3 * G) / SIDE_M ** 2 / E_PA) * SIDE_M;
    const bottomTop = SIDE_M - selfWeightM - loadM;
    const topBottom = bottomTop + THICKNESS_M;
    const topTop = topBottom + SIDE_M - selfWeightM;
    // Measured: 0.1946, 0.1993, 0.3976 m against 0.1941, 0.1991, 0.3972 m (shortenings 5.4 and
    // 1.7 mm against 5.9 and 2.0 mm); speed 7e-6 m/s; no particle inside the other block.
    const TOLERANCE_M = 0.001;
    expect(Math.abs(bottom.bboxMax[1] - bottomTop)).toBeLessThan(TOLERANCE_M);
    expect(Math.abs(top.bboxMin[1] - topBottom)).toBeLessThan(TOLERANCE_M);
    expect(Math.abs(top.bboxMax[1] - topTop)).toBeLessThan(TOLERANCE_M);
    expect(maxSpeedMPerS(world, 1)).toBeLessThan(1e-3);
    expect(deepest).toBeLessThan(0.5e-3);
    // The contact keeps the thickness, less what the last substep's constraints took back.
    expect(top.bboxMin[1] - bottom.bboxMax[1]).toBeGreaterThan(THICKNESS_M - 0.5e-3);
  });

  /** Deepest interpenetration over 2 s of a block dropped from 2 m (its base) onto another. */
  function dropDepthM(substeps: number, contact: boolean): { deepestM: number; lowestTopCentroidM: number } {
    const world = buildWorld(
      scene(
        [block('bottom', [0, SIDE_M / 2, 0]), block('top', [0, SIDE_M + 2 + SIDE_M / 2, 0])],
        substeps,
        contact,
      ),
    );
    let deepest = 0;
    let lowest = Number.POSITIVE_INFINITY;
    for (let f = 0; f < 120; f++) {
      expect(world.step(1 / 60).hasNaN).toBe(false);
      deepest = Math.max(deepest, interpenetrationM(world, 0, 1), interpenetrationM(world, 1, 0));
      if (f < 50) lowest = Math.min(lowest, world.measureBodies()[1].centroid[1]);
    }
    return { deepestM: deepest, lowestTopCentroidM: lowest };
  }

  for (const substeps of [10, 20]) {
    it(`a block dropped from 2 m onto another does not pass through it (${substeps} substeps)`, () => {
      // It lands at 6.3 m/s, 1 (10 substeps) or 0.5 cm (20) per substep, squashes and rebounds.
      // Measured: no particle inside the other block at any frame; lowest centre 0.209 m (10
      // substeps), 0.216 m (20). Without contact: 9.8 cm deep, centre down to 0.057 m.
      const { deepestM, lowestTopCentroidM } = dropDepthM(substeps, true);
      expect(deepestM).toBeLessThan(0.01);
      // Through the impact (the first 0.83 s) its centre stays above the bottom block's top.
      expect(lowestTopCentroidM).toBeGreaterThan(SIDE_M);
    });
  }

  it('without contact the same drop passes through (the measure can fail)', () => {
    const { deepestM, lowestTopCentroidM } = dropDepthM(10, false);
    expect(deepestM).toBeGreaterThan(0.05);
    expect(lowestTopCentroidM).toBeLessThan(SIDE_M);
  });

  it('two free blocks colliding conserve linear momentum', () => {
    // No gravity, no colliders: block A at 2 m/s along x hits block B at rest, slightly offset in
    // y so that friction acts too. Contacts push and rub in equal and opposite pairs (Σ m·Δx = 0).
    const world = buildWorld({
      ...scene([block('a', [-0.3, 0, 0]), block('b', [0, 0.05, 0])], 20, true, []),
      gravity: [0, 0, 0],
    });
    const { v, mass } = world.state;
    const a = world.bodies[0];
    for (let p = a.particleOffset; p < a.particleOffset + a.particleCount; p++) v[3 * p] = 2;
    const momentum = () => {
      const total = [0, 0, 0];
      for (let p = 0; p < world.particleCount; p++)
        for (let k = 0; k < 3; k++) total[k] += mass[p] * v[3 * p + k];
      return total;
    };
    const before = momentum();
    let largestDrift = 0;
    for (let f = 0; f < 60; f++) {
      expect(world.step(1 / 60).hasNaN).toBe(false);
      const now = momentum();
      largestDrift = Math.max(
        largestDrift,
        Math.hypot(now[0] - before[0], now[1] - before[1], now[2] - before[2]),
      );
    }
    const [bodyA, bodyB] = world.measureBodies();
    const massB = bodyB.massKg;
    // They did collide: B moves off along x with a good part of A's momentum.
    let pB = 0;
    const b = world.bodies[1];
    for (let p = b.particleOffset; p < b.particleOffset + b.particleCount; p++) pB += mass[p] * v[3 * p];
    expect(pB / massB).toBeGreaterThan(0.5);
    expect(bodyA.centroid[0]).toBeLessThan(bodyB.centroid[0]);
    // |p| = 16 kg·m/s; measured drift 1e-11 kg·m/s (rounding); B leaves at 1.29 m/s.
    expect(largestDrift / Math.hypot(...before)).toBeLessThan(1e-9);
  });
});
