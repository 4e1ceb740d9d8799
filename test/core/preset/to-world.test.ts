import { describe, expect, it } from 'vitest';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import type { Preset } from '../../../core/preset/preset.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { buildWorldFromPreset } from '../../../core/preset/to-world.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpec, SceneDocument } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import type { ConstraintSet } from '../../../core/setup/setup.ts';
import { buildWorld, constraintInputOrder } from '../../../core/sim/build-world.ts';
import type { ConstraintBlock } from '../../../core/sim/constraints/index.ts';
import type { World } from '../../../core/sim/world.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { cubeMeshScene } from './fixtures.ts';

/**
 * The world of a preset (read from its file) is the preview's world of the scene it was made from,
 * exactly: the same blocks with the same compliances, and the same positions after stepping. No
 * tolerance: the preset stores the setup in float64 and nothing is derived again on the way.
 */
const FRAME_S = 1 / 60;
const FRAMES = 40;

function scene(body: BodySpec, substeps = 20): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: FRAME_S, substeps }, colliders: [], bodies: [body] };
}

function bar(model: 'neo-hookean' | 'edges-volume', complianceMPerN = 0): BodySpec {
  return {
    name: 'bar',
    shape: { type: 'box', size: [0.05, 0.3, 0.05], cells: [2, 6, 2], center: [0, -0.15, 0] },
    material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
    model,
    dampingRatio: 0.2,
    pins: [{ box: { min: [-1, -0.001, -1], max: [1, 0.001, 1] }, complianceMPerN }],
  };
}

const sheet: BodySpec = {
  name: 'sheet',
  shape: { type: 'cloth', size: [0.4, 0.4], cells: [8, 8], center: [0, 0, 0] },
  material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000, thicknessM: 1e-3 },
  model: 'cloth',
  dampingRatio: 0.1,
  pins: [
    { box: { min: [-1, -1, -0.201], max: [1, 1, -0.199] } },
    { box: { min: [-1, -1, 0.199], max: [1, 1, 0.201] } },
  ],
};

/** The sheet with a stiffer, heavier half (x ≥ 0) damped differently: two slots, split sets. */
function groupedSheet(): BodySpec {
  const half: number[] = [];
  // Cloth particles run x fastest, then z: 9 × 9 of them, x = −0.2 + 0.05·i.
  for (let k = 0; k <= 8; k++) for (let i = 4; i <= 8; i++) half.push(k * 9 + i);
  return {
    ...sheet,
    groups: [
      {
        name: 'stiff half',
        vertices: half,
        material: { youngModulusPa: 4e6, poissonRatio: 0.3, densityKgM3: 3000, thicknessM: 2e-3 },
        dampingRatio: 0.3,
      },
    ],
  };
}

/** A block as plain data: typed arrays as number arrays (λ included: both are fresh). */
function blockData(block: ConstraintBlock): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(block)
      .filter(([, value]) => typeof value !== 'function')
      .map(([key, value]) => [
        key,
        ArrayBuffer.isView(value) ? Array.from(value as unknown as ArrayLike<number>) : value,
      ]),
  );
}

function worlds(document: SceneDocument, meshes?: SceneMeshes) {
  const preview = buildWorld(document, { meshes });
  const preset = readPreset(writePreset(presetFromScene(document, { name: 'same', meshes })));
  return { preview, preset, fromPreset: buildWorldFromPreset(preset) };
}

// The softest shipped solid, so that the pinned cube sags measurably in 40 frames.
const cube = cubeMeshScene('brain');

const cases: [string, () => { document: SceneDocument; meshes?: SceneMeshes }][] = [
  ['a neo-Hookean bar', () => ({ document: scene(bar('neo-hookean')) })],
  ['an edges + volume bar', () => ({ document: scene(bar('edges-volume')) })],
  ['a bar on soft pins', () => ({ document: scene(bar('edges-volume', 1e-4)) })],
  ['a cloth sheet', () => ({ document: scene(sheet) })],
  ['a cloth sheet with a stiffer half', () => ({ document: scene(groupedSheet()) })],
  ['a tet mesh body with its render mesh', () => ({ document: cube.scene, meshes: cube.meshes })],
];

describe('a world built from a preset', () => {
  it.each(cases)('has the blocks and compliances of the preview of %s', (_, make) => {
    const { document, meshes } = make();
    const { preview, fromPreset } = worlds(document, meshes);
    expect(fromPreset.particleCount).toBe(preview.particleCount);
    expect(fromPreset.constraintCount).toBe(preview.constraintCount);
    expect(Array.from(fromPreset.state.mass)).toEqual(Array.from(preview.state.mass));
    expect(Array.from(fromPreset.state.rest)).toEqual(Array.from(preview.state.rest));
    expect(fromPreset.runtimes.length).toBe(preview.runtimes.length);
    fromPreset.runtimes.forEach((runtime, r) => {
      expect(runtime.blocks.map((b) => b.kind)).toEqual(preview.runtimes[r].blocks.map((b) => b.kind));
      runtime.blocks.forEach((block, b) => {
        expect(blockData(block)).toEqual(blockData(preview.runtimes[r].blocks[b]));
      });
    });
  });

  it.each(cases)('moves %s exactly as the preview does', (_, make) => {
    const { document, meshes } = make();
    const { preview, fromPreset } = worlds(document, meshes);
    for (let f = 0; f < FRAMES; f++) {
      expect(preview.step(FRAME_S).hasNaN).toBe(false);
      expect(fromPreset.step(FRAME_S).hasNaN).toBe(false);
    }
    // It did move, so that equal positions say something.
    let movedM = 0;
    for (let i = 0; i < preview.positions.length; i++)
      movedM = Math.max(movedM, Math.abs(preview.positions[i] - preview.state.rest[i]));
    expect(movedM).toBeGreaterThan(1e-3);
    expect(Array.from(fromPreset.positions)).toEqual(Array.from(preview.positions));
    expect(fromPreset.measureBodies()[0].pinForcesN).toEqual(preview.measureBodies()[0].pinForcesN);
  });

  it('gives every block the compliances the preset stores, constraint for constraint', () => {
    const checked = new Set<string>();
    for (const [, make] of cases) {
      const { document, meshes } = make();
      const { preset, fromPreset } = worlds(document, meshes);
      compareStored(preset, fromPreset, checked);
    }
    expect([...checked].sort()).toEqual([
      'attachment',
      'distance',
      'neo-hookean',
      'plate-bend',
      'tet-volume',
    ]);
  });
});

/** The compliance arrays of each constraint set, by name. */
function storedCompliances(set: ConstraintSet): Record<string, Float64Array> {
  switch (set.kind) {
    case 'distance':
    case 'attachment':
    case 'rope-bend':
      return { complianceMPerN: set.complianceMPerN };
    case 'tet-volume':
      return { complianceM3PerPa: set.complianceM3PerPa };
    case 'dihedral-bend':
    case 'plate-bend':
      return { compliancePerNM: set.compliancePerNM };
    case 'neo-hookean':
      return {
        complianceDeviatoric: set.deviatoricCompliancePerJ,
        complianceHydrostatic: set.hydrostaticCompliancePerJ,
        gamma: set.gamma,
      };
    default:
      // Edge dampers become damping coefficients, compared with the preview's above.
      return {};
  }
}

/**
 * Each block is one stored set (same sweep order), its constraints reordered by colour:
 * `order[k]` is the set's index of block constraint k (build-world.ts `constraintInputOrder`).
 */
function compareStored(preset: Preset, world: XpbdWorld & World, checked: Set<string>): void {
  preset.setup.bodies.forEach((body, r) => {
    const blocks = world.runtimes[r].blocks;
    expect(blocks.length).toBe(body.constraints.length);
    body.constraints.forEach((set, s) => {
      const block = blocks[s] as ConstraintBlock & Record<string, unknown>;
      const order = constraintInputOrder(world, preset.setup, r, s);
      expect(block.kind).toBe(set.kind);
      for (const [name, stored] of Object.entries(storedCompliances(set))) {
        const rebuilt = perConstraint(block, name);
        expect(rebuilt.length).toBe(stored.length);
        // Values per constraint: 6 (a plate-bend triangle's compliance matrix) or 1.
        const stride = stored.length / order.length;
        const inSetOrder = Array.from(
          rebuilt,
          (_, k) => stored[stride * order[(k / stride) | 0] + (k % stride)],
        );
        expect(Array.from(rebuilt)).toEqual(inSetOrder);
        checked.add(set.kind);
      }
    });
  });
}

/**
 * A block's array `name` with one entry (or matrix) per constraint: plate bending keeps each
 * distinct compliance matrix once and an index per triangle, expanded here.
 */
function perConstraint(block: ConstraintBlock & Record<string, unknown>, name: string): Float64Array {
  const values = block[name] as Float64Array;
  if (block.kind !== 'plate-bend' || name !== 'compliancePerNM') return values;
  const index = block.complianceIndex;
  return Float64Array.from({ length: 6 * block.count }, (_, k) => values[6 * index[(k / 6) | 0] + (k % 6)]);
}
