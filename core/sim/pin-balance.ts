import type { BodyRuntime } from './body-runtime.ts';
import type { ParticleState } from './state.ts';

/**
 * The exact total of the constraint forces on each body's free particles in the last substep,
 * from momentum: a free particle k that the constraint sweep moved from its predicted position
 * x̃_k to x_k felt F_k = m_k·(x_k − x̃_k)/h², and every constraint's own forces sum to zero (its C
 * is translation invariant), so Σ_free F_k is what the pinned particles' constraints exert on the
 * body. The λ·∇C/h² sum that body-metrics.ts uses per pin evaluates ∇C after the sweep instead
 * of when each constraint was solved; for a neo-Hookean body, whose tets carry large opposing
 * rest multipliers (C_D = √3, C_H = 1 − γ), that difference is a few per cent of the weight at
 * r ≈ 0.25 (a clamped beam: 4.4%). The pins' total is therefore taken from here, and only its
 * split between several rigid pins from λ. Costs two passes over the particles per frame and no copy.
 */
export class ConstraintForceProbe {
  /**
   * Per body: Σ over its free particles of m·(x̃ − x_prev) after the prediction, kg·m, xyz. The
   * sum is linear, so Σ m·(x − x̃) = Σ m·(x − x_prev) − Σ m·(x̃ − x_prev) needs no copy of x̃; both
   * are taken from x_prev (the substep's start, which nothing moves between the two calls), so
   * they are small beside x and their difference loses no digits that matter (rounding 1e-16 of
   * Σ m·|x − x_prev| against a force·h² of the same order as the sums).
   */
  private readonly predictedMoment: Float64Array;
  /** Per body: Σ over its free particles of m·(x − x̃)/h², N, xyz. */
  readonly freeForceN: Float64Array;

  constructor(bodyCount: number) {
    this.predictedMoment = new Float64Array(3 * bodyCount);
    this.freeForceN = new Float64Array(3 * bodyCount);
  }

  /** Call after the prediction of the substep to be measured. */
  capturePredicted(state: ParticleState, runtimes: readonly BodyRuntime[]): void {
    for (const [b, body] of runtimes.entries()) freeMoment(state, body, this.predictedMoment, b);
  }

  /** Call after the constraint sweep of that substep (before grab, collisions and self-collision). */
  measure(state: ParticleState, runtimes: readonly BodyRuntime[], h: number): void {
    const invHSq = 1 / (h * h);
    const predicted = this.predictedMoment;
    runtimes.forEach((body, b) => {
      freeMoment(state, body, this.freeForceN, b);
      for (let k = 3 * b; k < 3 * b + 3; k++)
        this.freeForceN[k] = (this.freeForceN[k] - predicted[k]) * invHSq;
    });
  }
}

/** out[3b..3b+3) ← Σ over the free particles of `body` of m·(x − x_prev), kg·m. */
function freeMoment(state: ParticleState, body: BodyRuntime, out: Float64Array, b: number): void {
  const { x, xPrev, mass, invMass } = state;
  let fx = 0;
  let fy = 0;
  let fz = 0;
  for (let p = body.offset; p < body.offset + body.count; p++) {
    if (invMass[p] === 0) continue;
    const p3 = 3 * p;
    fx += mass[p] * (x[p3] - xPrev[p3]);
    fy += mass[p] * (x[p3 + 1] - xPrev[p3 + 1]);
    fz += mass[p] * (x[p3 + 2] - xPrev[p3 + 2]);
  }
  out[3 * b] = fx;
  out[3 * b + 1] = fy;
  out[3 * b + 2] = fz;
}
