/**
 * The toolbar button that shows the scene as JSON. Monaco is large, so its chunk (scene-editor.ts)
 * loads on the first click only: startup never pays for it.
 */
import type { Editor } from '../editor/editor.ts';
import { togglePanel } from '../views/toggle-panel.ts';

export function mountSceneEditorToggle(
  toolbar: HTMLElement,
  panel: HTMLElement,
  workspace: HTMLElement,
  editor: Editor,
  notifyError: (text: string) => void,
): void {
  let loaded: Promise<unknown> | null = null;
  const button = togglePanel(panel, {
    text: 'JSON',
    testId: 'toggle-scene-editor',
    title: 'Show and edit the scene document as JSON',
    onToggle: (open) => {
      workspace.classList.toggle('editing-json', open);
      if (open && !loaded) {
        loaded = import('./scene-editor.ts')
          .then((module) => module.mountSceneEditor(panel, editor))
          .catch((error: unknown) => {
            loaded = null;
            notifyError(
              `The JSON editor failed to load: ${error instanceof Error ? error.message : String(error)}`,
            );
          });
      }
    },
  });
  toolbar.append(button);
}
