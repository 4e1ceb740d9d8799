import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MeshImportError } from '../../../core/mesh/index.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import { corpusDir } from './corpus.ts';
import { buildGltf } from './gltf-fixtures.ts';

const dir = mkdtempSync(join(tmpdir(), 'softbody-read-mesh-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function failure(path: string): Promise<MeshImportError> {
  try {
    await readMeshFile(path);
  } catch (error) {
    expect(error).toBeInstanceOf(MeshImportError);
    return error as MeshImportError;
  }
  throw new Error('expected readMeshFile to fail');
}

describe('readMeshFile', () => {
  it('reads a .gltf with its .bin from the same folder', async () => {
    const { mesh, format } = await readMeshFile(join(corpusDir, 'BoxTextured/BoxTextured.gltf'));
    expect(format).toBe('glTF');
    expect(mesh.indices.length / 3).toBe(12);
  });

  it('names the .bin that is missing beside a .gltf', async () => {
    const path = join(dir, 'BoxTextured.gltf');
    copyFileSync(join(corpusDir, 'BoxTextured/BoxTextured.gltf'), path);
    const error = await failure(path);
    expect(error.message).toBe(
      `${path}#/buffers/0/uri: missing buffer file 'BoxTextured0.bin': it must be next to the .gltf file (in a browser: open or drop it together with the .gltf)`,
    );
  });

  it('refuses a buffer outside the folder of the mesh', async () => {
    const { json } = buildGltf([[{ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0] }]]);
    (json.buffers as { uri?: string }[])[0].uri = '../elsewhere.bin';
    const path = join(dir, 'escape.gltf');
    writeFileSync(path, JSON.stringify(json));
    const error = await failure(path);
    expect(error.message).toBe(
      `${path}#/buffers/0/uri: cannot read '../elsewhere.bin': it is outside the folder of the mesh file`,
    );
  });

  it('reports a missing file and a folder', async () => {
    expect((await failure(join(dir, 'none.obj'))).message).toBe(`${join(dir, 'none.obj')}: file not found`);
    expect((await failure(dir)).message).toBe(`${dir}: this is a folder, not a mesh file`);
  });
});
