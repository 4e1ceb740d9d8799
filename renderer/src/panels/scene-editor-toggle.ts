/**
 * The toolbar button that shows the scene as JSON. Monaco is large, so its chunk (scene-editor.ts)
 * loads on the first click only: startup never pays for it.
 */
import type { Editor } from '../editor/editor.ts';
import { type ToggleButtonProps, togglePanel } from '../views/toggle-panel.ts';

export interface SceneEditorToggleOptions {
  toolbar: HTMLElement;
  /** The panel the editor mounts into (#scene-editor). */
  panel: HTMLElement;
  /** Gets the class 'editing-json' while the panel is open (the layout makes room for it). */
  workspace: HTMLElement;
  editor: Editor;
  notifyError: (text: string) => void;
  /** The button's text, test id and tooltip, from the panel table. */
  toggle: ToggleButtonProps;
}

export function mountSceneEditorToggle(options: SceneEditorToggleOptions): void {
  const { toolbar, panel, workspace, editor, notifyError, toggle } = options;
  let loaded: Promise<unknown> | null = null;
  const button = togglePanel(panel, {
    ...toggle,
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
