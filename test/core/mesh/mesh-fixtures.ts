import type { TriMesh } from '../../../core/mesh/index.ts';

/** A TriMesh from plain arrays, every triangle in group 0. */
export function meshOf(positions: number[], indices: number[], groups = ['default']): TriMesh {
  return {
    positions: new Float32Array(positions),
    indices: new Uint32Array(indices),
    groupIds: new Uint16Array(indices.length / 3),
    groups,
  };
}

/** Unit cube corners and 12 outward-facing triangles. */
export const cubePositions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1];
export const cubeIndices = [
  0, 3, 2, 0, 2, 1, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 1, 2, 6, 1, 6, 5, 2, 3, 7, 2, 7, 6, 3, 0, 4, 3, 4, 7,
];

/** The cube moved by (dx, dy, dz), its indices offset by `base`. */
export function shiftedCube(
  dx: number,
  dy: number,
  dz: number,
  base: number,
): { positions: number[]; indices: number[] } {
  return {
    positions: cubePositions.map((x, i) => x + [dx, dy, dz][i % 3]),
    indices: cubeIndices.map((i) => i + base),
  };
}
