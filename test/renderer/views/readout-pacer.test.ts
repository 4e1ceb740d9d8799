import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  initialAppState,
  onlyRunningFiguresChanged,
  withSim,
} from '../../../renderer/src/state/app-state.ts';
import { READOUT_INTERVAL_MS, readoutPacer } from '../../../renderer/src/views/readout-pacer.ts';

describe('readoutPacer', () => {
  let nowMs = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    nowMs = 0;
  });
  afterEach(() => vi.useRealTimers());
  const advance = async (ms: number) => {
    nowMs += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  /** A pacer on the fake clock whose show counts itself: `shows()` so far. */
  const countingPacer = () => {
    let shows = 0;
    const pacer = readoutPacer(
      () => shows++,
      READOUT_INTERVAL_MS,
      () => nowMs,
    );
    return { pacer, shows: () => shows };
  };

  test('60 requests a second show ten times a second, the first at once and the last always', async () => {
    let value = 0;
    const shown: number[] = [];
    const pacer = readoutPacer(
      () => shown.push(value),
      READOUT_INTERVAL_MS,
      () => nowMs,
    );
    // One second of frames 1000/60 ms apart (rounded to whole ms for the fake clock).
    for (let frame = 1; frame <= 60; frame++) {
      value = frame;
      pacer.request();
      await advance(frame % 3 === 0 ? 16 : 17);
    }
    expect(shown[0]).toBe(1);
    expect(shown.length).toBeGreaterThanOrEqual(9);
    expect(shown.length).toBeLessThanOrEqual(11);
    // Then the frames stop: the newest figure is shown within one interval.
    await advance(READOUT_INTERVAL_MS);
    expect(shown.at(-1)).toBe(60);
  });

  test('now shows at once and drops the pending show', async () => {
    const { pacer, shows } = countingPacer();
    pacer.request();
    await advance(0);
    expect(shows()).toBe(1);
    pacer.request();
    pacer.now();
    expect(shows()).toBe(2);
    await advance(2 * READOUT_INTERVAL_MS);
    expect(shows()).toBe(2);
  });

  test('cancel drops the pending show', async () => {
    const { pacer, shows } = countingPacer();
    pacer.now();
    pacer.request();
    pacer.cancel();
    await advance(2 * READOUT_INTERVAL_MS);
    expect(shows()).toBe(1);
  });
});

describe('onlyRunningFiguresChanged', () => {
  const playing = withSim(initialAppState(), { status: 'ready', playing: true, particleCount: 10 });

  test('a playing frame changes only running figures', () => {
    const next = withSim(playing, { frame: 1, simTimeS: 1 / 60, simMsPerFrame: 3, kineticEnergyJ: 2 });
    expect(onlyRunningFiguresChanged(next, playing)).toBe(true);
    expect(onlyRunningFiguresChanged({ ...next, ui: { ...next.ui, fps: 20 } }, next)).toBe(true);
  });

  test('a pause, a paused step, a load or a notification is more than that', () => {
    const paused = withSim(playing, { playing: false });
    expect(onlyRunningFiguresChanged(paused, playing)).toBe(false);
    expect(onlyRunningFiguresChanged(withSim(paused, { frame: 1 }), paused)).toBe(false);
    expect(onlyRunningFiguresChanged(withSim(playing, { status: 'loading' }), playing)).toBe(false);
    expect(onlyRunningFiguresChanged(withSim(playing, { particleCount: 11 }), playing)).toBe(false);
    const notified = {
      ...playing,
      ui: { ...playing.ui, notifications: [{ id: 1, level: 'info' as const, text: 'x' }] },
    };
    expect(onlyRunningFiguresChanged(notified, playing)).toBe(false);
  });
});
