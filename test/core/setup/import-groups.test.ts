import { describe, expect, it } from 'vitest';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { pointTriangleDistance2, tetImportGroups } from '../../../core/setup/import-groups.ts';

/** Two unit squares facing up, side by side: x ∈ [0, 1] is group 0, x ∈ [2, 3] group 1. */
function twoPatches(): TriMesh {
  const positions = new Float32Array([
    0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 2, 0, 0, 3, 0, 0, 3, 0, 1, 2, 0, 1,
  ]);
  const indices = new Uint32Array([0, 2, 1, 0, 3, 2, 4, 6, 5, 4, 7, 6]);
  return { positions, indices, groupIds: new Uint16Array([0, 0, 1, 1]), groups: ['left', 'right'] };
}

describe('import groups carried to tets', () => {
  it('gives each tet the group of the surface triangle nearest to its centroid', () => {
    // One small tet above each patch and one just right of the middle (nearer the right patch).
    const tetAt = (x: number, y: number, z: number) => [x, y, z, x + 0.1, y, z, x, y + 0.1, z, x, y, z + 0.1];
    const positions = new Float32Array([
      ...tetAt(0.5, 0.2, 0.5),
      ...tetAt(2.5, 0.2, 0.5),
      ...tetAt(1.6, 0.1, 0.5),
    ]);
    const tets = new Uint32Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(Array.from(tetImportGroups(positions, tets, twoPatches()))).toEqual([0, 1, 1]);
  });

  it('gives every tet group 0 when the surface has one group', () => {
    const mesh = { ...twoPatches(), groupIds: new Uint16Array(4), groups: ['all'] };
    expect(Array.from(tetImportGroups(new Float32Array(12), new Uint32Array([0, 1, 2, 3]), mesh))).toEqual([
      0,
    ]);
  });

  it('measures point–triangle distances in every Voronoi region of the triangle', () => {
    const x = [0, 0, 0, 1, 0, 0, 0, 1, 0];
    const tri = [0, 1, 2];
    expect(pointTriangleDistance2([0.2, 0.2, 3], x, tri, 0)).toBeCloseTo(9, 12); // face
    expect(pointTriangleDistance2([-1, -1, 0], x, tri, 0)).toBeCloseTo(2, 12); // corner a
    expect(pointTriangleDistance2([2, 0, 0], x, tri, 0)).toBeCloseTo(1, 12); // corner b
    expect(pointTriangleDistance2([0.5, -2, 0], x, tri, 0)).toBeCloseTo(4, 12); // edge ab
    expect(pointTriangleDistance2([1, 1, 0], x, tri, 0)).toBeCloseTo(0.5, 12); // edge bc
  });
});
