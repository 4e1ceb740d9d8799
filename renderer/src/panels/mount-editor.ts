/**
 * Mounts the editor around the viewport: outliner, properties, the scene JSON editor (loaded on
 * first use), plots and the window title; and returns the command router that sends document
 * commands (undo, redo, save, open) to the editor and everything else to the app's actions.
 */
import defaultSceneJson from '../../../assets/default-scene.json';
import type { HostApi, MenuCommand, MenuCommandDetail } from '../../../contract/host-api.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { AppActions } from '../app/actions.ts';
import { isTextEntry } from '../app/keyboard.ts';
import { mountCalibration } from '../calibration/mount-calibration.ts';
import { Editor, type SceneSink } from '../editor/editor.ts';
import { mountOutliner } from './outliner.ts';
import { mountPlots } from './plots.ts';
import { mountProjectButtons } from './project-buttons.ts';
import { mountProjectTitle } from './project-title.ts';
import { mountProperties } from './properties.ts';
import { mountSceneEditorToggle } from './scene-editor-toggle.ts';

export interface MountedEditor {
  editor: Editor;
  runCommand(command: MenuCommand, detail?: MenuCommandDetail): void;
}

function required(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`[editor] index.html lacks #${id}`);
  return element;
}

export function mountEditor(sim: SceneSink, host: HostApi, actions: AppActions): MountedEditor {
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
  mountOutliner(required('outliner'), editor);
  mountProperties(required('properties'), editor);
  mountSceneEditorToggle(
    required('toolbar'),
    required('scene-editor'),
    required('workspace'),
    editor,
    (text) => actions.notify('error', text),
  );
  mountPlots(required('plots'), editor);
  // Its toggle sits beside the plots toggle; the panel opens under the plots.
  mountCalibration(required('plots'), editor);
  mountProjectTitle(editor);
  const runCommand = (command: MenuCommand, detail?: MenuCommandDetail) => {
    if (!editor.handleMenuCommand(command)) actions.runMenuCommand(command, detail);
  };
  mountProjectButtons(required('toolbar'), runCommand);
  return { editor, runCommand };
}
