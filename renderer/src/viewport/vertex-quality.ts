/**
 * Tet quality carried to the surface: each vertex gets the smallest dihedral angle of the tets
 * that share it (core/tetra's measure), so a sliver anywhere under the surface shows at its
 * corners. Measured once on the rest shape: quality is a property of the mesh, not the motion.
 */
import { minDihedralDeg } from '../../../core/tetra/tet-geometry.ts';

/**
 * Per-vertex worst dihedral angle, degrees, for `vertexCount` vertices from `tets` (4 body-local
 * indices each) on `restPositions` (m, xyz, body-local). NaN for a vertex no tet uses.
 */
export function vertexMinDihedralDeg(
  restPositions: ArrayLike<number>,
  tets: Uint32Array,
  vertexCount: number,
): Float32Array {
  const out = new Float32Array(vertexCount).fill(Number.NaN);
  for (let t = 0; t + 3 < tets.length; t += 4) {
    const a = tets[t];
    const b = tets[t + 1];
    const c = tets[t + 2];
    const d = tets[t + 3];
    if (a >= vertexCount || b >= vertexCount || c >= vertexCount || d >= vertexCount) continue;
    // The measure wants positive orientation; the angles do not depend on it, so try both.
    let angle = minDihedralDeg(restPositions, a, b, c, d);
    if (!(angle >= 0)) angle = minDihedralDeg(restPositions, a, c, b, d);
    // A flat tet measures −1 both ways (or NaN): either way it is the worst there is.
    const shown = Number.isNaN(angle) || angle < 0 ? 0 : angle;
    for (const v of [a, b, c, d]) if (!(out[v] <= shown)) out[v] = shown;
  }
  return out;
}
