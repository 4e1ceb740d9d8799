import { describe, expect, it } from 'vitest';
import { PoissonDiskSampler } from '../../../core/tetra/poisson-disk.ts';

/**
 * The greedy rule checked by brute force over every pair: a candidate is accepted exactly when
 * no earlier accepted point lies closer than the radius with a normal less than 120° away.
 */
describe('PoissonDiskSampler', () => {
  it('accepts exactly the candidates no earlier accepted point blocks (brute force on 4,000 candidates)', () => {
    let s = 5;
    const rand = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 4294967296;
    };
    const radius = 0.05;
    const sampler = new PoissonDiskSampler(radius);
    const accepted: number[][] = [];
    let disagreements = 0;
    let acceptedCount = 0;
    for (let k = 0; k < 4000; k++) {
      // Points in a box that crosses the origin (negative cell indices) with normals ±z or ±x.
      const p = [rand() - 0.5, rand() - 0.5, 0.2 * rand() - 0.1];
      const n = [
        [0, 0, 1],
        [0, 0, -1],
        [1, 0, 0],
      ][k % 3];
      const blocked = accepted.some(
        (a) =>
          (a[0] - p[0]) ** 2 + (a[1] - p[1]) ** 2 + (a[2] - p[2]) ** 2 < radius * radius &&
          a[3] * n[0] + a[4] * n[1] + a[5] * n[2] > -0.5,
      );
      const got = sampler.offer(p[0], p[1], p[2], n[0], n[1], n[2], k, false);
      if (got === blocked) disagreements++;
      if (got) {
        accepted.push([...p, ...n]);
        acceptedCount++;
      }
    }
    expect(disagreements).toBe(0);
    const result = sampler.result();
    expect(result.count).toBe(acceptedCount);
    // Enough accepted points that the cell table grew past its first size.
    expect(acceptedCount).toBeGreaterThan(600);
  });
});
