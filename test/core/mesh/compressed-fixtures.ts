/**
 * Compressed glTF fixtures made at test time from a TriMesh: the same geometry written plain,
 * Draco-compressed (draco3d's encoder) or meshopt-compressed (meshoptimizer's encoder), with
 * positions as float or quantized to normalized int16 (KHR_mesh_quantization).
 */
import { Document, WebIO } from '@gltf-transform/core';
import {
  EXTMeshoptCompression,
  KHRDracoMeshCompression,
  KHRMeshQuantization,
} from '@gltf-transform/extensions';
import draco3d from 'draco3d';
import { MeshoptEncoder } from 'meshoptimizer/encoder';
import type { TriMesh } from '../../../core/mesh/index.ts';

export type Compression = 'none' | 'draco' | 'meshopt';

/** Draco's quantization of POSITION, bits per axis over the mesh's largest extent. */
export const DRACO_POSITION_BITS = 14;

/**
 * A one-node GLB of the mesh. `quantized`: positions stored as normalized int16 in [−1, 1]
 * with the node's scale and translation mapping them back (what gltfpack writes).
 */
export async function compressedGlb(
  mesh: TriMesh,
  compression: Compression,
  quantized = false,
): Promise<Uint8Array> {
  const document = new Document();
  const buffer = document.createBuffer();
  const node = document.createNode('body');
  const positions = document.createAccessor('POSITION', buffer).setType('VEC3');
  if (quantized) {
    const { center, half } = bounds(mesh.positions);
    const q = new Int16Array(mesh.positions.length);
    for (let i = 0; i < q.length; i++)
      q[i] = Math.round(((mesh.positions[i] - center[i % 3]) / half) * 32767);
    positions.setArray(q).setNormalized(true);
    node.setTranslation(center).setScale([half, half, half]);
    document.createExtension(KHRMeshQuantization).setRequired(true);
  } else {
    positions.setArray(new Float32Array(mesh.positions));
  }
  const indices = document
    .createAccessor('indices', buffer)
    .setType('SCALAR')
    .setArray(new Uint32Array(mesh.indices));
  const primitive = document.createPrimitive().setAttribute('POSITION', positions).setIndices(indices);
  node.setMesh(document.createMesh('body').addPrimitive(primitive));
  document.createScene('scene').addChild(node);
  return writer(document, compression).writeBinary(document);
}

function writer(document: Document, compression: Compression): WebIO {
  const io = new WebIO().registerExtensions([
    KHRMeshQuantization,
    KHRDracoMeshCompression,
    EXTMeshoptCompression,
  ]);
  if (compression === 'draco') {
    document
      .createExtension(KHRDracoMeshCompression)
      .setRequired(true)
      .setEncoderOptions({
        method: KHRDracoMeshCompression.EncoderMethod.SEQUENTIAL,
        quantizationBits: { POSITION: DRACO_POSITION_BITS },
      });
    io.registerDependencies({ 'draco3d.encoder': dracoEncoder });
  }
  if (compression === 'meshopt') {
    document.createExtension(EXTMeshoptCompression).setRequired(true);
    io.registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  }
  return io;
}

let dracoEncoder: unknown;

/** Loads the encoders once; call before `compressedGlb`. */
export async function loadEncoders(): Promise<void> {
  dracoEncoder ??= await draco3d.createEncoderModule({});
  await MeshoptEncoder.ready;
}

/** Centre and half of the largest extent of a position array. */
export function bounds(positions: Float32Array): { center: [number, number, number]; half: number } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  const center: [number, number, number] = [0, 1, 2].map((k) => (min[k] + max[k]) / 2) as [
    number,
    number,
    number,
  ];
  const half = Math.max(...max.map((m, k) => m - min[k])) / 2;
  return { center, half };
}

/** Reads a GLB's JSON chunk and its BIN chunk, to damage one and pack it again. */
export function unpackGlb(glb: Uint8Array): { json: Record<string, unknown>; bin: Uint8Array } {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + jsonLength)));
  const binLength = view.getUint32(20 + jsonLength, true);
  const bin = glb.slice(28 + jsonLength, 28 + jsonLength + binLength);
  return { json, bin };
}
