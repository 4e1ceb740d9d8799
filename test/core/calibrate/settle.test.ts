import { describe, expect, it } from 'vitest';
import { remainingChange } from '../../../core/calibrate/settle.ts';

describe('the settling estimate of the change still to come', () => {
  it('is exact for a geometric approach: 1 − ρⁿ with ρ = 0.5 has 0.125 left after three samples', () => {
    // Samples 1 − 0.5ⁿ for n = 1, 2, 3: 0.5, 0.75, 0.875; the limit is 1.
    expect(remainingChange([0.5, 0.75, 0.875])).toBeCloseTo(0.125, 12);
  });

  it('is the sum of the last two changes when the value oscillates', () => {
    expect(remainingChange([1, 1.2, 1.1])).toBeCloseTo(0.3, 12);
  });

  it('is the sum of the last two changes while the value still speeds up', () => {
    expect(remainingChange([0, 0.1, 0.3])).toBeCloseTo(0.3, 12);
  });

  it('is zero for a value that no longer moves', () => {
    expect(remainingChange([2, 2, 2])).toBe(0);
  });
});
