import { describe, expect, test } from 'vitest';
import { Lcg } from '../../../core/math/lcg.ts';

describe('Lcg', () => {
  test("steps x → 1664525·x + 1013904223 mod 2³², Numerical Recipes' generator", () => {
    const rng = new Lcg(1);
    // 1664525 + 1013904223, then (1664525 · 1015568748 + 1013904223) mod 2³² worked in BigInt.
    const second = Number((1664525n * 1015568748n + 1013904223n) % 2n ** 32n);
    expect([rng.nextUint32(), rng.nextUint32()]).toEqual([1015568748, second]);
  });

  test('next() is the state over 2³², in [0, 1)', () => {
    const a = new Lcg(0x2545f491);
    const b = new Lcg(0x2545f491);
    for (let i = 0; i < 1000; i++) {
      const u = a.next();
      expect(u).toBe(b.nextUint32() / 4294967296);
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
    }
  });

  test('a seed is taken as an unsigned 32-bit integer, and 0 as 1', () => {
    expect(new Lcg(0).nextUint32()).toBe(new Lcg(1).nextUint32());
    expect(new Lcg(-1).nextUint32()).toBe(new Lcg(0xffffffff).nextUint32());
    expect(new Lcg(2 ** 32 + 5).nextUint32()).toBe(new Lcg(5).nextUint32());
  });
});
