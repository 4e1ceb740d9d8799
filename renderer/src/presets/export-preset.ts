/**
 * Export Preset: the open scene's preset, or one body's, written through the host (a save dialog
 * in Electron, a download in the browser) for a target of the export table. The notification
 * after it says what the file holds and lists what the target approximates (a warning, with each
 * approximation one click away). A scene a preset cannot hold, or a failed write, becomes an
 * error notification with every problem one click away; nothing else changes.
 */
import type { HostApi } from '../../../contract/host-api.ts';
import type { Approximation, ExportTargetId } from '../../../core/export/targets.ts';
import { describeError } from '../app/describe-error.ts';
import type { Editor } from '../editor/editor.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { type MakeExportFile, makeExportFileInWorker } from './export-client.ts';
import type { ExportScope } from './export-scope.ts';
import { exportProblemDetail, type PresetFile } from './preset-export.ts';

export interface ExportDeps {
  editor: Pick<Editor, 'state'>;
  host: Pick<HostApi, 'saveFile'>;
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
  /** Makes the file; a worker of its own by default, since calibrating exporters take seconds. */
  makeFile?: MakeExportFile;
}

export interface ExportRequest {
  target: ExportTargetId;
  scope: ExportScope;
}

/** The features approximated, each once, in the order first met: 'colliders, neo-hookean'. */
function featuresOf(approximations: readonly Approximation[]): string {
  return [...new Set(approximations.map((a) => a.feature))].join(', ');
}

/** Writes the file; resolves with the saved file's name, or null when refused or cancelled. */
export async function exportPreset(deps: ExportDeps, request: ExportRequest): Promise<string | null> {
  const { scene, fileName, meshes } = deps.editor.state;
  const makeFile = deps.makeFile ?? makeExportFileInWorker;
  let file: PresetFile;
  try {
    file = await makeFile({
      scene,
      projectFileName: fileName,
      target: request.target,
      scope: request.scope,
      assets: meshes ? [...meshes] : [],
    });
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
    const done = `Exported ${saved.name}: ${file.contents} (${(file.bytes.length / 1024).toFixed(1)} KiB)`;
    const budget = file.budgetNotes.map((note) => `budget: ${note}`);
    if (file.approximations.length === 0 && budget.length === 0) deps.notify('info', `${done}.`);
    else if (file.approximations.length === 0) deps.notify('info', `${done}.`, budget.join('\n'));
    else
      deps.notify(
        'warning',
        `${done}; approximated: ${featuresOf(file.approximations)}.`,
        [...file.approximations.map((a) => `${a.feature}: ${a.message}`), ...budget].join('\n'),
      );
    return saved.name;
  } catch (error) {
    deps.notify('error', `Could not write ${file.name}: ${describeError(error)}`);
    return null;
  }
}
