/**
 * The page's key-value storage for the app's own data (user presets, the recovery copy):
 * localStorage, which Electron keeps in the app's userData folder. Where a page has none (storage
 * disabled), a memory stand-in keeps the app working for the session and says so once.
 */
export type AppStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'key' | 'length'>;

export function appStorage(onUnavailable: (reason: string) => void): AppStorage {
  try {
    const storage = window.localStorage;
    // Reading can throw where storage is blocked; probe once.
    storage.getItem('softbody-studio.probe');
    return storage;
  } catch (error) {
    onUnavailable(String(error));
    const data = new Map<string, string>();
    return {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
      key: (index) => [...data.keys()][index] ?? null,
      get length() {
        return data.size;
      },
    };
  }
}
