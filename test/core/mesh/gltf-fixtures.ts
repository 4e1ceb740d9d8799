/**
 * Builders for small glTF documents in tests: geometry goes into one buffer as a base64
 * data URI (or a GLB BIN chunk), so each case states its JSON and nothing else.
 */
export type Json = Record<string, unknown>;

export interface Part {
  positions: number[];
  indices?: number[];
  mode?: number;
  material?: number;
}

/**
 * A glTF with one mesh per part list entry (each a list of primitives) and a node per
 * mesh; `nodes` may override the generated nodes (e.g. for transforms or hierarchies).
 */
export function buildGltf(meshes: Part[][], extra: Json = {}): { json: Json; bin: Uint8Array } {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const bufferViews: Json[] = [];
  const accessors: Json[] = [];
  const add = (bytes: Uint8Array, accessor: Json) => {
    bufferViews.push({ buffer: 0, byteOffset: offset, byteLength: bytes.byteLength });
    accessors.push({ ...accessor, bufferView: bufferViews.length - 1 });
    const padded = new Uint8Array(Math.ceil(bytes.byteLength / 4) * 4);
    padded.set(bytes);
    chunks.push(padded);
    offset += padded.byteLength;
    return accessors.length - 1;
  };
  const jsonMeshes = meshes.map((primitives, m) => ({
    name: `mesh${m}`,
    primitives: primitives.map((part) => {
      const f32 = new Float32Array(part.positions);
      const position = add(new Uint8Array(f32.buffer), {
        componentType: 5126,
        type: 'VEC3',
        count: part.positions.length / 3,
      });
      const primitive: Json = { attributes: { POSITION: position } };
      if (part.indices) {
        const u16 = new Uint16Array(part.indices);
        primitive.indices = add(new Uint8Array(u16.buffer), {
          componentType: 5123,
          type: 'SCALAR',
          count: part.indices.length,
        });
      }
      if (part.mode !== undefined) primitive.mode = part.mode;
      if (part.material !== undefined) primitive.material = part.material;
      return primitive;
    }),
  }));
  const bin = new Uint8Array(offset);
  let at = 0;
  for (const chunk of chunks) {
    bin.set(chunk, at);
    at += chunk.byteLength;
  }
  const json: Json = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: meshes.map((_, i) => i) }],
    nodes: meshes.map((_, i) => ({ mesh: i })),
    meshes: jsonMeshes,
    accessors,
    bufferViews,
    buffers: [{ byteLength: bin.byteLength }],
    ...extra,
  };
  return { json, bin };
}

/** The document with its buffer embedded as a base64 data URI. */
export function withDataUri({ json, bin }: { json: Json; bin: Uint8Array }): Json {
  const buffers = json.buffers as Json[];
  return {
    ...json,
    buffers: [
      { ...buffers[0], uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` },
      ...buffers.slice(1),
    ],
  };
}

export function gltfBytes(json: Json): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(json));
}

/** Packs a GLB container: header, JSON chunk (space-padded), optional BIN chunk. */
export function packGlb(json: Json, bin?: Uint8Array): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const jsonLength = Math.ceil(text.byteLength / 4) * 4;
  const binLength = bin ? Math.ceil(bin.byteLength / 4) * 4 : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.fill(0x20, 20, 20 + jsonLength);
  out.set(text, 20);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, 0x004e4942, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** A unit right triangle in the XY plane, counter-clockwise seen from +Z. */
export const triangle = [0, 0, 0, 1, 0, 0, 0, 1, 0];
