import { describe, expect, test } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  type KeyValueStorage,
  MAX_RECENT_FILES,
  readPreferences,
  readRecentFiles,
  rememberRecentFile,
  writePreferences,
} from '../../renderer/src/host/browser-storage.ts';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
}

describe('browser host storage', () => {
  test('preferences default when nothing or garbage is stored', () => {
    expect(readPreferences(memoryStorage())).toEqual(DEFAULT_PREFERENCES);
    expect(readPreferences(memoryStorage({ 'softbody-studio.preferences': '{not json' }))).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(
      readPreferences(memoryStorage({ 'softbody-studio.preferences': '{"theme":"neon","showGrid":"yes"}' })),
    ).toEqual(DEFAULT_PREFERENCES);
  });

  test('preferences round-trip, without stray fields', () => {
    const storage = memoryStorage();
    writePreferences(storage, { theme: 'light', showGrid: false, extra: 1 } as never);
    expect(readPreferences(storage)).toEqual({ theme: 'light', showGrid: false });
    expect(JSON.parse(storage.data.get('softbody-studio.preferences')!)).toEqual({
      theme: 'light',
      showGrid: false,
    });
  });

  test('a file opened again moves to the top instead of appearing twice', () => {
    const storage = memoryStorage();
    rememberRecentFile(storage, { name: 'a.obj', path: 'browser:a.obj' });
    rememberRecentFile(storage, { name: 'b.obj', path: 'browser:b.obj' });
    rememberRecentFile(storage, { name: 'a.obj', path: 'browser:a.obj' });
    expect(readRecentFiles(storage).map((f) => f.name)).toEqual(['a.obj', 'b.obj']);
  });

  test('the recent list keeps the newest entries up to its limit', () => {
    const storage = memoryStorage();
    for (let i = 0; i < MAX_RECENT_FILES + 3; i++)
      rememberRecentFile(storage, { name: `${i}.obj`, path: `p${i}` });
    const list = readRecentFiles(storage);
    expect(list).toHaveLength(MAX_RECENT_FILES);
    expect(list[0].name).toBe(`${MAX_RECENT_FILES + 2}.obj`);
  });

  test('malformed recent entries are dropped', () => {
    const storage = memoryStorage({
      'softbody-studio.recent-files': JSON.stringify([{ name: 'ok.obj', path: 'p' }, { name: 3 }, null, 'x']),
    });
    expect(readRecentFiles(storage)).toEqual([{ name: 'ok.obj', path: 'p' }]);
  });
});
