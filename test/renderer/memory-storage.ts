/**
 * A Web Storage stand-in kept in a Map, for the state that the renderer keeps in localStorage
 * (user presets, the recovery copy). `data` lets a test read or corrupt what was stored.
 */
export function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
    key: (index: number) => [...data.keys()][index] ?? null,
    get length() {
      return data.size;
    },
  };
}
