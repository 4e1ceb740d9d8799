/**
 * Export Preset: the open scene's preset written through the host (a save dialog in Electron, a
 * download in the browser). A scene a preset cannot hold, or a failed write, becomes an error
 * notification with every problem one click away; nothing else changes.
 */
import type { HostApi } from '../../../contract/host-api.ts';
import { describeError } from '../app/describe-error.ts';
import type { Editor } from '../editor/editor.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { exportProblemDetail, type PresetExportFormat, presetFileOf } from './preset-export.ts';

export interface ExportDeps {
  editor: Pick<Editor, 'state'>;
  host: Pick<HostApi, 'saveFile'>;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
}

/** Writes the preset; resolves with the saved file's name, or null when refused or cancelled. */
export async function exportPreset(deps: ExportDeps, format: PresetExportFormat): Promise<string | null> {
  const { scene, fileName, meshes } = deps.editor.state;
  let file: Awaited<ReturnType<typeof presetFileOf>>;
  try {
    file = await presetFileOf(scene, fileName, format, meshes);
  } catch (error) {
    deps.notify(
      'error',
      `Could not export a preset of ${fileName}: ${describeError(error)}`,
      exportProblemDetail(error),
    );
    return null;
  }
  try {
    const saved = await deps.host.saveFile({
      suggestedName: file.name,
      bytes: file.bytes,
      filters: file.filters,
    });
    if (!saved) return null;
    const kib = (file.bytes.length / 1024).toFixed(1);
    deps.notify('info', `Exported ${saved.name} (${kib} KiB).`);
    return saved.name;
  } catch (error) {
    deps.notify('error', `Could not write ${file.name}: ${describeError(error)}`);
    return null;
  }
}
