import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_SLICE_MS, nextTask, yieldWhenDue } from '../../../core/tetra/event-loop.ts';

/** Whether a task queued now (setImmediate) runs before `wait` settles: `wait` crossed a task boundary. */
async function crossesTask(wait: () => Promise<void>): Promise<boolean> {
  let ran = false;
  const handle = setImmediate(() => {
    ran = true;
  });
  await wait();
  clearImmediate(handle);
  return ran;
}

describe('event-loop yields', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('yields once a slice of work has passed since the last yield, and not before', async () => {
    let now = performance.now() + 1e6;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    expect(await crossesTask(yieldWhenDue)).toBe(true);
    now += EVENT_SLICE_MS - 1;
    expect(await crossesTask(yieldWhenDue)).toBe(false);
    now += 1;
    expect(await crossesTask(yieldWhenDue)).toBe(true);
    // A clock that went back: due at once, not after the slice has passed again.
    now -= 1000;
    expect(await crossesTask(yieldWhenDue)).toBe(true);
    expect(await crossesTask(yieldWhenDue)).toBe(false);
  });

  it('takes a task without a timer: setImmediate, else a MessageChannel message, else setTimeout', async () => {
    expect(await crossesTask(nextTask)).toBe(true);
    const immediate = setImmediate;
    const timeout = vi.fn((callback: () => void) => immediate(callback));
    vi.stubGlobal('setTimeout', timeout);
    vi.stubGlobal('setImmediate', undefined);
    // A message task: microtasks alone never settle it before the port's message arrives.
    let settled = false;
    const viaChannel = nextTask().then(() => {
      settled = true;
    });
    for (let k = 0; k < 100; k++) await Promise.resolve();
    expect(settled).toBe(false);
    await viaChannel;
    expect(timeout).not.toHaveBeenCalled();
    vi.stubGlobal('MessageChannel', undefined);
    await nextTask();
    expect(timeout).toHaveBeenCalledTimes(1);
  });
});
