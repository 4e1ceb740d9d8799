/**
 * A minimal observable store: one immutable state value, replaced by `update`, and
 * listeners called after each change. Views subscribe; they never hold state of their own.
 */
export type Listener<T> = (state: T, previous: T) => void;

export interface Store<T> {
  get(): T;
  /** Replaces the state with `updater(current)`; listeners run only when it changed (by identity). */
  update(updater: (state: T) => T): void;
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: Listener<T>): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<Listener<T>>();
  return {
    get: () => state,
    update(updater) {
      const previous = state;
      const next = updater(previous);
      if (Object.is(next, previous)) return;
      state = next;
      for (const listener of [...listeners]) listener(state, previous);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Subscribes to one slice of the state: `listener` runs with the selected value now and
 * whenever it changes (by identity), not on unrelated changes.
 */
export function watch<T, S>(
  store: Store<T>,
  select: (state: T) => S,
  listener: (slice: S) => void,
): () => void {
  let current = select(store.get());
  listener(current);
  return store.subscribe((state) => {
    const next = select(state);
    if (Object.is(next, current)) return;
    current = next;
    listener(next);
  });
}
