/**
 * Puts the selection tools together around the controller (made with the viewport, which sends it
 * picks): the tool buttons and keys, and the selection panel (with the tool buttons) under the
 * outliner. Selecting vertices of a body also selects that body in the editor, so the properties
 * and the pin and group lists follow.
 */
import type { Editor } from '../editor/editor.ts';
import type { AppState, NotificationLevel } from '../state/app-state.ts';
import { type Store, watch } from '../state/store.ts';
import type { SelectionController } from './selection-controller.ts';
import { mountSelectionPanel } from './selection-panel.ts';
import { createToolButtons } from './tool-buttons.ts';
import { toolForKey } from './tool-keys.ts';

export interface SelectionMountOptions {
  /** The panel, headed by the tool buttons, goes at the end of this container (the outliner). */
  panelContainer: HTMLElement;
  selection: SelectionController;
  editor: Editor;
  /** The app state: while a static mesh is shown there are no bodies to select, and no strip. */
  app: Store<AppState>;
  notify: (level: NotificationLevel, text: string) => void;
}

export function mountSelection(options: SelectionMountOptions): void {
  const { selection, editor } = options;
  const tools = createToolButtons(selection.store, (tool) => selection.setTool(tool));
  watch(
    options.app,
    (s) => s.document.kind === 'mesh',
    (staticMesh) => {
      tools.hidden = staticMesh;
      // A selection tool would keep the left button from orbiting around the mesh.
      if (staticMesh) selection.setTool('grab');
    },
  );
  mountSelectionPanel(options.panelContainer, tools, { editor, selection, notify: options.notify });
  watch(
    selection.store,
    (s) => s.selection?.body ?? null,
    (body) => {
      if (body !== null) editor.select(body);
    },
  );
  window.addEventListener('keydown', (event) => {
    if (event.repeat || options.app.get().document.kind === 'mesh') return;
    const tool = toolForKey(event, document.activeElement as HTMLElement | null);
    if (!tool) return;
    event.preventDefault();
    selection.setTool(tool);
  });
}
