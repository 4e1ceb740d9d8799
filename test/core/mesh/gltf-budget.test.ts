import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS } from '../../../core/limits.ts';
import { importMesh, MeshImportError } from '../../../core/mesh/index.ts';
import { buildGltf, gltfBytes, type Json, packGlb, triangle } from './gltf-fixtures.ts';
import { sharedAccessorGlb, sharedZeroFilledGlb, zeroFilledGlb } from './hostile-fixtures.ts';

/**
 * Files that are small on disk but ask for gigabytes are refused from their JSON, before an
 * accessor is read: the error names the file, the JSON pointer and the input limit passed.
 */
async function refusal(file: string, bytes: Uint8Array): Promise<MeshImportError> {
  try {
    await importMesh(file, bytes, { readResource: () => undefined });
  } catch (error) {
    expect(error).toBeInstanceOf(MeshImportError);
    return error as MeshImportError;
  }
  throw new Error('expected the import to be refused');
}

describe('glTF input budgets', () => {
  it('refuses a 264-byte GLB whose zero-filled accessor has 2^24 − 1 vertices', async () => {
    const bytes = zeroFilledGlb();
    expect(bytes.byteLength).toBeLessThanOrEqual(264);
    const error = await refusal('zero.glb', bytes);
    expect(error.pointer).toBe('/accessors/0/count');
    expect(error.message).toBe(
      'zero.glb#/accessors/0/count: an accessor without a buffer view (zero-filled) has 16777215 elements, ' +
        'more than the 2,000,000 allowed (input limit meshVertices)',
    );
  });

  it('refuses 1,000 primitives that share one 300k-vertex accessor (10^8 triangles) at the primitive that passes the budget', async () => {
    const bytes = sharedZeroFilledGlb(1000, 300_000);
    expect(bytes.byteLength).toBeLessThan(40_000);
    const error = await refusal('shared.glb', bytes);
    // 100,000 triangles each: the 21st primitive (index 20) brings the total past 2,000,000.
    expect(error.message).toBe(
      'shared.glb#/meshes/0/primitives/20: the scene has 2,100,000 or more triangles counted over its ' +
        'primitives and node instances (here in node 0), more than the 2,000,000 allowed (input limit meshTriangles)',
    );
  });

  it('refuses 5,000 primitives that share one accessor backed by real bytes', async () => {
    const error = await refusal('shared-data.glb', sharedAccessorGlb(5000, 3000));
    // 1,000 triangles each: primitive 2000 is the first past 2,000,000.
    expect(error.pointer).toBe('/meshes/0/primitives/2000');
    expect(error.reason).toMatch(
      /^the scene has 2,001,000 or more triangles .*\(input limit meshTriangles\)$/,
    );
  });

  it('counts a mesh again for every node that instances it', async () => {
    // One mesh of 3,000 vertices; 700 nodes use it: 2.1 M vertices, each instance well under the budget.
    const { json, bin } = buildGltf([[{ positions: new Array(9000).fill(0).map((_, i) => i % 5) }]]);
    json.nodes = Array.from({ length: 700 }, () => ({ mesh: 0 }));
    json.scenes = [{ nodes: Array.from({ length: 700 }, (_, i) => i) }];
    const error = await refusal('instanced.glb', packGlb(json, bin));
    expect(error.pointer).toBe('/meshes/0/primitives/0/attributes/POSITION');
    expect(error.reason).toBe(
      'the scene has 2,001,000 or more vertices counted over its primitives and node instances (here in node 666), ' +
        'more than the 2,000,000 allowed (input limit meshVertices)',
    );
  });

  it('imports a chain of nodes as deep as the node depth limit, and refuses one level more', async () => {
    const chain = (depth: number): Uint8Array => {
      const { json, bin } = buildGltf([[{ positions: triangle }]]);
      json.nodes = Array.from(
        { length: depth },
        (_, i): Json => (i + 1 < depth ? { children: [i + 1] } : { mesh: 0 }),
      );
      json.scenes = [{ nodes: [0] }];
      return packGlb(json, bin);
    };
    const { mesh } = await importMesh('deep.glb', chain(INPUT_LIMITS.gltfNodeDepth));
    expect(mesh.indices.length).toBe(3);
    const error = await refusal('deeper.glb', chain(INPUT_LIMITS.gltfNodeDepth + 1));
    expect(error.message).toBe(
      'deeper.glb#/nodes/256: node 256 is 257 levels deep, more than the 256 allowed (input limit gltfNodeDepth)',
    );
  });

  it('refuses a glTF array longer than the array length limit', async () => {
    const { json } = buildGltf([[{ positions: triangle }]]);
    json.nodes = Array.from({ length: INPUT_LIMITS.gltfArrayLength + 1 }, () => ({}));
    const error = await refusal('long.gltf', gltfBytes(json));
    expect(error.message).toBe(
      'long.gltf#/nodes: the array has 100001 entries, more than the 100,000 allowed (input limit gltfArrayLength)',
    );
  });

  it('refuses a mesh or material name longer than the name length limit', async () => {
    const { json, bin } = buildGltf([[{ positions: triangle, material: 0 }]]);
    json.materials = [{ name: 'm'.repeat(INPUT_LIMITS.nameLength + 1) }];
    const error = await refusal('named.glb', packGlb(json, bin));
    expect(error.message).toBe(
      'named.glb#/materials/0/name: the name has 1025 characters, more than the 1,024 allowed (input limit nameLength)',
    );
    (json.materials as Json[])[0].name = 'm'.repeat(INPUT_LIMITS.nameLength);
    const { mesh } = await importMesh('named.glb', packGlb(json, bin));
    expect(mesh.groups[0]).toBe(`mesh0/${'m'.repeat(INPUT_LIMITS.nameLength)}`);
  });

  it('refuses JSON nested deeper than the JSON depth limit at its pointer, in .gltf and GLB alike', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const text = `{"asset":{"version":"2.0"},"nodes":[{"extras":${deep}}]}`;
    const pointer = `/nodes/0/extras${'/0'.repeat(INPUT_LIMITS.jsonDepth - 3)}`;
    const reason =
      'arrays and objects are nested 129 deep here, more than the 128 allowed (input limit jsonDepth)';
    for (const [file, bytes] of [
      ['deep.gltf', new TextEncoder().encode(text)],
      ['deep.glb', packGlb(JSON.parse(text))],
    ] as const) {
      const error = await refusal(file, bytes);
      expect(error.pointer).toBe(pointer);
      expect(error.reason).toBe(reason);
    }
  });

  it('shows a deep value in a message cut short, without throwing', async () => {
    const version = JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`);
    const error = await refusal('deep.gltf', gltfBytes({ asset: { version } }));
    expect(error.message).toBe(
      'deep.gltf#/asset/version: glTF version [[[[[[[[[...]]]]]]]]] is not supported; only glTF 2.0 files can be imported',
    );
  });

  it('refuses an index count that cannot make whole triangles before reading any vertex', async () => {
    // Four vertices, the first not finite: read first, the NaN would be the error named.
    const { json, bin } = buildGltf([[{ positions: [Number.NaN, 0, 0, ...triangle] }]]);
    const error = await refusal('partial.glb', packGlb(json, bin));
    expect(error.message).toBe(
      'partial.glb#/accessors/0/count: a TRIANGLES primitive needs a multiple of 3 indices, got 4',
    );
  });

  it('refuses a scene that draws more primitives than the primitive limit, counted over instances', async () => {
    const { json, bin } = buildGltf([[{ positions: triangle }, { positions: triangle }]]);
    // Two primitives per instance: instance 25,000 (node 25000) draws primitive 50,001.
    json.nodes = Array.from({ length: INPUT_LIMITS.gltfPrimitives / 2 + 1 }, () => ({ mesh: 0 }));
    json.scenes = [{ nodes: (json.nodes as Json[]).map((_, i) => i) }];
    const error = await refusal('many.glb', packGlb(json, bin));
    expect(error.message).toBe(
      'many.glb#/meshes/0/primitives/0: the scene draws 50001 or more primitives counted over node instances ' +
        '(here in node 25000), more than the 50,000 allowed (input limit gltfPrimitives)',
    );
  });
});
