import { describe, expect, it } from 'vitest';
import { eulerXyzMatrix, eulerXyzQuaternion } from '../../../core/math/euler-rotation.ts';

/** Row-major product of 3×3 matrices. */
function multiply(a: number[], b: number[]): number[] {
  const out = new Array<number>(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) for (let k = 0; k < 3; k++) out[3 * i + j] += a[3 * i + k] * b[3 * k + j];
  return out;
}

function elementary(axis: 0 | 1 | 2, deg: number): number[] {
  const t = (deg * Math.PI) / 180;
  const [c, s] = [Math.cos(t), Math.sin(t)];
  if (axis === 0) return [1, 0, 0, 0, c, -s, 0, s, c];
  if (axis === 1) return [c, 0, s, 0, 1, 0, -s, 0, c];
  return [c, -s, 0, s, c, 0, 0, 0, 1];
}

describe('Euler XYZ rotation', () => {
  const angles: [number, number, number][] = [
    [0, 0, 0],
    [90, 0, 0],
    [0, 0, 90],
    [30, -45, 60],
    [170, 85, -120],
  ];

  it('is Rx·Ry·Rz built from the three elementary rotations (to 1e-14)', () => {
    for (const deg of angles) {
      const want = multiply(multiply(elementary(0, deg[0]), elementary(1, deg[1])), elementary(2, deg[2]));
      const got = eulerXyzMatrix(deg);
      for (let i = 0; i < 9; i++) expect(Math.abs(got[i] - want[i])).toBeLessThan(1e-14);
    }
  });

  it('gives unit quaternions (to 1e-15)', () => {
    for (const deg of angles) {
      const q = eulerXyzQuaternion(deg);
      expect(Math.abs(Math.hypot(...q) - 1)).toBeLessThan(1e-15);
    }
  });
});
