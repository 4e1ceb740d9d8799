import type { Scene } from '../scene/scene.ts';
import type { SolidMesh } from '../scene/scene-meshes.ts';
import { PROJECT_FORMAT_VERSION, PROJECT_KIND, type ProjectEditorState } from './format.ts';
import { encodeMeshes } from './mesh-arrays.ts';

/**
 * The project file's text: the current format, two-space indented JSON ending in a newline.
 * `meshes` are the tet meshes of the scene's mesh bodies by the shape's `path` (stored as base64
 * binary arrays, mesh-arrays.ts); a project without mesh bodies passes none.
 */
export function writeProject(
  scene: Scene,
  editor: ProjectEditorState,
  meshes: ReadonlyMap<string, SolidMesh> = new Map(),
): string {
  const document = {
    formatVersion: PROJECT_FORMAT_VERSION,
    kind: PROJECT_KIND,
    scene,
    editor,
    meshes: encodeMeshes(meshes),
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}
