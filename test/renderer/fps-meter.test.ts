import { describe, expect, test } from 'vitest';
import { FpsMeter } from '../../renderer/src/viewport/fps-meter.ts';

describe('FpsMeter', () => {
  test('reports drawn frames per second once a window has passed', () => {
    const meter = new FpsMeter(500);
    const readings: number[] = [];
    for (let t = 0; t <= 1000; t += 1000 / 60) {
      const fps = meter.tick(t, true);
      if (fps !== null) readings.push(fps);
    }
    expect(readings.length).toBe(1);
    expect(readings[0]).toBeCloseTo(60, 0);
  });

  test('ticks without drawing count as time with no frames', () => {
    const meter = new FpsMeter(500);
    meter.tick(0, true);
    let last: number | null = null;
    for (let i = 1; i <= 30; i++) last = meter.tick(i * 20, i % 2 === 0) ?? last;
    // 25 ticks in the first 500 ms window, every other one drew: 12 frames / 0.5 s.
    expect(last).toBeCloseTo(24, 5);
  });

  test('a still viewport reads 0', () => {
    const meter = new FpsMeter(500);
    meter.tick(0, false);
    expect(meter.tick(600, false)).toBe(0);
  });
});
