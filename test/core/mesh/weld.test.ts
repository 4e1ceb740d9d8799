import { describe, expect, it } from 'vitest';
import { weldExact } from '../../../core/mesh/index.ts';

describe('weldExact', () => {
  it('merges bit-equal positions and −0 with +0, in order of first appearance, keeping the first as it was', () => {
    const positions = Float32Array.from([
      ...[1, 2, 3],
      ...[-0, 5, 6],
      ...[1, 2, 3],
      ...[0, 5, 6],
      ...[1, 2, Math.fround(3.0000002)],
    ]);
    const weld = weldExact({ positions, indices: Uint32Array.from([0, 1, 2, 3, 4, 1]) });
    expect(weld.count).toBe(3);
    expect([...weld.vertexOf]).toEqual([0, 1, 0, 1, 2]);
    expect([...weld.indices]).toEqual([0, 1, 0, 1, 2, 1]);
    expect(Object.is(weld.positions[3], -0)).toBe(true);
    expect([...weld.positions.subarray(6)]).toEqual([1, 2, Math.fround(3.0000002)]);
  });

  it('welds a large grid whose every vertex repeats, as often as its hash table wraps', () => {
    const n = 50_000;
    const positions = new Float32Array(6 * n);
    for (let i = 0; i < n; i++) positions.set([i % 97, Math.floor(i / 97), 0.5], 3 * i);
    positions.copyWithin(3 * n, 0, 3 * n);
    const weld = weldExact({ positions, indices: new Uint32Array(0) });
    expect(weld.count).toBe(n);
    expect(weld.vertexOf.subarray(n)).toEqual(Uint32Array.from({ length: n }, (_, i) => i));
  });
});
