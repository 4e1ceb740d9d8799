import { describe, expect, it } from 'vitest';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld, buildWorldFromSetup } from '../../../core/sim/build-world.ts';
import { hangingBar, hangingChain, hangingStrip, sceneWith } from './fixtures.ts';

const g = 9.81;
const segments = 10;
const linkM = 0.05;
const radiusM = 0.002;
const densityKgM3 = 1000;
const areaM2 = Math.PI * radiusM ** 2;
/** The last link is a weight 20× denser than the rope. */
const weightDensity = 20 * densityKgM3;

/** A rope with a dense last link, torn at `breakingStressPa` (one group over the whole rope). */
function rope(breakingStressPa: number): BodySpec {
  return {
    ...hangingChain({ segments, linkM, radiusM, youngModulusPa: 1e7, densityKgM3 }),
    groups: [
      { name: 'rope', vertices: Array.from({ length: segments + 1 }, (_, i) => i), breakingStressPa },
      {
        name: 'weight',
        vertices: [segments - 1, segments],
        material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: weightDensity },
        breakingStressPa,
      },
    ],
  };
}

/**
 * Gravity raised slowly from 0 to `upTo`·g over `seconds` (heavily damped, so quasi-static), then
 * held; returns the gravity fraction at which the first link tore (NaN: none did) and the world.
 */
function rampUntilTorn(scene: Scene, upTo: number, seconds: number) {
  const world = buildWorld(parseScene(scene));
  world.extraLinearDampingPerS = 40;
  const gravity = world.gravity as [number, number, number];
  const frames = Math.round(seconds * 60);
  let tornAt = Number.NaN;
  for (let f = 0; f <= frames + 30; f++) {
    const fraction = upTo * Math.min(1, f / frames);
    gravity[1] = -g * fraction;
    world.step(1 / 60);
    if (Number.isNaN(tornAt) && (world.tearing?.tornCount ?? 0) > 0) tornAt = fraction;
  }
  return { world, tornAt };
}

/** What the top link carries at rest, N: every free particle (all but the pinned top) of the lumped masses. */
function freeWeightN(): number {
  const probe = buildWorld(parseScene(sceneWith([rope(1)])));
  let freeKg = 0;
  for (let p = 0; p < probe.particleCount; p++) if (probe.state.invMass[p] > 0) freeKg += probe.state.mass[p];
  return freeKg * g;
}

describe('tearing', () => {
  const topLoadN = freeWeightN();
  it('a rope holds 0.9× its breaking load and tears at 1.1× (slowly raised load, within 10% of σ_b·πr²)', () => {
    const breakingForceN = topLoadN; // tears when the top link carries its full load
    const sigma = breakingForceN / areaM2;
    const held = rampUntilTorn(sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 }), 0.9, 2);
    expect(held.world.tearing?.tornCount).toBe(0);
    const torn = rampUntilTorn(sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 }), 1.1, 2);
    expect(torn.world.tearing?.tornCount).toBe(1);
    // The load when it tore against the predicted one.
    expect(Math.abs(torn.tornAt - 1)).toBeLessThan(0.1);
    // The top link went: the rest of the rope falls free, nothing is NaN.
    const y = (i: number) => torn.world.state.x[3 * i + 1];
    expect(y(0) - y(1)).toBeGreaterThan(1.5 * linkM);
    expect(Number.isFinite(torn.world.positions.reduce((a, b) => a + b, 0))).toBe(true);
    const metrics = torn.world.measureBodies()[0];
    expect(metrics.pinForcesN[0]).toBeLessThan(0.2 * topLoadN);
  });

  it('is deterministic: two runs tear the same constraints and end in the same state', () => {
    const sigma = (0.8 * topLoadN) / areaM2;
    const a = rampUntilTorn(sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 }), 1, 1);
    const b = rampUntilTorn(sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 }), 1, 1);
    expect(a.tornAt).toBe(b.tornAt);
    expect(Array.from(b.world.state.x)).toEqual(Array.from(a.world.state.x));
  });

  it('reset makes every torn element whole again: a rerun is identical to the first run', () => {
    const sigma = (0.8 * topLoadN) / areaM2;
    const scene = parseScene(sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 }));
    const world = buildWorld(scene);
    const run = () => {
      for (let f = 0; f < 60; f++) world.step(1 / 60);
      return { x: Array.from(world.state.x), torn: world.tearing?.tornCount };
    };
    const first = run();
    expect(first.torn).toBeGreaterThan(0);
    world.reset();
    expect(world.tearing?.tornCount).toBe(0);
    expect(run()).toEqual(first);
  });

  it('a cloth strip tears across its top row and stays finite', () => {
    const lengthM = 0.3;
    const strip: BodySpec = {
      ...hangingStrip(0.1, lengthM, [4, 6]),
      groups: [
        {
          name: 'all',
          vertices: Array.from({ length: 35 }, (_, i) => i),
          breakingStressPa: 0.9 * 500 * g * lengthM, // below the stress of the hanging strip's top row
        },
      ],
    };
    const scene = sceneWith([strip], { dt: 1 / 60, substeps: 20 });
    scene.gravity = [0, 0, g];
    const world = buildWorld(parseScene(scene));
    for (let f = 0; f < 120; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    expect(world.tearing?.tornCount).toBeGreaterThan(0);
    // Torn free: the strip's bottom edge has fallen well past its length.
    const z = world.state.x.filter((_, k) => k % 3 === 2);
    expect(Math.max(...z)).toBeGreaterThan(lengthM);
  });

  it('neo-Hookean tets tear where the stress of a hanging bar exceeds the breaking stress, and only there; the state stays finite', () => {
    const length = 0.4;
    const bar = (breakingStressPa: number): BodySpec => ({
      ...hangingBar({
        model: 'neo-hookean',
        youngModulusPa: 2e5,
        poissonRatio: 0.3,
        densityKgM3: 1000,
        side: 0.1,
        length,
        cells: [2, 8, 2],
      }),
      groups: [{ name: 'all', vertices: Array.from({ length: 3 * 9 * 3 }, (_, i) => i), breakingStressPa }],
    });
    const topStressPa = 1000 * g * length; // ρ·g·L at the top
    const run = (stressPa: number) => {
      const world = buildWorld(parseScene(sceneWith([bar(stressPa)], { dt: 1 / 60, substeps: 30 })));
      world.extraLinearDampingPerS = 20;
      for (let f = 0; f < 90; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
      return world;
    };
    expect(run(3 * topStressPa).tearing?.tornCount).toBe(0);
    const torn = run(0.5 * topStressPa);
    expect(torn.tearing?.tornCount).toBeGreaterThan(0);
    expect(torn.measureBodies()[0].bboxMin[1]).toBeLessThan(2 - length - 0.05); // the lower part fell
  });

  it('a scene without breaking stresses has no tearing', () => {
    const world = buildWorld(
      sceneWith([hangingChain({ segments, linkM, radiusM, youngModulusPa: 1e7, densityKgM3 })]),
    );
    expect(world.tearing).toBeNull();
  });
});

describe('tearing in the native preset', () => {
  it('carries the breaking thresholds: a preset written and read back tears as the scene does', () => {
    const sigma = 1e6;
    const document = sceneWith([rope(sigma)], { dt: 1 / 60, substeps: 20 });
    const preset = readPreset(writePreset(presetFromScene(document, { name: 'rope' })));
    const set = preset.setup.bodies[0].constraints.find((c) => c.kind === 'distance');
    expect(set?.kind).toBe('distance');
    if (set?.kind !== 'distance') return;
    // σ_b·πr² for every link of the rope (both groups have σ_b).
    for (const f of set.breakingForceN ?? []) expect(f / (sigma * areaM2)).toBeCloseTo(1, 9);
    expect(set.breakingForceN?.length).toBe(segments);
    const fromPreset = buildWorldFromSetup(preset.setup);
    const fromScene = buildWorld(parseScene(document));
    for (let f = 0; f < 30; f++) {
      fromPreset.step(1 / 60);
      fromScene.step(1 / 60);
    }
    expect(fromPreset.tearing?.tornCount).toBe(fromScene.tearing?.tornCount);
    expect(Array.from(fromPreset.state.x)).toEqual(Array.from(fromScene.state.x));
  });
});
