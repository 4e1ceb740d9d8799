/**
 * What main does for each HostApi request. Arguments arrive already validated against the
 * contract and the sender already checked (ipc-handlers.ts); these functions enforce the
 * file-access rule and turn file-system failures into HostFailures a user can read.
 */
import { basename, dirname } from 'node:path';
import type { BrowserWindow } from 'electron';
import {
  type ArgsOf,
  HostFailure,
  type InvokeMethod,
  type OpenedFile,
  type ResultOf,
} from '../../contract/host-api.ts';
import { writeFileAtomic } from './atomic-write.ts';
import { chooseOpenPath, chooseSavePath, type OpenKind } from './dialogs.ts';
import {
  describeFileError,
  errorCode,
  type PathAllowList,
  readWholeFile,
  resolveRelated,
} from './file-access.ts';
import type { PreferencesStore } from './preferences.ts';
import { requireRealPathInside } from './real-path.ts';
import type { RecentFiles } from './recent-files.ts';
import { normaliseReference, referencedNames } from './related-references.ts';
import { SaveTargets } from './save-targets.ts';

/** Where a request came from: dialogs open as sheets of this window. */
export interface CallContext {
  window: BrowserWindow | null;
}

export type HostHandlers = {
  [M in InvokeMethod]: (context: CallContext, ...args: ArgsOf<M>) => Promise<ResultOf<M>>;
};

export interface HostServices {
  allowList: PathAllowList;
  recent: RecentFiles;
  preferences: PreferencesStore;
  /** Folder a save dialog starts in when the document was never saved (the user's documents). */
  defaultSaveFolder: string;
}

export function createHostHandlers(services: HostServices): HostHandlers {
  const { allowList, recent, preferences } = services;
  const saveTargets = new SaveTargets();
  /** Opened file → the resource names it refers to (what openRelated may read beside it). */
  const references = new Map<string, Set<string>>();
  // Recent entries were chosen by the user in an earlier session.
  for (const entry of recent.list()) allowList.allow(entry.path);

  const read = async (path: string): Promise<OpenedFile> => {
    try {
      return await readWholeFile(path);
    } catch (error) {
      throw new HostFailure('FileReadFailed', `Could not read ${path}: ${describeFileError(error)}`);
    }
  };

  /** A file the user opened: its references become readable, a project or preset writable. */
  const opened = (file: OpenedFile & { path: string }): OpenedFile => {
    references.set(file.path, referencedNames(file.name, file.bytes));
    saveTargets.allowDocument(file.path);
    return file;
  };

  const openChosen = async (kind: OpenKind, context: CallContext): Promise<OpenedFile | null> => {
    const path = await chooseOpenPath(kind, context.window);
    if (path === null) return null;
    allowList.allow(path);
    const file = await read(path);
    await recent.add(path);
    return opened({ ...file, path });
  };

  return {
    openMesh: (context) => openChosen('mesh', context),
    openProject: (context) => openChosen('project', context),

    async openRecent(_context, path) {
      const allowed = allowList.require(path);
      let file: OpenedFile;
      try {
        file = await readWholeFile(allowed);
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') {
          throw new HostFailure('FileReadFailed', `Could not read ${allowed}: ${describeFileError(error)}`);
        }
        await recent.remove(allowed);
        throw new HostFailure(
          'RecentFileUnavailable',
          `${basename(allowed)} is no longer at ${allowed}; it was removed from the recent list`,
        );
      }
      await recent.add(allowed);
      return opened({ ...file, path: allowed });
    },

    async openRelated(_context, fromPath, uri) {
      const from = allowList.require(fromPath);
      const target = resolveRelated(from, uri);
      if (!references.get(from)?.has(normaliseReference(uri))) {
        throw new HostFailure('PathNotAllowed', `'${uri}' is not a file ${basename(from)} refers to`);
      }
      const real = await requireRealPathInside(dirname(from), target);
      const file = await read(real);
      // The page asked for the name it knows, not for where a link led.
      return { ...file, name: basename(target), path: target };
    },

    async saveFile(context, request) {
      let target: string;
      if (request.path !== undefined) {
        target = saveTargets.require(request.path);
      } else {
        const chosen = await chooseSavePath(request, context.window, services.defaultSaveFolder);
        if (chosen === null) return null;
        allowList.allow(chosen);
        saveTargets.allowChosen(chosen);
        target = chosen;
      }
      try {
        await writeFileAtomic(target, request.bytes);
      } catch (error) {
        throw new HostFailure(
          'FileWriteFailed',
          `Could not save ${target}: ${describeFileError(error)}; the file on disk was not changed`,
        );
      }
      await recent.add(target);
      return { name: basename(target), path: target };
    },

    recentFiles: async () => recent.list(),
    getPreferences: async () => preferences.get(),

    async setPreferences(_context, next) {
      try {
        await preferences.set(next);
      } catch (error) {
        throw new HostFailure('FileWriteFailed', `Could not save preferences: ${describeFileError(error)}`);
      }
    },
  };
}
