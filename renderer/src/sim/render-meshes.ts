/**
 * The render meshes of a scene's mesh bodies, for the viewport to draw skinned to the tets: the
 * imported surface each solid mesh body was made from and its barycentric embedding in the tets
 * (core/tetra/embed.ts). The world is built without them (build-scene-world.ts); embedding costs
 * several times the build, so each asset's embedding is kept and reused while its arrays stay
 * the same (every edit rebuilds the world from the same assets).
 */

import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { embedPoints } from '../../../core/tetra/embed.ts';
import type { BodyRenderMesh } from './protocol.ts';

interface Cached {
  source: SolidMesh;
  render: BodyRenderMesh;
}

export class RenderMeshes {
  private readonly byPath = new Map<string, Cached>();

  /**
   * Per body of `scene`, its render mesh, or undefined (not a solid mesh body, or its asset has no
   * surface). The embedding is taken in the asset's own frame: barycentric weights do not change
   * with the shape's translation, and the world keeps the asset's tets in order with their
   * vertices in order (only renumbered), so tet t and weight k refer to the body's tets as built.
   */
  of(scene: Pick<Scene, 'bodies'>, meshes: ReadonlyMap<string, SolidMesh>): (BodyRenderMesh | undefined)[] {
    const used = new Set<string>();
    const out = scene.bodies.map((body) => {
      if (body.shape.type !== 'mesh' || body.model === 'cloth') return undefined;
      const path = body.shape.path;
      const mesh = meshes.get(path);
      if (!mesh?.surface) return undefined;
      used.add(path);
      const cached = this.byPath.get(path);
      if (cached && sameMesh(cached.source, mesh)) return cached.render;
      const embedding = embedPoints(mesh.positions, mesh.tets, mesh.surface.positions);
      const render: BodyRenderMesh = {
        indices: Uint32Array.from(mesh.surface.indices),
        elements: embedding.tet,
        weights: embedding.weights,
      };
      this.byPath.set(path, { source: mesh, render });
      return render;
    });
    for (const path of [...this.byPath.keys()]) if (!used.has(path)) this.byPath.delete(path);
    return out;
  }
}

/** Same tets, vertices and surface, element by element (the assets arrive as fresh copies). */
function sameMesh(a: SolidMesh, b: SolidMesh): boolean {
  return (
    sameArray(a.positions, b.positions) &&
    sameArray(a.tets, b.tets) &&
    a.surface !== undefined &&
    b.surface !== undefined &&
    sameArray(a.surface.positions, b.surface.positions) &&
    sameArray(a.surface.indices, b.surface.indices)
  );
}

function sameArray(a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
