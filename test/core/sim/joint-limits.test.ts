import { describe, expect, it } from 'vitest';
import { coneAngle } from '../../../core/sim/constraints/joint-cone.ts';
import { hingeAngle } from '../../../core/sim/constraints/joint-hinge.ts';

/**
 * The joint-limit gradients of joint-cone.ts and joint-hinge.ts against central differences of
 * the angles they differentiate, and the invariances that make their corrections conserve linear
 * and angular momentum: Σ∇ = 0 and Σ x × ∇ = 0.
 */

/** Six points in general position, m: two bones sharing a joint (1 = 2), an axis 4 → 5. */
const x0 = Float64Array.from(
  [
    [0, 0, 0],
    [0.31, -0.12, 0.05],
    [0.31, -0.12, 0.05],
    [0.45, -0.35, 0.22],
    [-0.2, 0.1, -0.3],
    [-0.15, 0.05, 0.25],
  ].flat(),
);

function numericGradient(angle: (x: Float64Array) => number, slots: readonly number[]): Float64Array {
  const step = 1e-7;
  const out = new Float64Array(3 * slots.length);
  slots.forEach((p, s) => {
    for (let k = 0; k < 3; k++) {
      const plus = Float64Array.from(x0);
      const minus = Float64Array.from(x0);
      plus[3 * p + k] += step;
      minus[3 * p + k] -= step;
      out[3 * s + k] = (angle(plus) - angle(minus)) / (2 * step);
    }
  });
  return out;
}

function momentumSums(grad: Float64Array, slots: readonly number[]): { force: number; torque: number } {
  const f = [0, 0, 0];
  const t = [0, 0, 0];
  slots.forEach((p, s) => {
    const [gx, gy, gz] = [grad[3 * s], grad[3 * s + 1], grad[3 * s + 2]];
    const [px, py, pz] = [x0[3 * p], x0[3 * p + 1], x0[3 * p + 2]];
    f[0] += gx;
    f[1] += gy;
    f[2] += gz;
    t[0] += py * gz - pz * gy;
    t[1] += pz * gx - px * gz;
    t[2] += px * gy - py * gx;
  });
  return { force: Math.hypot(...f), torque: Math.hypot(...t) };
}

describe('joint limit gradients', () => {
  it('cone: ∇θ matches central differences to 1e-6 rad/m and sums to no force and no torque', () => {
    // Distinct particles for the four slots, so each slot's gradient is checked on its own.
    const particles = Uint32Array.of(0, 1, 2, 3);
    const grad = new Float64Array(12);
    const theta = coneAngle(x0, particles, 0, grad);
    expect(theta).toBeGreaterThan(0);
    const numeric = numericGradient((x) => coneAngle(x, particles, 0), [0, 1, 2, 3]);
    for (let k = 0; k < 12; k++) expect(Math.abs(grad[k] - numeric[k])).toBeLessThan(1e-6);
    const sums = momentumSums(grad, [0, 1, 2, 3]);
    expect(sums.force).toBeLessThan(1e-12);
    expect(sums.torque).toBeLessThan(1e-12);
  });

  it('hinge: ∇φ matches central differences to 1e-6 rad/m, axis included, and sums to no force and no torque', () => {
    const slots = [0, 1, 2, 3, 4, 5];
    const particles = Uint32Array.from(slots);
    const grad = new Float64Array(18);
    const phi = hingeAngle(x0, particles, 0, grad);
    expect(Number.isNaN(phi)).toBe(false);
    const numeric = numericGradient((x) => hingeAngle(x, particles, 0), slots);
    for (let k = 0; k < 18; k++) expect(Math.abs(grad[k] - numeric[k])).toBeLessThan(1e-6);
    // The axis particles take a share (a fixed-axis form would leave them out and leak torque).
    expect(Math.hypot(grad[15], grad[16], grad[17])).toBeGreaterThan(1e-3);
    const sums = momentumSums(grad, slots);
    expect(sums.force).toBeLessThan(1e-12);
    expect(sums.torque).toBeLessThan(1e-12);
  });
});
