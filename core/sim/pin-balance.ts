import type { BodyRuntime } from './body-runtime.ts';
import type { ParticleState } from './state.ts';
import type { WasmKernels } from './wasm/wasm-kernels.ts';

/**
 * The exact total of the constraint forces on each body's free particles in the last substep,
 * from momentum: a free particle k that the constraint sweep moved from its predicted position
 * x̃_k to x_k felt F_k = m_k·(x_k − x̃_k)/h², and every constraint's own forces sum to zero (its C
 * is translation invariant), so Σ_free F_k is what the pinned particles' constraints exert on the
 * body. The λ·∇C/h² sum that body-metrics.ts uses per pin evaluates ∇C after the sweep instead
 * of when each constraint was solved; for a neo-Hookean body, whose tets carry large opposing
 * rest multipliers (C_D = √3, C_H = 1 − γ), that difference is a few per cent of the weight at
 * r ≈ 0.25 (a clamped beam: 4.4%). The pins' total is therefore taken from here, and only its
 * split between several rigid pins from λ.
 *
 * The prediction moved each free particle by h·v from x_prev, v the velocity it stored (the air's
 * push moves both alike, aerodynamics.ts), and a shape-matching region then took back h·drift
 * (`takeBackShapeMatchingDrift`): x − x̃ = (x − x_prev − h·v) + h·drift, and nothing between the
 * prediction and the measure changes x_prev or v. One pass over the particles after the sweep
 * (`correctionMoment`, in the kernels where they run), no copy of x̃, and nothing read between the
 * prediction and the sweep, which may then run together (wasm-kernels.ts `deferPrediction`).
 */
export class ConstraintForceProbe {
  /** Per body: h·Σ over its shape-matching regions' free particles of m·drift, kg·m, xyz. */
  private readonly takenBack: Float64Array;
  /** Per body: Σ over its free particles of m·(x − x̃)/h², N, xyz. */
  readonly freeForceN: Float64Array;

  constructor(bodyCount: number) {
    this.takenBack = new Float64Array(3 * bodyCount);
    this.freeForceN = new Float64Array(3 * bodyCount);
  }

  /**
   * Call after the shape-matching regions took back their drift in the substep to be measured
   * (the sweep then changes the drift).
   */
  captureTakenBack(state: ParticleState, runtimes: readonly BodyRuntime[], h: number): void {
    const w = state.invMass;
    this.takenBack.fill(0);
    runtimes.forEach((body, b) => {
      for (const block of body.blocks) {
        if (block.kind !== 'shape-matching') continue;
        const { particles, driftMPerS } = block;
        for (let i = 0; i < particles.length; i++) {
          const wp = w[particles[i]];
          if (wp === 0) continue;
          for (let a = 0; a < 3; a++) this.takenBack[3 * b + a] += (h * driftMPerS[3 * i + a]) / wp;
        }
      }
    });
  }

  /**
   * Call after the constraint sweep of that substep (before grab, collisions and self-collision);
   * `kernels` sums in WebAssembly where the world's kernels run there (the same floats).
   */
  measure(
    state: ParticleState,
    runtimes: readonly BodyRuntime[],
    h: number,
    kernels: WasmKernels | null,
  ): void {
    const invHSq = 1 / (h * h);
    const out = this.freeForceN;
    runtimes.forEach((body, b) => {
      const end = body.offset + body.count;
      if (kernels) kernels.correctionMoment(body.offset, end, h, out, 3 * b);
      else correctionMoment(state, body.offset, end, h, out, 3 * b);
      for (let k = 3 * b; k < 3 * b + 3; k++) out[k] = (out[k] + this.takenBack[k]) * invHSq;
    });
  }
}

/**
 * out[at … at + 3) ← Σ over the particles p of [start, end) with w_p > 0 of
 * (x_p − x_prev,p − h·v_p)/w_p, kg·m, xyz (m = 1/w: the mass the solver moves). The WebAssembly
 * kernel of the same name sums in the same order.
 */
export function correctionMoment(
  state: ParticleState,
  start: number,
  end: number,
  h: number,
  out: Float64Array,
  at: number,
): void {
  const { x, xPrev, v, invMass } = state;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (let p = start; p < end; p++) {
    const w = invMass[p];
    if (w === 0) continue;
    const p3 = 3 * p;
    sx += (x[p3] - xPrev[p3] - v[p3] * h) / w;
    sy += (x[p3 + 1] - xPrev[p3 + 1] - v[p3 + 1] * h) / w;
    sz += (x[p3 + 2] - xPrev[p3 + 2] - v[p3 + 2] * h) / w;
  }
  out[at] = sx;
  out[at + 1] = sy;
  out[at + 2] = sz;
}
