import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importMesh, MeshImportError } from '../../../core/mesh/index.ts';
import { corpusDir } from './corpus.ts';
import { buildGltf, gltfBytes, type Json, packGlb, triangle, withDataUri } from './gltf-fixtures.ts';

const enc = (text: string) => new TextEncoder().encode(text);

async function importError(file: string, bytes: Uint8Array, options = {}): Promise<MeshImportError> {
  try {
    await importMesh(file, bytes, options);
  } catch (error) {
    expect(error).toBeInstanceOf(MeshImportError);
    return error as MeshImportError;
  }
  throw new Error('expected the import to fail');
}

const objError = (text: string) => importError('bad.obj', enc(text));
const gltfError = (json: Json, options = {}) => importError('bad.gltf', gltfBytes(json), options);
const tri = 'v 0 0 0\nv 1 0 0\nv 0 1 0\n';

describe('OBJ errors name the line and the problem', () => {
  it.each([
    [`v 0 0 0\nv 1 0 0\nv nan 1 0\nf 1 2 3\n`, 3, "vertex coordinate 'nan' is not a finite number"],
    [`v 0 0 0\nv 1e999 0 0\n`, 2, "vertex coordinate '1e999' is not a finite number"],
    [`v 0 0 0\nv 1 zero 0\n`, 2, "expected a number, found 'zero'"],
    [`v 0 0\n`, 1, 'a vertex needs 3 coordinates (x y z), found 2'],
    [`${tri}f 1 2 4\n`, 4, 'vertex index 4 is out of range: 3 vertices defined above this line'],
    [`${tri}f -4 1 2\n`, 4, 'vertex index -4 is out of range: 3 vertices defined above this line'],
    [`${tri}f 0 1 2\n`, 4, 'vertex index 0 is invalid: OBJ indices start at 1'],
    [`${tri}f 1 2\n`, 4, 'a face needs at least 3 vertices, found 2'],
    [`${tri}f 1/1/1/1 2 3\n`, 4, "face vertex '1/1/1/1' is not of the form v, v/vt, v//vn or v/vt/vn"],
    [`${tri}f 1/x 2 3\n`, 4, "face vertex '1/x' is not of the form v, v/vt, v//vn or v/vt/vn"],
    [
      `${tri}vt 0 0\nf 1/2 2/1 3/1\n`,
      5,
      'texture coordinate index 2 is out of range: 1 texture coordinate defined above this line',
    ],
    [`${tri}f 1//1 2//1 3//1\n`, 4, 'normal index 1 is out of range: 0 normals defined above this line'],
    [`v 0 0 0\n\u0000\u0001`, 2, 'this is not a text OBJ file: it contains binary data'],
  ])('%j → line %i', async (text, line, reason) => {
    const error = await objError(text);
    expect(error.line).toBe(line);
    expect(error.reason).toBe(reason);
    expect(error.message).toBe(`bad.obj:${line}: ${reason}`);
  });

  it('reports an OBJ without faces as empty', async () => {
    const error = await objError(tri);
    expect(error.message).toBe("bad.obj: no faces found: the file defines 3 vertices but no 'f' statements");
  });
});

describe('glTF errors name the JSON pointer or byte and the problem', () => {
  const doc = () => withDataUri(buildGltf([[{ positions: triangle, indices: [0, 1, 2] }]]));

  it('rejects an index past the end of the POSITION accessor', async () => {
    const json = withDataUri(buildGltf([[{ positions: triangle, indices: [0, 1, 3] }]]));
    const error = await gltfError(json);
    expect(error.pointer).toBe('/accessors/1');
    expect(error.message).toBe(
      'bad.gltf#/accessors/1: index 3 at position 2 is out of range: the POSITION accessor (/accessors/0) has 3 vertices',
    );
  });

  it('rejects a NaN or infinite position', async () => {
    const nan = await gltfError(
      withDataUri(buildGltf([[{ positions: [0, 0, 0, Number.NaN, 0, 0, 0, 1, 0] }]])),
    );
    expect(nan.message).toBe('bad.gltf#/accessors/0: vertex 1 has a non-finite coordinate (NaN)');
    const inf = await gltfError(
      withDataUri(buildGltf([[{ positions: [0, 0, 0, 0, 0, 0, 0, Number.POSITIVE_INFINITY, 0] }]])),
    );
    expect(inf.message).toBe('bad.gltf#/accessors/0: vertex 2 has a non-finite coordinate (Infinity)');
  });

  it('names a missing .bin', async () => {
    const json = buildGltf([[{ positions: triangle }]]).json;
    (json.buffers as Json[])[0].uri = 'mesh.bin';
    const error = await gltfError(json, { readResource: () => undefined });
    expect(error.message).toBe(
      "bad.gltf#/buffers/0/uri: missing buffer file 'mesh.bin': it must be next to the .gltf file (in a browser: open or drop it together with the .gltf)",
    );
  });

  it('rejects a .bin shorter than the buffer declares', async () => {
    const { json, bin } = buildGltf([[{ positions: triangle }]]);
    (json.buffers as Json[])[0].uri = 'mesh.bin';
    const error = await gltfError(json, { readResource: () => bin.subarray(0, 20) });
    expect(error.message).toBe(
      "bad.gltf#/buffers/0/byteLength: buffer 0 declares 36 bytes but 'mesh.bin' has only 20",
    );
  });

  it('rejects an accessor that reads past its buffer view', async () => {
    const json = doc();
    (json.accessors as Json[])[0].count = 4;
    const error = await gltfError(json);
    expect(error.message).toBe(
      'bad.gltf#/accessors/0/count: accessor 0 (4 elements from byte 0) needs 48 bytes of buffer view 0, which has 36',
    );
  });

  it('reports a scene without triangles as empty', async () => {
    const json = doc();
    json.nodes = [{}];
    const error = await gltfError(json);
    expect(error.message).toBe('bad.gltf#/scenes/0: the default scene contains no triangles to import');
  });

  it('says that KHR_meshopt_compression is not decoded yet', async () => {
    const meshopt = await gltfError({ ...doc(), extensionsRequired: ['KHR_meshopt_compression'] });
    expect(meshopt.message).toBe(
      'bad.gltf#/extensionsRequired/0: the buffers are compressed with KHR_meshopt_compression, which ' +
        'Softbody Studio does not decode yet; export the file again with EXT_meshopt_compression or ' +
        'without compression',
    );
  });

  it('names a Draco primitive whose buffer view holds no Draco data', async () => {
    const json = doc();
    const primitive = (json.meshes as { primitives: Json[] }[])[0].primitives[0];
    primitive.extensions = { KHR_draco_mesh_compression: { bufferView: 0, attributes: { POSITION: 0 } } };
    (json.accessors as Json[])[0].bufferView = undefined;
    const error = await gltfError(json);
    expect(error.message).toBe(
      'bad.gltf#/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression: the Draco-compressed ' +
        'geometry in buffer view 0 could not be decoded (Not a Draco file); the file is damaged',
    );
    primitive.extensions = { KHR_draco_mesh_compression: { bufferView: 7, attributes: { POSITION: 0 } } };
    const missing = await gltfError(json);
    expect(missing.message).toBe(
      'bad.gltf#/meshes/0/primitives/0/extensions/KHR_draco_mesh_compression/bufferView: ' +
        'refers to buffer view 7, but the file has 2 buffer views',
    );
  });

  it('checks an EXT_meshopt_compression entry before decoding it', async () => {
    const json = doc();
    const meshopt = { buffer: 0, byteLength: 36, byteStride: 12, count: 3, mode: 'ATTRIBUTES' };
    (json.bufferViews as Json[])[0].extensions = { EXT_meshopt_compression: { ...meshopt, count: 4 } };
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/bufferViews/0/extensions/EXT_meshopt_compression/count: 4 elements of 12 bytes ' +
        'decode to 48 bytes, but the buffer view has 36',
    );
    (json.bufferViews as Json[])[0].extensions = { EXT_meshopt_compression: { ...meshopt, mode: 'LINES' } };
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/bufferViews/0/extensions/EXT_meshopt_compression/mode: the mode must be one of ' +
        "ATTRIBUTES, TRIANGLES, INDICES, got 'LINES'",
    );
    (json.bufferViews as Json[])[0].extensions = { EXT_meshopt_compression: { ...meshopt, byteLength: 99 } };
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/bufferViews/0/extensions/EXT_meshopt_compression/byteLength: the buffer view ends at ' +
        'byte 99, past the end of buffer 0 (44 bytes)',
    );
  });

  it('points at the line of a JSON syntax error', async () => {
    const error = await importError('bad.gltf', enc('{\n  "asset": {"version": "2.0"},\n  "nodes": [,]\n}'));
    expect(error.line).toBe(3);
    expect(error.message).toBe("bad.gltf:3: the glTF JSON is not valid: unexpected ','");
    const cut = await importError('bad.gltf', enc('{"asset": {'));
    expect(cut.message).toBe(
      'bad.gltf:1: the glTF JSON is not valid: the text ends before the JSON is complete',
    );
  });

  it('rejects glTF 1.0', async () => {
    const error = await gltfError({ asset: { version: '1.0' } });
    expect(error.message).toBe(
      "bad.gltf#/asset/version: glTF version '1.0' is not supported; only glTF 2.0 files can be imported",
    );
  });

  it('rejects a node hierarchy with a cycle or a node with two parents', async () => {
    const cycle = doc();
    cycle.nodes = [{ mesh: 0, children: [1] }, { children: [0] }];
    expect((await gltfError(cycle)).message).toBe(
      'bad.gltf#/nodes/0/children: the node hierarchy has a cycle through node 0',
    );
    const twoParents = doc();
    twoParents.nodes = [{ mesh: 0 }, { children: [0] }, { children: [0] }];
    expect((await gltfError(twoParents)).message).toBe(
      'bad.gltf#/nodes/2/children/0: node 0 is a child of both node 1 and node 2',
    );
  });

  it('rejects references to objects that do not exist', async () => {
    const json = doc();
    (json.meshes as { primitives: Json[] }[])[0].primitives[0].attributes = { POSITION: 7 };
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/meshes/0/primitives/0/attributes/POSITION: refers to accessor 7, but the file has 2 accessors',
    );
  });

  it('rejects an accessor used both as positions and as indices', async () => {
    const json = withDataUri(
      buildGltf([[{ positions: triangle, indices: [0, 1, 2] }, { positions: triangle }]]),
    );
    (json.meshes as { primitives: Json[] }[])[0].primitives[1].indices = 0;
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/accessors/0: an accessor cannot be both a POSITION attribute and indices',
    );
  });

  it('rejects a TRIANGLES primitive whose index count is not a multiple of 3', async () => {
    const json = withDataUri(buildGltf([[{ positions: triangle, indices: [0, 1, 2, 0] }]]));
    expect((await gltfError(json)).message).toBe(
      'bad.gltf#/accessors/1/count: a TRIANGLES primitive needs a multiple of 3 indices, got 4',
    );
  });

  it('rejects a data URI that is not base64', async () => {
    const json = doc();
    (json.buffers as Json[])[0].uri = 'data:application/octet-stream;base64,AAA*';
    expect((await gltfError(json)).message).toBe(
      "bad.gltf#/buffers/0/uri: the data URI is not valid base64 (character '*' at 3)",
    );
  });
});

describe('GLB container errors name the byte', () => {
  const fox = new Uint8Array(readFileSync(join(corpusDir, 'Fox.glb')));

  it('reports a truncated download', async () => {
    const error = await importError('Fox.glb', fox.subarray(0, 1000));
    expect(error.byteOffset).toBe(8);
    expect(error.message).toBe(
      'Fox.glb (byte 8): truncated GLB: the header declares 162852 bytes but the file has 1000',
    );
  });

  it('reports a file shorter than the header', async () => {
    expect((await importError('x.glb', fox.subarray(0, 5))).message).toBe(
      'x.glb (byte 0): truncated GLB: the file has 5 bytes, fewer than the 12-byte GLB header',
    );
  });

  it('reports a chunk longer than the file', async () => {
    const { json, bin } = buildGltf([[{ positions: triangle }]]);
    const glb = packGlb(json, bin);
    new DataView(glb.buffer).setUint32(12, 1 << 20, true);
    expect((await importError('x.glb', glb)).message).toBe(
      `x.glb (byte 12): truncated GLB: the chunk at byte 12 declares 1048576 bytes but only ${glb.byteLength - 20} remain`,
    );
  });

  it('rejects a file that is not a GLB and a GLB of another version', async () => {
    expect((await importError('x.glb', enc('{"asset":{"version":"2.0"}}'))).message).toBe(
      "x.glb (byte 0): not a GLB file: it does not start with the 'glTF' magic",
    );
    const v1 = fox.slice(0, 64);
    v1[4] = 1;
    expect((await importError('x.glb', v1)).message).toBe(
      'x.glb (byte 4): GLB version 1 is not supported; only glTF 2.0 binaries can be imported',
    );
  });
});

describe('file type and options', () => {
  it('rejects unknown extensions and files without one', async () => {
    expect((await importError('part.stl', enc('solid'))).message).toBe(
      "part.stl: unsupported file type '.stl'; Softbody Studio imports .obj, .gltf, .glb",
    );
    expect((await importError('README', enc('x'))).message).toBe(
      'README: the file name has no extension; Softbody Studio imports .obj, .gltf, .glb',
    );
  });

  it('rejects a non-positive scale and an unknown up axis', async () => {
    expect((await importError('a.obj', enc(tri), { scale: 0 })).message).toBe(
      'a.obj: import scale must be a positive number of metres per unit, got 0',
    );
    expect((await importError('a.obj', enc(tri), { upAxis: 'x' })).message).toBe(
      "a.obj: up axis must be 'y' or 'z', got 'x'",
    );
  });
});
