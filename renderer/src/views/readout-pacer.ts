/**
 * Paces a readout that follows the simulation: the worker sends up to 60 frames a second, nobody
 * reads figures that fast, and every text change costs the page a style pass and a layout. With
 * the 16³ cube playing in headless Chromium, pacing the status bar took the page from about 47
 * layouts a second to 13 and its main thread from 10–11% of a core to 7%. A paced readout shows
 * the newest figures at most once per interval, the first change after a quiet interval at once
 * (on the next task) and the last change always, so what stays on screen is never stale.
 */

import type { Store } from '../state/store.ts';

/** Shortest time between two shows of a paced readout, ms: ten a second. */
export const READOUT_INTERVAL_MS = 100;

export interface ReadoutPacer {
  /** Shows the newest figures within the interval: at most one show per interval, the last change always shown. */
  request(): void;
  /** Shows them now (a change the user made, or a paused simulation's frame), dropping a pending show. */
  now(): void;
  /** Drops a pending show (the readout left the page). */
  cancel(): void;
}

/**
 * @param show draws the readout from the newest state
 * @param intervalMs shortest time between two shows, ms
 * @param clock the page's clock, ms (a parameter for tests)
 */
export function readoutPacer(
  show: () => void,
  intervalMs = READOUT_INTERVAL_MS,
  clock: () => number = () => performance.now(),
): ReadoutPacer {
  let pending: ReturnType<typeof setTimeout> | undefined;
  let shownAtMs = Number.NEGATIVE_INFINITY;
  const showNow = () => {
    pending = undefined;
    shownAtMs = clock();
    show();
  };
  const cancel = () => {
    clearTimeout(pending);
    pending = undefined;
  };
  return {
    request() {
      if (pending !== undefined) return;
      pending = setTimeout(showNow, Math.max(0, shownAtMs + intervalMs - clock()));
    },
    now() {
      cancel();
      showNow();
    },
    cancel,
  };
}

/**
 * A paced readout of `store` inside `element`: `show` runs paced after each change that
 * `concerns(next, previous)` says it shows, for as long as `element` is in the document. The
 * first change after it has left unsubscribes: a rebuilt panel drops its old sections without
 * telling them.
 */
export function pacedWhileAttached<T>(
  element: Element,
  store: Store<T>,
  concerns: (next: T, previous: T) => boolean,
  show: () => void,
): void {
  const pacer = readoutPacer(() => {
    if (element.isConnected) show();
  });
  const unsubscribe = store.subscribe((next, previous) => {
    if (!element.isConnected) {
      unsubscribe();
      pacer.cancel();
      return;
    }
    if (concerns(next, previous)) pacer.request();
  });
}
