/**
 * The browser host's persisted settings: preferences and the recent-files list, kept in
 * a Storage (localStorage in the app, a Map-backed fake in tests). Anything unreadable in
 * storage falls back to defaults rather than failing.
 */
import type { Preferences, RecentFile } from '../../../contract/host-api.ts';

const PREFERENCES_KEY = 'softbody-studio.preferences';
const RECENT_FILES_KEY = 'softbody-studio.recent-files';
/** Entries kept in the recent-files list. */
export const MAX_RECENT_FILES = 10;

export const DEFAULT_PREFERENCES: Preferences = { theme: 'dark', showGrid: true };

/** The part of the Web Storage API used here. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function readPreferences(storage: KeyValueStorage): Preferences {
  const stored = readJson(storage, PREFERENCES_KEY);
  if (typeof stored !== 'object' || stored === null) return { ...DEFAULT_PREFERENCES };
  const record = stored as Record<string, unknown>;
  return {
    theme: record.theme === 'light' || record.theme === 'dark' ? record.theme : DEFAULT_PREFERENCES.theme,
    showGrid: typeof record.showGrid === 'boolean' ? record.showGrid : DEFAULT_PREFERENCES.showGrid,
  };
}

export function writePreferences(storage: KeyValueStorage, preferences: Preferences): void {
  const { theme, showGrid } = preferences;
  storage.setItem(PREFERENCES_KEY, JSON.stringify({ theme, showGrid }));
}

export function readRecentFiles(storage: KeyValueStorage): RecentFile[] {
  const stored = readJson(storage, RECENT_FILES_KEY);
  if (!Array.isArray(stored)) return [];
  return stored
    .filter(
      (entry): entry is RecentFile =>
        typeof entry === 'object' &&
        entry !== null &&
        typeof entry.name === 'string' &&
        typeof entry.path === 'string',
    )
    .map(({ name, path }) => ({ name, path }))
    .slice(0, MAX_RECENT_FILES);
}

/** Puts `file` first, dropping an older entry with the same path and the oldest beyond the limit. */
export function rememberRecentFile(storage: KeyValueStorage, file: RecentFile): RecentFile[] {
  const list = [file, ...readRecentFiles(storage).filter((entry) => entry.path !== file.path)].slice(
    0,
    MAX_RECENT_FILES,
  );
  storage.setItem(RECENT_FILES_KEY, JSON.stringify(list));
  return list;
}

function readJson(storage: KeyValueStorage, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
