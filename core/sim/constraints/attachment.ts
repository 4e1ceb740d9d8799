import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  anyPositive,
  type BlockBase,
  type ConstraintSubset,
  type Created,
  criticalDampingCoefficient,
  MIN_DENOMINATOR,
  MIN_LENGTH_M,
  subsetCount,
} from './block.ts';

/**
 * Soft attachment of one particle to a kinematic target point (a compliant pin):
 *
 *   C = |x − p|,   ∇_x C = n = (x − p)/|x − p|                (m)
 *   α = compliance of the attachment spring, m/N; force the pin exerts on the particle = λ·n/h²
 *
 * XPBD update as in distance.ts with the target of infinite mass: Δλ = (−C − α̃λ)/(w + α̃).
 * At the target (|x − p| below MIN_LENGTH_M) C = 0 and the direction is undefined: skipped.
 * Rigid pins do not use this block; they set the particle's inverse mass to 0.
 */
export interface AttachmentBlock extends BlockBase {
  readonly kind: 'attachment';
  /** Target positions p, m, xyz per constraint (kinematic: callers may move them). */
  readonly targetM: Float64Array;
  /** α, m/N. */
  readonly complianceMPerN: Float64Array;
  /** Damping coefficient β, N·s/m. */
  readonly dampingNSPerM: Float64Array;
  /** Multiplier of the current substep, N·s². */
  readonly lambda: Float64Array;
}

export interface AttachmentInput {
  particles: Uint32Array;
  /** Compliance per attachment, m/N (> 0; rigid pins use inverse mass 0 instead). */
  complianceMPerN: Float64Array;
  dampingRatio: number;
}

/** Attaches each particle to its own rest position. */
export function createAttachmentBlock(
  input: AttachmentInput,
  state: ParticleState,
): Created<AttachmentBlock> {
  const count = input.particles.length;
  const target = new Float64Array(3 * count);
  const damping = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    const p = input.particles[c];
    target.set(state.rest.subarray(3 * p, 3 * p + 3), 3 * c);
    damping[c] = criticalDampingCoefficient(input.complianceMPerN[c], input.dampingRatio, state.invMass[p]);
  }
  const colouring = colourConstraints(input.particles, 1, state.count, state.leafOf);
  const order = colouring.order;
  const dampingNSPerM = permute(damping, 1, order);
  return {
    kind: 'attachment',
    count,
    arity: 1,
    particles: permute(input.particles, 1, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: anyPositive(dampingNSPerM),
    targetM: permute(target, 3, order),
    complianceMPerN: permute(input.complianceMPerN, 1, order),
    dampingNSPerM,
    lambda: new Float64Array(count),
  };
}

/** One sweep over the block, substep h in s. */
export function solveAttachment(block: AttachmentBlock, state: ParticleState, h: number): void {
  const minDenominator = MIN_DENOMINATOR;
  const minLength = MIN_LENGTH_M;
  const x = state.x;
  const w = state.invMass;
  const target = block.targetM;
  const lambda = block.lambda;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < block.count; c++) {
    const p = block.particles[c];
    const p3 = 3 * p;
    const dx = x[p3] - target[3 * c];
    const dy = x[p3 + 1] - target[3 * c + 1];
    const dz = x[p3 + 2] - target[3 * c + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > minLength)) continue;
    const alphaTilde = block.complianceMPerN[c] * invHSq;
    const denominator = w[p] + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const dLambda = (block.stiffnessScale * (-length - alphaTilde * lambda[c])) / denominator;
    lambda[c] += dLambda;
    const s = (w[p] * dLambda) / length;
    x[p3] += s * dx;
    x[p3 + 1] += s * dy;
    x[p3 + 2] += s * dz;
  }
}

/** Implicit damping of the velocity along the attachment direction (block.ts). */
export function dampAttachment(block: AttachmentBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const v = state.v;
  const w = state.invMass;
  for (let c = 0; c < block.count; c++) {
    const hb = h * block.dampingNSPerM[c];
    if (hb === 0) continue;
    const p = block.particles[c];
    const p3 = 3 * p;
    const dx = x[p3] - block.targetM[3 * c];
    const dy = x[p3 + 1] - block.targetM[3 * c + 1];
    const dz = x[p3 + 2] - block.targetM[3 * c + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > MIN_LENGTH_M)) continue;
    const rate = (dx * v[p3] + dy * v[p3 + 1] + dz * v[p3 + 2]) / length;
    const s = (w[p] * rate * hb) / ((1 + hb * w[p]) * length);
    v[p3] -= s * dx;
    v[p3 + 1] -= s * dy;
    v[p3 + 2] -= s * dz;
  }
}

/** Adds the force each attachment exerts on its particle, λ·n/h² (N), to `forceN`. */
export function addAttachmentForces(
  block: AttachmentBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const x = state.x;
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    const p3 = 3 * block.particles[c];
    const dx = x[p3] - block.targetM[3 * c];
    const dy = x[p3 + 1] - block.targetM[3 * c + 1];
    const dz = x[p3 + 2] - block.targetM[3 * c + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > MIN_LENGTH_M)) continue;
    const s = (block.lambda[c] * invHSq) / length;
    forceN[p3] += s * dx;
    forceN[p3 + 1] += s * dy;
    forceN[p3 + 2] += s * dz;
  }
}
