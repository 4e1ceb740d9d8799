import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../cli/main.ts';
import { DocumentError } from '../../../core/document/problem.ts';
import { presetFromScene } from '../../../core/preset/from-scene.ts';
import type { Preset } from '../../../core/preset/preset.ts';
import { readPreset } from '../../../core/preset/read.ts';
import { writePreset } from '../../../core/preset/write.ts';
import type { BodySpecDocument, SceneDocument } from '../../../core/scene/scene.ts';
import { materialSpecOf } from '../../../core/scene/scene-materials.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { material } from './fixtures.ts';

/**
 * Material groups, vertex pins and soft pins of a scene survive presetFromScene → write → read:
 * the setup's slots (material, damping ratio and vertex set of each group), group names and pins,
 * with library material names kept both in /materials and in /scene.
 */
const FRAME_S = 1 / 60;

function scene(bodies: BodySpecDocument[]): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: FRAME_S, substeps: 30 }, colliders: [], bodies };
}

/** Body-local indices of the particles whose rest position passes `test`. */
function particlesWhere(
  body: BodySpecDocument,
  test: (x: number, y: number, z: number) => boolean,
): number[] {
  const world = buildWorld(scene([{ ...body, pins: [], groups: [] }]));
  const out: number[] = [];
  const r = world.state.rest;
  for (let p = 0; p < world.particleCount; p++) if (test(r[3 * p], r[3 * p + 1], r[3 * p + 2])) out.push(p);
  return out;
}

const SILICONE = material('silicone-shore-10a');
const RUBBER = material('natural-rubber');
const STIFF_TOP = { youngModulusPa: 2e5, poissonRatio: 0.3, densityKgM3: 1200 };
const BAR_SIZE_M: [number, number, number] = [0.06, 0.3, 0.06];

/**
 * A bar hanging from y = 0: the body by library name, a library-named group over the top half, an
 * inline group over the middle, a damping-only group at the tip; a rigid vertex pin on top and a
 * soft box pin at the bottom.
 */
function groupedBar(model: 'neo-hookean' | 'edges-volume'): BodySpecDocument {
  const bar: BodySpecDocument = {
    name: 'bar',
    shape: { type: 'box', size: BAR_SIZE_M, cells: [2, 8, 2], center: [0, -0.15, 0] },
    material: SILICONE.name,
    model,
    dampingRatio: 0.5,
  };
  return {
    ...bar,
    pins: [
      { vertices: particlesWhere(bar, (_, y) => y >= -1e-9), name: 'top' },
      { box: { min: [-1, -0.301, -1], max: [1, -0.299, 1] }, complianceMPerN: 1e-4, name: 'tip spring' },
    ],
    groups: [
      { name: 'upper', vertices: particlesWhere(bar, (_, y) => y >= -0.15 - 1e-9), material: RUBBER.name },
      {
        name: 'middle',
        vertices: particlesWhere(bar, (_, y) => y <= -0.1 + 1e-9 && y >= -0.2 - 1e-9),
        material: STIFF_TOP,
        dampingRatio: 0.8,
      },
      // Only damping: the body's material with another ζ over the lowest cells.
      { name: 'tip', vertices: particlesWhere(bar, (_, y) => y <= -0.25 + 1e-9), dampingRatio: 1 },
    ],
  };
}

const COTTON = material('cotton');
const HEAVY = { youngModulusPa: 4e6, poissonRatio: 0.3, densityKgM3: 3000, thicknessM: 2e-3 };

function groupedSheet(): BodySpecDocument {
  const sheet: BodySpecDocument = {
    name: 'sheet',
    shape: { type: 'cloth', size: [0.4, 0.4], cells: [8, 8], center: [0, 0, 0] },
    material: COTTON.name,
    model: 'cloth',
    dampingRatio: 0.1,
  };
  return {
    ...sheet,
    pins: [
      { vertices: particlesWhere(sheet, (_, __, z) => z <= -0.2 + 1e-9), name: 'hem' },
      { vertices: [80, 72], complianceMPerN: 2e-4, name: 'corner' },
    ],
    groups: [{ name: 'heavy-half', vertices: particlesWhere(sheet, (x) => x >= -1e-9), material: HEAVY }],
  };
}

const roundTrip = (preset: Preset) => readPreset(writePreset(preset));

describe('presets from scenes with groups and pins', () => {
  it.each(['neo-hookean', 'edges-volume'] as const)(
    'keep the slots, group names and pins of a %s bar',
    (model) => {
      const body = groupedBar(model);
      const made = presetFromScene(scene([body]), { name: 'groups' });
      const back = roundTrip(made).setup.bodies[0];
      expect(back.groupNames).toEqual(['upper', 'middle', 'tip']);
      // Slot 0 the body; each group's own material, else the body's; a named material brings its ζ.
      expect(back.slots.materials).toEqual([
        materialSpecOf(SILICONE),
        materialSpecOf(RUBBER),
        STIFF_TOP,
        materialSpecOf(SILICONE),
      ]);
      expect(back.slots.dampingRatios).toEqual([0.5, RUBBER.dampingRatio, 0.8, 1]);
      const groups = body.groups ?? [];
      back.slots.masks.forEach((mask, g) => {
        const listed = Array.from(mask, (on, v) => (on ? v : -1)).filter((v) => v >= 0);
        expect(listed).toEqual([...groups[g].vertices].sort((a, b) => a - b));
      });
      expect(back.pins.map((p) => [p.name, p.complianceMPerN])).toEqual([
        ['top', 0],
        ['tip spring', 1e-4],
      ]);
      // The vertex pin holds its listed particles; the box pin the 3 × 3 of the bottom face.
      expect(Array.from(back.pins[0].particles)).toEqual(
        body.pins?.[0] && 'vertices' in body.pins[0] ? body.pins[0].vertices : [],
      );
      expect(back.pins[1].particles.length).toBe(9);
      const attachment = back.constraints.find((c) => c.kind === 'attachment');
      expect(attachment?.kind === 'attachment' && Array.from(attachment.particles)).toEqual(
        Array.from(back.pins[1].particles),
      );
      // Everything the round trip carries is what presetFromScene compiled.
      expect(back).toEqual(made.setup.bodies[0]);
    },
  );

  it('lumps each element with its own group’s density (mass = Σ ρV over the groups)', () => {
    const back = roundTrip(presetFromScene(scene([groupedBar('edges-volume')]), { name: 'mass' })).setup
      .bodies[0];
    // Eight layers of cells, 0.0375 m each from y = 0 down. 'upper' holds layers 0–3, 'middle'
    // (y from −0.1875 to −0.1125) layers 3–4 and wins layer 3, being later; 'tip' keeps the
    // body's material: 3 layers of rubber, 2 of the inline material, 3 of silicone.
    const layerM3 = (BAR_SIZE_M[0] * BAR_SIZE_M[1] * BAR_SIZE_M[2]) / 8;
    const expectedKg =
      layerM3 * (3 * RUBBER.densityKgM3 + 2 * STIFF_TOP.densityKgM3 + 3 * SILICONE.densityKgM3);
    const massKg = back.geometry.mass.reduce((sum, m) => sum + m, 0);
    expect(Math.abs(massKg / expectedKg - 1)).toBeLessThan(1e-12);
  });

  it('keep the groups and pins of a cloth sheet, soft vertex pins included', () => {
    const body = groupedSheet();
    const made = presetFromScene(scene([body]), { name: 'sheet' });
    const back = roundTrip(made).setup.bodies[0];
    expect(back.groupNames).toEqual(['heavy-half']);
    expect(back.slots.materials).toEqual([materialSpecOf(COTTON), HEAVY]);
    expect(back.pins.map((p) => [p.name, Array.from(p.particles).length, p.complianceMPerN])).toEqual([
      ['hem', 9, 0],
      ['corner', 2, 2e-4],
    ]);
    expect(Array.from(back.pins[1].particles)).toEqual([72, 80]);
    expect(back).toEqual(made.setup.bodies[0]);
  });

  it('keeps library material names in /scene and their records in /materials', () => {
    const document = scene([groupedBar('neo-hookean'), groupedSheet()]);
    const text = writePreset(presetFromScene(document, { name: 'names' }));
    const json = JSON.parse(text);
    expect(json.materials).toEqual([SILICONE, RUBBER, COTTON]);
    expect(json.scene.bodies.map((b: BodySpecDocument) => b.material)).toEqual([SILICONE.name, COTTON.name]);
    expect(json.scene.bodies[0].groups.map((g: { material?: unknown }) => g.material)).toEqual([
      RUBBER.name,
      STIFF_TOP,
      undefined,
    ]);
    // The scene is kept as written: reading gives back the document.
    expect(readPreset(text).scene).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('resolves names against its own /materials, not the library it was made with', () => {
    const userRubber = { ...RUBBER, name: 'my-rubber', youngModulusPa: 3 * RUBBER.youngModulusPa };
    const body = { ...groupedBar('edges-volume'), material: 'my-rubber' };
    const preset = presetFromScene(scene([body]), { name: 'user', userMaterials: [userRubber] });
    expect(preset.materials.map((m) => m.name)).toEqual(['my-rubber', RUBBER.name]);
    const back = roundTrip(preset).setup.bodies[0];
    expect(back.slots.materials[0].youngModulusPa).toBe(3 * RUBBER.youngModulusPa);
    // Without the user's material the scene alone does not compile.
    expect(() => presetFromScene(scene([body]), { name: 'user' })).toThrow(DocumentError);
  });

  it('passes `softbody validate`', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'softbody-groups-'));
    const file = join(dir, 'groups.preset.json');
    writeFileSync(
      file,
      writePreset(presetFromScene(scene([groupedBar('edges-volume'), groupedSheet()]), { name: 'groups' })),
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
    const body: BodySpecDocument = {
      name: 'two',
      shape: { type: 'mesh', path: 'two.obj' },
      material: { youngModulusPa: 2e4, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
      pins: [{ vertices: [0] }],
      groups: [
        {
          name: 'g',
          vertices: [1, 2, 3, 4],
          material: { youngModulusPa: 2e4, poissonRatio: 0.3, densityKgM3: 50 },
        },
      ],
    };
    const preset = roundTrip(presetFromScene(scene([body]), { name: 'mesh', meshes }));
    const world = buildWorld(scene([body]), { meshes });
    expect(preset.setup.bodies[0].geometry.mass.length).toBe(5);
    expect(Array.from(preset.setup.bodies[0].geometry.mass)).toEqual(Array.from(world.state.mass));
    expect(() => presetFromScene(scene([body]), { name: 'mesh' })).toThrow(DocumentError);
  });
});
