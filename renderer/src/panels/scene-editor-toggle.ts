/**
 * The toolbar button that shows the scene as JSON. Monaco is large, so its chunk (scene-editor.ts)
 * loads on the first click only: startup never pays for it.
 */
import type { Editor } from '../editor/editor.ts';
import { el } from '../views/dom.ts';

export function mountSceneEditorToggle(
  toolbar: HTMLElement,
  panel: HTMLElement,
  workspace: HTMLElement,
  editor: Editor,
  notifyError: (text: string) => void,
): void {
  const button = el('button', {
    text: 'JSON',
    testId: 'toggle-scene-editor',
    className: 'tool-button',
    title: 'Show and edit the scene document as JSON',
  });
  button.type = 'button';
  button.setAttribute('aria-pressed', 'false');
  toolbar.append(button);
  let loaded: Promise<unknown> | null = null;
  button.addEventListener('click', () => {
    const open = panel.hidden;
    panel.hidden = !open;
    workspace.classList.toggle('editing-json', open);
    button.setAttribute('aria-pressed', String(open));
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
  });
}
