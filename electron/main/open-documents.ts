/**
 * Documents the operating system hands to the app: a path on the command line (Windows,
 * Linux, and a second launch while the app runs, forwarded by the single-instance lock) or a
 * macOS `open-file` event. Each goes to the one window, which opens it as it opens an Open
 * Recent entry. Paths can arrive before the window exists (macOS sends `open-file` before
 * `ready`), so they wait in a queue until a page is loaded to receive them.
 */
import { extname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileFilters } from '../../contract/host-api.ts';

/** Extensions (with the dot, lower case) of the files the app opens: projects, presets, meshes. */
export const DOCUMENT_EXTENSIONS: ReadonlySet<string> = new Set(
  [
    ...fileFilters.projects.extensions,
    ...fileFilters.presets.extensions,
    ...fileFilters.meshes.extensions,
  ].map((extension) => `.${extension}`),
);

export interface ArgvContext {
  /** Folder relative paths are resolved against (the launching shell's, for a second instance). */
  workingDirectory: string;
  /**
   * True when argv[1] is the app folder rather than a document (`electron .` during
   * development: Electron's `process.defaultApp`).
   */
  defaultApp: boolean;
}

/** An argument as a path: `file://` URLs (Linux desktop entries pass `%U`) become paths. */
function pathOfArgument(argument: string, workingDirectory: string): string | undefined {
  if (argument.startsWith('file:')) {
    try {
      return fileURLToPath(argument);
    } catch {
      return undefined;
    }
  }
  // Any other scheme (http:, a Windows drive letter is not a scheme: C:\…) is not a local file.
  if (/^[a-z][a-z0-9+.-]+:\/\//i.test(argument)) return undefined;
  return isAbsolute(argument) ? resolve(argument) : resolve(workingDirectory, argument);
}

/**
 * The document named on a command line, or undefined. Skips the executable (and the app
 * folder under `electron .`), Chromium and Electron switches (`--flag`, which a second
 * instance's argv carries), and anything that is not a file type the app opens.
 */
export function documentPathFromArgv(argv: readonly string[], context: ArgvContext): string | undefined {
  const start = context.defaultApp ? 2 : 1;
  let switchesEnded = false;
  for (const argument of argv.slice(start)) {
    if (!switchesEnded && argument === '--') {
      switchesEnded = true;
      continue;
    }
    if (!switchesEnded && argument.startsWith('-')) continue;
    const path = pathOfArgument(argument, context.workingDirectory);
    if (path !== undefined && DOCUMENT_EXTENSIONS.has(extname(path).toLowerCase())) return path;
  }
  return undefined;
}

/**
 * Holds documents until a window can take them. `attach` names the receiver (a loaded page) and
 * hands it what waited; `detach` (the window closed) makes later documents wait again.
 */
export class DocumentQueue {
  private readonly waiting: string[] = [];
  private receiver: ((path: string) => void) | undefined;

  open(path: string): void {
    if (this.receiver) this.receiver(path);
    else this.waiting.push(path);
  }

  attach(receiver: (path: string) => void): void {
    this.receiver = receiver;
    for (const path of this.waiting.splice(0)) receiver(path);
  }

  detach(): void {
    this.receiver = undefined;
  }

  get pending(): readonly string[] {
    return this.waiting;
  }
}

/** The parts of a BrowserWindow delivery uses. */
export interface DocumentWindow {
  webContents: {
    on(event: 'did-finish-load', listener: () => void): unknown;
    send(channel: string, ...args: unknown[]): void;
  };
  on(event: 'closed', listener: () => void): unknown;
}

/**
 * Makes `window` the queue's receiver once its page has loaded (the page subscribes to menu
 * commands while it loads). A document reaches the page as an Open Recent command for its
 * path, after `allow` lets the page read that path: the user chose it in the file manager or
 * on the command line, as they would in a dialog.
 */
export function deliverDocumentsTo(
  window: DocumentWindow,
  documents: DocumentQueue,
  allow: (path: string) => void,
  menuChannel: string,
): void {
  window.webContents.on('did-finish-load', () => {
    documents.attach((path) => {
      allow(path);
      window.webContents.send(menuChannel, 'open-recent', { path });
    });
  });
  window.on('closed', () => documents.detach());
}
