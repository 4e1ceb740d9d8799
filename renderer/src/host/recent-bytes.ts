/**
 * The browser host's memory of recent files' contents. A page cannot reopen a file by name, so
 * the bytes of small recent files are kept in storage (base64, one entry for all of them) and
 * Open Recent reads them back; a file over the size cap, or pushed out by newer ones, must be
 * chosen again. Bounded so that the recent list never crowds out preferences or presets.
 */
import { decodeBase64, encodeBase64 } from '../../../core/document/base64.ts';
import type { KeyValueStorage } from './browser-storage.ts';

const RECENT_BYTES_KEY = 'softbody-studio.recent-file-bytes';
/** Largest file whose bytes are kept, bytes. */
export const MAX_KEPT_FILE_BYTES = 512 * 1024;
/** Most files whose bytes are kept (the newest). */
export const MAX_KEPT_FILES = 4;

type Kept = Record<string, string>;

function readKept(storage: KeyValueStorage): Kept {
  const text = storage.getItem(RECENT_BYTES_KEY);
  if (text === null) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/**
 * Keeps `bytes` for `path` as the newest entry (dropping the oldest beyond MAX_KEPT_FILES), or
 * forgets `path` when the file is too big. Returns whether the bytes were kept; a storage that
 * refuses the write (quota) keeps nothing new and is not an error for the caller.
 */
export function keepRecentBytes(storage: KeyValueStorage, path: string, bytes: Uint8Array): boolean {
  const kept = readKept(storage);
  delete kept[path];
  const fits = bytes.length <= MAX_KEPT_FILE_BYTES;
  // Insertion order is age order: newest last.
  const entries = Object.entries(kept);
  if (fits) entries.push([path, encodeBase64(bytes)]);
  const next = Object.fromEntries(entries.slice(-MAX_KEPT_FILES));
  try {
    storage.setItem(RECENT_BYTES_KEY, JSON.stringify(next));
  } catch {
    return false;
  }
  return fits;
}

/** The kept bytes of `path`, or null when they were not kept. */
export function recentBytes(storage: KeyValueStorage, path: string): Uint8Array | null {
  const text = readKept(storage)[path];
  if (text === undefined) return null;
  const bytes = decodeBase64(text);
  return typeof bytes === 'string' ? null : bytes;
}
