import type { Scene } from '../sim/scene.ts';
import { PROJECT_FORMAT_VERSION, PROJECT_KIND, type ProjectEditorState } from './format.ts';

/** The project file's text: the current format, two-space indented JSON ending in a newline. */
export function writeProject(scene: Scene, editor: ProjectEditorState): string {
  const document = { formatVersion: PROJECT_FORMAT_VERSION, kind: PROJECT_KIND, scene, editor };
  return `${JSON.stringify(document, null, 2)}\n`;
}
