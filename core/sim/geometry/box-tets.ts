import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';

/** A tetrahedral mesh: positions in m (xyz interleaved) and 4 vertex indices per tet, positive orientation. */
export interface TetGrid {
  positions: Float64Array;
  tets: Uint32Array;
}

/**
 * Tet grid of a box: `cells` hexahedral cells per axis over `size` (m) centred at `center`.
 * Each cell is split into 5 tets (a central one and four corner tets); the split alternates
 * with the parity of i + j + k so that the face diagonals of neighbouring cells coincide and
 * the mesh is conforming. Every tet is oriented with positive volume.
 */
export function boxTetGrid(
  size: readonly [number, number, number],
  cells: readonly [number, number, number],
  center: readonly [number, number, number],
): TetGrid {
  const [nx, ny, nz] = cells;
  const vx = nx + 1;
  const vy = ny + 1;
  const vz = nz + 1;
  const positions = new Float64Array(3 * vx * vy * vz);
  const index = (i: number, j: number, k: number) => (k * vy + j) * vx + i;
  for (let k = 0; k < vz; k++) {
    for (let j = 0; j < vy; j++) {
      for (let i = 0; i < vx; i++) {
        const p = 3 * index(i, j, k);
        positions[p] = center[0] - size[0] / 2 + (size[0] * i) / nx;
        positions[p + 1] = center[1] - size[1] / 2 + (size[1] * j) / ny;
        positions[p + 2] = center[2] - size[2] / 2 + (size[2] * k) / nz;
      }
    }
  }
  const tets = new Uint32Array(4 * 5 * nx * ny * nz);
  let t = 0;
  for (let k = 0; k < nz; k++) {
    for (let j = 0; j < ny; j++) {
      for (let i = 0; i < nx; i++) {
        // Corner c(a, b, d) of the cell, a/b/d ∈ {0, 1} along x/y/z.
        const c = (a: number, b: number, d: number) => index(i + a, j + b, k + d);
        const even = (i + j + k) % 2 === 0;
        // Corners with an odd (even) bit sum form the central tet of an even (odd) cell.
        const split = even
          ? [
              [c(1, 0, 0), c(0, 1, 0), c(0, 0, 1), c(1, 1, 1)],
              [c(0, 0, 0), c(1, 0, 0), c(0, 1, 0), c(0, 0, 1)],
              [c(1, 1, 0), c(1, 0, 0), c(0, 1, 0), c(1, 1, 1)],
              [c(1, 0, 1), c(1, 0, 0), c(0, 0, 1), c(1, 1, 1)],
              [c(0, 1, 1), c(0, 1, 0), c(0, 0, 1), c(1, 1, 1)],
            ]
          : [
              [c(0, 0, 0), c(1, 1, 0), c(1, 0, 1), c(0, 1, 1)],
              [c(1, 0, 0), c(0, 0, 0), c(1, 1, 0), c(1, 0, 1)],
              [c(0, 1, 0), c(0, 0, 0), c(1, 1, 0), c(0, 1, 1)],
              [c(0, 0, 1), c(0, 0, 0), c(1, 0, 1), c(0, 1, 1)],
              [c(1, 1, 1), c(1, 1, 0), c(1, 0, 1), c(0, 1, 1)],
            ];
        for (const [a, b, cc, d] of split) {
          const positive = signedTetVolumeM3(positions, a, b, cc, d) > 0;
          tets.set(positive ? [a, b, cc, d] : [a, cc, b, d], 4 * t++);
        }
      }
    }
  }
  return { positions, tets };
}
