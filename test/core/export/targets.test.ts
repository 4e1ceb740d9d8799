import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import { EXPORT_TARGETS, exportTarget, findExportTarget } from '../../../core/export/targets.ts';
import { utf8Bytes } from '../../../core/export/utf8.ts';
import {
  exportJolt,
  packJoltExport,
  presetFromScene,
  readGlbPreset,
  writePreset,
} from '../../../core/preset/index.ts';
import { cubeMeshScene, samplePreset, sheetBody } from '../preset/fixtures.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A damped neo-Hookean cube of a ν = 0.2 material with a render mesh, a cloth, and a ground plane. */
function everythingJoltApproximates() {
  const { scene, meshes } = cubeMeshScene('silicone-shore-10a', 'neo-hookean');
  const cube = {
    ...scene.bodies[0],
    material: { youngModulusPa: 3e5, poissonRatio: 0.2, densityKgM3: 1100 },
    dampingRatio: 0.1,
  };
  return presetFromScene(
    {
      ...scene,
      colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
      bodies: [cube, sheetBody('cotton')],
    },
    { name: 'approximated', meshes },
  );
}

describe('export targets', () => {
  it('list native, glTF, Jolt, MuJoCo and Godot, each with its own file ending', () => {
    expect(EXPORT_TARGETS.map((t) => [t.id, t.extension])).toEqual([
      ['native', '.preset.json'],
      ['gltf', '.glb'],
      ['jolt', '.jolt.json'],
      ['mujoco', '.mjcf.xml'],
      ['godot', '.tscn'],
    ]);
    expect(findExportTarget('fbx')).toBeUndefined();
    expect(exportTarget('gltf').mime).toBe('model/gltf-binary');
  });

  it('native writes the canonical preset text and approximates nothing', async () => {
    const preset = samplePreset();
    const result = await exportTarget('native').export(preset);
    expect(text(result.bytes)).toBe(writePreset(preset));
    expect(result.approximations).toEqual([]);
  });

  it('gltf writes a valid GLB that reads back as the same preset and approximates nothing', async () => {
    const preset = samplePreset();
    const result = await exportTarget('gltf').export(preset);
    expect((await validator.validateBytes(result.bytes)).issues.numErrors).toBe(0);
    expect(writePreset(await readGlbPreset(result.bytes))).toBe(writePreset(preset));
    expect(result.approximations).toEqual([]);
  });

  it('jolt writes the exporter’s JSON, bulk arrays packed, and names the feature of every approximation', async () => {
    const preset = everythingJoltApproximates();
    const result = await exportTarget('jolt').export(preset);
    const file = JSON.parse(text(result.bytes));
    expect(file).toEqual(JSON.parse(JSON.stringify(packJoltExport(exportJolt(preset)))));
    expect(file.formatVersion).toBe(2);
    // Every row of the feature table that Jolt approximates and this preset shows, in table order.
    expect(result.approximations.map((a) => a.feature)).toEqual([
      'neo-hookean solids',
      'Poisson ratio below 1/4',
      'cloth membrane',
      'cloth plate bending',
      'constraint damping',
      'plane colliders',
    ]);
    expect(result.approximations.map((a) => `${a.feature}: ${a.message}`)).toEqual(file.approximations);
  });

  it('jolt approximates nothing for an undamped edges + volume body (ν ≤ 0.3) without colliders or render mesh', async () => {
    const preset = presetFromScene(
      {
        gravity: [0, -9.81, 0],
        solver: { dt: 1 / 60, substeps: 20 },
        colliders: [],
        bodies: [
          {
            name: 'block',
            shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0, 0] },
            // ν ≤ 0.3: no nodal volume constraints, which Jolt would get per tet.
            material: 'polyurethane-foam-firm',
            model: 'edges-volume',
            dampingRatio: 0,
          },
        ],
      },
      { name: 'exact' },
    );
    expect((await exportTarget('jolt').export(preset)).approximations).toEqual([]);
  });

  it('every target refuses an invalid preset with its problems', async () => {
    const preset = samplePreset();
    preset.setup.solver.substeps = 0;
    for (const target of EXPORT_TARGETS) {
      const refused = await target.export(preset).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, target.id).toBeInstanceOf(DocumentError);
    }
  });
});

describe('utf8Bytes', () => {
  it('encodes as TextEncoder does, lone surrogates included', () => {
    for (const sample of ['', 'plain', 'ν = 0.49, ρ 930 kg/m³', 'Ω🙂€', 'lone \ud800 and \udc00 end'])
      expect(Array.from(utf8Bytes(sample)), sample).toEqual(Array.from(new TextEncoder().encode(sample)));
  });
});
