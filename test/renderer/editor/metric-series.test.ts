import { describe, expect, test } from 'vitest';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import { MetricSeries } from '../../../renderer/src/editor/metric-series.ts';

const body = (name: string, kineticEnergyJ: number, maxStrain: number) =>
  ({ name, kineticEnergyJ, maxStrain }) as BodyMetrics;

describe('MetricSeries', () => {
  test('collects per-body kinetic energy and strain against time', () => {
    const series = new MetricSeries(10);
    series.push(0.1, [body('a', 1, 0.1), body('b', 2, 0.2)]);
    series.push(0.2, [body('a', 3, 0.3), body('b', 4, 0.4)]);
    expect(series.get()).toEqual({
      timeS: [0.1, 0.2],
      kineticJ: [
        [1, 3],
        [2, 4],
      ],
      maxStrain: [
        [0.1, 0.3],
        [0.2, 0.4],
      ],
      names: ['a', 'b'],
    });
  });

  test('a restart (time going back) or other bodies start afresh', () => {
    const series = new MetricSeries(10);
    series.push(1, [body('a', 1, 0)]);
    series.push(0.5, [body('a', 2, 0)]);
    expect(series.get().timeS).toEqual([0.5]);
    series.push(0.6, [body('z', 2, 0)]);
    expect(series.get().names).toEqual(['z']);
    expect(series.get().timeS).toEqual([0.6]);
  });

  test('keeps roughly the window: samples older than it are dropped in batches', () => {
    const series = new MetricSeries(1);
    for (let frame = 1; frame <= 600; frame++) series.push(frame / 60, [body('a', frame, 0)]);
    const { timeS } = series.get();
    expect(timeS.at(-1)).toBe(10);
    // One window (60 samples) plus at most one batch of 33 not yet trimmed.
    expect(timeS.length).toBeGreaterThanOrEqual(60);
    expect(timeS.length).toBeLessThanOrEqual(60 + 33);
  });
});
