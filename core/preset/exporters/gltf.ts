import { type Accessor, type Buffer, Document, PlatformIO } from '@gltf-transform/core';
import { encodeArray, encodeDocument } from '../../document/binary-array.ts';
import { childPointer, DocumentError, type Problem } from '../../document/problem.ts';
import type { BodySetup } from '../../setup/setup.ts';
import { type Preset, presetToDocument } from '../preset.ts';
import { checkPresetValue } from '../read.ts';
import { ExportRefusedError } from './export-refused.ts';
import { approximationsFor } from './features.ts';
import {
  resolveBody,
  SOFTBODY_EXTENSION,
  SoftBodyExtension,
  type SoftBodyNode,
  type SoftBodyRoot,
} from './gltf-extension.ts';

/**
 * glTF export: a GLB whose default scene has one node per body, each with its render mesh as an
 * ordinary mesh primitive with normals (the simulation surface when the body has no render mesh),
 * and the whole preset in the SOFTBODY_soft_body extension (gltf-extension.ts), which stores the
 * render mesh's positions and indices in the primitive's own accessors (once). Reading it back
 * gives the same preset, array for array.
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
  approximationsFor(preset.setup, 'gltf', (refusals) => {
    throw new ExportRefusedError('gltf', refusals);
  });
  const gltfDocument = new Document();
  gltfDocument.getRoot().getAsset().generator = 'Softbody Studio';
  const buffer = gltfDocument.createBuffer();
  const scene = gltfDocument.createScene(preset.name);
  gltfDocument.getRoot().setDefaultScene(scene);
  const extension = gltfDocument.createExtension(SoftBodyExtension);
  const stored = presetToDocument(preset);
  const root = extension.createRoot();
  preset.setup.bodies.forEach((body, i) => {
    const { mesh, shared } = renderMesh(gltfDocument, buffer, body);
    const node = gltfDocument.createNode(body.name).setMesh(mesh);
    scene.addChild(node);
    const property = extension.createBody();
    property.setBody(
      slots(gltfDocument, buffer, stored.setup.bodies[i], body.name, property, shared) as Record<
        string,
        unknown
      >,
    );
    node.setExtension(SOFTBODY_EXTENSION, property);
    root.addBody(node);
  });
  const { bodies: _bodies, ...setup } = stored.setup;
  root.setPreset(encodeDocument({ ...stored, setup }) as Record<string, unknown>);
  gltfDocument.getRoot().setExtension(SOFTBODY_EXTENSION, root);
  return io().writeBinary(gltfDocument);
}

/** Reads a GLB written by exportGlb back into a preset (validated); throws DocumentError. */
export async function readGlbPreset(bytes: Uint8Array): Promise<Preset> {
  const gltfDocument = await io().readBinary(bytes);
  const root = gltfDocument.getRoot().getExtension<SoftBodyRoot>(SOFTBODY_EXTENSION);
  if (!root)
    throw new DocumentError('preset', [
      { pointer: '/extensions', message: `has no ${SOFTBODY_EXTENSION} extension` },
    ]);
  const extension = gltfDocument
    .getRoot()
    .listExtensionsUsed()
    .find((e): e is SoftBodyExtension => e.extensionName === SOFTBODY_EXTENSION);
  const found: Problem[] = [...(extension?.readProblems ?? [])];
  const nodes = gltfDocument.getRoot().listNodes();
  const bodies = root.listBodies().map((node) => {
    const property = node.getExtension<SoftBodyNode>(SOFTBODY_EXTENSION);
    const at = `/nodes/${nodes.indexOf(node)}/extensions/${SOFTBODY_EXTENSION}`;
    if (!property) return undefined;
    const resolved = resolveBody(property, at);
    // A missing accessor is already among the reading problems.
    found.push(...resolved.problems.filter((p) => !found.some((q) => q.pointer === p.pointer)));
    return resolved.body;
  });
  if (found.length > 0) throw new DocumentError('preset', found);
  const stored = root.getPreset() as { setup?: Record<string, unknown> };
  const candidate = { ...stored, setup: { ...stored.setup, bodies } };
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
 * The body with every typed array turned into an accessor of the body's extension property (empty
 * arrays need none): `{dtype, accessor: k}`, k into the property's accessor list. The render mesh's
 * positions and indices are the primitive's own accessors (`shared`). glTF accessors hold no
 * doubles, so float64 arrays (positions, masses, compliances) stay inline as base64 binary arrays.
 */
function slots(
  gltfDocument: Document,
  buffer: Buffer,
  value: unknown,
  name: string,
  property: SoftBodyNode,
  shared: ReadonlyMap<unknown, Accessor>,
): unknown {
  if (value instanceof Float64Array) return encodeArray(value);
  if (value instanceof Float32Array || value instanceof Uint32Array || value instanceof Uint16Array) {
    const dtype =
      value instanceof Float32Array ? 'float32' : value instanceof Uint32Array ? 'uint32' : 'uint16';
    if (value.length === 0) return { dtype, count: 0 };
    const accessor =
      shared.get(value) ??
      gltfDocument.createAccessor(name).setType('SCALAR').setArray(value.slice()).setBuffer(buffer);
    return { dtype, accessor: property.addAccessor(accessor) };
  }
  if (Array.isArray(value))
    return value.map((item, i) => slots(gltfDocument, buffer, item, `${name}/${i}`, property, shared));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      if (item !== undefined)
        out[key] = slots(gltfDocument, buffer, item, childPointer(name, key), property, shared);
    return out;
  }
  return value;
}

/**
 * The render mesh, or the simulation surface of a body that has none, with area-weighted vertex
 * normals; `shared` maps the render mesh's own arrays to the accessors that hold them.
 */
function renderMesh(gltfDocument: Document, buffer: Buffer, body: BodySetup) {
  const render = body.render;
  const positions = render ? render.positions : Float32Array.from(body.geometry.positions);
  const indices = render ? render.indices : body.geometry.surfaceTriangles;
  const positionAccessor = gltfDocument
    .createAccessor(`${body.name}/POSITION`)
    .setType('VEC3')
    .setArray(positions.slice())
    .setBuffer(buffer);
  const indexAccessor = gltfDocument
    .createAccessor(`${body.name}/indices`)
    .setType('SCALAR')
    .setArray(indices.slice())
    .setBuffer(buffer);
  const primitive = gltfDocument
    .createPrimitive()
    .setAttribute('POSITION', positionAccessor)
    .setAttribute(
      'NORMAL',
      gltfDocument
        .createAccessor(`${body.name}/NORMAL`)
        .setType('VEC3')
        .setArray(vertexNormals(positions, indices))
        .setBuffer(buffer),
    )
    .setIndices(indexAccessor);
  const shared = new Map<unknown, Accessor>(
    render
      ? [
          [render.positions, positionAccessor],
          [render.indices, indexAccessor],
        ]
      : [],
  );
  return { mesh: gltfDocument.createMesh(body.name).addPrimitive(primitive), shared };
}

/** Unit normals per vertex, the area-weighted sum of its triangles' normals (+y where it has none). */
function vertexNormals(positions: Float32Array, indices: Uint32Array): Float32Array {
  const normals = new Float32Array(positions.length);
  const sum = new Float64Array(positions.length);
  for (let t = 0; t < indices.length / 3; t++) {
    const [a, b, c] = [indices[3 * t], indices[3 * t + 1], indices[3 * t + 2]];
    const u = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
    const v = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
    // The cross product's length is twice the area: the sum weighs each triangle by its area.
    const n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    for (const p of [a, b, c]) for (let k = 0; k < 3; k++) sum[3 * p + k] += n[k];
  }
  for (let p = 0; p < positions.length / 3; p++) {
    const length = Math.hypot(sum[3 * p], sum[3 * p + 1], sum[3 * p + 2]);
    if (length > 0) for (let k = 0; k < 3; k++) normals[3 * p + k] = sum[3 * p + k] / length;
    else normals[3 * p + 1] = 1;
  }
  return normals;
}
