/**
 * Puts the preset features together: the user's preset list (kept in `storage`) and the library
 * panel over the viewport, which holds the export buttons. Returns the export command for the
 * menu and Ctrl/Cmd+E ('export-preset': the native target, asking which body first) and the list
 * for other views.
 */
import type { HostApi } from '../../../contract/host-api.ts';
import type { ExportTargetId } from '../../../core/export/targets.ts';
import type { Editor } from '../editor/editor.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import type { ToggleButtonProps } from '../views/toggle-panel.ts';
import { exportPreset } from './export-preset.ts';
import { mountLibraryPanel } from './library-panel.ts';
import { UserPresetLibrary } from './user-preset-library.ts';

export interface MountedPresets {
  /** Exports for `target`, asking first whether the selected body or the whole scene. */
  requestExport(target: ExportTargetId): void;
  userPresets: UserPresetLibrary;
}

export function mountPresets(options: {
  /** The panel's name and its toggle, from the panel table. */
  title: string;
  toggle: ToggleButtonProps;
  toolbar: HTMLElement;
  viewport: HTMLElement;
  editor: Editor;
  host: HostApi;
  storage: KeyValueStorage;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
}): MountedPresets {
  const { editor, host, notify } = options;
  const userPresets = new UserPresetLibrary(options.storage, notify);
  const library = mountLibraryPanel(options.toolbar, options.viewport, {
    title: options.title,
    toggle: options.toggle,
    editor,
    userPresets,
    exportPreset: (request) => void exportPreset({ editor, host, notify }, request),
    confirm: (question) => window.confirm(question),
    notify,
  });
  return { requestExport: library.askExport, userPresets };
}
