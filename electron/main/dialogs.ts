/**
 * Native open and save dialogs. A path the user picks here is the only way a new path
 * becomes usable by the renderer (see file-access.ts).
 */
import { extname, join } from 'node:path';
import { type BrowserWindow, dialog, type OpenDialogOptions, type SaveDialogOptions } from 'electron';
import { type FileFilter, fileFilters, type SaveRequest } from '../../contract/host-api.ts';

export type OpenKind = 'mesh' | 'project';

const openDialogOptions: Record<OpenKind, OpenDialogOptions> = {
  mesh: {
    title: 'Open Mesh',
    properties: ['openFile'],
    filters: [fileFilters.meshes, fileFilters.all].map(copyFilter),
  },
  project: {
    title: 'Open Project',
    properties: ['openFile'],
    filters: [
      { name: 'Projects and presets', extensions: ['sbproj', 'json'] },
      copyFilter(fileFilters.projects),
      copyFilter(fileFilters.presets),
    ],
  },
};

function copyFilter(filter: { name: string; extensions: readonly string[] }): FileFilter {
  return { name: filter.name, extensions: [...filter.extensions] };
}

/** Filters for a save: the request's own, else those matching the suggested name's extension. */
export function saveFiltersFor(request: SaveRequest): FileFilter[] {
  if (request.filters && request.filters.length > 0) return request.filters;
  const extension = extname(request.suggestedName).slice(1).toLowerCase();
  const known = Object.values(fileFilters).find(
    (filter) => extension !== '' && (filter.extensions as readonly string[]).includes(extension),
  );
  return known ? [copyFilter(known), copyFilter(fileFilters.all)] : [copyFilter(fileFilters.all)];
}

/** Resolves with the chosen file, or null when the user cancels. */
export async function chooseOpenPath(kind: OpenKind, window: BrowserWindow | null): Promise<string | null> {
  const options = openDialogOptions[kind];
  const result = window ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options);
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths[0];
}

/** Resolves with the chosen destination, or null when the user cancels. */
export async function chooseSavePath(
  request: SaveRequest,
  window: BrowserWindow | null,
  defaultFolder: string,
): Promise<string | null> {
  const options: SaveDialogOptions = {
    title: 'Save',
    defaultPath: join(defaultFolder, request.suggestedName),
    filters: saveFiltersFor(request),
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  };
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}
