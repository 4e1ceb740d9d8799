import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, type ConstraintSubset, type Created, subsetCount } from './block.ts';
import { addJointLimitForce, jointLimitStep } from './joint-limit-step.ts';

/**
 * Cone joint limit of a particle skeleton (ragdoll shoulders, hips, neck): the angle θ between a
 * parent direction u = x_b − x_a and a child bone v = x_d − x_c stays at most θmax. An inequality:
 *
 *   C = θ − θmax ≤ 0,   θ = acos(û·v̂) ∈ [0, π]                                 (rad)
 *
 * Gradient, from d(cos θ) = −sin θ·dθ and d(û·v̂)/du = (v̂ − (û·v̂)û)/|u|:
 *   ∂θ/∂u = −(v̂ − cos θ·û)/(|u|·sin θ),   ∂θ/∂v = −(û − cos θ·v̂)/(|v|·sin θ)
 *   ∇_a C = −∂θ/∂u, ∇_b C = ∂θ/∂u, ∇_c C = −∂θ/∂v, ∇_d C = ∂θ/∂v
 * |∂θ/∂u| = 1/|u| and |∂θ/∂v| = 1/|v|. The gradients sum to zero and θ does not change when the
 * four particles turn together, so the corrections conserve linear and angular momentum. When
 * b = c (the joint particle is the end of both), its two slots add (joint-limit-step.ts).
 *
 * α (rad/(N·m), angle per torque) is 0 for a hard limit; λ in N·m·s². XPBD step and the sign of
 * the inequality: joint-limit-step.ts. Skipped (no change, no NaN): a bone shorter than
 * MIN_LENGTH_M, and sin θ ≈ 0 (θ = 0 is inside every cone; at θ = π the direction of the
 * correction is undefined and the next substep, a little off the axis, takes it).
 */
export interface JointConeBlock extends BlockBase {
  readonly kind: 'joint-cone';
  /** θmax per cone, rad. */
  readonly maxAngleRad: Float64Array;
  /** Compliance α per cone, rad/(N·m). */
  readonly complianceRadPerNM: Float64Array;
  /** Multiplier of the current substep, N·m·s². */
  readonly lambda: Float64Array;
}

export interface JointConeInput {
  /** 4 per cone (a, b, c, d): parent direction a → b, child bone c → d; world-global indices. */
  particles: Uint32Array;
  maxAngleRad: Float64Array;
  complianceRadPerNM: Float64Array;
}

/** Below this |sin θ| the cone's correction direction is undefined: skipped. */
const MIN_SIN = 1e-9;
const MIN_LENGTH_SQ_M2 = 1e-24;

export function createJointConeBlock(input: JointConeInput, state: ParticleState): Created<JointConeBlock> {
  const count = input.particles.length / 4;
  const colouring = colourConstraints(input.particles, 4, state.count, state.leafOf);
  const order = colouring.order;
  return {
    kind: 'joint-cone',
    count,
    arity: 4,
    particles: permute(input.particles, 4, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: false,
    maxAngleRad: permute(input.maxAngleRad, 1, order),
    complianceRadPerNM: permute(input.complianceRadPerNM, 1, order),
    lambda: new Float64Array(count),
  };
}

/**
 * θ of cone `c` at the positions x, and its gradient into `grad` (4 slots × 3) when `grad` is
 * given; NaN when a bone is too short or sin θ ≈ 0 with θ past the limit (no gradient).
 */
export function coneAngle(x: Float64Array, particles: Uint32Array, c: number, grad?: Float64Array): number {
  const a3 = 3 * particles[4 * c];
  const b3 = 3 * particles[4 * c + 1];
  const c3 = 3 * particles[4 * c + 2];
  const d3 = 3 * particles[4 * c + 3];
  const ux = x[b3] - x[a3];
  const uy = x[b3 + 1] - x[a3 + 1];
  const uz = x[b3 + 2] - x[a3 + 2];
  const vx = x[d3] - x[c3];
  const vy = x[d3 + 1] - x[c3 + 1];
  const vz = x[d3 + 2] - x[c3 + 2];
  const uSq = ux * ux + uy * uy + uz * uz;
  const vSq = vx * vx + vy * vy + vz * vz;
  if (!(uSq > MIN_LENGTH_SQ_M2) || !(vSq > MIN_LENGTH_SQ_M2)) return Number.NaN;
  const uLen = Math.sqrt(uSq);
  const vLen = Math.sqrt(vSq);
  const cos = Math.max(-1, Math.min(1, (ux * vx + uy * vy + uz * vz) / (uLen * vLen)));
  const theta = Math.acos(cos);
  if (!grad) return theta;
  const sin = Math.sqrt(Math.max(0, 1 - cos * cos));
  if (!(sin > MIN_SIN)) return Number.NaN;
  // ∂θ/∂u and ∂θ/∂v (see the block's comment).
  const su = -1 / (uLen * sin);
  const sv = -1 / (vLen * sin);
  const dux = su * (vx / vLen - (cos * ux) / uLen);
  const duy = su * (vy / vLen - (cos * uy) / uLen);
  const duz = su * (vz / vLen - (cos * uz) / uLen);
  const dvx = sv * (ux / uLen - (cos * vx) / vLen);
  const dvy = sv * (uy / uLen - (cos * vy) / vLen);
  const dvz = sv * (uz / uLen - (cos * vz) / vLen);
  grad[0] = -dux;
  grad[1] = -duy;
  grad[2] = -duz;
  grad[3] = dux;
  grad[4] = duy;
  grad[5] = duz;
  grad[6] = -dvx;
  grad[7] = -dvy;
  grad[8] = -dvz;
  grad[9] = dvx;
  grad[10] = dvy;
  grad[11] = dvz;
  return theta;
}

const scratch = new Float64Array(12);

/** One Gauss-Seidel sweep over the cones in colour order, substep h in s. */
export function solveJointCone(block: JointConeBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < block.count; c++) {
    const lambda = block.lambda[c];
    // Cheap test first: within the cone and not pushing this substep, nothing to do.
    const theta = coneAngle(x, block.particles, c);
    if (!(theta > block.maxAngleRad[c]) && lambda === 0) continue;
    const withGrad = coneAngle(x, block.particles, c, scratch);
    if (Number.isNaN(withGrad)) continue;
    block.lambda[c] += jointLimitStep(
      x,
      state.invMass,
      block.particles,
      4 * c,
      4,
      scratch,
      withGrad - block.maxAngleRad[c],
      block.complianceRadPerNM[c] * invHSq,
      lambda,
      block.stiffnessScale,
    );
  }
}

/** Adds λ·∇C/h² of every pushing cone to `forceN` (N, 3 per particle). */
export function addJointConeForces(
  block: JointConeBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    if (block.lambda[c] === 0) continue;
    if (Number.isNaN(coneAngle(state.x, block.particles, c, scratch))) continue;
    addJointLimitForce(block.particles, 4 * c, 4, scratch, block.lambda[c], h, forceN);
  }
}
