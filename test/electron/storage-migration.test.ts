import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../electron/main/log.ts';
import {
  entriesToCopy,
  type HiddenWindow,
  hiddenWindowStorage,
  MIGRATION_MARKER_FILE,
  MIGRATION_TIMEOUT_MS,
  migrateFileStorage,
  moveFileStorageOnce,
  type OriginStorage,
  type StorageEntries,
} from '../../electron/main/storage-migration.ts';

const LEGACY = 'file:///tmp/storage.html';
const APP = 'app://softbody/storage-migration';

/** localStorage of one origin, as a page sees it. */
class PageStorage {
  constructor(readonly data = new Map<string, string>()) {}
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

/**
 * Hidden windows over two origins: a page under file:// sees `legacy`, any other page `app`.
 * Scripts run for real against the page's storage (the code main sends is what is tested).
 */
function fakeWindows(legacy: PageStorage, app: PageStorage) {
  const opened: { url?: string; destroyed: boolean }[] = [];
  const open = (): HiddenWindow => {
    const record: { url?: string; destroyed: boolean } = { destroyed: false };
    opened.push(record);
    return {
      loadURL: async (url) => {
        record.url = url;
      },
      webContents: {
        executeJavaScript: async (code) => {
          const storage = record.url?.startsWith('file:') ? legacy : app;
          return new Function('localStorage', `return ${code}`)(storage);
        },
      },
      destroy: () => {
        record.destroyed = true;
      },
    };
  };
  return { open, opened };
}

const quietLog = (): Logger => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });

describe('moving web storage from file:// to app://', () => {
  it("copies the app's keys the new origin lacks, never another's and never over a newer value", () => {
    const old = {
      'softbody-studio.user-presets': 'old presets',
      'softbody-studio.recovery-copy': 'recovery',
      'someone-else': 'x',
    };
    const current = { 'softbody-studio.user-presets': 'presets saved since' };
    expect(entriesToCopy(old, current)).toEqual({ 'softbody-studio.recovery-copy': 'recovery' });
  });

  it('runs once: the marker stops a second run before any page opens', async () => {
    const storage: OriginStorage = {
      read: vi.fn(
        async (url: string): Promise<StorageEntries> =>
          url === LEGACY ? { 'softbody-studio.user-presets': 'p' } : {},
      ),
      writeMissing: vi.fn(async () => 1),
    };
    let marked: { copiedKeys: string[] } | undefined;
    const marker = {
      exists: async () => marked !== undefined,
      write: async (s: { copiedKeys: string[] }) => void (marked = s),
    };
    const deps = { legacyUrl: LEGACY, appUrl: APP, storage, marker, log: quietLog() };
    expect(await migrateFileStorage(deps)).toEqual({
      kind: 'moved',
      copiedKeys: ['softbody-studio.user-presets'],
    });
    expect(storage.writeMissing).toHaveBeenCalledWith(APP, { 'softbody-studio.user-presets': 'p' });
    expect(marked).toEqual({ copiedKeys: ['softbody-studio.user-presets'] });
    vi.mocked(storage.read).mockClear();
    expect(await migrateFileStorage(deps)).toEqual({ kind: 'already-done' });
    expect(storage.read).not.toHaveBeenCalled();
  });

  it('a failed run leaves no marker and says so; the next start tries again', async () => {
    const log = quietLog();
    const read = vi.fn(async (): Promise<StorageEntries> => {
      throw new Error('page did not load');
    });
    let marked = false;
    const marker = { exists: async () => marked, write: async () => void (marked = true) };
    const deps = { legacyUrl: LEGACY, appUrl: APP, storage: { read, writeMissing: vi.fn() }, marker, log };
    expect(await migrateFileStorage(deps)).toEqual({ kind: 'failed', reason: 'page did not load' });
    expect(marked).toBe(false);
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('will try again next start'));
    read.mockResolvedValueOnce({});
    expect(await migrateFileStorage(deps)).toEqual({ kind: 'moved', copiedKeys: [] });
    expect(marked).toBe(true);
  });

  it('through hidden windows: reads the old origin, writes only missing keys, closes every window', async () => {
    const legacy = new PageStorage(
      new Map([
        ['softbody-studio.user-presets', '{"presets":[1]}'],
        ['softbody-studio.recovery-copy', 'line 1\nline "2" \u2028'],
        ['unrelated', 'u'],
      ]),
    );
    const app = new PageStorage(new Map([['softbody-studio.user-presets', '{"presets":[2]}']]));
    const { open, opened } = fakeWindows(legacy, app);
    const storage = hiddenWindowStorage(open);
    expect(await storage.read(LEGACY)).toEqual({
      'softbody-studio.user-presets': '{"presets":[1]}',
      'softbody-studio.recovery-copy': 'line 1\nline "2" \u2028',
    });
    expect(
      await storage.writeMissing(APP, {
        'softbody-studio.recovery-copy': 'line 1\nline "2" \u2028',
        'softbody-studio.user-presets': 'stale',
      }),
    ).toBe(1);
    expect(app.getItem('softbody-studio.recovery-copy')).toBe('line 1\nline "2" \u2028');
    expect(app.getItem('softbody-studio.user-presets')).toBe('{"presets":[2]}');
    expect(opened.map((w) => [w.url, w.destroyed])).toEqual([
      [LEGACY, true],
      [APP, true],
    ]);
  });

  it('a page that never loads is given up on, and its window closed', async () => {
    vi.useFakeTimers();
    try {
      const destroy = vi.fn();
      const storage = hiddenWindowStorage(() => ({
        loadURL: () => new Promise(() => undefined),
        webContents: { executeJavaScript: vi.fn() },
        destroy,
      }));
      const read = storage.read(LEGACY);
      const settled = expect(read).rejects.toThrow(`no answer in ${MIGRATION_TIMEOUT_MS} ms`);
      await vi.advanceTimersByTimeAsync(MIGRATION_TIMEOUT_MS);
      await settled;
      expect(destroy).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  describe('at start-up', () => {
    let userData: string;
    beforeEach(async () => {
      userData = await mkdtemp(join(tmpdir(), 'sb-storage-'));
    });
    afterEach(async () => {
      await rm(userData, { recursive: true, force: true });
    });

    it('moves once through a blank page of its own under file://, then records it and opens nothing again', async () => {
      const legacy = new PageStorage(new Map([['softbody-studio.recent-file-bytes', 'bytes']]));
      const app = new PageStorage();
      const { open, opened } = fakeWindows(legacy, app);
      const options = { userData, appUrl: APP, openHiddenWindow: open, log: quietLog() };

      expect(await moveFileStorageOnce(options)).toEqual({
        kind: 'moved',
        copiedKeys: ['softbody-studio.recent-file-bytes'],
      });
      expect(app.getItem('softbody-studio.recent-file-bytes')).toBe('bytes');
      const legacyUrl = opened[0].url as string;
      expect(legacyUrl).toMatch(/^file:\/\/.*storage\.html$/);
      // The blank page was a temporary file, gone once the move is over.
      await expect(stat(fileURLToPath(legacyUrl))).rejects.toThrow();
      const marker = JSON.parse(await readFile(join(userData, MIGRATION_MARKER_FILE), 'utf8'));
      expect(marker).toMatchObject({ formatVersion: 1, copiedKeys: ['softbody-studio.recent-file-bytes'] });

      // Later starts: no window at all, and a value changed since stays as it is.
      app.setItem('softbody-studio.recent-file-bytes', 'newer');
      expect(await moveFileStorageOnce(options)).toEqual({ kind: 'already-done' });
      expect(opened).toHaveLength(3);
      expect(app.getItem('softbody-studio.recent-file-bytes')).toBe('newer');
    });

    it('a new install (nothing under file://) opens only the one page and records it', async () => {
      const { open, opened } = fakeWindows(new PageStorage(), new PageStorage());
      const options = { userData, appUrl: APP, openHiddenWindow: open, log: quietLog() };
      expect(await moveFileStorageOnce(options)).toEqual({ kind: 'moved', copiedKeys: [] });
      expect(opened).toHaveLength(1);
      expect(await moveFileStorageOnce(options)).toEqual({ kind: 'already-done' });
      expect(opened).toHaveLength(1);
    });
  });
});
