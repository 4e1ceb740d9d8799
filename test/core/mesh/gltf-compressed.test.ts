import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { importMesh, MeshImportError, type TriMesh } from '../../../core/mesh/index.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import {
  bounds,
  type Compression,
  compressedGlb,
  DRACO_POSITION_BITS,
  loadEncoders,
  unpackGlb,
} from './compressed-fixtures.ts';
import { corpusDir } from './corpus.ts';
import { packGlb } from './gltf-fixtures.ts';

let spot: TriMesh;

beforeAll(async () => {
  await loadEncoders();
  spot = (await readMeshFile(join(corpusDir, 'spot.obj'))).mesh;
});

async function importError(file: string, bytes: Uint8Array): Promise<MeshImportError> {
  try {
    await importMesh(file, bytes);
  } catch (error) {
    expect(error).toBeInstanceOf(MeshImportError);
    return error as MeshImportError;
  }
  throw new Error('expected the import to fail');
}

/** Each triangle rotated to start at its smallest index (orientation kept): codecs may rotate them. */
function rotatedTriangles(indices: Uint32Array): string[] {
  const out: string[] = [];
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t], indices[t + 1], indices[t + 2]];
    out.push(a <= b && a <= c ? `${a} ${b} ${c}` : b <= c ? `${b} ${c} ${a}` : `${c} ${a} ${b}`);
  }
  return out;
}

function largestDifference(a: Float32Array, b: Float32Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i] - b[i]));
  return largest;
}

describe('compressed glTF import', () => {
  /**
   * Tolerance: half a quantization step, where the step is the largest extent over 2^bits − 1
   * (Draco, 14 bits over spot's 1.718) or the half extent over 32767 (normalized int16), plus
   * float32 rounding of the stored and transformed values (1e-6 here). Meshopt's codec itself is
   * lossless, so meshopt over float positions must give the plain file's numbers exactly. Both
   * encoders keep the vertex order (Draco's sequential method), so vertex i is compared with
   * vertex i and the triangles must be the same index triples, up to a rotation of each.
   */
  it.each<[Compression, boolean]>([
    ['draco', false],
    ['draco', true],
    ['meshopt', false],
    ['meshopt', true],
  ])(
    'decodes %s (quantized positions: %s) to the plain geometry within the quantization',
    async (compression, quantized) => {
      const glb = await compressedGlb(spot, compression, quantized);
      const { json } = unpackGlb(glb);
      expect(json.extensionsRequired).toContain(
        compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression',
      );
      if (quantized) expect(json.extensionsRequired).toContain('KHR_mesh_quantization');
      const imported = await importMesh('spot.glb', glb);
      expect(imported.notes).toEqual([]);
      expect(rotatedTriangles(imported.mesh.indices)).toEqual(rotatedTriangles(spot.indices));
      const extent = 2 * bounds(spot.positions).half;
      const step = quantized
        ? extent / 2 / 32767
        : compression === 'draco'
          ? extent / (2 ** DRACO_POSITION_BITS - 1)
          : 0;
      const tolerance = step / 2 + (step > 0 ? 1e-6 : 0);
      expect(largestDifference(imported.mesh.positions, spot.positions)).toBeLessThanOrEqual(tolerance);
    },
  );

  it('names the primitive whose Draco data does not decode', async () => {
    const { json, bin } = unpackGlb(await compressedGlb(spot, 'draco'));
    const view = (json.bufferViews as { byteOffset?: number }[])[0];
    bin.fill(0xff, view.byteOffset ?? 0, (view.byteOffset ?? 0) + 16);
    const error = await importError('spot.glb', packGlb(json, bin));
    expect(error.message).toBe(
      'spot.glb#/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression: the Draco-compressed ' +
        'geometry in buffer view 0 could not be decoded (Not a Draco file); the file is damaged',
    );
  });

  it('refuses Draco data that decodes to another vertex count than its accessor declares', async () => {
    const { json, bin } = unpackGlb(await compressedGlb(spot, 'draco'));
    const position = (json.meshes as { primitives: { attributes: { POSITION: number } }[] }[])[0]
      .primitives[0].attributes.POSITION;
    (json.accessors as { count: number }[])[position].count = 2000;
    const error = await importError('spot.glb', packGlb(json, bin));
    expect(error.message).toBe(
      `spot.glb#/accessors/${position}/count: the Draco data decodes to 2930 elements, but the accessor declares 2000`,
    );
  });

  it('names the buffer view whose meshopt data does not decode', async () => {
    const { json, bin } = unpackGlb(await compressedGlb(spot, 'meshopt'));
    const views = json.bufferViews as { extensions: { EXT_meshopt_compression: { byteOffset?: number } } }[];
    const compressed = views[1].extensions.EXT_meshopt_compression;
    bin.fill(0xff, compressed.byteOffset ?? 0, (compressed.byteOffset ?? 0) + 16);
    const error = await importError('spot.glb', packGlb(json, bin));
    expect(error.message).toBe(
      'spot.glb#/bufferViews/1/extensions/EXT_meshopt_compression: the meshopt-compressed buffer view ' +
        'could not be decoded (Malformed buffer data: -1); the file is damaged',
    );
  });
});
