/**
 * What stops the editor's preview from building a scene that passes the scene validator: the
 * problems only compiling finds (a mesh body whose asset is missing or of the wrong kind, a pin box
 * that selects nothing, pressure on an open surface, a surface a cloth cannot be), with their JSON
 * pointers. The JSON editor shows them rather than call such a scene valid.
 */
import { DocumentError, type Problem } from '../../../core/document/problem.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { sceneMeshesFor, simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { type MeshAssets, meshesOfScene } from './mesh-body.ts';

/** The compile's problems with `scene` built from the editor's `assets` (none when it compiles). */
export function compileProblems(scene: Scene, assets: MeshAssets): Problem[] {
  const used = new Map(
    [...meshesOfScene(scene, assets)].map(([path, mesh]) => [path, simulationMeshOf(mesh)]),
  );
  try {
    compileScene(scene, { meshes: sceneMeshesFor(scene, used) });
    return [];
  } catch (error) {
    if (error instanceof DocumentError) return [...error.problems];
    return [{ pointer: '', message: error instanceof Error ? error.message : String(error) }];
  }
}
