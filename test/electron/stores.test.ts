import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PathAllowList, resolveRelated } from '../../electron/main/file-access.ts';
import type { Logger } from '../../electron/main/log.ts';
import { DEFAULT_PREFERENCES, PreferencesStore } from '../../electron/main/preferences.ts';
import { MAX_RECENT_FILES, RecentFiles } from '../../electron/main/recent-files.ts';

let dir: string;
let log: Logger;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sb-stores-'));
  log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('recent files', () => {
  it('keeps the most recent first, without duplicates, at most 10', async () => {
    const recent = await RecentFiles.load(dir, log);
    for (let i = 0; i < 12; i++) await recent.add(`/models/m${i}.obj`);
    await recent.add('/models/m5.obj');
    const paths = recent.list().map((entry) => entry.path);
    expect(MAX_RECENT_FILES).toBe(10);
    expect(paths).toEqual([
      '/models/m5.obj',
      '/models/m11.obj',
      '/models/m10.obj',
      '/models/m9.obj',
      '/models/m8.obj',
      '/models/m7.obj',
      '/models/m6.obj',
      '/models/m4.obj',
      '/models/m3.obj',
      '/models/m2.obj',
    ]);
    expect(recent.list()[0]).toEqual({ name: 'm5.obj', path: '/models/m5.obj' });
  });

  it('persists to recent.json and reloads', async () => {
    const recent = await RecentFiles.load(dir, log);
    await recent.add('/a.obj');
    await recent.add('/b.gltf');
    expect(JSON.parse(await readFile(join(dir, 'recent.json'), 'utf8'))).toEqual({
      formatVersion: 1,
      paths: ['/b.gltf', '/a.obj'],
    });
    expect((await RecentFiles.load(dir, log)).list().map((e) => e.path)).toEqual(['/b.gltf', '/a.obj']);
  });

  it('removes and clears entries, telling listeners', async () => {
    const recent = await RecentFiles.load(dir, log);
    const changed = vi.fn();
    recent.onChange(changed);
    await recent.add('/a.obj');
    await recent.add('/b.obj');
    await recent.remove('/a.obj');
    expect(recent.list().map((e) => e.path)).toEqual(['/b.obj']);
    await recent.clear();
    expect(recent.list()).toEqual([]);
    expect(changed).toHaveBeenCalledTimes(4);
  });

  it('starts empty from a damaged file and logs why', async () => {
    await writeFile(join(dir, 'recent.json'), '{ not json');
    expect((await RecentFiles.load(dir, log)).list()).toEqual([]);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('ignoring'));
  });

  it('drops entries that are not absolute paths', async () => {
    await writeFile(
      join(dir, 'recent.json'),
      JSON.stringify({ formatVersion: 1, paths: ['/ok.obj', 'relative.obj', 7, null] }),
    );
    expect((await RecentFiles.load(dir, log)).list().map((e) => e.path)).toEqual(['/ok.obj']);
  });
});

describe('preferences', () => {
  it('defaults when no file exists, without a warning', async () => {
    expect((await PreferencesStore.load(dir, log)).get()).toEqual(DEFAULT_PREFERENCES);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('persists and reloads', async () => {
    const store = await PreferencesStore.load(dir, log);
    await store.set({ theme: 'light', showGrid: false });
    expect((await PreferencesStore.load(dir, log)).get()).toEqual({ theme: 'light', showGrid: false });
  });

  it('fills keys an older file lacks and ignores keys it does not know', async () => {
    await writeFile(
      join(dir, 'preferences.json'),
      JSON.stringify({ formatVersion: 1, preferences: { theme: 'light', retired: 1 } }),
    );
    expect((await PreferencesStore.load(dir, log)).get()).toEqual({ theme: 'light', showGrid: true });
  });

  it('falls back to the defaults when a stored value is invalid', async () => {
    await writeFile(
      join(dir, 'preferences.json'),
      JSON.stringify({ formatVersion: 1, preferences: { theme: 'neon', showGrid: false } }),
    );
    expect((await PreferencesStore.load(dir, log)).get()).toEqual(DEFAULT_PREFERENCES);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining("theme must be 'dark' or 'light'"));
  });

  it('ignores a file from another format version', async () => {
    await writeFile(
      join(dir, 'preferences.json'),
      JSON.stringify({ formatVersion: 9, preferences: { theme: 'light' } }),
    );
    expect((await PreferencesStore.load(dir, log)).get()).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps the old value when saving fails', async () => {
    const store = await PreferencesStore.load(join(dir, 'missing-folder'), log);
    await expect(store.set({ theme: 'light', showGrid: true })).rejects.toMatchObject({ code: 'ENOENT' });
    expect(store.get()).toEqual(DEFAULT_PREFERENCES);
  });
});

describe('path allow-list', () => {
  it('allows only what was added, after normalising', () => {
    const list = new PathAllowList();
    list.allow('/models/a.obj');
    expect(list.isAllowed('/models/a.obj')).toBe(true);
    expect(list.isAllowed('/models/other/../a.obj')).toBe(true);
    expect(list.isAllowed('/models/b.obj')).toBe(false);
    expect(list.isAllowed('a.obj')).toBe(false);
    expect(() => list.require('/models/b.obj')).toThrow(
      '/models/b.obj was not chosen in a file dialog and is not in the recent list',
    );
  });
});

describe('related resources', () => {
  it('resolves below the folder of the chosen file only', () => {
    expect(resolveRelated('/m/box.gltf', 'box.bin')).toBe('/m/box.bin');
    expect(resolveRelated('/m/box.gltf', 'tex/a%20b.png')).toBe('/m/tex/a b.png');
    expect(resolveRelated('/m/spider.mtl', '.\\SpiderTex.jpg')).toBe('/m/SpiderTex.jpg');
    expect(resolveRelated('/m/box.gltf', '100%.png')).toBe('/m/100%.png');
    expect(() => resolveRelated('/m/box.gltf', 'tex/../../etc/x.bin')).toThrow('leaves the folder');
    expect(() => resolveRelated('/m/box.gltf', '..')).toThrow();
    expect(() => resolveRelated('/m/box.gltf', '%2e%2e/x.bin')).toThrow('leaves the folder');
    expect(() => resolveRelated('/m/box.gltf', 'C:/x.bin')).toThrow('is not a path relative');
    expect(() => resolveRelated('/m/box.gltf', 'notes.txt')).toThrow('is not a mesh resource');
  });
});
