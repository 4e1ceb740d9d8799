import type { Mesh } from 'three';
import { describe, expect, test } from 'vitest';
import type { BodyLayout } from '../../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';

/** Two triangles sharing the edge 1–2, and a rope that has no surface. */
const sheet: BodyLayout = {
  name: 'sheet',
  kind: 'cloth',
  particleOffset: 0,
  particleCount: 4,
  surfaceTriangles: Uint32Array.of(0, 1, 2, 2, 1, 3),
  edges: Uint32Array.of(0, 1, 1, 2, 2, 0, 1, 3, 3, 2),
};
const rope: BodyLayout = {
  name: 'rope',
  kind: 'rope',
  particleOffset: 4,
  particleCount: 2,
  surfaceTriangles: new Uint32Array(),
  edges: Uint32Array.of(0, 1),
};

describe('body meshes after tearing', () => {
  test('draw the surface the worker sends (the summary counts its triangles), and the whole one again', () => {
    const meshes = new BodyMeshes();
    meshes.setBodies([sheet, rope], new Float32Array(18));
    const mesh = meshes.root.children[0] as Mesh;
    expect(meshes.summary().map((s) => s.triangles)).toEqual([2, 0]);
    meshes.setSurfaces([Uint32Array.of(2, 1, 3), new Uint32Array()]);
    expect(Array.from(mesh.geometry.index!.array)).toEqual([2, 1, 3]);
    expect(meshes.summary().map((s) => s.triangles)).toEqual([1, 0]);
    meshes.setSurfaces([sheet.surfaceTriangles, new Uint32Array()]);
    expect(meshes.summary().map((s) => s.triangles)).toEqual([2, 0]);
  });

  test('a torn solid with a render mesh is drawn with its opened simulation surface, and with the render mesh once whole', () => {
    // One tet (its four faces) skinned by a render mesh of one triangle.
    const solid: BodyLayout = {
      name: 'block',
      kind: 'solid',
      particleOffset: 0,
      particleCount: 4,
      surfaceTriangles: Uint32Array.of(0, 2, 1, 0, 1, 3, 1, 2, 3, 0, 3, 2),
      edges: new Uint32Array(),
      tets: Uint32Array.of(0, 1, 2, 3),
      render: {
        indices: Uint32Array.of(0, 1, 2),
        elements: Uint32Array.of(0, 0, 0),
        weights: new Float32Array(12),
      },
    };
    const meshes = new BodyMeshes();
    meshes.setBodies([solid], new Float32Array(12));
    expect(meshes.summary()[0].triangles).toBe(1);
    meshes.setSurfaces([Uint32Array.of(0, 2, 1, 0, 1, 3)]);
    expect(meshes.summary()[0].triangles).toBe(2);
    meshes.setSurfaces([solid.surfaceTriangles]);
    expect(meshes.summary()[0].triangles).toBe(1);
  });
});
