/**
 * "The next world moves": resolves waiters at the first simulated frame of the next world the
 * simulation worker loads. The progressive body (make-soft-body.ts) starts its background
 * refinement then, not while the worker builds the preview body's world and steps its first
 * frame: on a machine of two or four cores the tetrahedralizer would take the core those need.
 */
import type { SimEvent } from './protocol.ts';

/**
 * Longest wait, ms: a world that never steps (a load the worker refused before its 'loaded', a
 * page that stops playing in another way) lets the waiter go after this.
 */
export const WORLD_STEPPED_TIMEOUT_MS = 5000;

/** Replaceable in tests: runs `callback` after `delayMs`; returns its cancel. */
export type Later = (callback: () => void, delayMs: number) => () => void;

const later: Later = (callback, delayMs) => {
  const handle = setTimeout(callback, delayMs);
  return () => clearTimeout(handle);
};

interface Waiter {
  /** A world loaded since the waiter came. */
  loaded: boolean;
  done(): void;
}

export class WorldStepped {
  private waiters: Waiter[] = [];

  constructor(
    private readonly timeoutMs = WORLD_STEPPED_TIMEOUT_MS,
    private readonly schedule: Later = later,
  ) {}

  /**
   * Resolves once a world loaded after this call has stepped a frame (frame ≥ 1), or will not:
   * the worker reported an error, paused after loading it, or WORLD_STEPPED_TIMEOUT_MS passed.
   */
  next(): Promise<void> {
    return new Promise((resolve) => {
      let cancel = () => {};
      const waiter: Waiter = {
        loaded: false,
        done: () => {
          cancel();
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve();
        },
      };
      this.waiters.push(waiter);
      cancel = this.schedule(waiter.done, this.timeoutMs);
    });
  }

  /** Every event of the worker, in order. */
  receive(event: SimEvent): void {
    for (const waiter of [...this.waiters]) {
      if (event.type === 'loaded') waiter.loaded = true;
      else if (event.type === 'error') waiter.done();
      else if (!waiter.loaded) continue;
      else if (event.type === 'frame' && event.frame >= 1) waiter.done();
      else if (event.type === 'play-state' && !event.playing) waiter.done();
    }
  }
}
