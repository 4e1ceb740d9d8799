/**
 * Yields of a long computation to its thread's event loop, so that an abort from the UI (a
 * message to the worker, a signal to the CLI) can land while it runs.
 *
 * A yield through setTimeout(0) sleeps: Node waits at least 1 ms for it, and browsers 4 ms once
 * timers nest. Yielding that way at every stage boundary and every refinement round left a
 * tetrahedralization of 11k tets asleep for 23 of its 100 ms. So a yield is taken only once
 * EVENT_SLICE_MS of work has passed since the last one, and through a task that does not sleep
 * (setImmediate in Node, a MessageChannel message in a browser or worker).
 */

/**
 * Most work, ms, between two yields at the poll points (an abort waits about this long, plus the
 * longest stretch between two poll points).
 */
export const EVENT_SLICE_MS = 20;

/** When this thread last yielded, ms (nowMs). One per thread: the event loop is. */
let lastYieldMs = Number.NEGATIVE_INFINITY;

/** A monotonic clock where the host has one (a wall clock set back must not stop the yields), ms. */
function nowMs(): number {
  const clock = (globalThis as { performance?: { now(): number } }).performance;
  return clock ? clock.now() : Date.now();
}

interface Timers {
  setImmediate?: (callback: () => void) => unknown;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  MessageChannel?: new () => ChannelLike;
}

interface ChannelLike {
  port1: { onmessage: ((event: unknown) => void) | null };
  port2: { postMessage(message: unknown): void };
}

/** A MessageChannel's waiters, resolved in order by its messages (created at its first use). */
let channel: ChannelLike | undefined;
const channelWaiters: (() => void)[] = [];

/** Resolves on a later task of this thread's event loop, without a timer's delay where the host allows. */
export function nextTask(): Promise<void> {
  const host = globalThis as unknown as Timers;
  if (host.setImmediate) return new Promise((resolve) => host.setImmediate!(resolve));
  if (host.MessageChannel) {
    if (!channel) {
      channel = new host.MessageChannel();
      channel.port1.onmessage = () => channelWaiters.shift()?.();
    }
    const port = channel.port2;
    return new Promise((resolve) => {
      channelWaiters.push(resolve);
      port.postMessage(null);
    });
  }
  if (host.setTimeout) return new Promise((resolve) => host.setTimeout!(resolve, 0));
  // A host without tasks: nothing else could run anyway.
  return Promise.resolve();
}

/** Yields (nextTask) when EVENT_SLICE_MS has passed since this thread last did; else returns at once. */
export async function yieldWhenDue(): Promise<void> {
  const sinceMs = nowMs() - lastYieldMs;
  // A clock that went back (sinceMs < 0) counts as due.
  if (sinceMs >= 0 && sinceMs < EVENT_SLICE_MS) return;
  await nextTask();
  lastYieldMs = nowMs();
}
