import { afterEach, describe, expect, test, vi } from 'vitest';
import { RenderLoop } from '../../renderer/src/viewport/render-loop.ts';

/** Animation frames on a fake clock: `advance` runs one tick `stepMs` later. */
function fakeFrames() {
  let queued: ((nowMs: number) => void) | null = null;
  let nowMs = 0;
  vi.stubGlobal('requestAnimationFrame', (callback: (nowMs: number) => void) => {
    queued = callback;
    return 1;
  });
  vi.stubGlobal('cancelAnimationFrame', () => {
    queued = null;
  });
  return {
    advance(stepMs: number) {
      nowMs += stepMs;
      const callback = queued;
      queued = null;
      callback?.(nowMs);
    },
  };
}

/**
 * The times (ms) of the draws over `ticks` ticks `stepMs` apart; `changed(tick)` says whether the
 * tick numbered `tick` (from 1) has something new to draw.
 */
function drawsOver(
  ticks: number,
  stepMs: number,
  minDrawIntervalMs: number,
  changed: (tick: number) => boolean = () => true,
) {
  const frames = fakeFrames();
  const drawnAt: number[] = [];
  let now = 0;
  let tick = 0;
  let pending = false;
  const loop = new RenderLoop(
    {
      // What changed since the last draw stays to be drawn until a draw takes it.
      beforeDraw: () => pending,
      draw: () => {
        drawnAt.push(now);
        pending = false;
      },
      onFps: () => {},
    },
    minDrawIntervalMs,
  );
  loop.start();
  for (let i = 0; i < ticks; i++) {
    now += stepMs;
    tick += 1;
    pending ||= changed(tick);
    frames.advance(stepMs);
  }
  loop.stop();
  return drawnAt;
}

describe('RenderLoop', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('without a cap it draws on every tick that has something new', () => {
    expect(drawsOver(60, 1000 / 60, 0)).toHaveLength(60);
    expect(drawsOver(60, 1000 / 60, 0, (tick) => tick % 2 === 0)).toHaveLength(30);
  });

  test('a cap of 24 draws a second on a 60 Hz display draws 24 a second, every 2 or 3 ticks', () => {
    const drawnAt = drawsOver(600, 1000 / 60, 1000 / 24); // 10 s
    expect(drawnAt.length).toBeGreaterThanOrEqual(239);
    expect(drawnAt.length).toBeLessThanOrEqual(241);
    const gaps = new Set(drawnAt.slice(1).map((t, i) => Math.round((t - drawnAt[i]) * 0.06)));
    expect([...gaps].sort()).toEqual([2, 3]);
  });

  test('on a 144 Hz display the cap still holds, and a slow display draws on every tick', () => {
    expect(drawsOver(1440, 1000 / 144, 1000 / 24).length).toBeLessThanOrEqual(241);
    expect(drawsOver(200, 1000 / 20, 1000 / 24)).toHaveLength(200);
  });

  test('a change after a still spell is drawn at once', () => {
    // Something new on ticks 1, 2 and 11: tick 2's change waits out the 41.7 ms after tick 1's draw
    // (drawn on tick 4, 50 ms later), tick 11's comes after a still spell and is drawn at once.
    const drawnAt = drawsOver(20, 1000 / 60, 1000 / 24, (tick) => [1, 2, 11].includes(tick));
    expect(drawnAt.map((t) => Math.round(t * 0.06))).toEqual([1, 4, 11]);
  });
});
