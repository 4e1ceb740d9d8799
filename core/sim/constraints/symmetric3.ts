import { MIN_DENOMINATOR } from './block.ts';

/**
 * The 3×3 systems of the plate elements (plate-bend.ts, plate-bend-linear.ts): symmetric, 6 upper
 * entries (00, 01, 02, 11, 12, 22), with a row left out where a hinge is missing. The WebAssembly
 * kernels repeat these operations inline (wasm/assembly/kernels.ts), in the same order.
 */

/** Cofactors m00, m01, m02, m11, m12, m22 and 1/determinant of the last `invertSymmetric3`. */
export const INVERSE = new Float64Array(7);

/**
 * INVERSE ← the inverse of symmetric `a` (6 upper entries) by its cofactors, each row outside
 * `mask` replaced by the identity row first; false (INVERSE unspecified) when the determinant is at
 * or below MIN_DENOMINATOR.
 */
export function invertSymmetric3(a: Float64Array, mask: number): boolean {
  let a00 = a[0];
  let a01 = a[1];
  let a02 = a[2];
  let a11 = a[3];
  let a12 = a[4];
  let a22 = a[5];
  if (!(mask & 1)) {
    a00 = 1;
    a01 = 0;
    a02 = 0;
  }
  if (!(mask & 2)) {
    a11 = 1;
    a01 = 0;
    a12 = 0;
  }
  if (!(mask & 4)) {
    a22 = 1;
    a02 = 0;
    a12 = 0;
  }
  const m00 = a11 * a22 - a12 * a12;
  const m01 = a02 * a12 - a01 * a22;
  const m02 = a01 * a12 - a02 * a11;
  const determinant = a00 * m00 + a01 * m01 + a02 * m02;
  if (!(determinant > MIN_DENOMINATOR)) return false;
  INVERSE[0] = m00;
  INVERSE[1] = m01;
  INVERSE[2] = m02;
  INVERSE[3] = a00 * a22 - a02 * a02;
  INVERSE[4] = a01 * a02 - a00 * a12;
  INVERSE[5] = a00 * a11 - a01 * a01;
  INVERSE[6] = 1 / determinant;
  return true;
}

/**
 * Solves the symmetric 3×3 system `a` (6 upper entries) · out = r on the rows of `mask` (the
 * others give 0); false when its determinant is at or below MIN_DENOMINATOR.
 */
export function solveSymmetric3(a: Float64Array, r: Float64Array, mask: number, out: Float64Array): boolean {
  if (!invertSymmetric3(a, mask)) return false;
  applyInverse3(r, 0, mask, out, 0);
  return true;
}

/**
 * out[outAt …] ← INVERSE · r[rAt …] on the rows of `mask` (the others give 0): the solve of the
 * last `invertSymmetric3`, for several right-hand sides of one system.
 */
export function applyInverse3(
  r: Float64Array,
  rAt: number,
  mask: number,
  out: Float64Array,
  outAt: number,
): void {
  // A missing row's right-hand side is 0.
  const r0 = mask & 1 ? r[rAt] : 0;
  const r1 = mask & 2 ? r[rAt + 1] : 0;
  const r2 = mask & 4 ? r[rAt + 2] : 0;
  // Indexed, not destructured: a typed array destructures through its iterator, per triangle.
  const m = INVERSE;
  out[outAt] = (m[0] * r0 + m[1] * r1 + m[2] * r2) * m[6];
  out[outAt + 1] = (m[1] * r0 + m[3] * r1 + m[4] * r2) * m[6];
  out[outAt + 2] = (m[2] * r0 + m[4] * r1 + m[5] * r2) * m[6];
}
