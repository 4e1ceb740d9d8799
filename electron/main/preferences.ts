/**
 * User preferences, persisted in `<userData>/preferences.json`. Keys missing from the file
 * (written by an older version) take their defaults; a bad value resets the whole set.
 */
import { join } from 'node:path';
import type { Preferences } from '../../contract/host-api.ts';
import { parsePreferences } from '../../contract/ipc-parsers.ts';
import { readJsonDocument, writeJsonDocument } from './json-file.ts';
import type { Logger } from './log.ts';

export const DEFAULT_PREFERENCES: Readonly<Preferences> = { theme: 'dark', showGrid: true };
const FORMAT_VERSION = 1;

export class PreferencesStore {
  private constructor(
    private readonly file: string,
    private current: Preferences,
  ) {}

  static async load(userDataDir: string, log: Logger): Promise<PreferencesStore> {
    const file = join(userDataDir, 'preferences.json');
    const document = await readJsonDocument(file, FORMAT_VERSION, log);
    let current: Preferences = { ...DEFAULT_PREFERENCES };
    if (document) {
      const stored = document.preferences;
      const known =
        typeof stored === 'object' && stored !== null
          ? Object.fromEntries(Object.entries(stored).filter(([key]) => key in DEFAULT_PREFERENCES))
          : {};
      try {
        current = parsePreferences({ ...DEFAULT_PREFERENCES, ...known }, file);
      } catch (error) {
        log.warn(
          `ignoring ${file}, using defaults: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return new PreferencesStore(file, current);
  }

  get(): Preferences {
    return { ...this.current };
  }

  /** Saves atomically; the in-memory value changes only once the file is written. */
  async set(preferences: Preferences): Promise<void> {
    await writeJsonDocument(this.file, FORMAT_VERSION, { preferences });
    this.current = { ...preferences };
  }
}
