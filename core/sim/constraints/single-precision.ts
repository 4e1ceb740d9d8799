import { MIN_DENOMINATOR } from './block.ts';

/**
 * Arithmetic of the kernels that solve in single precision (neo-hookean.ts, membrane.ts): every
 * operation rounded to f32 with Math.fround, which gives exactly what the WebAssembly kernels' f32
 * and f32x4 operations give (a double holds the exact sum, difference, product, quotient or root of
 * two singles to well within the half-ulp that rounding to single needs). Such a kernel takes its
 * edges in double and rounds them, so that what it loses is relative to the element's size, not to
 * its distance from the origin; and it moves the positions in double by w_k·u_k with
 * u_0 = −(u_1 + u_2 + u_3) (a triangle: −(u_1 + u_2)), so that Σ m_k·Δx_k stays 0 to double
 * precision (momentum).
 */

/** MIN_DENOMINATOR in single precision. */
export const MIN_DENOMINATOR_F32 = Math.fround(MIN_DENOMINATOR);

/** a0·b0 + a1·b1 in single precision (as the kernels). */
export function dot2(a0: number, a1: number, b0: number, b1: number): number {
  const fr = Math.fround;
  return fr(fr(a0 * b0) + fr(a1 * b1));
}

/** a·b of two 3-vectors in single precision, summed left to right (as the kernels). */
export function dot3(ax: number, ay: number, az: number, bx: number, by: number, bz: number): number {
  const fr = Math.fround;
  return fr(fr(fr(ax * bx) + fr(ay * by)) + fr(az * bz));
}

/** w0·s0 + w1·s1 + w2·s2 + w3·s3 in single precision, summed left to right (as the kernels). */
export function weighted4(
  w0: number,
  w1: number,
  w2: number,
  w3: number,
  s0: number,
  s1: number,
  s2: number,
  s3: number,
): number {
  const fr = Math.fround;
  return fr(fr(fr(fr(w0 * s0) + fr(w1 * s1)) + fr(w2 * s2)) + fr(w3 * s3));
}

const scaleBits = new Int32Array(1);
const scaleFloat = new Float32Array(scaleBits.buffer);

/**
 * 2^(127 − e) for the biased exponent e of single `value`: a positive normal value times it lies
 * in [1, 2). The kernels take it from the bits alike (a shift and a subtraction); for e = 255
 * (infinite or NaN) it is −∞, which makes what it scales NaN.
 */
export function powerOfTwoScale(value: number): number {
  scaleFloat[0] = value;
  const exponent = (scaleBits[0] >>> 23) & 0xff;
  scaleBits[0] = (254 - exponent) << 23;
  return scaleFloat[0];
}
