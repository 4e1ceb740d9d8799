import { describe, expect, test } from 'vitest';
import { formatLegendNumber, legendValue } from '../../../renderer/src/panels/legend-value.ts';

describe('plot legend values', () => {
  test('the latest sample while the cursor is off the plot, the one under it when on', () => {
    const samples = [1, 0.99871, 0.998];
    expect(legendValue(samples, null)).toBe('0.998');
    expect(legendValue(samples, 1)).toBe('0.9987');
  });

  test('no samples yet: empty, never "--"', () => {
    expect(legendValue([], null)).toBe('');
    expect(legendValue([null], 0)).toBe('');
  });

  test('energies across decades read in exponents, everyday figures plainly', () => {
    expect(formatLegendNumber(0)).toBe('0');
    expect(formatLegendNumber(12.3456)).toBe('12.35');
    expect(formatLegendNumber(2.5e-6)).toBe('2.50e-6');
    expect(formatLegendNumber(-3.2e7)).toBe('-3.20e+7');
  });
});
