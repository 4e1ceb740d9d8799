/**
 * Puts the preset features together: the user's preset list (kept in `storage`) and the library
 * panel over the viewport, which holds the export buttons. Returns the export command for the
 * menu and Ctrl/Cmd+E ('export-preset') and the list for other views.
 */
import type { HostApi } from '../../../contract/host-api.ts';
import type { Editor } from '../editor/editor.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { exportPreset } from './export-preset.ts';
import { mountLibraryPanel } from './library-panel.ts';
import type { PresetExportFormat } from './preset-export.ts';
import { UserPresetLibrary } from './user-preset-library.ts';

export interface MountedPresets {
  exportPreset(format: PresetExportFormat): Promise<string | null>;
  userPresets: UserPresetLibrary;
}

export function mountPresets(options: {
  toolbar: HTMLElement;
  viewport: HTMLElement;
  editor: Editor;
  host: HostApi;
  storage: KeyValueStorage;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
}): MountedPresets {
  const { editor, host, notify } = options;
  const userPresets = new UserPresetLibrary(options.storage, notify);
  const run = (format: PresetExportFormat) => exportPreset({ editor, host, notify }, format);

  mountLibraryPanel(options.toolbar, options.viewport, {
    editor,
    userPresets,
    exportPreset: (format) => void run(format),
    confirm: (question) => window.confirm(question),
    notify,
  });
  return { exportPreset: run, userPresets };
}
