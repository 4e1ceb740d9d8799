/**
 * Rest-shape precompute shared by the tetrahedral blocks: signed rest volume and the inverse
 * rest shape matrix Dm⁻¹ (Dm = [x1−x0, x2−x0, x3−x0] as columns), stored row-major.
 */

import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';

/** A rest tet is degenerate when 6V ≤ this × (longest edge)³ (flat or collapsed; no valid Dm⁻¹). */
export const DEGENERATE_TET_RATIO = 1e-9;

/** Longest of the six edges of a tet, m. */
export function longestTetEdge(positions: Float64Array, tet: ArrayLike<number>): number {
  let longest = 0;
  for (let i = 0; i < 4; i++) {
    for (let j = i + 1; j < 4; j++) {
      const dx = positions[3 * tet[i]] - positions[3 * tet[j]];
      const dy = positions[3 * tet[i] + 1] - positions[3 * tet[j] + 1];
      const dz = positions[3 * tet[i] + 2] - positions[3 * tet[j] + 2];
      longest = Math.max(longest, Math.sqrt(dx * dx + dy * dy + dz * dz));
    }
  }
  return longest;
}

/** True when the rest tet has (nearly) no volume and must not get a volume or strain constraint. */
export function isDegenerateTet(positions: Float64Array, tet: ArrayLike<number>): boolean {
  const volume = signedTetVolumeM3(positions, tet[0], tet[1], tet[2], tet[3]);
  const edge = longestTetEdge(positions, tet);
  return !(Math.abs(6 * volume) > DEGENERATE_TET_RATIO * edge * edge * edge);
}

/** Writes Dm⁻¹ (row-major, 9 values) of tet (a, b, c, d) into `out` at `offset`. Assumes non-degenerate. */
export function writeInverseRestShape(
  positions: Float64Array,
  a: number,
  b: number,
  c: number,
  d: number,
  out: Float64Array,
  offset: number,
): void {
  // Columns of Dm.
  const m00 = positions[3 * b] - positions[3 * a];
  const m10 = positions[3 * b + 1] - positions[3 * a + 1];
  const m20 = positions[3 * b + 2] - positions[3 * a + 2];
  const m01 = positions[3 * c] - positions[3 * a];
  const m11 = positions[3 * c + 1] - positions[3 * a + 1];
  const m21 = positions[3 * c + 2] - positions[3 * a + 2];
  const m02 = positions[3 * d] - positions[3 * a];
  const m12 = positions[3 * d + 1] - positions[3 * a + 1];
  const m22 = positions[3 * d + 2] - positions[3 * a + 2];
  const c00 = m11 * m22 - m12 * m21;
  const c01 = m12 * m20 - m10 * m22;
  const c02 = m10 * m21 - m11 * m20;
  const det = m00 * c00 + m01 * c01 + m02 * c02;
  const inv = 1 / det;
  out[offset] = c00 * inv;
  out[offset + 1] = (m02 * m21 - m01 * m22) * inv;
  out[offset + 2] = (m01 * m12 - m02 * m11) * inv;
  out[offset + 3] = c01 * inv;
  out[offset + 4] = (m00 * m22 - m02 * m20) * inv;
  out[offset + 5] = (m02 * m10 - m00 * m12) * inv;
  out[offset + 6] = c02 * inv;
  out[offset + 7] = (m01 * m20 - m00 * m21) * inv;
  out[offset + 8] = (m00 * m11 - m01 * m10) * inv;
}
