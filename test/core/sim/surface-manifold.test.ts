import { describe, expect, it } from 'vitest';
import { DocumentError } from '../../../core/document/problem.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { firstNonManifoldEdge } from '../../../core/sim/geometry/surface-manifold.ts';
import { sceneWith } from './fixtures.ts';
import { sphereMesh } from './shapes.ts';

const clothBody: BodySpec = {
  name: 'fin',
  shape: { type: 'mesh', path: 'fin.obj', position: [0, 2, 0] },
  material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
  model: 'cloth',
};

describe('a cloth surface must be manifold', () => {
  it('finds no edge on more than two triangles in a closed sphere or an open sheet', () => {
    const sphere = sphereMesh(1, [0, 0, 0], 2);
    expect(firstNonManifoldEdge(sphere.indices, sphere.positions.length / 3)).toBeNull();
    expect(firstNonManifoldEdge(Uint32Array.of(0, 1, 2, 0, 2, 3), 4)).toBeNull();
  });

  it('finds the edge three triangles share, with those triangles', () => {
    const fin = Uint32Array.of(0, 1, 2, 3, 4, 5, 1, 0, 3, 0, 1, 4);
    expect(firstNonManifoldEdge(fin, 6)).toEqual({ vertices: [0, 1], triangles: [0, 2, 3] });
  });

  it('refuses to compile one, naming the body, the file and the edge in the file frame, at the path', () => {
    // A sheet of two triangles with a third standing on their shared edge; vertex 4 is a copy of
    // vertex 0 (a seam), welded before the check.
    const surface = {
      positions: Float64Array.of(0, 0, 0, 1, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0.5, 1, 0.5),
      indices: Uint32Array.of(0, 1, 2, 4, 3, 1, 0, 1, 5),
    };
    const meshes = { surfaces: new Map([['/bodies/0/shape', surface]]), solids: new Map() };
    let error: unknown;
    try {
      compileScene(sceneWith([clothBody]), { meshes });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).problems).toEqual([
      {
        pointer: '/bodies/0/shape/path',
        message:
          "body 'fin': 'fin.obj' is not a manifold surface: the edge from (0, 0, 0) to (1, 0, 1) m is shared by 3 triangles; a cloth needs every edge on one or two triangles (split the sheets or remove the extra faces)",
      },
    ]);
  });
});
