/** Independent checks on a tet mesh for the tests (no code shared with the mesher). */
import type { TetMesh } from '../../../core/tetra/index.ts';

/** Signed volume of tet k, m³ (positive for the documented orientation). */
export function signedVolume(mesh: TetMesh, k: number): number {
  const p = mesh.positions;
  const [a, b, c, d] = Array.from(mesh.tets.subarray(4 * k, 4 * k + 4), (v) => 3 * v);
  const u = [p[b] - p[a], p[b + 1] - p[a + 1], p[b + 2] - p[a + 2]];
  const v = [p[c] - p[a], p[c + 1] - p[a + 1], p[c + 2] - p[a + 2]];
  const w = [p[d] - p[a], p[d + 1] - p[a + 1], p[d + 2] - p[a + 2]];
  return (
    (u[0] * (v[1] * w[2] - v[2] * w[1]) -
      u[1] * (v[0] * w[2] - v[2] * w[0]) +
      u[2] * (v[0] * w[1] - v[1] * w[0])) /
    6
  );
}

/** Count of tets with non-positive volume and whether every coordinate is finite. */
export function validity(mesh: TetMesh): { inverted: number; finite: boolean; indicesInRange: boolean } {
  let inverted = 0;
  for (let k = 0; k < mesh.tets.length / 4; k++) if (!(signedVolume(mesh, k) > 0)) inverted++;
  const finite = mesh.positions.every(Number.isFinite);
  const n = mesh.positions.length / 3;
  const indicesInRange = mesh.tets.every((v) => v < n) && mesh.surface.every((v) => v < n);
  return { inverted, finite, indicesInRange };
}
