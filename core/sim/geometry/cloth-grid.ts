/** A triangle mesh in m: positions xyz interleaved, 3 vertex indices per triangle. */
export interface ClothMesh {
  positions: Float64Array;
  triangles: Uint32Array;
}

/**
 * A cloth grid in the plane y = center[1]: `cells[0]` cells along x over size[0] (m) and
 * `cells[1]` along z over size[1], centred at `center`. The diagonal alternates from cell to cell
 * (no preferred shear direction); triangles wind counter-clockwise seen from +y.
 */
export function clothGrid(
  size: readonly [number, number],
  cells: readonly [number, number],
  center: readonly [number, number, number],
): ClothMesh {
  const [nx, nz] = cells;
  const vx = nx + 1;
  const positions = new Float64Array(3 * vx * (nz + 1));
  for (let k = 0; k <= nz; k++) {
    for (let i = 0; i <= nx; i++) {
      const p = 3 * (k * vx + i);
      positions[p] = center[0] - size[0] / 2 + (size[0] * i) / nx;
      positions[p + 1] = center[1];
      positions[p + 2] = center[2] - size[1] / 2 + (size[1] * k) / nz;
    }
  }
  const triangles = new Uint32Array(6 * nx * nz);
  let t = 0;
  for (let k = 0; k < nz; k++) {
    for (let i = 0; i < nx; i++) {
      const a = k * vx + i; // (i, k)
      const b = a + 1; // (i+1, k)
      const c = a + vx; // (i, k+1)
      const d = c + 1; // (i+1, k+1)
      // Seen from +y with x right and z down the page, (a, c, b) is counter-clockwise.
      if ((i + k) % 2 === 0) triangles.set([a, c, d, a, d, b], 6 * t++);
      else triangles.set([a, c, b, b, c, d], 6 * t++);
    }
  }
  return { positions, triangles };
}
