import type { Store } from '../state/store.ts';

/**
 * Like store.ts's `watch`, for several slices at once: `listener` runs now and whenever any
 * selected value changes by identity (a tuple of selections would be new on every change).
 */
export function watchMany<T>(
  store: Store<T>,
  selectors: readonly ((state: T) => unknown)[],
  listener: () => void,
): () => void {
  let current = selectors.map((select) => select(store.get()));
  listener();
  return store.subscribe((state) => {
    const next = selectors.map((select) => select(state));
    if (next.every((value, i) => Object.is(value, current[i]))) return;
    current = next;
    listener();
  });
}
