import { rigidFit, rigidVelocityAt } from '../math/rigid-motion.ts';
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
  /** Particles of the body. */
  private readonly count: number;
  /** c_i per body particle, 1/s; one value for all when they are the same (a body of one damping ratio). */
  private readonly rates: Float64Array;
  /** e^(−c_i·h) per entry of `rates` for the substep `keepsForS` (s): made once per substep length. */
  private readonly keeps: Float64Array;
  private keepsForS = Number.NaN;
  /** A particle's rigid velocity (xyz; zero for a pinned body, damped in world velocity), before and after. */
  private readonly rigidVelocity = new Float64Array(3);
  private readonly lostVelocity = new Float64Array(3);
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
    rates: Float64Array,
    private readonly free: boolean,
  ) {
    this.count = rates.length;
    this.active = rates.some((c) => c > 0);
    this.uniform = rates.every((c) => c === rates[0]);
    this.rates = this.uniform ? rates.slice(0, 1) : rates;
    this.keeps = new Float64Array(this.rates.length);
  }

  /** Whether `damp` changes any velocity (some rate above 0, not suspended). */
  get acts(): boolean {
    return this.active && !this.suspended;
  }

  damp(state: ParticleState, h: number): void {
    if (!this.acts) return;
    const { v, invMass } = state;
    const count = this.count;
    const rateStep = this.uniform ? 0 : 1;
    const keeps = this.keeps;
    if (this.keepsForS !== h) {
      for (let k = 0; k < keeps.length; k++) keeps[k] = Math.exp(-this.rates[k] * h);
      this.keepsForS = h;
    }
    const rigid = this.free ? rigidFit(state.x, v, invMass, this.offset, count) : null;
    const r = this.rigidVelocity;
    if (!rigid) r.fill(0);
    for (let i = 0; i < count; i++) {
      const p = this.offset + i;
      if (invMass[p] === 0) continue;
      const keep = keeps[i * rateStep];
      if (rigid) rigidVelocityAt(rigid, state.x, p, r);
      for (let a = 0; a < 3; a++) v[3 * p + a] = r[a] + (v[3 * p + a] - r[a]) * keep;
    }
    if (!rigid || this.uniform) return;
    // Unequal rates change the momenta a little: give back what the new rigid fit lost.
    const after = rigidFit(state.x, v, invMass, this.offset, count);
    if (!after) return;
    const lost = this.lostVelocity;
    for (let i = 0; i < count; i++) {
      const p = this.offset + i;
      if (invMass[p] === 0) continue;
      rigidVelocityAt(rigid, state.x, p, r);
      rigidVelocityAt(after, state.x, p, lost);
      for (let a = 0; a < 3; a++) v[3 * p + a] += r[a] - lost[a];
    }
  }
}
