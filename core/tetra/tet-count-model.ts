/**
 * How many tets a conforming mesh with edge length h makes, for choosing h from a tet target:
 *
 *   N(h) ≈ V / (h³ · V_reg) + β · A / h²
 *
 * V the enclosed volume (m³), A the surface area (m²), V_reg = h³ / (6√2) the volume of a regular
 * tet. The first term fills the volume with regular tets; the second is the boundary layer (the
 * surface samples make smaller, flatter tets than the lattice: about β per h² of surface). On seven
 * corpus meshes (spot, Fox, horse_quad, rocker-arm, stanford-bunny, suzanne, BoxTextured) meshed with
 * a boundary tolerance of 0.3 h, β came out 1.5–3.6 from 1,000 to 11,000 tets, steady per mesh within
 * about ±20%; so one mesh at a known edge gives β for that surface, and the next edge from it
 * lands within a few percent, where scaling the edge by (N / target)^(1/3) (all volume) needed
 * one more mesh on most of them.
 */

/** Volume of a regular tet with unit edge: 1 / (6√2). */
const REGULAR_TET_VOLUME = 1 / (6 * Math.SQRT2);

/** β to start a remeshing from when the surface's own is not known (the corpus median, about 2). */
export const BOUNDARY_LAYER_PRIOR = 2;
/**
 * β the first mesh for a tet target is aimed with: below every curved corpus mesh's (1.5 and
 * up), so that it lands at or a little over the target rather than under it, and about what
 * flat-faced solids show (a cube 0.3–1.4).
 */
export const FIRST_MESH_BOUNDARY_LAYER = 1;

/** The tet count the model predicts at edge `edgeM` (volume m³, area m²). */
export function predictedTets(volume: number, area: number, edgeM: number, beta: number): number {
  return volume / (edgeM ** 3 * REGULAR_TET_VOLUME) + (beta * area) / edgeM ** 2;
}

/**
 * β that makes the model give `count` tets at `edgeM`; null when the count is at or below the
 * volume term (no boundary layer to fit: a cube's faces meshed exactly, say).
 */
export function fitBoundaryLayer(volume: number, area: number, edgeM: number, count: number): number | null {
  const beta = ((count - volume / (edgeM ** 3 * REGULAR_TET_VOLUME)) * edgeM ** 2) / area;
  return beta > 0 && Number.isFinite(beta) ? beta : null;
}

/**
 * The edge length, m, at which the model gives `target` tets. With u = 1/h the count
 * a·u³ + b·u² (a = V / V_reg, b = β·A) is increasing and convex in u > 0, so Newton's method
 * started from the volume-only root (a·u³ = target, at or above the answer) descends onto it
 * without overshooting.
 */
export function edgeForTets(volume: number, area: number, target: number, beta: number): number {
  const a = volume / REGULAR_TET_VOLUME;
  const b = Math.max(0, beta) * area;
  let u = Math.cbrt(target / a);
  for (let k = 0; k < 50; k++) {
    const f = a * u ** 3 + b * u ** 2 - target;
    const step = f / (3 * a * u ** 2 + 2 * b * u);
    u -= step;
    if (Math.abs(step) <= 1e-12 * u) break;
  }
  return 1 / u;
}
