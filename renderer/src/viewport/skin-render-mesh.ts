/**
 * Linear skinning of a body's render mesh from its simulated particles: each render vertex is
 * the barycentric combination of the four vertices of the tet that carries it.
 */
import { deformEmbedded } from '../../../core/tetra/embed.ts';
import type { BodyRenderMesh } from '../sim/protocol.ts';

/**
 * Writes the render vertices of `render` into `out` (3 floats per render vertex, m) from the
 * body's particles `bodyPositions` (m, xyz, local indices as in `tets`, the body's 4 per tet).
 */
export function skinRenderMesh(
  render: BodyRenderMesh,
  tets: Uint32Array,
  bodyPositions: Float32Array,
  out: Float32Array,
): void {
  deformEmbedded({ tet: render.elements, weights: render.weights }, tets, bodyPositions, out);
}
