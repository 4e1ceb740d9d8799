import uPlot from 'uplot';
import { describe, expect, test } from 'vitest';
import { MIN_RELATIVE_SPAN, widenFlat } from '../../../renderer/src/panels/plot-range.ts';

/** The y range uPlot draws for data [min, max] (its default ranger: 10% padding, soft 0). */
const drawn = (min: number, max: number) => uPlot.rangeNum(min, max, 0.1, true) as [number, number];

describe('plot y ranges', () => {
  test('uPlot alone collapses a line flat up to float noise to [v, v] (its tick loop then never ends)', () => {
    const [low, high] = drawn(1 - 1e-8, 1 + 1e-8);
    expect(low).toBe(high);
  });

  test('widened, every such line gets a range of positive span, around its values', () => {
    for (const value of [1, 0.73, 123.4, 1e-5, -2.5, 1e6]) {
      for (const noise of [0, 1e-12, 1e-8, 1e-7, 1e-6]) {
        const [min, max] = widenFlat(value - noise * Math.abs(value), value + noise * Math.abs(value));
        const [low, high] = drawn(min, max);
        expect(high - low, `${value} ± ${noise}`).toBeGreaterThan(0);
        expect(low).toBeLessThanOrEqual(value);
        expect(high).toBeGreaterThanOrEqual(value);
      }
    }
  });

  test('a line that spans enough, or is all zero, is left as it is', () => {
    expect(widenFlat(0.5, 1)).toEqual([0.5, 1]);
    expect(widenFlat(1, 1 + 2 * MIN_RELATIVE_SPAN)).toEqual([1, 1 + 2 * MIN_RELATIVE_SPAN]);
    expect(widenFlat(0, 0)).toEqual([0, 0]);
  });
});
