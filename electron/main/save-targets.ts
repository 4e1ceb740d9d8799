/**
 * Where `saveFile` may write without asking: a path the user chose in a save dialog, or the
 * path of the document itself (a project or preset the user opened). Opening a mesh, or a
 * glTF's buffer, makes it readable but never writable: a compromised page must not be able to
 * overwrite the files it was only shown.
 */
import { extname } from 'node:path';
import { fileFilters } from '../../contract/host-api.ts';
import { PathAllowList } from './file-access.ts';

/** Documents the app saves back to their own path: projects and presets. */
export const SAVED_DOCUMENT_EXTENSIONS: ReadonlySet<string> = new Set(
  [...fileFilters.projects.extensions, ...fileFilters.presets.extensions].map((extension) => `.${extension}`),
);

export function isSavedDocument(path: string): boolean {
  return SAVED_DOCUMENT_EXTENSIONS.has(extname(path).toLowerCase());
}

export class SaveTargets extends PathAllowList {
  constructor() {
    super(
      (path) =>
        `${path} may only be saved through a save dialog: it is not a document this window opened or saved`,
    );
  }

  /** The user picked `path` in a save dialog: any type may be written there. */
  allowChosen(path: string): void {
    this.allow(path);
  }

  /** `path` was opened as a document; only projects and presets become writable. */
  allowDocument(path: string): void {
    if (isSavedDocument(path)) this.allow(path);
  }
}
