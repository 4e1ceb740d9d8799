/**
 * How the worker builds a world: the scene plus the tet meshes the editor sent for its mesh
 * bodies (keyed by the shape's `path`; core's sceneMeshesFor keys them by JSON pointer).
 */

import type { Scene } from '../../../core/scene/scene.ts';
import { type SolidMesh, sceneMeshesFor, simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import type { World } from '../../../core/sim/world.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';

/**
 * The world takes the tets alone (cloth bodies their surface): embedding spot.obj's surface in its
 * tets costs several times the rest of the build, on every edit. The viewport's render mesh is
 * embedded apart, once per asset (render-meshes.ts).
 */
export function buildSceneWorld(
  scene: Scene,
  meshes: ReadonlyMap<string, SolidMesh>,
  /** Threads of the solver team (solver-helpers.ts); 1: the worker steps alone. */
  threads = 1,
): XpbdWorld & World {
  const tetsOnly = new Map([...meshes].map(([path, mesh]) => [path, simulationMeshOf(mesh)]));
  return buildWorld(scene, { meshes: sceneMeshesFor(scene, tetsOnly) }, { threads });
}
