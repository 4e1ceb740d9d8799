import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { type Document, NodeIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import {
  exportGlb,
  presetFromScene,
  readGlbPreset,
  SoftBodyExtension,
  writePreset,
} from '../../core/preset/index.ts';
import * as runtimeExtension from '../../runtime/gltf-transform/softbody-extension.mjs';
import {
  bundleGltfTransformExtension,
  GLTF_TRANSFORM_DECLARATIONS,
  GLTF_TRANSFORM_EXTENSION,
  gltfTransformExtensionDeclarations,
} from '../../scripts/build-runtime.mjs';
import { cubeMeshScene, samplePreset } from '../core/preset/fixtures.ts';

/**
 * The SOFTBODY_soft_body extension in a studio's glTF pipeline: a tool that reads our GLB with the
 * extension registered (runtime/gltf-transform/softbody-extension.mjs, or the same class from
 * core) and writes it again keeps the extension and the accessors it uses.
 */

const root = resolve(import.meta.dirname, '../..');

function presets() {
  const { scene, meshes } = cubeMeshScene('silicone-shore-20a');
  return [
    ['the sample preset', samplePreset()],
    ['a mesh body with a render mesh', presetFromScene(scene, { name: 'cube', meshes })],
  ] as const;
}

describe('SOFTBODY_soft_body as a gltf-transform extension', () => {
  it('ships runtime/gltf-transform/softbody-extension.mjs and its declarations as scripts/build-runtime.mjs makes them from core', async () => {
    const committed = await readFile(resolve(root, GLTF_TRANSFORM_EXTENSION), 'utf8');
    expect(committed).toBe(await bundleGltfTransformExtension());
    const declarations = await readFile(resolve(root, GLTF_TRANSFORM_DECLARATIONS), 'utf8');
    expect(declarations).toBe(await gltfTransformExtensionDeclarations());
  });

  for (const [name, extension] of [
    ['core', SoftBodyExtension],
    ['runtime/gltf-transform', runtimeExtension.SoftBodyExtension],
  ] as const) {
    it.each(presets())(
      `reads and writes %s through NodeIO with the ${name} class registered: the same JSON and binary chunk, the generator aside`,
      async (_, preset) => {
        const bytes = await exportGlb(preset);
        const io = new NodeIO().registerExtensions([extension]);
        const again = await io.writeBinary(await io.readBinary(bytes));
        // gltf-transform stamps its own name as the writer of what it writes; nothing else changes.
        const before = await io.binaryToJSON(bytes);
        const after = await io.binaryToJSON(again);
        expect(after.json.asset.generator).toMatch(/^glTF-Transform/);
        expect({ ...after.json, asset: { ...after.json.asset, generator: '' } }).toEqual({
          ...before.json,
          asset: { ...before.json.asset, generator: '' },
        });
        expect(Object.keys(after.resources)).toEqual(Object.keys(before.resources));
        for (const [uri, data] of Object.entries(before.resources))
          expect(Buffer.from(after.resources[uri]).equals(Buffer.from(data))).toBe(true);
        expect(writePreset(await readGlbPreset(again))).toBe(writePreset(preset));
      },
    );
  }

  it('keeps the extension through a pipeline step that adds and renumbers content', async () => {
    const preset = samplePreset();
    const io = new NodeIO().registerExtensions([runtimeExtension.SoftBodyExtension]);
    const document: Document = await io.readBinary(await exportGlb(preset));
    const buffer = document.getRoot().listBuffers()[0];
    const marker = document
      .createAccessor('marker')
      .setType('VEC3')
      .setArray(new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]))
      .setBuffer(buffer);
    // A step that adds a mesh: the writer lays the buffer views out again, with its vertices among
    // them, and numbers the accessors anew.
    document
      .getRoot()
      .listScenes()[0]
      .addChild(
        document
          .createNode('marker')
          .setMesh(
            document
              .createMesh('marker')
              .addPrimitive(document.createPrimitive().setAttribute('POSITION', marker)),
          ),
      );
    const written = await io.writeBinary(document);
    const before = (await io.binaryToJSON(await exportGlb(preset))).json;
    const after = (await io.binaryToJSON(written)).json;
    expect(after.meshes?.map((m) => m.name)).toContain('marker');
    expect(after.accessors?.length).toBe((before.accessors?.length ?? 0) + 1);
    expect(after.buffers?.[0].byteLength).toBeGreaterThan(before.buffers?.[0].byteLength ?? 0);
    const back = await readGlbPreset(written);
    expect(writePreset(back)).toBe(writePreset(preset));
  });

  it('reads the sample asset of the extension README as a preset', async () => {
    const bytes = await readFile(resolve(root, 'docs/gltf-extension/sample/hanging-bar.glb'));
    const preset = await readGlbPreset(new Uint8Array(bytes));
    expect(preset.setup.bodies.map((b) => b.name)).toEqual(['bar']);
  });

  it('gives the GLB a default scene, normals and one copy of the render mesh', async () => {
    const { scene, meshes } = cubeMeshScene('silicone-shore-20a');
    const preset = presetFromScene(scene, { name: 'cube', meshes });
    const json = (
      await new NodeIO().registerExtensions([SoftBodyExtension]).binaryToJSON(await exportGlb(preset))
    ).json;
    expect(json.scene).toBe(0);
    const primitive = json.meshes?.[0].primitives[0];
    expect(primitive?.attributes.NORMAL).toBeDefined();
    const body = json.nodes?.[0].extensions?.SOFTBODY_soft_body as {
      render: { positions: { accessor: number }; indices: { accessor: number } };
    };
    expect(body.render.positions.accessor).toBe(primitive?.attributes.POSITION);
    expect(body.render.indices.accessor).toBe(primitive?.indices);
  });
});
