import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import { joltApproximations } from '../../../core/export/jolt-approximations.ts';
import { EXPORT_TARGETS, exportTarget, findExportTarget } from '../../../core/export/targets.ts';
import { utf8Bytes } from '../../../core/export/utf8.ts';
import type { Material } from '../../../core/material/index.ts';
import { buildPreset, exportJolt, readGlbPreset, writePreset } from '../../../core/preset/index.ts';
import { cubeBody, material, samplePreset, sheetBody } from '../preset/fixtures.ts';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** A neo-Hookean cube of a ν = 0.2 material with damping, a cloth, and a ground plane: every Jolt approximation. */
function everythingJoltApproximates() {
  const cork: Material = { ...material('silicone-shore-10a'), name: 'cork-like', poissonRatio: 0.2 };
  const cotton = material('cotton');
  return buildPreset({
    name: 'approximated',
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    materials: [cork, cotton],
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
    bodies: [cubeBody(cork, 'neo-hookean'), sheetBody(cotton)],
  });
}

describe('export targets', () => {
  it('list native, glTF and Jolt, each with its own file ending', () => {
    expect(EXPORT_TARGETS.map((t) => [t.id, t.extension])).toEqual([
      ['native', '.preset.json'],
      ['gltf', '.glb'],
      ['jolt', '.jolt.json'],
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

  it('jolt writes the exporter’s JSON and names the feature of every approximation', async () => {
    const preset = everythingJoltApproximates();
    const result = await exportTarget('jolt').export(preset);
    const file = JSON.parse(text(result.bytes));
    expect(file).toEqual(JSON.parse(JSON.stringify(exportJolt(preset))));
    expect(result.approximations.map((a) => a.feature)).toEqual([
      'colliders',
      'neo-hookean',
      'poisson-ratio',
      'constraint-damping',
      'constraint-damping',
      'render-mesh',
    ]);
    // The file's own list is the exporter's; the render mesh is what the registry adds.
    expect(result.approximations.slice(0, -1).map((a) => a.message)).toEqual(file.approximations);
    expect(result.approximations.at(-1)?.message).toBe(
      "body 'cube': the render mesh and its embedding are not in the Jolt file; skin the render mesh from the preset (Jolt's first simulationVertexCount vertices are the preset's simulation vertices, in order).",
    );
  });

  it('jolt approximates nothing for an undamped edges + volume body without colliders or render mesh', async () => {
    const silicone: Material = { ...material('silicone-shore-20a'), dampingRatio: 0 };
    const { renderMesh: _render, embedding: _embedding, ...bare } = cubeBody(silicone, 'edges-volume');
    const preset = buildPreset({
      name: 'exact',
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 20 },
      materials: [silicone],
      colliders: [],
      bodies: [{ ...bare, groups: bare.groups.map((g) => ({ ...g, dampingRatio: 0 })) }],
    });
    expect((await exportTarget('jolt').export(preset)).approximations).toEqual([]);
  });

  it('every target refuses an invalid preset with its problems', async () => {
    const preset = samplePreset();
    preset.solver.substeps = 0;
    for (const target of EXPORT_TARGETS) {
      const refused = await target.export(preset).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused, target.id).toBeInstanceOf(DocumentError);
    }
  });
});

describe('joltApproximations', () => {
  it('keeps a sentence it has no feature for, under the feature jolt', () => {
    expect(joltApproximations(samplePreset(), ['something new Jolt lacks.'])[0]).toEqual({
      feature: 'jolt',
      message: 'something new Jolt lacks.',
    });
  });
});

describe('utf8Bytes', () => {
  it('encodes as TextEncoder does, lone surrogates included', () => {
    for (const sample of ['', 'plain', 'ν = 0.49, ρ 930 kg/m³', 'Ω🙂€', 'lone \ud800 and \udc00 end'])
      expect(Array.from(utf8Bytes(sample)), sample).toEqual(Array.from(new TextEncoder().encode(sample)));
  });
});
