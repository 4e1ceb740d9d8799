import { afterEach, describe, expect, test, vi } from 'vitest';
import { type DrawIntervals, RenderLoop } from '../../renderer/src/viewport/render-loop.ts';

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
 * tick numbered `tick` (from 1) has something new to draw, `cameraMoves(tick)` whether the camera
 * moves on it.
 */
function drawsOver(
  ticks: number,
  stepMs: number,
  intervals: DrawIntervals | number,
  changed: (tick: number) => boolean = () => true,
  cameraMoves: (tick: number) => boolean = () => false,
) {
  const frames = fakeFrames();
  const drawnAt: number[] = [];
  let now = 0;
  let tick = 0;
  let pending = false;
  const loop = new RenderLoop(
    {
      moveCamera: () => cameraMoves(tick),
      // What changed since the last draw stays to be drawn until a draw takes it.
      beforeDraw: (cameraMoved) => pending || cameraMoved,
      draw: () => {
        drawnAt.push(now);
        pending = false;
      },
      onFps: () => {},
    },
    typeof intervals === 'number' ? { contentMs: intervals, cameraMs: intervals } : intervals,
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

  test('content capped at 12 a second is drawn at 24 while the camera moves, and at 12 again after', () => {
    const light = { contentMs: 1000 / 12, cameraMs: 1000 / 24 };
    // A playing simulation (new content every tick) for 6 s; the camera moves in seconds 2 and 3.
    const moving = (tick: number) => tick > 120 && tick <= 240;
    const drawnAt = drawsOver(360, 1000 / 60, light, () => true, moving);
    const inSecond = (s: number) => drawnAt.filter((t) => t > 1000 * s && t <= 1000 * (s + 1)).length;
    expect([0, 1, 2, 3, 4, 5].map(inSecond)).toEqual([12, 12, 24, 24, 12, 12]);
    // A camera at rest with nothing new draws nothing.
    expect(drawsOver(60, 1000 / 60, light, () => false)).toEqual([]);
  });
});
