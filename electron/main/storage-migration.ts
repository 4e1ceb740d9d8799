/**
 * One-time move of the page's web storage from the file:// origin, where earlier builds loaded
 * the renderer, to app://softbody (app-url.ts), where it loads now. Chromium keys localStorage by
 * origin, so after the switch the page no longer sees the user's presets, recovery copies and
 * the bytes of recent files it kept there (settings and the recent-file list live in main's own
 * JSON files and are not affected; the renderer keeps nothing in IndexedDB).
 *
 * Electron has no API that reads another origin's storage, so main reads it the way a page
 * would: a hidden window (default session, no preload, sandboxed) on a blank page of its own
 * under file:// reads the app's keys, and a hidden window on app://softbody writes the keys that
 * the new origin does not hold yet. Both run before the main window opens, so the page finds its
 * data on its first start. A marker file in userData records that the move ran; without it (a
 * failed or interrupted run) the next start tries again, and since keys already present are
 * never overwritten, running twice changes nothing.
 */
import { mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeJsonDocument } from './json-file.ts';
import type { Logger } from './log.ts';

/** Every key the renderer writes starts with this (app-storage.ts and its users). */
export const STORAGE_KEY_PREFIX = 'softbody-studio.';
/** In userData: present once the move has run. */
export const MIGRATION_MARKER_FILE = 'storage-migrated-from-file.json';
/** A hidden window that does not answer in this time is given up on (the app must start). */
export const MIGRATION_TIMEOUT_MS = 15_000;

export type StorageEntries = Record<string, string>;

/** The page storage of an origin, reached through a page at `url`. */
export interface OriginStorage {
  /** The app's entries (keys with STORAGE_KEY_PREFIX). */
  read(url: string): Promise<StorageEntries>;
  /** Writes each entry whose key the origin does not hold yet; resolves to how many it wrote. */
  writeMissing(url: string, entries: StorageEntries): Promise<number>;
}

/** The app's entries of `old` that `current` lacks: what the move copies (never overwrites). */
export function entriesToCopy(old: StorageEntries, current: StorageEntries): StorageEntries {
  const copy: StorageEntries = {};
  for (const [key, value] of Object.entries(old)) {
    if (key.startsWith(STORAGE_KEY_PREFIX) && !Object.hasOwn(current, key)) copy[key] = value;
  }
  return copy;
}

export interface MigrationDeps {
  /** A page under file:// (any: every file:// page shares one storage). */
  legacyUrl: string;
  /** A page at the app's origin. */
  appUrl: string;
  storage: OriginStorage;
  marker: { exists(): Promise<boolean>; write(summary: { copiedKeys: string[] }): Promise<void> };
  log: Logger;
}

export type MigrationResult =
  | { kind: 'already-done' }
  | { kind: 'moved'; copiedKeys: string[] }
  | { kind: 'failed'; reason: string };

/** Runs the move once; never throws (a failure is logged and retried at the next start). */
export async function migrateFileStorage(deps: MigrationDeps): Promise<MigrationResult> {
  try {
    if (await deps.marker.exists()) return { kind: 'already-done' };
    const old = await deps.storage.read(deps.legacyUrl);
    // Nothing under file:// (a new install): no need to open the app's origin.
    const copy =
      Object.keys(old).length === 0 ? {} : entriesToCopy(old, await deps.storage.read(deps.appUrl));
    const copiedKeys = Object.keys(copy);
    if (copiedKeys.length > 0) await deps.storage.writeMissing(deps.appUrl, copy);
    await deps.marker.write({ copiedKeys });
    if (copiedKeys.length > 0)
      deps.log.info(`moved ${copiedKeys.length} stored item(s) from file:// to the app's origin`);
    return { kind: 'moved', copiedKeys };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    deps.log.warn(`could not move stored items from file:// (will try again next start): ${reason}`);
    return { kind: 'failed', reason };
  }
}

/** Reads the app's entries in the page it runs in. */
export const READ_SCRIPT = `(() => {
  const entries = {};
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key !== null && key.startsWith(${JSON.stringify(STORAGE_KEY_PREFIX)})) entries[key] = localStorage.getItem(key);
  }
  return entries;
})()`;

/** Writes the entries the page's origin lacks; evaluates to how many it wrote. */
export function writeScript(entries: StorageEntries): string {
  return `((entries) => {
  let written = 0;
  for (const [key, value] of Object.entries(entries)) {
    if (localStorage.getItem(key) === null) {
      localStorage.setItem(key, value);
      written++;
    }
  }
  return written;
})(${JSON.stringify(entries)})`;
}

/** What the move needs of a BrowserWindow. */
export interface HiddenWindow {
  loadURL(url: string): Promise<void>;
  webContents: { executeJavaScript(code: string): Promise<unknown> };
  destroy(): void;
}

function withTimeout<T>(promise: Promise<T>, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what}: no answer in ${MIGRATION_TIMEOUT_MS} ms`)),
      MIGRATION_TIMEOUT_MS,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function isEntries(value: unknown): value is StorageEntries {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** Page storage reached through hidden windows made by `open`, one per read or write. */
export function hiddenWindowStorage(open: () => HiddenWindow): OriginStorage {
  const inPage = async (url: string, code: string): Promise<unknown> => {
    const window = open();
    try {
      return await withTimeout(
        window.loadURL(url).then(() => window.webContents.executeJavaScript(code)),
        url,
      );
    } finally {
      window.destroy();
    }
  };
  return {
    async read(url) {
      const entries = await inPage(url, READ_SCRIPT);
      if (!isEntries(entries)) throw new Error(`${url}: the page's storage did not read as key-value text`);
      return entries;
    },
    async writeMissing(url, entries) {
      const written = await inPage(url, writeScript(entries));
      return typeof written === 'number' ? written : 0;
    },
  };
}

/** The marker file in `userData`. */
export function markerFile(userData: string): MigrationDeps['marker'] {
  const path = join(userData, MIGRATION_MARKER_FILE);
  return {
    exists: () =>
      stat(path).then(
        () => true,
        () => false,
      ),
    write: async ({ copiedKeys }) => {
      // Electron makes userData on first use of some APIs only; the marker may be the first file.
      await mkdir(userData, { recursive: true });
      await writeJsonDocument(path, 1, { migratedAt: new Date().toISOString(), copiedKeys });
    },
  };
}

/**
 * Runs `body` with the URL of a blank page of its own under file:// (written to a temporary
 * folder and removed afterwards): the page that reads the old origin runs nothing of the app.
 */
export async function withLegacyPage<T>(body: (url: string) => Promise<T>): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'softbody-storage-'));
  try {
    const page = join(folder, 'storage.html');
    await writeFile(page, '<!doctype html><meta charset="utf-8"><title>storage</title>\n');
    return await body(pathToFileURL(page).href);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * The move as the app runs it at start-up: nothing when the marker says it ran, else the move
 * through a blank page under file:// and `appUrl`, a page of the app's origin. `appUrl` may be a
 * path the app protocol does not serve: its 404 page still has the origin, which is all the write
 * needs, and runs none of the app.
 */
export async function moveFileStorageOnce(options: {
  userData: string;
  appUrl: string;
  openHiddenWindow: () => HiddenWindow;
  log: Logger;
}): Promise<MigrationResult> {
  const marker = markerFile(options.userData);
  try {
    if (await marker.exists()) return { kind: 'already-done' };
    return await withLegacyPage((legacyUrl) =>
      migrateFileStorage({
        legacyUrl,
        appUrl: options.appUrl,
        storage: hiddenWindowStorage(options.openHiddenWindow),
        marker,
        log: options.log,
      }),
    );
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    options.log.warn(`could not move stored items from file:// (will try again next start): ${reason}`);
    return { kind: 'failed', reason };
  }
}
