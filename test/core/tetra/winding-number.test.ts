import { describe, expect, it } from 'vitest';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { windingNumber } from '../../../core/tetra/winding-number.ts';
import { box, sphere } from './shapes.ts';

function bvhOf(mesh: Parameters<typeof prepareSurface>[0]): TriangleBvh {
  return new TriangleBvh(prepareSurface(mesh));
}

describe('generalized winding number', () => {
  it('is 1 inside and 0 outside a closed surface', () => {
    const bvh = bvhOf(box([0, 0, 0], [1, 1, 1]));
    expect(windingNumber(bvh, 0.5, 0.5, 0.5)).toBeCloseTo(1, 9);
    expect(windingNumber(bvh, 0.01, 0.99, 0.5)).toBeCloseTo(1, 9);
    expect(windingNumber(bvh, 1.5, 0.5, 0.5)).toBeCloseTo(0, 9);
    expect(windingNumber(bvh, -3, 7, 2)).toBeCloseTo(0, 9);
  });

  it('is ½ at the centre of the missing face of an open box and falls off smoothly', () => {
    const bvh = bvhOf(box([0, 0, 0], [1, 1, 1], [1]));
    expect(windingNumber(bvh, 0.5, 0.5, 1)).toBeCloseTo(0.5, 9);
    // The open face subtends 1/6 of the sphere from the centre: w = 1 − 1/6.
    expect(windingNumber(bvh, 0.5, 0.5, 0.5)).toBeCloseTo(5 / 6, 9);
    expect(windingNumber(bvh, 0.5, 0.5, 1.2)).toBeLessThan(0.5);
  });

  it('agrees with the exact sum within 2% far from a fine surface (dipole approximation)', () => {
    const bvh = bvhOf(sphere(1, 5));
    for (const [x, y, z] of [
      [0, 0, 0],
      [0.3, -0.2, 0.1],
      [2, 0, 0],
      [0, 5, -1],
      [0.7, 0.1, 0.2],
    ]) {
      const exact = windingNumber(bvh, x, y, z, Number.POSITIVE_INFINITY);
      expect(Math.abs(windingNumber(bvh, x, y, z) - exact)).toBeLessThan(0.02);
      expect(Math.abs(exact - (Math.hypot(x, y, z) < 1 ? 1 : 0))).toBeLessThan(1e-9);
    }
  });
});
