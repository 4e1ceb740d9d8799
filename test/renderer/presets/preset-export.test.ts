import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { SaveRequest } from '../../../contract/host-api.ts';
import { readGlbPreset, readPreset } from '../../../core/preset/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { exportPreset } from '../../../renderer/src/presets/export-preset.ts';
import { presetBaseName, presetFileOf } from '../../../renderer/src/presets/preset-export.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('preset export', () => {
  test('files are named after the project', () => {
    expect(presetBaseName('untitled.sbproj')).toBe('untitled');
    expect(presetBaseName('Jelly Block.SBPROJ')).toBe('Jelly Block');
    expect(presetBaseName('.sbproj')).toBe('untitled');
  });

  test('the JSON export reads back as a preset with the scene bodies, materials and solver', async () => {
    const file = await presetFileOf(scene, 'demo.sbproj', 'json');
    expect(file.name).toBe('demo.preset.json');
    const preset = readPreset(new TextDecoder().decode(file.bytes), file.name);
    expect(preset.name).toBe('demo');
    expect(preset.bodies.map((b) => [b.name, b.kind])).toEqual([
      ['soft block', 'solid'],
      ['cloth', 'cloth'],
    ]);
    // A 5×5×5 cell box: 6³ vertices.
    expect(preset.bodies[0].simulationMesh.vertexCount).toBe(216);
    const block = preset.materials.find((m) => m.name === 'soft block-material');
    expect(block).toMatchObject({
      youngModulusPa: 1e5,
      poissonRatio: 0.4,
      densityKgM3: 1000,
      dampingRatio: 0.3,
    });
    expect(preset.solver).toMatchObject({ dt: scene.solver.dt, substeps: 15 });
  });

  test('the GLB export carries the same preset in its extension', async () => {
    const json = await presetFileOf(scene, 'demo.sbproj', 'json');
    const glb = await presetFileOf(scene, 'demo.sbproj', 'glb');
    expect(glb.name).toBe('demo.glb');
    // 'glTF' magic.
    expect(Array.from(glb.bytes.slice(0, 4))).toEqual([0x67, 0x6c, 0x54, 0x46]);
    const fromGlb = await readGlbPreset(glb.bytes);
    const fromJson = readPreset(new TextDecoder().decode(json.bytes));
    expect(fromGlb.materials).toEqual(fromJson.materials);
    expect(Array.from(fromGlb.bodies[1].simulationMesh.positions)).toEqual(
      Array.from(fromJson.bodies[1].simulationMesh.positions),
    );
  });

  test('a scene with a rope is refused with its pointer and nothing is written', async () => {
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
    const saves: SaveRequest[] = [];
    const notes: string[] = [];
    const name = await exportPreset(
      {
        editor: { state: { scene: withRope, fileName: 'ropes.sbproj' } as never },
        host: {
          saveFile: async (r) => {
            saves.push(r);
            return { name: r.suggestedName };
          },
        },
        notify: (level, text, detail) => notes.push(`${level}: ${text} | ${detail}`),
      },
      'json',
    );
    expect(name).toBeNull();
    expect(saves).toEqual([]);
    // The message names the rope body's place; the detail lists it under the scene.
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^error: Could not export a preset of ropes\.sbproj: \/bodies\/2\/\S+: 'rope' bodies cannot go into a preset yet.* \| scene\/bodies\/2\/\S+: 'rope' bodies/,
    );
  });

  test('export writes through the host and reports the size', async () => {
    const saves: SaveRequest[] = [];
    const notes: string[] = [];
    const name = await exportPreset(
      {
        editor: { state: { scene, fileName: 'untitled.sbproj' } as never },
        host: {
          saveFile: async (r) => {
            saves.push(r);
            return { name: r.suggestedName };
          },
        },
        notify: (level, text) => notes.push(`${level}: ${text}`),
      },
      'json',
    );
    expect(name).toBe('untitled.preset.json');
    expect(saves[0].filters).toEqual([{ name: 'Presets (JSON)', extensions: ['json'] }]);
    expect(notes[0]).toMatch(/^info: Exported untitled\.preset\.json \(\d+\.\d KiB\)\.$/);
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
      'json',
    );
    expect(name).toBeNull();
    expect(notes).toEqual(['error: Could not write untitled.preset.json: disk full']);
  });
});
