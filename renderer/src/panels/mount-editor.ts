/**
 * Creates the editor on the default scene with the document's own chrome (the window title and
 * the project buttons), and returns the command router that sends document commands (undo, redo,
 * save, open) to the editor and everything else to the app's actions. The panels that show the
 * editor are mounted from the panel table (app/mount-panels.ts).
 */
import defaultSceneJson from '../../../assets/default-scene.json';
import type { HostApi, MenuCommand, MenuCommandDetail } from '../../../contract/host-api.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { AppActions } from '../app/actions.ts';
import { isTextEntry } from '../app/keyboard.ts';
import { Editor, type SceneSink } from '../editor/editor.ts';
import { mountProjectButtons } from './project-buttons.ts';
import { mountProjectTitle } from './project-title.ts';

export interface MountedEditor {
  editor: Editor;
  runCommand(command: MenuCommand, detail?: MenuCommandDetail): void;
}

export function mountEditor(
  toolbar: HTMLElement,
  sim: SceneSink,
  host: HostApi,
  actions: AppActions,
): MountedEditor {
  const editor = new Editor(
    { sim, host, notify: actions.notify, confirm: (question) => window.confirm(question) },
    parseScene(defaultSceneJson),
  );
  // A plain text field undoes its own typing (the browser host's shortcut handler and the
  // Electron menu both take the key away from it, so the field is asked directly).
  editor.addFocusedUndo((command) => {
    const focused = document.activeElement as HTMLElement | null;
    if (!isTextEntry(focused) || focused?.closest('.monaco-editor')) return false;
    document.execCommand(command);
    return true;
  });
  mountProjectTitle(editor);
  const runCommand = (command: MenuCommand, detail?: MenuCommandDetail) => {
    if (!editor.handleMenuCommand(command)) actions.runMenuCommand(command, detail);
  };
  mountProjectButtons(toolbar, runCommand);
  return { editor, runCommand };
}
