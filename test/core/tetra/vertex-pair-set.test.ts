import { describe, expect, it } from 'vitest';
import { VertexPairSet } from '../../../core/tetra/vertex-pair-set.ts';

describe('VertexPairSet', () => {
  it('holds unordered pairs through growth, as a Set of keys does', () => {
    const set = new VertexPairSet();
    const reference = new Set<string>();
    let seed = 11;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % n;
    };
    // Far more pairs than the first table holds, with ids up to near 2²⁶ and many repeats.
    for (let k = 0; k < 5000; k++) {
      const a = next(k % 2 ? 3000 : 67_000_000);
      const b = next(k % 3 ? 3000 : 67_000_000);
      const key = `${Math.min(a, b)},${Math.max(a, b)}`;
      expect(set.add(a, b)).toBe(!reference.has(key));
      reference.add(key);
      expect(set.has(b, a)).toBe(true);
    }
    for (let k = 0; k < 5000; k++) {
      const a = next(3000);
      const b = next(3000);
      expect(set.has(a, b)).toBe(reference.has(`${Math.min(a, b)},${Math.max(a, b)}`));
    }
  });
});
