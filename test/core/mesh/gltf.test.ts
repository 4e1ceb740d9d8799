import { describe, expect, it } from 'vitest';
import { computeMeshReport, importMesh } from '../../../core/mesh/index.ts';
import { buildGltf, gltfBytes, type Json, packGlb, triangle, withDataUri } from './gltf-fixtures.ts';

const importGltf = (json: Json, options = {}) => importMesh('case.gltf', gltfBytes(json), options);
const vertices = (positions: Float32Array) =>
  Array.from({ length: positions.length / 3 }, (_, i) => Array.from(positions.subarray(3 * i, 3 * i + 3)));
const tris = (indices: Uint32Array) =>
  Array.from({ length: indices.length / 3 }, (_, t) => Array.from(indices.subarray(3 * t, 3 * t + 3)));

/** A unit cube as 8 corners and 12 outward triangles. */
const cubePositions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
const cubeIndices = [
  0, 3, 2, 0, 2, 1, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
];

describe('glTF import', () => {
  it('reads a buffer embedded as a base64 data URI', async () => {
    const { mesh, format } = await importGltf(
      withDataUri(buildGltf([[{ positions: triangle, indices: [0, 1, 2] }]])),
    );
    expect(format).toBe('glTF');
    expect(vertices(mesh.positions)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ]);
    expect(tris(mesh.indices)).toEqual([[0, 1, 2]]);
  });

  it('reads an external .bin through the resource reader', async () => {
    const doc = buildGltf([[{ positions: triangle }]]);
    (doc.json.buffers as Json[])[0].uri = 'my%20data.bin';
    const asked: string[] = [];
    const { mesh } = await importMesh('case.gltf', gltfBytes(doc.json), {
      readResource: (uri) => {
        asked.push(uri);
        return doc.bin;
      },
    });
    expect(asked).toEqual(['my data.bin']);
    expect(mesh.indices.length).toBe(3);
  });

  it('reads a GLB with its BIN chunk', async () => {
    const doc = buildGltf([[{ positions: cubePositions, indices: cubeIndices }]]);
    const { mesh, format } = await importMesh('case.glb', packGlb(doc.json, doc.bin));
    expect(format).toBe('GLB');
    expect(computeMeshReport(mesh).volume).toBeCloseTo(1, 6);
  });

  it('applies translation, rotation and scale composed down the node hierarchy', async () => {
    const doc = withDataUri(buildGltf([[{ positions: triangle }]]));
    doc.scenes = [{ nodes: [1] }];
    doc.nodes = [
      { mesh: 0, translation: [0, 0, 5] },
      // Parent: scale 2, then rotate +90° about Z, then translate by (10, 0, 0).
      {
        children: [0],
        translation: [10, 0, 0],
        rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2],
        scale: [2, 2, 2],
      },
    ];
    const { mesh } = await importGltf(doc);
    const got = vertices(mesh.positions);
    const expected = [
      [10, 0, 10],
      [10, 2, 10],
      [8, 0, 10],
    ];
    for (let i = 0; i < 3; i++) {
      for (let k = 0; k < 3; k++) expect(got[i][k]).toBeCloseTo(expected[i][k], 5);
    }
  });

  it('applies a node matrix (column-major)', async () => {
    const doc = withDataUri(buildGltf([[{ positions: triangle }]]));
    doc.nodes = [{ mesh: 0, matrix: [1, 0, 0, 0, 0, 0, -1, 0, 0, 1, 0, 0, 1, 2, 3, 1] }];
    const { mesh } = await importGltf(doc);
    // Columns: x → x, y → −z, z → y; then translate (1, 2, 3).
    expect(vertices(mesh.positions)).toEqual([
      [1, 2, 3],
      [2, 2, 3],
      [1, 2, 2],
    ]);
  });

  it('reverses the winding under a mirroring transform so volumes stay positive', async () => {
    const doc = withDataUri(buildGltf([[{ positions: cubePositions, indices: cubeIndices }]]));
    doc.nodes = [{ mesh: 0, scale: [-1, 1, 1] }];
    const { mesh } = await importGltf(doc);
    expect(computeMeshReport(mesh).volume).toBeCloseTo(1, 6);
  });

  it('expands TRIANGLE_STRIP and TRIANGLE_FAN primitives with the winding of the spec', async () => {
    const quad = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0];
    const strip = await importGltf(withDataUri(buildGltf([[{ positions: quad, mode: 5 }]])));
    expect(tris(strip.mesh.indices)).toEqual([
      [0, 1, 2],
      [1, 3, 2],
    ]);
    const fan = await importGltf(
      withDataUri(buildGltf([[{ positions: quad, indices: [0, 1, 3, 2], mode: 6 }]])),
    );
    expect(tris(fan.mesh.indices)).toEqual([
      [1, 3, 0],
      [3, 2, 0],
    ]);
  });

  it('merges meshes and primitives with mesh/material names as groups', async () => {
    const doc = withDataUri(
      buildGltf([
        [
          { positions: triangle, material: 0 },
          { positions: triangle, material: 1 },
        ],
        [{ positions: triangle }],
      ]),
    );
    doc.materials = [{ name: 'Rubber' }, {}];
    const { mesh } = await importGltf(doc);
    expect(computeMeshReport(mesh).groups).toEqual([
      { name: 'mesh0/Rubber', triangles: 1 },
      { name: 'mesh0/material 1', triangles: 1 },
      { name: 'mesh1', triangles: 1 },
    ]);
  });

  it('shares vertices between primitives of one node that use the same POSITION accessor', async () => {
    const doc = withDataUri(buildGltf([[{ positions: cubePositions, indices: cubeIndices }]]));
    const meshes = doc.meshes as { primitives: Json[] }[];
    const first = meshes[0].primitives[0];
    meshes[0].primitives.push({ ...first, material: 0 });
    doc.materials = [{ name: 'Other' }];
    const { mesh } = await importGltf(doc);
    expect(mesh.positions.length / 3).toBe(8);
    expect(mesh.indices.length / 3).toBe(24);
  });

  it('imports the default scene only', async () => {
    const doc = withDataUri(
      buildGltf([[{ positions: triangle }], [{ positions: cubePositions, indices: cubeIndices }]]),
    );
    doc.scenes = [{ nodes: [0] }, { nodes: [1] }];
    doc.scene = 1;
    const { mesh } = await importGltf(doc);
    expect(mesh.indices.length / 3).toBe(12);
  });

  it('scales to metres and converts Z-up to Y-up after the node transforms', async () => {
    const doc = withDataUri(buildGltf([[{ positions: [1, 2, 3, 0, 0, 0, 0, 0, 1] }]]));
    doc.nodes = [{ mesh: 0, translation: [10, 0, 0] }];
    const { mesh } = await importGltf(doc, { scale: 0.5, upAxis: 'z' });
    expect(vertices(mesh.positions)[0]).toEqual([5.5, 1.5, -1]);
  });

  it('notes morph targets (not applied), skins (bind pose) and skipped line primitives', async () => {
    const doc = withDataUri(buildGltf([[{ positions: triangle }, { positions: triangle, mode: 1 }]]));
    const meshes = doc.meshes as { primitives: Json[] }[];
    meshes[0].primitives[0].targets = [{ POSITION: 0 }];
    doc.nodes = [{ mesh: 0, skin: 0 }];
    const { notes, mesh } = await importGltf(doc);
    expect(mesh.indices.length / 3).toBe(1);
    expect(notes).toEqual([
      '1 point or line primitive(s) were skipped: only triangles are imported',
      'morph targets were not applied: 1 primitive(s) were imported in their base shape',
      '1 skinned mesh instance(s) were imported in their bind pose; animations are not applied',
    ]);
  });

  it('reads dequantized normalized integer positions (KHR_mesh_quantization)', async () => {
    const shorts = new Int16Array([0, 0, 0, 32767, 0, 0, 0, 32767, 0]);
    const uri = `data:application/octet-stream;base64,${Buffer.from(new Uint8Array(shorts.buffer)).toString('base64')}`;
    const { mesh } = await importGltf({
      asset: { version: '2.0' },
      extensionsRequired: ['KHR_mesh_quantization'],
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0 }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [{ bufferView: 0, componentType: 5122, normalized: true, type: 'VEC3', count: 3 }],
      bufferViews: [{ buffer: 0, byteLength: 18 }],
      buffers: [{ byteLength: 18, uri }],
    });
    expect(vertices(mesh.positions)).toEqual([
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 0],
    ]);
  });

  it('ignores broken parts the scene does not use (animations, images, other nodes)', async () => {
    const doc = withDataUri(buildGltf([[{ positions: triangle }]]));
    doc.accessors = [
      ...(doc.accessors as Json[]),
      { bufferView: 99, componentType: 1, type: 'BAD', count: -1 },
    ];
    doc.images = [{ uri: 'missing.png' }];
    doc.nodes = [...(doc.nodes as Json[]), { mesh: 42, matrix: 'no' }];
    const { mesh } = await importGltf(doc);
    expect(mesh.indices.length).toBe(3);
  });
});
