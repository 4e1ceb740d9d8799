/**
 * Opens a file the user handed over outside the Open dialogs (dropped on the window, picked from
 * Open Recent) by what it is: meshes go to the mesh import, projects to the editor (which asks
 * before discarding unsaved changes), presets to the preset opener. Anything else is named in a
 * notification and changes nothing.
 */
import type { OpenedFile } from '../../../contract/host-api.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { fileKindOf, unsupportedFileMessage } from './file-kinds.ts';

export interface FileOpeners {
  mesh(file: OpenedFile): Promise<unknown>;
  project(file: OpenedFile): Promise<unknown> | unknown;
  preset(file: OpenedFile): Promise<unknown> | unknown;
  notify(level: NotificationLevel, text: string, detail?: string): void;
}

/** Routes `file` to its opener; false when the app does not open that kind of file. */
export async function openFileByKind(file: OpenedFile, openers: FileOpeners): Promise<boolean> {
  const kind = fileKindOf(file.name);
  if (!kind) {
    openers.notify('warning', unsupportedFileMessage(file.name));
    return false;
  }
  await openers[kind](file);
  return true;
}
