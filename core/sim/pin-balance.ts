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
 * split between several rigid pins from λ. Costs one copy and one pass over the particles per frame.
 */
export class ConstraintForceProbe {
  private readonly predicted: Float64Array;
  /** Per body: Σ over its free particles of m·(x − x̃)/h², N, xyz. */
  readonly freeForceN: Float64Array;

  constructor(particleCount: number, bodyCount: number) {
    this.predicted = new Float64Array(3 * particleCount);
    this.freeForceN = new Float64Array(3 * bodyCount);
  }

  /** Call after the prediction of the substep to be measured. */
  capturePredicted(state: ParticleState): void {
    this.predicted.set(state.x);
  }

  /** Call after the constraint sweep of that substep (before grab, collisions and self-collision). */
  measure(state: ParticleState, runtimes: readonly BodyRuntime[], h: number): void {
    const { x, mass, invMass } = state;
    const invHSq = 1 / (h * h);
    runtimes.forEach((body, b) => {
      let fx = 0;
      let fy = 0;
      let fz = 0;
      for (let p = body.offset; p < body.offset + body.count; p++) {
        if (invMass[p] === 0) continue;
        const p3 = 3 * p;
        fx += mass[p] * (x[p3] - this.predicted[p3]);
        fy += mass[p] * (x[p3 + 1] - this.predicted[p3 + 1]);
        fz += mass[p] * (x[p3 + 2] - this.predicted[p3 + 2]);
      }
      this.freeForceN[3 * b] = fx * invHSq;
      this.freeForceN[3 * b + 1] = fy * invHSq;
      this.freeForceN[3 * b + 2] = fz * invHSq;
    });
  }
}
