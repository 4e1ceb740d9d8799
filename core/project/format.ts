import type { Scene } from '../scene/scene.ts';
import type { SolidMesh } from '../scene/scene-meshes.ts';

/**
 * The project document (.sbproj): the scene being authored plus the editor's own state, as
 * versioned JSON. Write `formatVersion`, migrate older versions (migrations.ts), then validate
 * (read.ts). SI units throughout, as in the scene. Format 2 carries the tet meshes of mesh bodies
 * (mesh-arrays.ts), keyed by the mesh shape's `path`, so a project opens without its mesh files.
 */

/** The format version this code writes; older versions are migrated on read. */
export const PROJECT_FORMAT_VERSION = 2;

/** Marks a JSON file as a Softbody Studio project, so a preset or scene is not taken for one. */
export const PROJECT_KIND = 'softbody-project';

export interface ProjectEditorState {
  /** Index of the selected body in `scene.bodies`; null when nothing is selected. */
  selectedBody: number | null;
}

export interface ProjectDocument {
  formatVersion: typeof PROJECT_FORMAT_VERSION;
  kind: typeof PROJECT_KIND;
  scene: Scene;
  editor: ProjectEditorState;
  /** Tet meshes of the scene's mesh bodies, by the mesh shape's `path` (m, 4 indices per tet). */
  meshes: Map<string, SolidMesh>;
}
