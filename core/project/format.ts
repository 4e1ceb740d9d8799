import type { Scene } from '../sim/scene.ts';

/**
 * The project document (.sbproj): the scene being authored plus the editor's own state, as
 * versioned JSON. Write `formatVersion`, migrate older versions (migrations.ts), then validate
 * (validate.ts). SI units throughout, as in the scene.
 */

/** The format version this code writes; older versions are migrated on read. */
export const PROJECT_FORMAT_VERSION = 1;

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
}
