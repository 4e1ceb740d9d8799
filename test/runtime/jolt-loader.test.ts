import { describe, expect, it } from 'vitest';
import {
  exportJolt,
  type JoltExport,
  type Preset,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../core/preset/index.ts';
import { buildWorldFromPreset } from '../../core/preset/to-world.ts';
import type { Scene } from '../../core/scene/scene.ts';
import { createSoftBodySharedSettings } from '../../runtime/jolt/loader.mjs';
import { joltPinForceN, loadJolt, runSoftBody } from './jolt-harness.ts';

/**
 * The Jolt export loaded for real: jolt-physics (WebAssembly) builds the soft body with
 * runtime/jolt/loader.mjs and simulates it; the same preset runs in our engine (core/preset
 * to-world.ts: its mesh, masses, pins and compliances as stored, not the scene it came from). Both
 * settle with the same mass-proportional damping, then run undamped for half a second so the
 * damping does not scale the weight. Acceptance: elongation or sag within 10% of ours, and the
 * pins carry the weight within 2% in both.
 */
const FRAME_S = 1 / 60;
const G = 9.81;

function roundTrip(preset: Preset): JoltExport {
  // Through the preset file and the JSON text, as a game team receives it.
  return JSON.parse(JSON.stringify(exportJolt(readPreset(writePreset(preset)))));
}

interface Comparison {
  ours: number;
  jolt: number;
  /** Our engine's pin force report (sum of the pins' force magnitudes) over the weight. */
  oursReportedPinRatio: number;
  /**
   * The vector sum of the pin forces over the weight, estimated from our state with the exported
   * constraints (joltPinForceN). Used for the cloth, whose two pins also carry the sheet's tension
   * (the engine reports force magnitudes per pin, which do not add up to the weight there).
   */
  oursPinRatio: number;
  joltPinRatio: number;
  hasNaN: boolean;
}

async function compare(
  scene: Scene,
  measure: (rest: ArrayLike<number>, x: ArrayLike<number>) => number,
  settleFrames: number,
  dampingPerS: number,
): Promise<Comparison> {
  // One preset file, as a game team receives it, runs in both engines.
  const preset = readPreset(writePreset(presetFromScene(scene, { name: 'runtime test' })));
  const world = buildWorldFromPreset(preset);
  world.extraLinearDampingPerS = dampingPerS;
  let hasNaN = false;
  for (let f = 0; f < settleFrames; f++) hasNaN ||= world.step(FRAME_S).hasNaN;
  world.extraLinearDampingPerS = 0;
  for (let f = 0; f < 30; f++) hasNaN ||= world.step(FRAME_S).hasNaN;
  const [metrics] = world.measureBodies();
  const ours = measure(world.state.rest, world.positions);

  const data = roundTrip(preset);
  const body = data.bodies[0];
  const mass = preset.setup.bodies[0].geometry.mass;
  const weight = mass.reduce((s, m) => s + m, 0) * G;
  const substepS = FRAME_S / body.creationSettings.numIterations;
  // The export holds the preset's constraints exactly (edges, bends; volumes in Jolt's scaling), so
  // the same measurement applies to our state.
  const oursPin = joltPinForceN(body, Float64Array.from(world.state.x), mass, data.gravity, substepS);
  body.creationSettings.linearDamping = dampingPerS;
  const run = await runSoftBody(data);
  try {
    run.step(settleFrames, FRAME_S);
    run.setLinearDamping(0);
    run.step(30, FRAME_S);
    const x = run.positions();
    hasNaN ||= x.some((c) => !Number.isFinite(c));
    const rest = Float64Array.from(body.sharedSettings.vertices.flatMap((v) => v.position));
    const pin = joltPinForceN(body, x, mass, data.gravity, substepS);
    return {
      ours,
      jolt: measure(rest, x),
      oursReportedPinRatio: metrics.pinForcesN.reduce((s, f) => s + f, 0) / (metrics.massKg * G),
      oursPinRatio: Math.hypot(...oursPin) / weight,
      joltPinRatio: Math.hypot(...pin) / weight,
      hasNaN,
    };
  } finally {
    run.destroy();
  }
}

/** A bar of 5 × 5 × 40 cm hanging from its top face. */
function barScene(model: 'neo-hookean' | 'edges-volume'): Scene {
  return {
    gravity: [0, -G, 0],
    solver: { dt: FRAME_S, substeps: 30 },
    colliders: [],
    bodies: [
      {
        name: 'bar',
        shape: { type: 'box', size: [0.05, 0.4, 0.05], cells: [2, 16, 2], center: [0, -0.2, 0] },
        material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
        model,
        dampingRatio: 0.05,
        pins: [{ box: { min: [-1, -0.001, -1], max: [1, 0.001, 1] } }],
      },
    ],
  };
}

/** Mean drop of the bottom face (y = −0.4 m at rest), m. */
const barElongation = (rest: ArrayLike<number>, x: ArrayLike<number>) => {
  let sum = 0;
  let count = 0;
  for (let v = 0; v < rest.length / 3; v++) {
    if (Math.abs(rest[3 * v + 1] + 0.4) > 1e-6) continue;
    sum += rest[3 * v + 1] - x[3 * v + 1];
    count++;
  }
  return sum / count;
};

/**
 * A 50 × 50 cm rubber sheet (1 mm) held along two opposite edges, sagging like a hammock; a taut
 * membrane sags (3ρgL⁴/(64E))^(1/3) ≈ 3 cm.
 */
const clothScene: Scene = {
  gravity: [0, -G, 0],
  solver: { dt: FRAME_S, substeps: 50 },
  colliders: [],
  bodies: [
    {
      name: 'sheet',
      shape: { type: 'cloth', size: [0.5, 0.5], cells: [10, 10], center: [0, 0, 0] },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000, thicknessM: 1e-3 },
      model: 'cloth',
      dampingRatio: 0.05,
      pins: [
        { box: { min: [-1, -1, -0.251], max: [1, 1, -0.249] } },
        { box: { min: [-1, -1, 0.249], max: [1, 1, 0.251] } },
      ],
    },
  ],
};

/** Mean drop of the middle line z = 0, m. */
const clothSag = (rest: ArrayLike<number>, x: ArrayLike<number>) => {
  let sum = 0;
  let count = 0;
  for (let v = 0; v < rest.length / 3; v++) {
    if (Math.abs(rest[3 * v + 2]) > 1e-6) continue;
    sum += rest[3 * v + 1] - x[3 * v + 1];
    count++;
  }
  return sum / count;
};

describe('Jolt export loaded into jolt-physics', () => {
  it('hangs the bar (neo-Hookean preset, edges + volume in Jolt) within 10% of our elongation, pins carrying the weight', async () => {
    const r = await compare(barScene('neo-hookean'), barElongation, 150, 20);
    expect(r.hasNaN).toBe(false);
    expect(r.ours).toBeGreaterThan(0.005); // ρgL²/(2E) = 7.8 mm
    expect(Math.abs(r.jolt / r.ours - 1)).toBeLessThan(0.1); // measured 0.990
    expect(Math.abs(r.oursReportedPinRatio - 1)).toBeLessThan(0.02); // measured 1.000
    expect(Math.abs(r.joltPinRatio - 1)).toBeLessThan(0.02); // measured 0.999
  }, 30_000);

  it('hangs the bar (edges + volume preset) within 10% of our elongation', async () => {
    const r = await compare(barScene('edges-volume'), barElongation, 150, 20);
    expect(r.hasNaN).toBe(false);
    expect(Math.abs(r.jolt / r.ours - 1)).toBeLessThan(0.1); // measured 0.985
    expect(Math.abs(r.oursReportedPinRatio - 1)).toBeLessThan(0.02); // measured 1.000
    expect(Math.abs(r.joltPinRatio - 1)).toBeLessThan(0.02); // measured 0.999
  }, 30_000);

  it('sags the hammock cloth within 10% of our sag, pins carrying the weight', async () => {
    const r = await compare(clothScene, clothSag, 180, 10);
    expect(r.hasNaN).toBe(false);
    expect(r.ours).toBeGreaterThan(0.01); // 2.9 cm
    expect(Math.abs(r.jolt / r.ours - 1)).toBeLessThan(0.1); // measured 1.000
    expect(Math.abs(r.oursPinRatio - 1)).toBeLessThan(0.02); // measured 0.994
    expect(Math.abs(r.joltPinRatio - 1)).toBeLessThan(0.02); // measured 1.006
    // The two edge pins also hold the sheet's tension, so their force magnitudes add up to more than the weight.
    expect(r.oursReportedPinRatio).toBeGreaterThan(1);
  }, 30_000);

  it('builds shared settings whose counts match the export, with anchors for soft pins', async () => {
    const scene = barScene('edges-volume');
    scene.bodies[0].pins = [{ box: { min: [-1, -0.001, -1], max: [1, 0.001, 1] }, complianceMPerN: 1e-4 }];
    const data = roundTrip(presetFromScene(scene, { name: 'soft' }));
    const body = data.bodies[0];
    expect(body.sharedSettings.vertices.length).toBe(body.simulationVertexCount + 9);
    const Jolt = await loadJolt();
    const shared = createSoftBodySharedSettings(Jolt, data);
    expect(shared.mVertices.size()).toBe(body.sharedSettings.vertices.length);
    expect(shared.mEdgeConstraints.size()).toBe(body.sharedSettings.edgeConstraints.length);
    expect(shared.mVolumeConstraints.size()).toBe(body.sharedSettings.volumeConstraints.length);
    expect(shared.mFaces.size()).toBe(body.sharedSettings.faces.length);
    Jolt.destroy(shared);
    // Soft pins stretch under the weight: the bar hangs lower than with rigid pins, and stays finite.
    const run = await runSoftBody(data);
    run.step(120, FRAME_S);
    const x = run.positions();
    run.destroy();
    expect(x.every((c) => Number.isFinite(c))).toBe(true);
    const topDrop =
      -x[1 + 3 * body.sharedSettings.vertices.findIndex((v) => v.position[1] === 0 && v.invMass > 0)];
    expect(topDrop).toBeGreaterThan(0);
  }, 30_000);

  it("carries tethers as Jolt's long-range attachments: a soft strip hangs no further than its tethers allow", async () => {
    // A 1 kPa strip stretches far under its weight; tethers of 5% keep every particle within 1.05×
    // its rest distance from the nearest pinned particle (Jolt projects them exactly each iteration).
    // The strip lies in the xz plane and hangs along −z from its edge at z = 0.25.
    const strip = (tethers: boolean): Scene => ({
      gravity: [0, 0, -G],
      solver: { dt: FRAME_S, substeps: 20 },
      colliders: [],
      bodies: [
        {
          name: 'strip',
          shape: { type: 'cloth', size: [0.1, 0.5], cells: [2, 10], center: [0, 0, 0] },
          material: { youngModulusPa: 1e3, poissonRatio: 0.3, densityKgM3: 300, thicknessM: 1e-3 },
          model: 'cloth',
          dampingRatio: 0.3,
          pins: [{ box: { min: [-1, -1, 0.249], max: [1, 1, 1] } }],
          ...(tethers ? { tethers: { maxStretch: 0.05 } } : {}),
        },
      ],
    });
    const stretchOf = async (tethers: boolean) => {
      const data = roundTrip(presetFromScene(strip(tethers), { name: 'strip' }));
      const body = data.bodies[0];
      const run = await runSoftBody(data);
      run.step(120, FRAME_S);
      const x = run.positions();
      run.destroy();
      const rest = body.sharedSettings.vertices.map((v) => v.position);
      const bottom = rest.reduce((low, p, i) => (p[2] < rest[low][2] ? i : low), 0);
      return { body, x, stretch: (0.25 - x[3 * bottom + 2]) / (0.25 - rest[bottom][2]) };
    };
    const loose = await stretchOf(false);
    expect(loose.body.sharedSettings.lraConstraints).toEqual([]);
    expect(loose.stretch).toBeGreaterThan(1.2);
    const held = await stretchOf(true);
    const lras = held.body.sharedSettings.lraConstraints;
    expect(lras.length).toBeGreaterThan(0);
    for (const { vertex, maxDistance } of lras) {
      expect(held.body.sharedSettings.vertices[vertex[0]].invMass).toBe(0);
      const d = Math.hypot(...[0, 1, 2].map((k) => held.x[3 * vertex[1] + k] - held.x[3 * vertex[0] + k]));
      expect(d).toBeLessThan(maxDistance * (1 + 1e-4));
    }
    expect(held.stretch).toBeLessThan(1.06);
  }, 30_000);

  it('refuses data that is not an export with a clear message', async () => {
    const Jolt = await loadJolt();
    expect(() =>
      createSoftBodySharedSettings(Jolt, { format: 'other', formatVersion: 1, bodies: [] }),
    ).toThrow("Softbody loader: not a Softbody Studio Jolt export (format 'other')");
    const data = roundTrip(presetFromScene(barScene('edges-volume'), { name: 'bad' }));
    data.bodies[0].sharedSettings.edgeConstraints[0].vertex[1] = 100_000;
    expect(() => createSoftBodySharedSettings(Jolt, data)).toThrow(
      "Softbody loader: body 'bar' edge constraint 0 refers to vertex 100000; there are 153",
    );
  });

  it('lists what Jolt cannot express in the export metadata and converts volume compliance by 36', () => {
    const preset = presetFromScene(barScene('neo-hookean'), { name: 'approx' });
    const data = exportJolt(preset);
    expect(data.approximations).toEqual([
      "neo-hookean solids: 'bar': Jolt has no neo-Hookean tets: exported as edge springs + tet volume constraints compiled from the same E and ν (equal at small strain, not for large strains or inversion)",
      "constraint damping: 'bar': damping along ∇C dropped, Jolt has none; the fundamental mode keeps its ζ on pinned bodies (2ζ·ω₁ added to mLinearDamping, world-velocity damping as ours for pinned bodies), not on bodies with no pin (mLinearDamping would slow their fall)",
    ]);
    expect(data.conventions.find((c) => c.constraint === 'volume')?.complianceScale).toBe(36);
    const edgesVolume = presetFromScene(barScene('edges-volume'), { name: 'ev' });
    const volumes = edgesVolume.setup.bodies[0].constraints.find((set) => set.kind === 'tet-volume');
    if (volumes?.kind !== 'tet-volume') throw new Error('the edges + volume bar has no volume constraints');
    const exported = exportJolt(edgesVolume).bodies[0].sharedSettings.volumeConstraints;
    expect(exported[0].compliance / volumes.complianceM3PerPa[0]).toBeCloseTo(36, 10);
  });
});
