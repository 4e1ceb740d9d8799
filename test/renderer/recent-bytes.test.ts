import { describe, expect, test } from 'vitest';
import {
  keepRecentBytes,
  MAX_KEPT_FILE_BYTES,
  MAX_KEPT_FILES,
  recentBytes,
} from '../../renderer/src/host/recent-bytes.ts';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe("the browser host's kept recent-file bytes", () => {
  test('small files come back byte for byte', () => {
    const storage = memoryStorage();
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 37) % 256);
    expect(keepRecentBytes(storage, 'browser:a.obj', bytes)).toBe(true);
    expect(recentBytes(storage, 'browser:a.obj')).toEqual(bytes);
    expect(recentBytes(storage, 'browser:b.obj')).toBeNull();
  });

  test('a file over the cap is not kept and forgets an older copy of the same path', () => {
    const storage = memoryStorage();
    keepRecentBytes(storage, 'browser:big.glb', new Uint8Array(10));
    expect(keepRecentBytes(storage, 'browser:big.glb', new Uint8Array(MAX_KEPT_FILE_BYTES + 1))).toBe(false);
    expect(recentBytes(storage, 'browser:big.glb')).toBeNull();
  });

  test('only the newest files are kept; keeping again makes a file newest', () => {
    const storage = memoryStorage();
    for (let i = 0; i < MAX_KEPT_FILES; i++) keepRecentBytes(storage, `browser:${i}`, new Uint8Array([i]));
    keepRecentBytes(storage, 'browser:0', new Uint8Array([0]));
    keepRecentBytes(storage, 'browser:new', new Uint8Array([9]));
    expect(recentBytes(storage, 'browser:1')).toBeNull();
    expect(recentBytes(storage, 'browser:0')).toEqual(new Uint8Array([0]));
    expect(recentBytes(storage, 'browser:new')).toEqual(new Uint8Array([9]));
  });

  test('a storage that refuses the write keeps nothing and does not throw', () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(keepRecentBytes(storage, 'browser:a', new Uint8Array(3))).toBe(false);
  });
});
