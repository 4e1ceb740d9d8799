import { describe, expect, test } from 'vitest';
import type { SimEvent } from '../../renderer/src/sim/protocol.ts';
import { type Later, WorldStepped } from '../../renderer/src/sim/world-stepped.ts';

const loaded = { type: 'loaded' } as SimEvent;
const frame = (n: number) => ({ type: 'frame', frame: n }) as SimEvent;
const playing = (on: boolean): SimEvent => ({ type: 'play-state', playing: on });

/** Timers the test fires by hand. */
function manualTimers() {
  const timers: { callback: () => void; delayMs: number; cancelled: boolean }[] = [];
  const later: Later = (callback, delayMs) => {
    const timer = { callback, delayMs, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  return { timers, later };
}

/** Whether `promise` settled by now. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('WorldStepped', () => {
  test('resolves at the first stepped frame of a world loaded after the call, not before', async () => {
    const { later } = manualTimers();
    const stepped = new WorldStepped(5000, later);
    const next = stepped.next();
    // Frames of the world already running say nothing about the next one.
    stepped.receive(frame(40));
    stepped.receive(playing(false));
    expect(await settled(next)).toBe(false);
    stepped.receive(loaded);
    stepped.receive(playing(true));
    // Frame 0 is a pose, not a step.
    stepped.receive(frame(0));
    expect(await settled(next)).toBe(false);
    stepped.receive(frame(1));
    expect(await settled(next)).toBe(true);
  });

  test('lets go when the world will not step: an error, a pause after loading, or the time limit', async () => {
    const { timers, later } = manualTimers();
    const stepped = new WorldStepped(5000, later);
    const failed = stepped.next();
    stepped.receive({ type: 'error', message: 'Could not build the scene' });
    expect(await settled(failed)).toBe(true);

    const paused = stepped.next();
    stepped.receive(loaded);
    stepped.receive(playing(false));
    expect(await settled(paused)).toBe(true);

    const silent = stepped.next();
    expect(await settled(silent)).toBe(false);
    const timer = timers.at(-1);
    expect(timer?.delayMs).toBe(5000);
    timer?.callback();
    expect(await settled(silent)).toBe(true);
    // A waiter that resolved cancels its timer.
    expect(timers.slice(0, 2).map((t) => t.cancelled)).toEqual([true, true]);
  });
});
