import type { NeoHookeanBlock } from './constraints/neo-hookean.ts';
import type { ParticleState } from './state.ts';

/**
 * Keeps the coupled neo-Hookean solve (constraints/neo-hookean.ts) stable where the substep
 * cannot resolve the material. Measured on a hanging bar (test/core/sim/bias.test.ts): the
 * 2×2 solve is exact to r = h·c/l ≈ 0.35 and gains energy from r ≈ 0.5 on, because at rest
 * ∇C_H and ∇C_D are parallel and the system is singular up to the compliances; solving the two
 * one after the other is no cure (it shrinks the rest state by a sizeable fraction at any r).
 *
 * So per tet, when α̃_D = α_D/h² falls below LIMIT_RATIO·W_D (W_D = Σ w|∇C_D|² at rest), both
 * compliances are scaled by the same factor s = LIMIT_RATIO·W_D·h²/α_D ≥ 1. One common factor
 * keeps F = I an exact fixed point (the rest multipliers scale with it) and the ratio α_H/α_D,
 * i.e. Poisson's ratio; the material gets softer by at most s, which is the bias that
 * one Gauss-Seidel pass per substep has there anyway (the report measures it). Applied again
 * whenever the substep changes; the original compliances are kept for the energy metric.
 */
export const LIMIT_RATIO = 4;

export class NeoHookeanStiffnessLimit {
  /** Compliances as the material asks, 1/J. */
  readonly complianceDeviatoric: Float64Array;
  readonly complianceHydrostatic: Float64Array;
  /** W_D per tet at rest, 1/(kg·m²). */
  private readonly restWeight: Float64Array;
  private substepS = Number.NaN;
  /** Tets whose compliances are scaled at the current substep. */
  limitedCount = 0;

  constructor(
    readonly block: NeoHookeanBlock,
    state: ParticleState,
  ) {
    this.complianceDeviatoric = block.complianceDeviatoric.slice();
    this.complianceHydrostatic = block.complianceHydrostatic.slice();
    this.restWeight = restDeviatoricWeight(block, state);
  }

  /** Makes the next `apply` rewrite the block's compliances (after tearing.ts restored some). */
  refresh(): void {
    this.substepS = Number.NaN;
  }

  /** Scales the block's compliances for substep h (s); a no-op when h is unchanged. Whether it rewrote them. */
  apply(h: number): boolean {
    if (h === this.substepS) return false;
    this.substepS = h;
    const block = this.block;
    let limited = 0;
    for (let t = 0; t < block.count; t++) {
      const floor = LIMIT_RATIO * this.restWeight[t] * h * h;
      const s = this.complianceDeviatoric[t] < floor ? floor / this.complianceDeviatoric[t] : 1;
      if (s > 1) limited++;
      block.complianceDeviatoric[t] = this.complianceDeviatoric[t] * s;
      block.complianceHydrostatic[t] = this.complianceHydrostatic[t] * s;
    }
    this.limitedCount = limited;
    return true;
  }
}

/**
 * W_D = Σ_k w_k·|∇_k C_D|² at F = I, where ∂C_D/∂F = I/√3: ∇_{x_i}C_D = (row i−1 of Dm⁻¹)/√3
 * for i = 1..3 and ∇_{x_0}C_D = −Σ_i ∇_{x_i}C_D.
 */
function restDeviatoricWeight(block: NeoHookeanBlock, state: ParticleState): Float64Array {
  const out = new Float64Array(block.count);
  const w = state.invMass;
  const B = block.inverseRestShape;
  const third = 1 / 3;
  for (let t = 0; t < block.count; t++) {
    const o = 9 * t;
    let sum = 0;
    let g0x = 0;
    let g0y = 0;
    let g0z = 0;
    for (let i = 0; i < 3; i++) {
      const gx = B[o + 3 * i];
      const gy = B[o + 3 * i + 1];
      const gz = B[o + 3 * i + 2];
      sum += w[block.particles[4 * t + 1 + i]] * (gx * gx + gy * gy + gz * gz) * third;
      g0x -= gx;
      g0y -= gy;
      g0z -= gz;
    }
    sum += w[block.particles[4 * t]] * (g0x * g0x + g0y * g0y + g0z * g0z) * third;
    out[t] = sum;
  }
  return out;
}
