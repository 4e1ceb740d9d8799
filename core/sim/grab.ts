import type { Vec3 } from '../scene/scene.ts';
import type { ParticleState } from './state.ts';

/**
 * The mouse grab: a small patch of particles around the grabbed one (those of its body within
 * GRAB_PATCH_EDGES mean edge lengths, held at their offsets from it as a rigid handle), each tied
 * to its point of a kinematic target by a soft, damped spring, solved as XPBD attachments after
 * the bodies' own constraints in every substep:
 *
 *   C_i = |x_i − p_i|,  p_i = p + o_i,  n_i = (x_i − p_i)/C_i,  α_i = 1/k_i (m/N)
 *   Δλ_i = (−C_i − α̃_i·λ_i)/(w_i + α̃_i),  x_i += w_i·Δλ_i·n_i
 *
 * Stiffness: k = GRAB_STIFFNESS_PER_KG·M for the body of mass M, split over the patch in
 * proportion to mass (k_i = k·m_i/Σm), so any body follows the cursor at the same rate (natural
 * frequency √(k/M) = 10 rad/s, about 1.6 Hz) and a body hanging from the grab alone sags
 * g/100 ≈ 0.1 m below the target. The patch spreads the body's weight: on one particle alone a
 * soft block hanging from the mouse stretched the edges at that corner by 170%. Damping: each
 * particle's velocity along its spring is damped implicitly after the substep with
 * β_i = 2√(k·M)·m_i/Σm (critical for the body on the spring), Ċ' = Ċ/(1 + hβ_i·w_i). The grab
 * only adds constraints: releasing removes them and the body continues from its current state.
 */
export const GRAB_STIFFNESS_PER_KG = 100;
/** Patch radius in mean rest edge lengths of the body. */
export const GRAB_PATCH_EDGES = 1.5;

export interface GrabOptions {
  /** Compliance of the whole grab spring, m/N; default 1/(GRAB_STIFFNESS_PER_KG·M). */
  complianceMPerN?: number;
}

/** The body a grabbed particle belongs to: its particle range, mass and mean rest edge length. */
export interface GrabBody {
  offset: number;
  count: number;
  massKg: number;
  meanEdgeLengthM: number;
}

export class Grab {
  /** The grabbed particle (world-global), or −1. */
  particle = -1;
  /** Target point p of the grabbed particle, m. */
  readonly targetM = new Float64Array(3);
  private particles = new Int32Array(0);
  /** o_i, m, xyz per patch particle. */
  private offsets = new Float64Array(0);
  /** α_i, m/N. */
  private compliance = new Float64Array(0);
  /** β_i, N·s/m. */
  private damping = new Float64Array(0);
  /** Multipliers of the current substep, N·s² (force on particle i = λ_i·n_i/h²). */
  private lambda = new Float64Array(0);

  get active(): boolean {
    return this.particle >= 0;
  }

  /** Particles held by the current grab (world indices). */
  get patch(): readonly number[] {
    return Array.from(this.particles);
  }

  /**
   * Starts a grab of `particle` towards `target` (m). False (and nothing grabbed) when the
   * particle cannot move (pinned).
   */
  start(state: ParticleState, particle: number, target: Vec3, body: GrabBody, options: GrabOptions = {}) {
    if (!Number.isInteger(particle) || particle < 0 || particle >= state.count) {
      throw new RangeError(`grab: particle ${particle} is not in the world (0 … ${state.count - 1})`);
    }
    this.release();
    if (state.invMass[particle] === 0) return false;
    const totalCompliance = options.complianceMPerN ?? 1 / (GRAB_STIFFNESS_PER_KG * body.massKg);
    if (!(totalCompliance > 0) || !Number.isFinite(totalCompliance)) {
      throw new RangeError(`grab: compliance must be a positive number of m/N, got ${totalCompliance}`);
    }
    const { x, mass, invMass } = state;
    const radius = GRAB_PATCH_EDGES * body.meanEdgeLengthM;
    const chosen: number[] = [particle];
    for (let p = body.offset; p < body.offset + body.count; p++) {
      if (p === particle || invMass[p] === 0) continue;
      const d = Math.hypot(
        x[3 * p] - x[3 * particle],
        x[3 * p + 1] - x[3 * particle + 1],
        x[3 * p + 2] - x[3 * particle + 2],
      );
      if (d <= radius) chosen.push(p);
    }
    let patchMass = 0;
    for (const p of chosen) patchMass += mass[p];
    const stiffness = 1 / totalCompliance;
    const dampingTotal = 2 * Math.sqrt(stiffness * body.massKg);
    const n = chosen.length;
    this.particles = Int32Array.from(chosen);
    this.offsets = new Float64Array(3 * n);
    this.compliance = new Float64Array(n);
    this.damping = new Float64Array(n);
    this.lambda = new Float64Array(n);
    chosen.forEach((p, i) => {
      for (let a = 0; a < 3; a++) this.offsets[3 * i + a] = x[3 * p + a] - x[3 * particle + a];
      const share = mass[p] / patchMass;
      this.compliance[i] = 1 / (stiffness * share);
      this.damping[i] = dampingTotal * share;
    });
    this.particle = particle;
    this.move(target);
    return true;
  }

  move(target: Vec3): void {
    if (!target.every(Number.isFinite)) throw new RangeError('grab: the target must be finite (m)');
    this.targetM.set(target);
  }

  release(): void {
    this.particle = -1;
    this.particles = new Int32Array(0);
    this.lambda = new Float64Array(0);
  }

  /** One XPBD projection of every patch spring, substep h in s; λ restarts at 0 (XPBD). */
  solve(state: ParticleState, h: number): void {
    const x = state.x;
    const invHSq = 1 / (h * h);
    for (let i = 0; i < this.particles.length; i++) {
      const p3 = 3 * this.particles[i];
      const w = state.invMass[this.particles[i]];
      const dx = x[p3] - this.targetM[0] - this.offsets[3 * i];
      const dy = x[p3 + 1] - this.targetM[1] - this.offsets[3 * i + 1];
      const dz = x[p3 + 2] - this.targetM[2] - this.offsets[3 * i + 2];
      const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
      this.lambda[i] = 0;
      if (!(length > 1e-12)) continue;
      const alphaTilde = this.compliance[i] * invHSq;
      const dLambda = -length / (w + alphaTilde);
      this.lambda[i] = dLambda;
      const s = (w * dLambda) / length;
      x[p3] += s * dx;
      x[p3 + 1] += s * dy;
      x[p3 + 2] += s * dz;
    }
  }

  /** Implicit damping of each patch particle's velocity along its spring (after the velocity update). */
  damp(state: ParticleState, h: number): void {
    const { x, v } = state;
    for (let i = 0; i < this.particles.length; i++) {
      const p3 = 3 * this.particles[i];
      const w = state.invMass[this.particles[i]];
      const dx = x[p3] - this.targetM[0] - this.offsets[3 * i];
      const dy = x[p3 + 1] - this.targetM[1] - this.offsets[3 * i + 1];
      const dz = x[p3 + 2] - this.targetM[2] - this.offsets[3 * i + 2];
      const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (!(length > 1e-12)) continue;
      const hb = h * this.damping[i];
      const rate = (dx * v[p3] + dy * v[p3 + 1] + dz * v[p3 + 2]) / length;
      const s = (w * rate * hb) / ((1 + hb * w) * length);
      v[p3] -= s * dx;
      v[p3 + 1] -= s * dy;
      v[p3 + 2] -= s * dz;
    }
  }

  /** Magnitude of the total force the grab exerted in the last substep, N (0 when nothing is grabbed). */
  forceN(state: ParticleState, h: number): number {
    const total = [0, 0, 0];
    const x = state.x;
    for (let i = 0; i < this.particles.length; i++) {
      const p3 = 3 * this.particles[i];
      const d = [0, 1, 2].map((a) => x[p3 + a] - this.targetM[a] - this.offsets[3 * i + a]);
      const length = Math.hypot(d[0], d[1], d[2]);
      if (!(length > 1e-12)) continue;
      for (let a = 0; a < 3; a++) total[a] += (this.lambda[i] * d[a]) / (length * h * h);
    }
    return Math.hypot(total[0], total[1], total[2]);
  }
}
