import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { SaveRequest } from '../../../contract/host-api.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import { presetFromScene, readGlbPreset, readPreset, writePreset } from '../../../core/preset/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compactVertices } from '../../../core/sim/geometry/mesh-body.ts';
import { addMeshBody, MESH_BODY_MATERIAL } from '../../../renderer/src/editor/mesh-body.ts';
import { type ExportRequest, exportPreset } from '../../../renderer/src/presets/export-preset.ts';
import { WHOLE_SCENE } from '../../../renderer/src/presets/export-scope.ts';
import { fileSafeName, presetBaseName, presetFileOf } from '../../../renderer/src/presets/preset-export.ts';
import { boxTetMesh } from '../editor/mesh-fixture.ts';

const scene = parseScene(structuredClone(defaultSceneJson));
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Runs Export Preset on `state` with a host that saves under the suggested name; returns what it said and saved. */
async function runExport(
  request: ExportRequest,
  state: { scene: Scene; fileName: string } = { scene, fileName: 'untitled.sbproj' },
) {
  const saves: SaveRequest[] = [];
  const notes: { level: string; text: string; detail?: string }[] = [];
  const name = await exportPreset(
    {
      editor: { state: state as never },
      host: {
        saveFile: async (r) => {
          saves.push(r);
          return { name: r.suggestedName };
        },
      },
      notify: (level, text, detail) => notes.push({ level, text, detail }),
    },
    request,
  );
  return { name, saves, notes };
}

describe('preset export', () => {
  test('whole-scene files are named after the project, one-body files after the body', () => {
    expect(presetBaseName('untitled.sbproj')).toBe('untitled');
    expect(presetBaseName('Jelly Block.SBPROJ')).toBe('Jelly Block');
    expect(presetBaseName('.sbproj')).toBe('untitled');
    expect(fileSafeName('soft block')).toBe('soft block');
    expect(fileSafeName('a/b: c?')).toBe('a-b- c-');
    expect(fileSafeName('..')).toBe('body');
  });

  test('the native export reads back as a preset with the scene bodies, materials and solver', async () => {
    const file = await presetFileOf(scene, 'demo.sbproj', 'native');
    expect(file.name).toBe('demo.preset.json');
    expect(file.contents).toBe('whole scene, 2 bodies');
    expect(file.approximations).toEqual([]);
    const preset = readPreset(decode(file.bytes), file.name);
    expect(preset.name).toBe('demo');
    expect(preset.setup.bodies.map((b) => [b.name, b.geometry.kind])).toEqual([
      ['soft block', 'solid'],
      ['cloth', 'cloth'],
    ]);
    // A 5×5×5 cell box: 6³ vertices.
    expect(preset.setup.bodies[0].geometry.mass.length).toBe(216);
    // The default scene writes its materials inline: the preset's scene keeps them so, with the damping.
    expect(preset.scene.bodies[0]).toMatchObject({
      material: { youngModulusPa: 1e5, poissonRatio: 0.4, densityKgM3: 1000 },
      dampingRatio: 0.3,
    });
    expect(preset.setup.solver).toMatchObject({ dt: scene.solver.dt, substeps: 15 });
  });

  test('the GLB export carries the same preset in its extension', async () => {
    const json = await presetFileOf(scene, 'demo.sbproj', 'native');
    const glb = await presetFileOf(scene, 'demo.sbproj', 'gltf');
    expect(glb.name).toBe('demo.glb');
    expect(glb.filters).toEqual([{ name: 'glTF binary (GLB) (*.glb)', extensions: ['glb'] }]);
    // 'glTF' magic.
    expect(Array.from(glb.bytes.slice(0, 4))).toEqual([0x67, 0x6c, 0x54, 0x46]);
    const fromGlb = await readGlbPreset(glb.bytes);
    const fromJson = readPreset(decode(json.bytes));
    expect(writePreset(fromGlb)).toBe(writePreset(fromJson));
  });

  test('the Jolt export lists what Jolt approximates in the default scene', async () => {
    const file = await presetFileOf(scene, 'demo.sbproj', 'jolt');
    expect(file.name).toBe('demo.jolt.json');
    expect(JSON.parse(decode(file.bytes)).bodies.map((b: { name: string }) => b.name)).toEqual([
      'soft block',
      'cloth',
    ]);
    // The block is neo-Hookean, the cloth a membrane, both bodies are damped, and the scene has a
    // ground plane.
    expect(new Set(file.approximations.map((a) => a.feature))).toEqual(
      new Set([
        'plane colliders',
        'neo-hookean solids',
        'nodal volume constraints',
        'cloth membrane',
        'cloth plate bending',
        'constraint damping',
      ]),
    );
  });

  test('a one-body export holds that body as an asset: no colliders, with the scene’s gravity and solver', async () => {
    const file = await presetFileOf(scene, 'demo.sbproj', 'native', { scope: { kind: 'body', index: 1 } });
    expect(file.name).toBe('cloth.preset.json');
    expect(file.contents).toBe('cloth');
    const preset = readPreset(decode(file.bytes));
    expect(preset.name).toBe('cloth');
    expect(preset.setup.bodies.map((b) => b.name)).toEqual(['cloth']);
    expect(preset.scene.bodies.map((b) => b.name)).toEqual(['cloth']);
    expect(preset.scene.colliders).toEqual([]);
    expect(preset.setup.colliders).toEqual([]);
    expect(preset.setup.gravity).toEqual(scene.gravity);
    expect(preset.setup.solver).toEqual({ dt: scene.solver.dt, substeps: scene.solver.substeps });
  });

  test("a placed mesh body exports as its asset: bake's bytes, wherever it sits, named and sourced after its mesh", async () => {
    const surface = {
      positions: Float32Array.of(0, 0, 0, 0.4, 0, 0, 0, 0.4, 0, 0, 0, 0.4),
      indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
      groupIds: Uint16Array.of(0, 0, 1, 1),
      groups: ['hide', 'horns'],
    };
    const tets = boxTetMesh([0.4, 0.4, 0.4], [0, 0, 0]);
    const edit = addMeshBody(scene, new Map(), { fileName: 'spot.obj', mesh: tets, surface });
    const assets = new Map([[edit.path, edit.mesh]]);
    const exportAt = async (position: [number, number, number]) => {
      const moved = structuredClone(edit.scene);
      moved.bodies[2].shape = { type: 'mesh', path: 'spot.obj', position };
      const file = await presetFileOf(moved, 'demo.sbproj', 'native', {
        scope: { kind: 'body', index: 2 },
        assets,
      });
      return decode(file.bytes);
    };
    const placed = await exportAt([1.4, 0.3, -0.2]);
    expect(await exportAt([-3, 2, 7])).toBe(placed);
    // What `softbody bake` compiles for the same mesh: the body by name, unplaced, its surface with
    // the import groups, the scene's gravity and solver, named after the file and sourced to it.
    const material = findBuiltInMaterial(MESH_BODY_MATERIAL)!;
    const compact = compactVertices(tets.positions, tets.tets);
    const baked = presetFromScene(
      {
        gravity: [0, -9.81, 0],
        solver: { dt: scene.solver.dt, substeps: scene.solver.substeps },
        colliders: [],
        bodies: [
          {
            name: 'spot',
            shape: { type: 'mesh', path: 'spot.obj' },
            material: material.name,
            model: 'neo-hookean',
            dampingRatio: material.dampingRatio,
          },
        ],
      },
      {
        name: 'spot',
        source: 'spot.obj',
        meshes: {
          surfaces: new Map(),
          solids: new Map([
            [
              '/bodies/0/shape',
              {
                positions: compact.positions,
                tets: compact.elements,
                surface: {
                  positions: surface.positions,
                  indices: surface.indices,
                  groups: { names: surface.groups, triangleGroups: surface.groupIds },
                },
              },
            ],
          ]),
        },
      },
    );
    expect(placed).toBe(writePreset(baked));
    const preset = readPreset(placed);
    expect(preset.source).toBe('spot.obj');
    expect(preset.setup.bodies[0].importGroups?.names).toEqual(['hide', 'horns']);
    expect(preset.setup.bodies[0].render?.indices.length).toBe(12);
  });

  test('a rope goes into a native preset and is refused for Jolt by name; nothing is written then', async () => {
    const withRope = parseScene({
      ...structuredClone(defaultSceneJson),
      bodies: [
        ...structuredClone(defaultSceneJson).bodies,
        {
          name: 'rope',
          shape: { type: 'rope', start: [0, 2, 0], end: [1, 2, 0], segments: 10, radiusM: 0.01 },
          material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
          model: 'rope',
        },
      ],
    });
    // The native preset carries ropes (it is the setup the preview runs).
    const whole = await runExport(
      { target: 'native', scope: WHOLE_SCENE },
      { scene: withRope, fileName: 'ropes.sbproj' },
    );
    expect(whole.name).toBe('ropes.preset.json');
    expect(readPreset(decode(whole.saves[0].bytes)).setup.bodies.map((b) => b.model)).toEqual([
      'neo-hookean',
      'cloth',
      'rope',
    ]);
    // Jolt has no rope model: the export is refused, naming the feature and the target, and nothing is written.
    const alone = await runExport(
      { target: 'jolt', scope: { kind: 'body', index: 2 } },
      { scene: withRope, fileName: 'ropes.sbproj' },
    );
    expect(alone.name).toBeNull();
    expect(alone.saves).toEqual([]);
    expect(alone.notes[0].level).toBe('error');
    expect(alone.notes[0].text).toMatch(
      /^Could not export a preset of ropes\.sbproj: jolt cannot carry rope bodies \('rope': /,
    );
  });

  test('export writes through the host and says it held the whole scene', async () => {
    const { name, saves, notes } = await runExport({ target: 'native', scope: WHOLE_SCENE });
    expect(name).toBe('untitled.preset.json');
    expect(saves[0].filters).toEqual([{ name: 'Presets (JSON)', extensions: ['json'] }]);
    expect(notes).toEqual([
      {
        level: 'info',
        text: expect.stringMatching(
          /^Exported untitled\.preset\.json: whole scene, 2 bodies \(\d+\.\d KiB\)\.$/,
        ),
        detail: undefined,
      },
    ]);
  });

  test('a one-body Jolt export names the body and lists each approximation', async () => {
    const { name, saves, notes } = await runExport({ target: 'jolt', scope: { kind: 'body', index: 0 } });
    expect(name).toBe('soft block.jolt.json');
    expect(saves[0].filters).toEqual([{ name: 'Jolt Physics JSON (*.jolt.json)', extensions: ['json'] }]);
    expect(notes).toHaveLength(1);
    expect(notes[0].level).toBe('warning');
    expect(notes[0].text).toMatch(
      /^Exported soft block\.jolt\.json: soft block \(\d+\.\d KiB\); approximated: neo-hookean solids, nodal volume constraints, constraint damping\.$/,
    );
    const lines = notes[0].detail?.split('\n') ?? [];
    // An asset export carries no colliders: only the model and the damping are approximated; then
    // what the substep budget does to the exported edges and volumes.
    expect(lines.map((l) => l.slice(0, l.indexOf(':')))).toEqual([
      'neo-hookean solids',
      'nodal volume constraints',
      'constraint damping',
      'budget',
    ]);
    expect(lines[3]).toMatch(
      /^budget: soft block: solid edges-volume: (softened|stiffened) ×[\d.]+ for \d+ substeps/,
    );
    expect(lines[0]).toContain("'soft block': Jolt has no neo-Hookean tets");
  });

  test('a failed write is reported and nothing else happens', async () => {
    const notes: string[] = [];
    const name = await exportPreset(
      {
        editor: { state: { scene, fileName: 'untitled.sbproj' } as never },
        host: {
          saveFile: async () => {
            throw { name: 'FileWriteFailed', message: 'disk full' };
          },
        },
        notify: (level, text) => notes.push(`${level}: ${text}`),
      },
      { target: 'native', scope: WHOLE_SCENE },
    );
    expect(name).toBeNull();
    expect(notes).toEqual(['error: Could not write untitled.preset.json: disk full']);
  });
});
