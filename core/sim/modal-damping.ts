import type { ParticleState } from './state.ts';

/**
 * Modal damping of one body (core/setup/fundamental-mode.ts): each particle's velocity relative
 * to the body's rigid motion decays as e^(−c_i·h) over a substep h, c_i = 2ζ·ω₁ (1/s), which
 * gives the fundamental mode the damping ratio ζ for any substep.
 *
 * A free body (no pin): the rigid velocity v̄ + ω×(x − x̄) that carries the body's linear and
 * angular momentum (v̄ the mass-weighted mean velocity, ω = I⁻¹·L about the centre of mass x̄) is
 * left alone, and what damping with per-particle rates c_i takes from the momenta is given back,
 * so both are kept exactly. A pinned body (rigid or soft pins anchor it to the world) is damped
 * in world velocity. Particles of inverse mass 0 are left alone.
 */
export class ModalDamping {
  private readonly uniform: boolean;
  private readonly active: boolean;
  /**
   * True once the body has torn (tearing.ts): the mode ω₁ was estimated for is gone, and damping
   * the pieces towards the world would hold a torn-off piece back as it falls. Until reset.
   */
  suspended = false;

  /**
   * @param offset first particle of the body in the world arrays; `rates` c_i per body particle, 1/s
   * @param free true for a body no pin holds
   */
  constructor(
    private readonly offset: number,
    private readonly rates: Float64Array,
    private readonly free: boolean,
  ) {
    this.active = rates.some((c) => c > 0);
    this.uniform = rates.every((c) => c === rates[0]);
  }

  damp(state: ParticleState, h: number): void {
    if (!this.active || this.suspended) return;
    const { v, invMass } = state;
    const count = this.rates.length;
    const rigid = this.free ? rigidFit(state, this.offset, count) : null;
    for (let i = 0; i < count; i++) {
      const p = this.offset + i;
      if (invMass[p] === 0) continue;
      const keep = Math.exp(-this.rates[i] * h);
      for (let a = 0; a < 3; a++) {
        const r = rigid ? rigidVelocity(rigid, state.x, p, a) : 0;
        v[3 * p + a] = r + (v[3 * p + a] - r) * keep;
      }
    }
    if (!rigid || this.uniform) return;
    // Unequal rates change the momenta a little: give back what the new rigid fit lost.
    const after = rigidFit(state, this.offset, count);
    if (!after) return;
    for (let i = 0; i < count; i++) {
      const p = this.offset + i;
      if (invMass[p] === 0) continue;
      for (let a = 0; a < 3; a++)
        v[3 * p + a] += rigidVelocity(rigid, state.x, p, a) - rigidVelocity(after, state.x, p, a);
    }
  }
}

interface RigidMotion {
  centre: Float64Array;
  velocity: Float64Array;
  angular: Float64Array;
}

/** v̄, x̄ and ω = I⁻¹·L of the body's particles (mass 1/w); null when it has no mass. */
function rigidFit(state: ParticleState, offset: number, count: number): RigidMotion | null {
  const { x, v, invMass } = state;
  let total = 0;
  const centre = new Float64Array(3);
  const velocity = new Float64Array(3);
  for (let i = offset; i < offset + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    total += m;
    for (let a = 0; a < 3; a++) {
      centre[a] += m * x[3 * i + a];
      velocity[a] += m * v[3 * i + a];
    }
  }
  if (!(total > 0)) return null;
  for (let a = 0; a < 3; a++) {
    centre[a] /= total;
    velocity[a] /= total;
  }
  const L = [0, 0, 0];
  const I = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = offset; i < offset + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    const r = [x[3 * i] - centre[0], x[3 * i + 1] - centre[1], x[3 * i + 2] - centre[2]];
    const u = [v[3 * i] - velocity[0], v[3 * i + 1] - velocity[1], v[3 * i + 2] - velocity[2]];
    L[0] += m * (r[1] * u[2] - r[2] * u[1]);
    L[1] += m * (r[2] * u[0] - r[0] * u[2]);
    L[2] += m * (r[0] * u[1] - r[1] * u[0]);
    const rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) I[3 * a + b] += m * ((a === b ? rr : 0) - r[a] * r[b]);
  }
  return { centre, velocity, angular: solveInertia(I, L) };
}

/**
 * ω = I⁻¹·L; a direction with (nearly) no inertia (all particles on a line: no spin about it)
 * gets no angular velocity: I is regularized by 1e-12 of its trace.
 */
function solveInertia(I: number[], L: number[]): Float64Array {
  const trace = I[0] + I[4] + I[8];
  const A = I.slice();
  for (let a = 0; a < 3; a++) A[4 * a] += 1e-12 * trace;
  const c00 = A[4] * A[8] - A[5] * A[7];
  const c01 = A[5] * A[6] - A[3] * A[8];
  const c02 = A[3] * A[7] - A[4] * A[6];
  const det = A[0] * c00 + A[1] * c01 + A[2] * c02;
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return new Float64Array(3);
  const inv = [
    c00,
    A[2] * A[7] - A[1] * A[8],
    A[1] * A[5] - A[2] * A[4],
    c01,
    A[0] * A[8] - A[2] * A[6],
    A[2] * A[3] - A[0] * A[5],
    c02,
    A[1] * A[6] - A[0] * A[7],
    A[0] * A[4] - A[1] * A[3],
  ];
  return Float64Array.from(
    [0, 1, 2],
    (a) => (inv[3 * a] * L[0] + inv[3 * a + 1] * L[1] + inv[3 * a + 2] * L[2]) / det,
  );
}

/** Component a of v̄ + ω×(x_p − x̄). */
function rigidVelocity(rigid: RigidMotion, x: Float64Array, p: number, a: number): number {
  const w = rigid.angular;
  const r0 = x[3 * p] - rigid.centre[0];
  const r1 = x[3 * p + 1] - rigid.centre[1];
  const r2 = x[3 * p + 2] - rigid.centre[2];
  const cross = a === 0 ? w[1] * r2 - w[2] * r1 : a === 1 ? w[2] * r0 - w[0] * r2 : w[0] * r1 - w[1] * r0;
  return rigid.velocity[a] + cross;
}
