import { describe, expect, test } from 'vitest';
import { isHostError, type MenuCommand } from '../../contract/host-api.ts';
import { createBrowserHost } from '../../renderer/src/host/browser-host.ts';
import type { KeyValueStorage } from '../../renderer/src/host/browser-storage.ts';
import { keepRecentBytes } from '../../renderer/src/host/recent-bytes.ts';

function hostWithFakes() {
  const data = new Map<string, string>();
  const storage: KeyValueStorage = {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
  };
  const keyTarget = new EventTarget();
  // The file dialogs need a real document; these tests touch only storage and keys.
  const host = createBrowserHost({ document: {} as Document, storage, keyTarget });
  return { host, keyTarget, storage };
}

function keydown(key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean } = {}): Event {
  return Object.assign(new Event('keydown', { cancelable: true }), {
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: false,
  });
}

describe('browser host', () => {
  test('is the browser kind and has no way to read beside a chosen file', () => {
    const { host } = hostWithFakes();
    expect(host.kind).toBe('browser');
    expect(host.openRelated).toBeUndefined();
  });

  test('menu shortcuts reach the listener and keep the browser from acting on them', () => {
    const { host, keyTarget } = hostWithFakes();
    const seen: MenuCommand[] = [];
    const unsubscribe = host.onMenuCommand((command) => seen.push(command));
    const save = keydown('s', { ctrl: true });
    keyTarget.dispatchEvent(save);
    const plain = keydown('s');
    keyTarget.dispatchEvent(plain);
    keyTarget.dispatchEvent(keydown('Z', { meta: true, shift: true }));
    unsubscribe();
    keyTarget.dispatchEvent(keydown('o', { ctrl: true }));
    expect(seen).toEqual(['save', 'redo']);
    expect(save.defaultPrevented).toBe(true);
    expect(plain.defaultPrevented).toBe(false);
  });

  test('preferences are stored and read back', async () => {
    const { host } = hostWithFakes();
    expect(await host.getPreferences()).toEqual({ theme: 'dark', showGrid: true });
    await host.setPreferences({ theme: 'light', showGrid: false });
    expect(await host.getPreferences()).toEqual({ theme: 'light', showGrid: false });
  });

  test('reopening a recent file whose bytes were not kept rejects with a HostError the renderer can show', async () => {
    const { host } = hostWithFakes();
    const error = await host.openRecent('browser:spot.obj').catch((e: unknown) => e);
    expect(isHostError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'RecentFileUnavailable',
      message:
        'The browser keeps only small recent files (up to 512 KiB, the last 4); choose spot.obj again with Open.',
    });
  });

  test('reopening a recent file whose bytes were kept gives those bytes back', async () => {
    const { host, storage } = hostWithFakes();
    keepRecentBytes(storage, 'browser:block.sbproj', new Uint8Array([123, 10, 125]));
    const file = await host.openRecent('browser:block.sbproj');
    expect(file.name).toBe('block.sbproj');
    expect(Array.from(file.bytes)).toEqual([123, 10, 125]);
  });
});
