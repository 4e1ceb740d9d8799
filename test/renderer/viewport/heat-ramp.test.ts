import { describe, expect, test } from 'vitest';
import {
  formatStrainPercent,
  HEAT_STOPS_SRGB,
  heatLinear,
  heatSrgb,
  MIN_STRAIN_SCALE,
  nextStrainScale,
  niceCeiling,
} from '../../../renderer/src/viewport/heat-ramp.ts';

const expectColour = (actual: number[], expected: readonly number[]) => {
  for (let k = 0; k < 3; k++) expect(actual[k]).toBeCloseTo(expected[k], 9);
};

describe('strain heat map', () => {
  test('the ramp runs from its first stop to its last and clamps outside [0, 1]', () => {
    const c = [0, 0, 0];
    heatSrgb(0, c);
    expectColour(c, HEAT_STOPS_SRGB[0]);
    heatSrgb(1, c);
    expectColour(c, HEAT_STOPS_SRGB[HEAT_STOPS_SRGB.length - 1]);
    heatSrgb(7, c);
    expectColour(c, HEAT_STOPS_SRGB[HEAT_STOPS_SRGB.length - 1]);
    heatSrgb(Number.NaN, c);
    expectColour(c, HEAT_STOPS_SRGB[0]);
    // Halfway is the middle stop.
    heatSrgb(0.5, c);
    expect(c[0]).toBeCloseTo(HEAT_STOPS_SRGB[2][0], 6);
  });

  test('vertex colours are the ramp in linear RGB (darker than sRGB for mid tones)', () => {
    const srgb = [0, 0, 0];
    heatSrgb(0.5, srgb);
    const linear = new Float32Array(3);
    heatLinear(0.5, linear, 0);
    for (let k = 0; k < 3; k++) expect(linear[k]).toBeLessThan(srgb[k]);
    // Within the lookup table's step (1/1023 of the ramp).
    expect(linear[1]).toBeCloseTo(((srgb[1] + 0.055) / 1.055) ** 2.4, 2);
  });

  test('the scale is a 1-2-5 step, grows at once and shrinks only below a quarter', () => {
    expect(niceCeiling(0.0013)).toBeCloseTo(0.002, 12);
    expect(niceCeiling(0.02)).toBeCloseTo(0.02, 12);
    expect(niceCeiling(0.031)).toBeCloseTo(0.05, 12);
    expect(niceCeiling(0.07)).toBeCloseTo(0.1, 12);
    expect(nextStrainScale(null, 0)).toBe(MIN_STRAIN_SCALE);
    expect(nextStrainScale(null, 0.03)).toBeCloseTo(0.05, 12);
    expect(nextStrainScale(0.05, 0.06)).toBeCloseTo(0.1, 12);
    // Jiggling below the scale keeps it…
    expect(nextStrainScale(0.05, 0.02)).toBe(0.05);
    // …until the strain falls to a quarter or less.
    expect(nextStrainScale(0.05, 0.009)).toBeCloseTo(0.01, 12);
    expect(nextStrainScale(0.05, Number.NaN)).toBeCloseTo(MIN_STRAIN_SCALE, 12);
  });

  test('the legend writes the scale in percent', () => {
    expect(formatStrainPercent(0.005)).toBe('0.5%');
    expect(formatStrainPercent(0.02)).toBe('2%');
    expect(formatStrainPercent(niceCeiling(0.0013))).toBe('0.2%');
  });
});
