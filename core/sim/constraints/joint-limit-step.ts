import { MIN_DENOMINATOR } from './block.ts';

/**
 * The XPBD step of one joint-limit inequality C ≤ 0 (joint-cone.ts, joint-hinge.ts) over `arity`
 * particle slots whose gradients ∇_k C are in `grad` (3 per slot). A particle listed in several
 * slots (the joint shared by the parent and the child bone) moves by the sum of its slots'
 * gradients, so its slots are merged first: W = Σ_particles w·|Σ_slots ∇C|².
 *
 *   Δλ = (−C − α̃λ)/(W + α̃),  λ ← min(λ + Δλ, 0),  x_k += w_k·∇_k C·(λ_new − λ_old)
 *
 * Active only when violated (C > 0) or while the substep's λ already pushes: the limit pushes the
 * joint back and never pulls it, so λ is kept ≤ 0 (Macklin, Müller & Chentanez 2016, XPBD, with
 * the sign of an inequality as for contacts). Returns the change of λ actually applied.
 */
export function jointLimitStep(
  x: Float64Array,
  w: Float64Array,
  particles: Uint32Array,
  offset: number,
  arity: number,
  grad: Float64Array,
  value: number,
  alphaTilde: number,
  lambda: number,
  scale: number,
): number {
  let weight = 0;
  for (let s = 0; s < arity; s++) {
    const p = particles[offset + s];
    let first = s;
    for (let t = 0; t < s; t++) {
      if (particles[offset + t] === p) {
        first = t;
        break;
      }
    }
    if (first !== s) {
      for (let k = 0; k < 3; k++) {
        grad[3 * first + k] += grad[3 * s + k];
        grad[3 * s + k] = 0;
      }
    }
  }
  for (let s = 0; s < arity; s++) {
    const g0 = grad[3 * s];
    const g1 = grad[3 * s + 1];
    const g2 = grad[3 * s + 2];
    weight += w[particles[offset + s]] * (g0 * g0 + g1 * g1 + g2 * g2);
  }
  const denominator = weight + alphaTilde;
  if (!(denominator > MIN_DENOMINATOR)) return 0;
  const wanted = (scale * (-value - alphaTilde * lambda)) / denominator;
  const applied = Math.min(lambda + wanted, 0) - lambda;
  if (applied === 0) return 0;
  for (let s = 0; s < arity; s++) {
    const p = particles[offset + s];
    const f = w[p] * applied;
    x[3 * p] += f * grad[3 * s];
    x[3 * p + 1] += f * grad[3 * s + 1];
    x[3 * p + 2] += f * grad[3 * s + 2];
  }
  return applied;
}

/** Adds λ·∇C/h² (N) of one joint limit to `forceN`, gradients of its slots in `grad`. */
export function addJointLimitForce(
  particles: Uint32Array,
  offset: number,
  arity: number,
  grad: Float64Array,
  lambda: number,
  h: number,
  forceN: Float64Array,
): void {
  const f = lambda / (h * h);
  for (let s = 0; s < arity; s++) {
    const p = 3 * particles[offset + s];
    forceN[p] += f * grad[3 * s];
    forceN[p + 1] += f * grad[3 * s + 1];
    forceN[p + 2] += f * grad[3 * s + 2];
  }
}
