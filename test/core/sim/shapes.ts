import { sphereSurface } from '../../../core/mesh/sphere-surface.ts';
import type { SurfaceMesh } from '../../../core/scene/scene-meshes.ts';

/**
 * A sphere about `center` as a closed triangle mesh, wound counter-clockwise from outside: core's
 * subdivided octahedron (8·4^levels triangles), moved there in double precision.
 */
export function sphereMesh(radiusM: number, center: [number, number, number], levels: number): SurfaceMesh {
  const { positions, indices } = sphereSurface(radiusM, levels);
  return { positions: Float64Array.from(positions, (c, i) => center[i % 3] + c), indices };
}
