import { Document, NodeIO } from '@gltf-transform/core';
import validator from 'gltf-validator';
import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import {
  exportGlb,
  type Preset,
  presetFromScene,
  readGlbPreset,
  SOFTBODY_EXTENSION,
  writePreset,
} from '../../../core/preset/index.ts';
import { cubeMeshScene, samplePreset } from './fixtures.ts';

/** The sample (a box and a cloth sheet) and the tet cube mesh body with its render cube. */
function presets(): [string, Preset][] {
  const { scene, meshes } = cubeMeshScene('silicone-shore-20a');
  return [
    ['the sample preset', samplePreset()],
    ['a mesh body with a render mesh', presetFromScene(scene, { name: 'cube', meshes })],
  ];
}

describe('glTF export (SOFTBODY_soft_body)', () => {
  it.each(presets())('gives %s back from the GLB, byte for byte once written', async (_, preset) => {
    const back = await readGlbPreset(await exportGlb(preset));
    expect(writePreset(back)).toBe(writePreset(preset));
    expect(back.setup).toEqual(preset.setup);
  });

  it.each(presets())(
    'writes %s as a GLB the Khronos glTF validator passes with zero errors and warnings',
    async (_, preset) => {
      const report = await validator.validateBytes(await exportGlb(preset));
      expect(report.issues.numErrors).toBe(0);
      expect(report.issues.numWarnings).toBe(0);
      // What remains is information: the vendor extension is unknown to the validator and its
      // accessors are used only by it.
      const codes = new Set(report.issues.messages.map((m: { code: string }) => m.code));
      expect([...codes].sort()).toEqual(['UNSUPPORTED_EXTENSION', 'UNUSED_OBJECT']);
    },
  );

  it('shows each body as an ordinary mesh node named after it', async () => {
    const report = await validator.validateBytes(await exportGlb(samplePreset()));
    expect(report.info.extensionsUsed).toEqual([SOFTBODY_EXTENSION]);
    expect(report.info.drawCallCount).toBe(2);
  });

  it('refuses a GLB without the extension, at /extensions', async () => {
    const document = new Document();
    const buffer = document.createBuffer();
    const positions = document
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    document
      .createScene()
      .addChild(
        document
          .createNode('plain')
          .setMesh(
            document
              .createMesh()
              .addPrimitive(document.createPrimitive().setAttribute('POSITION', positions)),
          ),
      );
    const glb = await new NodeIO().writeBinary(document);
    const error = await readGlbPreset(glb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).problems).toEqual([
      { pointer: '/extensions', message: `has no ${SOFTBODY_EXTENSION} extension` },
    ]);
  });

  it('refuses a GLB whose preset was edited, with the pointer inside the extension', async () => {
    const glb = editGlbJson(await exportGlb(samplePreset()), (json) => {
      json.extensions[SOFTBODY_EXTENSION].materials[0].youngModulusPa = -1;
    });
    const error = await readGlbPreset(glb).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).problems[0]).toEqual({
      pointer: `/extensions/${SOFTBODY_EXTENSION}/materials/0/youngModulusPa`,
      message: 'must be greater than 0, got -1',
    });
  });
});

/**
 * The GLB with its JSON chunk edited (GLB 2.0: a 12-byte header, then the JSON chunk, padded with
 * spaces to 4 bytes, then the BIN chunk, kept as it is).
 */
// biome-ignore lint/suspicious/noExplicitAny: the edit reaches into arbitrary places of the glTF JSON.
function editGlbJson(glb: Uint8Array, edit: (json: any) => void): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  edit(json);
  let text = JSON.stringify(json);
  while (new TextEncoder().encode(text).length % 4 !== 0) text += ' ';
  const jsonBytes = new TextEncoder().encode(text);
  const rest = glb.subarray(20 + jsonLength);
  const out = new Uint8Array(20 + jsonBytes.length + rest.length);
  const outView = new DataView(out.buffer);
  out.set(glb.subarray(0, 12));
  outView.setUint32(8, out.length, true);
  outView.setUint32(12, jsonBytes.length, true);
  outView.setUint32(16, view.getUint32(16, true), true);
  out.set(jsonBytes, 20);
  out.set(rest, 20 + jsonBytes.length);
  return out;
}
