import { describe, expect, it } from 'vitest';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld, buildWorldFromSetup } from '../../../core/sim/build-world.ts';
import type { ConstraintBlock } from '../../../core/sim/constraints/index.ts';
import {
  ALPHA_COUPLING,
  ALPHA_NORMAL,
  ALPHA_NORMAL_WEFT,
  ALPHA_SHEAR,
  membraneCompliance,
} from '../../../core/sim/constraints/membrane.ts';
import { starTetParticles } from '../../../core/sim/constraints/nodal-volume.ts';
import { plateHinge } from '../../../core/sim/constraints/plate-bend.ts';
import { TORN_COMPLIANCE } from '../../../core/sim/tearing.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { hangingChain, hangingStrip, sceneWith, TEARABLE_BAR_M, tearableBar } from './fixtures.ts';

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

/** The particle sets of the torn elements of `world`'s first body (tearable blocks only). */
function tornElements(world: XpbdWorld): Set<number>[] {
  const out: Set<number>[] = [];
  for (const block of world.runtimes[0].blocks) {
    for (let c = 0; c < block.count; c++) {
      if (!world.tearing?.isTorn(block, c)) continue;
      out.push(new Set(block.particles.subarray(block.arity * c, block.arity * (c + 1))));
    }
  }
  return out;
}

/** Whether some torn element has all its particles among `particles`. */
function spansTorn(torn: readonly Set<number>[], particles: ArrayLike<number>): boolean {
  const group = new Set(Array.from(particles));
  return torn.some((element) => [...element].every((p) => group.has(p)));
}

const blockOf = <K extends ConstraintBlock['kind']>(world: XpbdWorld, kind: K) =>
  world.runtimes[0].blocks.find((b) => b.kind === kind) as Extract<ConstraintBlock, { kind: K }>;

/** A 10 cm × 30 cm strip hanging from its top edge, torn below the stress of its top row. */
function tearableStrip(): Scene {
  const lengthM = 0.3;
  const strip: BodySpec = {
    ...hangingStrip(0.1, lengthM, [4, 6]),
    groups: [
      {
        name: 'all',
        vertices: Array.from({ length: 35 }, (_, i) => i),
        breakingStressPa: 0.9 * 500 * g * lengthM,
      },
    ],
  };
  const scene = sceneWith([strip], { dt: 1 / 60, substeps: 20 });
  scene.gravity = [0, 0, g];
  return scene;
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
    const length = TEARABLE_BAR_M;
    const bar = (breakingStressPa: number) =>
      tearableBar({ youngModulusPa: 2e5, poissonRatio: 0.3, breakingStressPa });
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

  it('a plate-bend hinge stops exactly when a membrane triangle it bends tears; reset brings every hinge back', () => {
    const world = buildWorld(parseScene(tearableStrip()));
    const plate = blockOf(world, 'plate-bend');
    const present = Array.from(plate.present);
    for (let f = 0; f < 120; f++) world.step(1 / 60);
    const torn = tornElements(world);
    expect(torn.length).toBeGreaterThan(0);
    let stopped = 0;
    for (let c = 0; c < plate.count; c++) {
      for (let k = 0; k < 3; k++) {
        if (!(present[c] & (1 << k))) continue;
        const hinge = plateHinge(plate, c, k, new Uint32Array(4));
        const expected = spansTorn(torn, hinge) ? 0 : 1;
        expect((plate.present[c] >> k) & 1, `triangle ${c} hinge ${k}`).toBe(expected);
        stopped += 1 - expected;
      }
    }
    expect(stopped).toBeGreaterThan(0);
    expect(world.tearing?.stoppedDependentCount).toBe(stopped);
    world.reset();
    expect(Array.from(plate.present)).toEqual(present);
    expect(world.tearing?.stoppedDependentCount).toBe(0);
  });

  it('reset makes a torn cloth strip whole: every membrane compliance as built, and a rerun identical to the first run', () => {
    // Isotropic cloth keeps one array for its normal and weft compliance: tearing once saved the torn
    // value as the weft's, and reset wrote it back (a strip with no normal stiffness, then NaN).
    const world = buildWorld(parseScene(tearableStrip()));
    const membrane = blockOf(world, 'membrane');
    const compliances = () =>
      [ALPHA_NORMAL, ALPHA_NORMAL_WEFT, ALPHA_COUPLING, ALPHA_SHEAR].map((entry) =>
        Array.from({ length: membrane.count }, (_, t) => membraneCompliance(membrane, t, entry)),
      );
    const built = compliances();
    const rows = Array.from(membrane.complianceIndex);
    const run = () => {
      for (let f = 0; f < 120; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
      return { x: Array.from(world.state.x), torn: world.tearing?.tornCount };
    };
    const first = run();
    expect(first.torn).toBeGreaterThan(0);
    world.reset();
    expect(compliances()).toEqual(built);
    expect(Array.from(membrane.complianceIndex)).toEqual(rows);
    expect(run()).toEqual(first);
  });

  it('a dihedral hinge (edges-mode cloth) stops exactly when an edge spring of its two triangles tears; reset restores it', () => {
    const world = buildWorldFromSetup(compileScene(tearableStrip(), { clothStretch: 'edges' }));
    const hinges = blockOf(world, 'dihedral-bend');
    const compliance = Array.from(hinges.compliancePerNM);
    const damping = Array.from(hinges.dampingNMS);
    for (let f = 0; f < 120; f++) world.step(1 / 60);
    const torn = tornElements(world);
    expect(torn.length).toBeGreaterThan(0);
    let stopped = 0;
    for (let c = 0; c < hinges.count; c++) {
      const spans = spansTorn(torn, hinges.particles.subarray(4 * c, 4 * c + 4));
      expect(hinges.compliancePerNM[c], `hinge ${c}`).toBe(spans ? TORN_COMPLIANCE : compliance[c]);
      expect(hinges.dampingNMS[c]).toBe(spans ? 0 : damping[c]);
      if (spans) stopped++;
    }
    expect(stopped).toBeGreaterThan(0);
    world.reset();
    expect(Array.from(hinges.compliancePerNM)).toEqual(compliance);
    expect(Array.from(hinges.dampingNMS)).toEqual(damping);
  });

  it('a nodal-volume star stops exactly when one of its tets tears; reset restores it', () => {
    const bar = tearableBar({
      youngModulusPa: 2e5,
      poissonRatio: 0.45, // nodal-volume stars carry the bulk above the per-tet limit
      breakingStressPa: 500 * g * TEARABLE_BAR_M,
    });
    const world = buildWorld(parseScene(sceneWith([bar], { dt: 1 / 60, substeps: 30 })));
    world.extraLinearDampingPerS = 20;
    const stars = blockOf(world, 'nodal-volume');
    const compliance = Array.from(stars.complianceM3PerPa);
    for (let f = 0; f < 90; f++) world.step(1 / 60);
    const torn = tornElements(world);
    expect(torn.length).toBeGreaterThan(0);
    let stopped = 0;
    for (let c = 0; c < stars.count; c++) {
      let spans = false;
      for (let e = stars.starStarts[c]; e < stars.starStarts[c + 1]; e++) {
        spans ||= spansTorn(torn, starTetParticles(stars, c, e));
      }
      expect(stars.complianceM3PerPa[c], `star ${c}`).toBe(spans ? TORN_COMPLIANCE : compliance[c]);
      if (spans) stopped++;
    }
    expect(stopped).toBeGreaterThan(0);
    world.reset();
    expect(Array.from(stars.complianceM3PerPa)).toEqual(compliance);
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
