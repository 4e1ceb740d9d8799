import { describe, expect, test, vi } from 'vitest';
import { createStore, watch } from '../../renderer/src/state/store.ts';

describe('store', () => {
  test('update replaces the state and calls listeners with the new and previous state', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.update((s) => ({ count: s.count + 1 }));
    expect(store.get()).toEqual({ count: 1 });
    expect(listener).toHaveBeenCalledExactlyOnceWith({ count: 1 }, { count: 0 });
  });

  test('an update that returns the same object notifies nobody', () => {
    const store = createStore({ count: 0 });
    const listener = vi.fn();
    store.subscribe(listener);
    store.update((s) => s);
    expect(listener).not.toHaveBeenCalled();
  });

  test('unsubscribed listeners are not called again', () => {
    const store = createStore(0);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.update(() => 1);
    unsubscribe();
    store.update(() => 2);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('watch calls at once, then only when its slice changes', () => {
    const store = createStore({ a: 1, b: 'x' });
    const seen: number[] = [];
    watch(
      store,
      (s) => s.a,
      (a) => seen.push(a),
    );
    store.update((s) => ({ ...s, b: 'y' }));
    store.update((s) => ({ ...s, a: 2 }));
    expect(seen).toEqual([1, 2]);
  });
});
