import { insphere, orient3d } from 'robust-predicates';
import { describe, expect, it } from 'vitest';
import { insphereSign, orient3dSign } from '../../../core/tetra/predicates.ts';

function lcg(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * Points where the filter decides (random) and where it cannot (exactly coplanar and
 * cospherical points on a grid, and points a few ulps off those): the signs must equal those of
 * robust-predicates' exact orient3d and insphere in every case.
 */
function cases(): Float64Array[] {
  const rand = lcg(11);
  const out: Float64Array[] = [];
  for (let k = 0; k < 2000; k++) out.push(Float64Array.from({ length: 15 }, () => rand() * 2 - 1));
  for (let k = 0; k < 2000; k++) {
    // Integer grid points on the plane z = 0.5 and on the unit sphere's lattice points.
    const c = new Float64Array(15);
    for (let i = 0; i < 5; i++) {
      c[3 * i] = Math.floor(rand() * 5) - 2;
      c[3 * i + 1] = Math.floor(rand() * 5) - 2;
      c[3 * i + 2] = k % 2 === 0 ? 0.5 : Math.floor(rand() * 5) - 2;
    }
    // Every other case: nudge the query point by one ulp so the exact stage decides.
    if (k % 4 === 1) c[14] = c[14] + Number.EPSILON * Math.max(1, Math.abs(c[14]));
    out.push(c);
  }
  for (let k = 0; k < 500; k++) {
    // Five points on the unit sphere (axis points and their negatives): cospherical exactly.
    const axis = [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 1, 0],
      [0, -1, 0],
      [0, 0, 1],
      [0, 0, -1],
    ];
    const c = new Float64Array(15);
    for (let i = 0; i < 5; i++) c.set(axis[Math.floor(rand() * 6)], 3 * i);
    out.push(c);
  }
  return out;
}

describe('filtered predicates', () => {
  it('give the signs of the exact orient3d and insphere on random, coplanar and cospherical points', () => {
    let orientMismatch = 0;
    let insphereMismatch = 0;
    let zeros = 0;
    const q = new Float64Array(3);
    for (const c of cases()) {
      // Vertices 0…3 in `c`; the query point is the fifth.
      q.set(c.subarray(12, 15));
      const o = orient3dSign(c, 0, 1, 2, q);
      const oExact = Math.sign(
        orient3d(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], q[0], q[1], q[2]),
      );
      if (o !== oExact) orientMismatch++;
      const s = insphereSign(c, 0, 1, 2, 3, q);
      const sExact = Math.sign(
        insphere(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10], c[11], q[0], q[1], q[2]),
      );
      if (s !== sExact) insphereMismatch++;
      if (oExact === 0 || sExact === 0) zeros++;
    }
    expect(orientMismatch).toBe(0);
    expect(insphereMismatch).toBe(0);
    // The degenerate cases are there: the exact stage was exercised.
    expect(zeros).toBeGreaterThan(500);
  });
});
