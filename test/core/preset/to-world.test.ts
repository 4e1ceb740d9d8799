import { describe, expect, it } from 'vitest';
import { buildPreset, type PresetInput } from '../../../core/preset/build.ts';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { buildWorldFromPreset } from '../../../core/preset/to-world.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

const FRAME_S = 1 / 60;

function scene(body: BodySpec, substeps = 20): Scene {
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

/** Largest distance between the two worlds' particles after `frames` frames, m. */
function divergenceM(document: Scene, frames: number): { maxM: number; scaleM: number; pinRatio: number } {
  const ours = buildWorld(document);
  const fromPreset = buildWorldFromPreset(readPreset(writePreset(presetFromScene(document, 'same'))));
  expect(fromPreset.particleCount).toBe(ours.particleCount);
  expect(fromPreset.constraintCount).toBe(ours.constraintCount);
  for (let f = 0; f < frames; f++) {
    expect(ours.step(FRAME_S).hasNaN).toBe(false);
    expect(fromPreset.step(FRAME_S).hasNaN).toBe(false);
  }
  let maxM = 0;
  let scaleM = 0;
  for (let i = 0; i < ours.positions.length; i++) {
    maxM = Math.max(maxM, Math.abs(ours.positions[i] - fromPreset.positions[i]));
    scaleM = Math.max(scaleM, Math.abs(ours.positions[i] - ours.state.rest[i]));
  }
  const pins = (w: typeof ours) => w.measureBodies()[0].pinForcesN.reduce((s, f) => s + f, 0);
  return { maxM, scaleM, pinRatio: pins(fromPreset) / pins(ours) };
}

describe('a world built from a preset', () => {
  // The preset stores positions, masses and compliances as float32, so the two worlds differ by
  // rounding only: 1e-4 of the displacement (displacements here are millimetres to centimetres).
  it.each([
    ['a neo-Hookean bar', scene(bar('neo-hookean'))],
    ['an edges + volume bar', scene(bar('edges-volume'))],
    ['a bar on soft pins', scene(bar('edges-volume', 1e-4))],
    ['a cloth sheet', scene(sheet)],
  ])('moves %s like the scene the preset was made from', (_, document) => {
    const { maxM, scaleM, pinRatio } = divergenceM(document, 40);
    expect(scaleM).toBeGreaterThan(1e-3);
    expect(maxM).toBeLessThan(1e-4 * scaleM);
    expect(Math.abs(pinRatio - 1)).toBeLessThan(1e-3);
  });

  it('keeps each group apart, reproducing every stored compliance', () => {
    const base = presetFromScene(scene(sheet), 'two groups');
    const { derived: _, ...body } = base.bodies[0];
    const input: PresetInput = {
      ...base,
      materials: [...base.materials, { ...base.materials[0], name: 'stiff', youngModulusPa: 4e6 }],
      bodies: [
        {
          ...body,
          groups: [
            ...body.groups,
            {
              name: 'stiff half',
              selector: { type: 'box', min: [0, -1, -1], max: [1, 1, 1] },
              material: 'stiff',
              model: 'cloth',
              dampingRatio: 0.3,
              priority: 1,
            },
          ],
        },
      ],
    };
    const preset = buildPreset(input);
    const world = buildWorldFromPreset(preset);
    const blocks = world.runtimes[0].blocks;
    expect(blocks.map((b) => b.kind)).toEqual(['distance', 'dihedral-bend', 'distance', 'dihedral-bend']);
    const stored = Array.from(preset.bodies[0].derived.bends.compliancePerNM).sort((a, b) => a - b);
    const rebuilt = blocks
      .flatMap((b) => (b.kind === 'dihedral-bend' ? Array.from(b.compliancePerNM) : []))
      .sort((a, b) => a - b);
    expect(rebuilt.length).toBe(stored.length);
    rebuilt.forEach((alpha, i) => {
      expect(Math.abs(alpha / stored[i] - 1)).toBeLessThan(1e-6);
    });
    for (let f = 0; f < 20; f++) expect(world.step(FRAME_S).hasNaN).toBe(false);
  });

  it('reproduces the stored tet volume compliances', () => {
    const preset = presetFromScene(scene(bar('edges-volume')), 'volumes');
    const world = buildWorldFromPreset(preset);
    const stored = Array.from(preset.bodies[0].derived.volumes.complianceM3PerPa).sort((a, b) => a - b);
    const rebuilt = world.runtimes[0].blocks
      .flatMap((b) => (b.kind === 'tet-volume' ? Array.from(b.complianceM3PerPa) : []))
      .sort((a, b) => a - b);
    expect(rebuilt.length).toBe(stored.length);
    rebuilt.forEach((alpha, i) => {
      expect(Math.abs(alpha / stored[i] - 1)).toBeLessThan(1e-6);
    });
  });
});
