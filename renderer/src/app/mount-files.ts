/**
 * The file features around the editor: Open Recent, drag and drop onto the window (meshes,
 * projects and presets), and recovery copies of unsaved work. Returns the menu-command router
 * that sends 'open-recent' here and everything else to `next`.
 */
import type { HostApi, MenuCommand, MenuCommandDetail, OpenedFile } from '../../../contract/host-api.ts';
import type { Editor } from '../editor/editor.ts';
import { openPresetFile } from '../presets/open-preset.ts';
import { mountRecovery } from '../recovery/mount-recovery.ts';
import { recoveryIntervalFrom } from '../recovery/recovery-copy.ts';
import type { AppActions } from './actions.ts';
import type { AppStorage } from './app-storage.ts';
import { describeError } from './describe-error.ts';
import { mountDropTarget } from './drop-target.ts';
import { type FileOpeners, openFileByKind } from './open-file.ts';
import { mountRecentMenu } from './recent-menu.ts';

export type CommandRouter = (command: MenuCommand, detail?: MenuCommandDetail) => void;

export function mountFiles(options: {
  toolbar: HTMLElement;
  notifications: HTMLElement;
  /** Where recovery copies are kept (the app's storage, shared with the user's presets). */
  storage: AppStorage;
  editor: Editor;
  host: HostApi;
  actions: AppActions;
  /** Where the other commands go (the editor, then the app's actions). */
  next: CommandRouter;
}): CommandRouter {
  const { editor, host, actions, storage } = options;
  const notify = actions.notify;

  const openPreset = async (file: OpenedFile) => {
    // Bodies added from a preset are simulated: leave a static mesh view to show them.
    if ((await openPresetFile(file, { editor, notify })) > 0) actions.closeMesh();
  };
  editor.openOtherFile = openPreset;
  const openers: FileOpeners = {
    mesh: actions.showMeshFile,
    project: (file) => editor.openFile(file),
    preset: openPreset,
    notify,
  };
  const openRecent = async (path: string) => {
    let file: OpenedFile;
    try {
      file = await host.openRecent(path);
    } catch (error) {
      notify('error', describeError(error));
      return;
    }
    await openFileByKind(file, openers);
  };
  mountRecentMenu(options.toolbar, {
    recentFiles: () => host.recentFiles(),
    open: (path) => void openRecent(path),
    onError: (error) => notify('error', `Could not list recent files: ${describeError(error)}`),
  });
  mountDropTarget(window, document.body, { open: (file) => openFileByKind(file, openers), notify });
  mountRecovery({
    editor,
    storage,
    intervalMs: recoveryIntervalFrom(window.location.search),
    notifications: options.notifications,
    notify,
  });

  return (command, detail) => {
    if (command === 'open-recent') {
      if (detail?.path) void openRecent(detail.path);
    } else options.next(command, detail);
  };
}
