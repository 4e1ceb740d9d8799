import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../cli/main.ts';
import { DocumentError } from '../../../core/document/problem.ts';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { buildWorldFromPreset } from '../../../core/preset/to-world.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

const FRAME_S = 1 / 60;

function scene(bodies: BodySpec[]): Scene {
  return { gravity: [0, -9.81, 0], solver: { dt: FRAME_S, substeps: 30 }, colliders: [], bodies };
}

/** Body-local indices of the particles whose rest position passes `test`. */
function particlesWhere(body: BodySpec, test: (x: number, y: number, z: number) => boolean): number[] {
  const world = buildWorld(scene([{ ...body, pins: [], groups: [] }]));
  const out: number[] = [];
  for (let p = 0; p < world.particleCount; p++) {
    const r = world.state.rest;
    if (test(r[3 * p], r[3 * p + 1], r[3 * p + 2])) out.push(p);
  }
  return out;
}

const barBase: BodySpec = {
  name: 'bar',
  shape: { type: 'box', size: [0.06, 0.3, 0.06], cells: [2, 8, 2], center: [0, -0.15, 0] },
  material: { youngModulusPa: 2e4, poissonRatio: 0.3, densityKgM3: 1000 },
  model: 'neo-hookean',
  dampingRatio: 0.5,
};

function groupedBar(model: 'neo-hookean' | 'edges-volume'): BodySpec {
  const bar = { ...barBase, model };
  return {
    ...bar,
    pins: [{ vertices: particlesWhere(bar, (_, y) => y >= -1e-9), name: 'top' }],
    groups: [
      {
        name: 'stiff-top',
        vertices: particlesWhere(bar, (_, y) => y >= -0.15 - 1e-9),
        material: { youngModulusPa: 2e5, poissonRatio: 0.3, densityKgM3: 1200 },
        dampingRatio: 0.8,
      },
      // Only damping: the body's material with another ζ over the lowest cells.
      { name: 'tip', vertices: particlesWhere(bar, (_, y) => y <= -0.25 + 1e-9), dampingRatio: 1 },
    ],
  };
}

const sheetBase: BodySpec = {
  name: 'sheet',
  shape: { type: 'cloth', size: [0.4, 0.4], cells: [8, 8], center: [0, 0, 0] },
  material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000, thicknessM: 1e-3 },
  model: 'cloth',
  dampingRatio: 0.1,
};

function groupedSheet(): BodySpec {
  return {
    ...sheetBase,
    pins: [
      { vertices: particlesWhere(sheetBase, (_, __, z) => z <= -0.2 + 1e-9) },
      { box: { min: [-1, -1, 0.199], max: [1, 1, 0.201] }, complianceMPerN: 1e-4 },
    ],
    groups: [
      {
        name: 'heavy-half',
        vertices: particlesWhere(sheetBase, (x) => x >= -1e-9),
        material: { youngModulusPa: 4e6, poissonRatio: 0.3, densityKgM3: 3000, thicknessM: 2e-3 },
      },
    ],
  };
}

/** Settles both worlds and returns their centroids, m. */
function restCentroids(document: Scene, seconds = 2): { ours: number[]; preset: number[] } {
  const ours = buildWorld(document);
  const fromPreset = buildWorldFromPreset(readPreset(writePreset(presetFromScene(document, 'groups'))));
  expect(fromPreset.particleCount).toBe(ours.particleCount);
  for (const world of [ours, fromPreset]) {
    world.extraLinearDampingPerS = 10;
    for (let f = 0; f < seconds * 60; f++) expect(world.step(FRAME_S).hasNaN).toBe(false);
  }
  return { ours: ours.measureBodies()[0].centroid, preset: fromPreset.measureBodies()[0].centroid };
}

describe('presets from scenes with groups and vertex pins', () => {
  it.each([
    ['a neo-Hookean bar', () => scene([groupedBar('neo-hookean')])],
    ['an edges + volume bar', () => scene([groupedBar('edges-volume')])],
    ['a cloth sheet', () => scene([groupedSheet()])],
  ])('rests %s where the scene rests (centroid within 1e-3 m)', (_, make) => {
    const document = make();
    const { ours, preset } = restCentroids(document);
    const rest = buildWorld(document).measureBodies()[0].centroid;
    // It did move: the comparison is not of two bodies at rest where they started.
    expect(Math.hypot(ours[0] - rest[0], ours[1] - rest[1], ours[2] - rest[2])).toBeGreaterThan(2e-3);
    const gapM = Math.hypot(ours[0] - preset[0], ours[1] - preset[1], ours[2] - preset[2]);
    expect(gapM).toBeLessThan(1e-3); // measured: ≤ 1e-6 m (float32 rounding of the preset)
  });

  it('maps groups to vertex selectors with rising priority and their own materials', () => {
    const preset = presetFromScene(scene([groupedBar('neo-hookean')]), 'p');
    const body = preset.bodies[0];
    expect(body.groups.map((g) => [g.name, g.selector.type, g.priority, g.material, g.dampingRatio])).toEqual(
      [
        ['all', 'all', 0, 'bar-material', 0.5],
        ['stiff-top', 'vertices', 1, 'bar-stiff-top-material', 0.8],
        ['tip', 'vertices', 2, 'bar-material', 1],
      ],
    );
    expect(preset.materials.find((m) => m.name === 'bar-stiff-top-material')).toMatchObject({
      youngModulusPa: 2e5,
      densityKgM3: 1200,
      dampingRatio: 0.8,
    });
    expect(body.pins).toHaveLength(1);
    expect(body.pins[0]).toMatchObject({ name: 'top', complianceMPerN: 0, selector: { type: 'vertices' } });
    expect(body.derived.fixedVertices.length).toBe(9);
  });

  it('keeps preset names unique and leaves out a group that holds no whole tet', () => {
    const bar = groupedBar('neo-hookean');
    const preset = presetFromScene(
      scene([
        {
          ...bar,
          pins: [
            { vertices: [0], name: 'corner' },
            { vertices: [1], name: 'corner' },
          ],
          groups: [
            { name: 'all', vertices: bar.groups?.[0].vertices ?? [] },
            { name: 'two-vertices', vertices: [0, 1] },
          ],
        },
      ]),
      'names',
    );
    const body = preset.bodies[0];
    expect(body.groups.map((g) => g.name)).toEqual(['all-2', 'all']);
    expect(body.pins.map((p) => p.name)).toEqual(['corner', 'corner-2']);
  });

  it('passes `softbody validate`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'softbody-groups-'));
    const file = join(dir, 'groups.preset.json');
    writeFileSync(
      file,
      writePreset(presetFromScene(scene([groupedBar('edges-volume'), groupedSheet()]), 'groups')),
    );
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(['validate', file], { out: (t) => out.push(t), err: (t) => err.push(t) });
    expect(err).toEqual([]);
    expect(code).toBe(0);
    expect(out[0]).toMatch(/valid preset 'groups'/);
  });

  it('exports a mesh body from the meshes the caller loaded, in the engine’s vertex order', () => {
    // Two tets sharing a face; vertex 5 is unused, so the engine (and the preset) compact it away.
    const positions = [0, 0, 0, 0.1, 0, 0, 0, 0.1, 0, 0, 0, 0.1, 0.1, 0.1, 0.1, 9, 9, 9];
    const meshes: SceneMeshes = {
      surfaces: new Map(),
      solids: new Map([['/bodies/0/shape', { positions, tets: Uint32Array.of(0, 1, 2, 3, 1, 4, 2, 3) }]]),
    };
    const body: BodySpec = {
      ...barBase,
      shape: { type: 'mesh', path: 'two.obj' },
      pins: [{ vertices: [0] }],
      groups: [{ name: 'g', vertices: [1, 2, 3, 4], material: { ...barBase.material, densityKgM3: 50 } }],
    };
    const preset = presetFromScene(scene([body]), 'mesh', meshes);
    const world = buildWorld(scene([body]), { meshes });
    expect(preset.bodies[0].simulationMesh.vertexCount).toBe(5);
    expect(Array.from(preset.bodies[0].derived.vertexMassKg)).toEqual(
      Array.from(world.state.mass, (m) => Math.fround(m)),
    );
    expect(() => presetFromScene(scene([body]), 'mesh')).toThrow(DocumentError);
  });
});
