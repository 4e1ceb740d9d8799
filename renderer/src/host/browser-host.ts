/**
 * HostApi for a plain browser (`npm run web`, the e2e suite): files come from a hidden
 * file input and leave as downloads, settings live in localStorage, and keyboard
 * shortcuts stand in for the native menu. Failures reject with the contract's HostFailure
 * (a `HostError`-shaped Error). There is no `openRelated`: a page cannot read beside a file,
 * so Open Mesh… takes several files at once and hands the ones a mesh refers to (a .gltf's
 * .bin and textures) over as its companions (mesh/companion-files.ts).
 */
import {
  type FileFilter,
  fileFilters,
  type HostApi,
  HostFailure,
  type MenuCommand,
  type OpenedFile,
  type Preferences,
  type RecentFile,
  type SavedFile,
  type SaveRequest,
} from '../../../contract/host-api.ts';
import { attachCompanions, COMPANION_EXTENSIONS } from '../mesh/companion-files.ts';
import {
  type KeyValueStorage,
  readPreferences,
  readRecentFiles,
  rememberRecentFile,
  writePreferences,
} from './browser-storage.ts';
import { keepRecentBytes, MAX_KEPT_FILE_BYTES, MAX_KEPT_FILES, recentBytes } from './recent-bytes.ts';
import { menuCommandForChord } from './shortcuts.ts';

/** The `accept` attribute of a file input for the contract's dialog filters. */
const acceptOf = (...filters: FileFilter[]) =>
  filters.flatMap((filter) => filter.extensions.map((extension) => `.${extension}`)).join(',');
/** File types offered by the open dialogs, as the Electron host's dialogs offer them. */
const MESH_ACCEPT = acceptOf(fileFilters.meshes, {
  name: 'Companions',
  extensions: [...COMPANION_EXTENSIONS],
});
const PROJECT_ACCEPT = acceptOf(fileFilters.projects, fileFilters.presets);
/** Prefix of recent-file paths made by this host: a browser never sees real paths. */
const BROWSER_PATH_PREFIX = 'browser:';
/** How long a download's object URL stays alive, ms: long enough for the browser to start reading it. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

export interface BrowserHostEnvironment {
  document: Document;
  storage: KeyValueStorage;
  /** Where keyboard shortcuts are listened for. */
  keyTarget: EventTarget;
}

export function createBrowserHost(
  env: BrowserHostEnvironment = { document, storage: localStorage, keyTarget: window },
): HostApi {
  const openWith = async (accept: string, multiple: boolean): Promise<OpenedFile | null> => {
    const chosen = await pickFiles(env.document, accept, multiple);
    if (chosen.length === 0) return null;
    const read: OpenedFile[] = [];
    for (const file of chosen) {
      try {
        read.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      } catch (error) {
        throw new HostFailure('FileReadFailed', `Could not read ${file.name}: ${String(error)}`);
      }
    }
    const [opened] = attachCompanions(read);
    rememberRecentFile(env.storage, { name: opened.name, path: BROWSER_PATH_PREFIX + opened.name });
    // Small files are kept so that Open Recent can reopen them (recent-bytes.ts); not one that
    // needs its companions, which are not kept.
    if (!opened.companions) keepRecentBytes(env.storage, BROWSER_PATH_PREFIX + opened.name, opened.bytes);
    return opened;
  };

  return {
    kind: 'browser',
    openMesh: () => openWith(MESH_ACCEPT, true),
    openProject: () => openWith(PROJECT_ACCEPT, false),
    async openRecent(path: string): Promise<OpenedFile> {
      const name = path.startsWith(BROWSER_PATH_PREFIX) ? path.slice(BROWSER_PATH_PREFIX.length) : path;
      const bytes = recentBytes(env.storage, path);
      if (bytes) return { name, bytes };
      throw new HostFailure(
        'RecentFileUnavailable',
        `The browser keeps only small recent files (up to ${MAX_KEPT_FILE_BYTES / 1024} KiB, the last ${MAX_KEPT_FILES}); choose ${name} again with Open.`,
      );
    },
    async saveFile(request: SaveRequest): Promise<SavedFile | null> {
      download(env.document, request.suggestedName, request.bytes);
      rememberRecentFile(env.storage, {
        name: request.suggestedName,
        path: BROWSER_PATH_PREFIX + request.suggestedName,
      });
      keepRecentBytes(env.storage, BROWSER_PATH_PREFIX + request.suggestedName, request.bytes);
      return { name: request.suggestedName };
    },
    recentFiles: async (): Promise<RecentFile[]> => readRecentFiles(env.storage),
    getPreferences: async (): Promise<Preferences> => readPreferences(env.storage),
    setPreferences: async (preferences: Preferences): Promise<void> =>
      writePreferences(env.storage, preferences),
    onMenuCommand(listener: (command: MenuCommand) => void): () => void {
      const onKeyDown = (event: Event) => {
        const command = menuCommandForChord(event as KeyboardEvent);
        if (!command) return;
        // Keep the browser's own Open/Save page dialogs from appearing as well.
        event.preventDefault();
        listener(command);
      };
      env.keyTarget.addEventListener('keydown', onKeyDown);
      return () => env.keyTarget.removeEventListener('keydown', onKeyDown);
    },
  };
}

/** Shows the file chooser; resolves with the chosen files, none when the user cancels. */
function pickFiles(doc: Document, accept: string, multiple: boolean): Promise<File[]> {
  return new Promise((resolve) => {
    const input = doc.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.multiple = multiple;
    input.hidden = true;
    const finish = (files: File[]) => {
      input.remove();
      resolve(files);
    };
    input.addEventListener('change', () => finish(Array.from(input.files ?? [])), { once: true });
    input.addEventListener('cancel', () => finish([]), { once: true });
    doc.body.append(input);
    input.click();
  });
}

function download(doc: Document, name: string, bytes: Uint8Array): void {
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type: 'application/octet-stream' }));
  const anchor = doc.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.hidden = true;
  doc.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}
