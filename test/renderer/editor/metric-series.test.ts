import { describe, expect, test } from 'vitest';
import type { BodyMetrics, GroupMetrics } from '../../../core/sim/world.ts';
import { MetricSeries } from '../../../renderer/src/editor/metric-series.ts';

const group = (name: string, elasticEnergyJ: number, maxStrain: number): GroupMetrics => ({
  name,
  elasticEnergyJ,
  maxStrain,
  meanStrain: maxStrain / 2,
});

const body = (name: string, kineticEnergyJ: number, maxStrain: number, groups?: GroupMetrics[]) =>
  ({
    name,
    kineticEnergyJ,
    maxStrain,
    volumeRatio: 1 - maxStrain,
    groups: groups ?? [group('all', 10 * kineticEnergyJ, maxStrain)],
  }) as BodyMetrics;

describe('MetricSeries', () => {
  test('collects kinetic and elastic energy, strain and volume ratio per body against time', () => {
    const series = new MetricSeries(10);
    series.push(0.1, [body('a', 1, 0.1), body('b', 2, 0.2)]);
    series.push(0.2, [body('a', 3, 0.3), body('b', 4, 0.4)]);
    const { timeS, charts } = series.get();
    expect(timeS).toEqual([0.1, 0.2]);
    expect(charts.kineticJ).toEqual({
      labels: ['a', 'b'],
      values: [
        [1, 3],
        [2, 4],
      ],
    });
    expect(charts.elasticJ).toEqual({
      labels: ['a', 'b'],
      values: [
        [10, 30],
        [20, 40],
      ],
    });
    expect(charts.maxStrain).toEqual({
      labels: ['a', 'b'],
      values: [
        [0.1, 0.3],
        [0.2, 0.4],
      ],
    });
    expect(charts.volumeRatio.values[0]).toEqual([0.9, 0.7]);
  });

  test('a body with material groups gets one line per group in the energy and strain charts', () => {
    const series = new MetricSeries(10);
    const grouped = () => body('bar', 1, 0.2, [group('ungrouped', 5, 0.2), group('top', 2, 0.05)]);
    series.push(0.1, [grouped(), body('cloth', 1, 0.1)]);
    const { charts } = series.get();
    expect(charts.elasticJ.labels).toEqual(['bar / ungrouped', 'bar / top', 'cloth']);
    expect(charts.elasticJ.values).toEqual([[5], [2], [10]]);
    expect(charts.maxStrain.values).toEqual([[0.2], [0.05], [0.1]]);
    expect(charts.kineticJ.labels).toEqual(['bar', 'cloth']);
    expect(charts.volumeRatio.labels).toEqual(['bar', 'cloth']);
  });

  test('cloth and ropes have no volume: the volume chart has lines for the solids only', () => {
    const series = new MetricSeries(10);
    series.push(0.1, [body('block', 1, 0.1), body('cloth', 2, 0.2)], [true, false]);
    series.push(0.2, [body('block', 1, 0.3), body('cloth', 2, 0.4)], [true, false]);
    const { charts } = series.get();
    expect(charts.volumeRatio).toEqual({ labels: ['block'], values: [[0.9, 0.7]] });
    expect(charts.kineticJ.labels).toEqual(['block', 'cloth']);
    // The same names as other kinds are another layout: the series start afresh.
    series.push(0.3, [body('block', 1, 0.1), body('cloth', 2, 0.2)], [true, true]);
    expect(series.get().charts.volumeRatio.labels).toEqual(['block', 'cloth']);
    expect(series.get().timeS).toEqual([0.3]);
  });

  test('a restart (time going back), other bodies or other groups start afresh', () => {
    const series = new MetricSeries(10);
    series.push(1, [body('a', 1, 0)]);
    series.push(0.5, [body('a', 2, 0)]);
    expect(series.get().timeS).toEqual([0.5]);
    series.push(0.6, [body('z', 2, 0)]);
    expect(series.get().charts.kineticJ.labels).toEqual(['z']);
    expect(series.get().timeS).toEqual([0.6]);
    series.push(0.7, [body('z', 2, 0, [group('ungrouped', 1, 0), group('g', 1, 0)])]);
    expect(series.get().timeS).toEqual([0.7]);
    expect(series.get().charts.elasticJ.labels).toEqual(['z / ungrouped', 'z / g']);
  });

  test('keeps roughly the window: samples older than it are dropped in batches', () => {
    const series = new MetricSeries(1);
    for (let frame = 1; frame <= 600; frame++) series.push(frame / 60, [body('a', frame, 0)]);
    const { timeS, charts } = series.get();
    expect(timeS.at(-1)).toBe(10);
    // One window (60 samples) plus at most one batch of 33 not yet trimmed.
    expect(timeS.length).toBeGreaterThanOrEqual(60);
    expect(timeS.length).toBeLessThanOrEqual(60 + 33);
    for (const values of Object.values(charts).flatMap((chart) => chart.values))
      expect(values.length).toBe(timeS.length);
  });
});
