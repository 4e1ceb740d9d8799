// V8's Math.hypot for three values, operation for operation (its builtin: the largest magnitude
// scales the others, whose squares are summed with Kahan's compensation), so that a module's
// lengths are the host's to the bit (test/core/tetra/wasm-bvh.test.ts holds it to Math.hypot).

/** Math.hypot(x, y, z) as V8 computes it. */
export function hypot3(x: f64, y: f64, z: f64): f64 {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  if (ax === Infinity || ay === Infinity || az === Infinity) return Infinity;
  if (Number.isNaN(ax) || Number.isNaN(ay) || Number.isNaN(az)) return NaN;
  let max: f64 = 0;
  if (max < ax) max = ax;
  if (max < ay) max = ay;
  if (max < az) max = az;
  if (max === 0) return 0;
  let sum: f64 = 0;
  let compensation: f64 = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = az / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}
