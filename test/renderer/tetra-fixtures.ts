/** Stand-ins for the tetrahedralizer's input and output, for the tests of what the app does with them. */
import type { TriMesh } from '../../core/mesh/types.ts';
import type { TetView } from '../../renderer/src/tetra/protocol.ts';

/** A one-triangle surface: the controller only passes it on, so its geometry does not matter. */
export function oneTriangle(): TriMesh {
  return {
    positions: new Float32Array(9),
    indices: Uint32Array.from([0, 1, 2]),
    groupIds: new Uint16Array(1),
    groups: ['default'],
  };
}

/**
 * A result of `tetCount` tets with fixed quality figures (min dihedral 12.5°, 4 vertices), as the
 * worker would report it after `seconds` s.
 */
export function tetView(tetCount: number, seconds: number): TetView {
  return {
    mode: 'conforming',
    positions: new Float32Array(12),
    tets: new Uint32Array(4 * tetCount),
    neighbours: new Int32Array(4 * tetCount).fill(-1),
    tetMinDihedralDeg: new Float32Array(tetCount),
    quality: {
      tetCount,
      vertexCount: 4,
      minDihedralDeg: 12.5,
      maxDihedralDeg: 150,
      maxRadiusEdge: 2,
      meanQuality: 0.8,
      minQuality: 0.3,
      invertedTets: 0,
      volume: 1,
      volumeRatio: 1,
      surfaceDistance: 0,
      dihedralHistogram: { binDeg: 5, counts: [] },
    },
    seconds,
  };
}
