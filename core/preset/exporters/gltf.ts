import { type Buffer, Document, PlatformIO } from '@gltf-transform/core';
import { encodeArray, encodeDocument } from '../../document/binary-array.ts';
import { childPointer, DocumentError, type Problem } from '../../document/problem.ts';
import type { BodySetup } from '../../setup/setup.ts';
import { type Preset, presetToDocument } from '../preset.ts';
import { checkPresetValue } from '../read.ts';
import { AccessorSlot, SOFTBODY_EXTENSION, SoftBodyExtension } from './gltf-extension.ts';

/**
 * glTF export: a GLB whose scene has one node per body, each with its render mesh as an ordinary
 * mesh primitive (the simulation surface when the body has no render mesh), and the whole preset in
 * the SOFTBODY_soft_body extension (gltf-extension.ts). Reading it back gives the same preset,
 * array for array.
 */

/** In-memory glTF I/O: no files or network (core/ runs in workers and the browser too). */
class MemoryIO extends PlatformIO {
  protected readURI(uri: string): Promise<never> {
    return Promise.reject(new Error(`unexpected external resource '${uri}'`));
  }
  protected resolve(base: string, path: string): string {
    return `${base}/${path}`;
  }
  protected dirname(uri: string): string {
    return uri.slice(0, uri.lastIndexOf('/'));
  }
}

function io(): PlatformIO {
  return new MemoryIO().registerExtensions([SoftBodyExtension]);
}

export async function exportGlb(preset: Preset): Promise<Uint8Array> {
  const gltfDocument = new Document();
  gltfDocument.getRoot().getAsset().generator = 'Softbody Studio';
  const buffer = gltfDocument.createBuffer();
  const scene = gltfDocument.createScene(preset.name);
  const extension = gltfDocument.createExtension(SoftBodyExtension);
  const stored = presetToDocument(preset);
  const bodies = preset.setup.bodies.map((body, i) => {
    const node = gltfDocument.createNode(body.name).setMesh(renderMesh(gltfDocument, buffer, body));
    scene.addChild(node);
    return { node, body: slots(gltfDocument, buffer, stored.setup.bodies[i], body.name) };
  });
  const { bodies: _bodies, ...setup } = stored.setup;
  extension.asset = { root: encodeDocument({ ...stored, setup }) as Record<string, unknown>, bodies };
  return io().writeBinary(gltfDocument);
}

/** Reads a GLB written by exportGlb back into a preset (validated); throws DocumentError. */
export async function readGlbPreset(bytes: Uint8Array): Promise<Preset> {
  const gltfDocument = await io().readBinary(bytes);
  const extension = gltfDocument
    .getRoot()
    .listExtensionsUsed()
    .find((e): e is SoftBodyExtension => e.extensionName === SOFTBODY_EXTENSION);
  const read = extension?.readResult;
  if (!read)
    throw new DocumentError('preset', [
      { pointer: '/extensions', message: `has no ${SOFTBODY_EXTENSION} extension` },
    ]);
  if (read.problems.length > 0) {
    throw new DocumentError(
      'preset',
      read.problems.map((p) => ({
        pointer: p.slice(0, p.indexOf(':')),
        message: p.slice(p.indexOf(':') + 2),
      })),
    );
  }
  const root = read.root as { setup?: Record<string, unknown> };
  const candidate = { ...root, setup: { ...root.setup, bodies: read.bodies } };
  const { preset, problems } = checkPresetValue(encodeDocument(candidate));
  if (!preset)
    throw new DocumentError(
      'preset',
      problems.map(
        (p): Problem => ({ pointer: `/extensions/${SOFTBODY_EXTENSION}${p.pointer}`, message: p.message }),
      ),
    );
  return preset;
}

/**
 * The body with every typed array turned into an accessor slot (empty arrays need none). glTF
 * accessors hold no doubles, so float64 arrays (positions, masses, compliances) stay inline as
 * base64 binary arrays.
 */
function slots(gltfDocument: Document, buffer: Buffer, value: unknown, name: string): unknown {
  if (value instanceof Float64Array) return encodeArray(value);
  if (value instanceof Float32Array || value instanceof Uint32Array || value instanceof Uint16Array) {
    const dtype =
      value instanceof Float32Array ? 'float32' : value instanceof Uint32Array ? 'uint32' : 'uint16';
    if (value.length === 0) return new AccessorSlot(dtype, undefined);
    return new AccessorSlot(
      dtype,
      gltfDocument.createAccessor(name).setType('SCALAR').setArray(value.slice()).setBuffer(buffer),
    );
  }
  if (Array.isArray(value)) return value.map((item, i) => slots(gltfDocument, buffer, item, `${name}/${i}`));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      if (item !== undefined) out[key] = slots(gltfDocument, buffer, item, childPointer(name, key));
    return out;
  }
  return value;
}

/** The render mesh, or the simulation surface of a body that has none. */
function renderMesh(gltfDocument: Document, buffer: Buffer, body: BodySetup) {
  const render = body.render;
  const positions = render ? render.positions : Float32Array.from(body.geometry.positions);
  const indices = render ? render.indices : body.geometry.surfaceTriangles;
  const primitive = gltfDocument
    .createPrimitive()
    .setAttribute(
      'POSITION',
      gltfDocument
        .createAccessor(`${body.name}/POSITION`)
        .setType('VEC3')
        .setArray(positions.slice())
        .setBuffer(buffer),
    )
    .setIndices(
      gltfDocument
        .createAccessor(`${body.name}/indices`)
        .setType('SCALAR')
        .setArray(indices.slice())
        .setBuffer(buffer),
    );
  return gltfDocument.createMesh(body.name).addPrimitive(primitive);
}
