/**
 * How the worker builds a world: the scene plus the tet meshes the editor sent for its mesh
 * bodies (keyed by the shape's `path`; core's sceneMeshesFor keys them by JSON pointer).
 */

import type { Scene } from '../../../core/scene/scene.ts';
import { type SolidMesh, sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import type { World } from '../../../core/sim/world.ts';

export function buildSceneWorld(scene: Scene, meshes: ReadonlyMap<string, SolidMesh>): World {
  return buildWorld(scene, { meshes: sceneMeshesFor(scene, meshes) });
}
