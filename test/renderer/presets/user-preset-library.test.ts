import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { UserPresetLibrary } from '../../../renderer/src/presets/user-preset-library.ts';
import { captureUserPreset, USER_PRESETS_KEY } from '../../../renderer/src/presets/user-presets.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    failWrites: false,
    getItem(key: string) {
      return data.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (this.failWrites) throw new Error('QuotaExceededError: the quota has been exceeded');
      data.set(key, value);
    },
  };
}

describe('the user preset library', () => {
  test('saves survive a new library on the same storage; removes too', () => {
    const storage = memoryStorage();
    const notes: string[] = [];
    const library = new UserPresetLibrary(storage, (level, text) => notes.push(`${level}: ${text}`));
    const block = captureUserPreset(scene, 0, 'block');
    expect(library.save(block)).toBe(true);
    expect(library.save(captureUserPreset(scene, 1, 'cloth'))).toBe(true);
    expect(new UserPresetLibrary(storage, () => {}).presets.map((p) => p.name)).toEqual(['block', 'cloth']);
    expect(library.remove('block')).toBe(true);
    expect(new UserPresetLibrary(storage, () => {}).find('block')).toBeUndefined();
    expect(notes).toEqual([]);
  });

  test('a write the storage refuses leaves the list as it was and says so', () => {
    const storage = memoryStorage();
    const notes: string[] = [];
    const library = new UserPresetLibrary(storage, (level, text) => notes.push(`${level}: ${text}`));
    library.save(captureUserPreset(scene, 0, 'block'));
    storage.failWrites = true;
    expect(library.save(captureUserPreset(scene, 1, 'cloth'))).toBe(false);
    expect(library.presets.map((p) => p.name)).toEqual(['block']);
    expect(notes).toEqual([
      'error: Your presets could not be stored: QuotaExceededError: the quota has been exceeded',
    ]);
  });

  test('unreadable stored entries are reported once at load, with their pointers one click away', () => {
    const storage = memoryStorage();
    const good = captureUserPreset(scene, 0, 'good');
    storage.data.set(USER_PRESETS_KEY, JSON.stringify({ formatVersion: 1, presets: [good, { name: 'x' }] }));
    const notes: string[] = [];
    const details: string[] = [];
    const library = new UserPresetLibrary(storage, (level, text, detail) => {
      notes.push(`${level}: ${text}`);
      details.push(detail ?? '');
    });
    expect(library.presets).toEqual([good]);
    expect(notes).toEqual([
      'warning: Some of your saved presets could not be read and were left out (4 problems).',
    ]);
    expect(details[0].split('\n')[0]).toBe('softbody-studio.user-presets: /presets/1/material: is required');
  });
});
