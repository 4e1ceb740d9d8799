import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  anyPositive,
  type BlockBase,
  type ConstraintSubset,
  type Created,
  criticalDampingCoefficient,
  MIN_DENOMINATOR,
  subsetCount,
} from './block.ts';

/**
 * Bending of a rope that is straight at rest, per interior particle i with neighbours i−1, i+1:
 *
 *   C = x_{i−1} − 2·x_i + x_{i+1}           (a 3-vector, m; zero while the rope is straight)
 *   ∇_{i−1}C = I, ∇_i C = −2I, ∇_{i+1}C = I,  W = w_{i−1} + 4·w_i + w_{i+1}
 *
 * C/l² is the discrete curvature vector (l the link length), so a beam of bending stiffness
 * EI (E·πr⁴/4 for a round section, N·m²) stores ½·EI·κ²·l = ½·(EI/l³)·|C|² per joint:
 * α = l³/(EI), m/N. C is linear in the positions, so its three components are independent
 * constraints with the same W and the XPBD update is exact per component:
 *   Δλ = (−C − α̃λ)/(W + α̃),  x_k += w_k·∇_k C·Δλ.
 * It also resists uneven link lengths a little (an axial stiffness EI/l³ against E·πr²/l of
 * the links: a ratio r²/(4l²), negligible for links longer than the radius). Rotation
 * invariant because the rest value is zero (straight ropes only, which is what the rope shape
 * builds). Damping: implicit along ∇C after the substep, as block.ts describes.
 */
export interface RopeBendBlock extends BlockBase {
  readonly kind: 'rope-bend';
  /** α = l³/(EI) per joint, m/N. */
  readonly complianceMPerN: Float64Array;
  /** Damping coefficient β per joint, N·s/m. */
  readonly dampingNSPerM: Float64Array;
  /** Multipliers of the current substep, 3 per joint, N·s². */
  readonly lambda: Float64Array;
}

export interface RopeBendInput {
  /** Triples (i−1, i, i+1), world-global indices. */
  particles: Uint32Array;
  complianceMPerN: Float64Array;
  dampingRatio: number;
}

export function createRopeBendBlock(input: RopeBendInput, state: ParticleState): Created<RopeBendBlock> {
  const count = input.particles.length / 3;
  const w = state.invMass;
  const damping = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    const weight =
      w[input.particles[3 * c]] + 4 * w[input.particles[3 * c + 1]] + w[input.particles[3 * c + 2]];
    damping[c] = criticalDampingCoefficient(input.complianceMPerN[c], input.dampingRatio, weight);
  }
  const colouring = colourConstraints(input.particles, 3, state.count, state.leafOf);
  const order = colouring.order;
  const dampingNSPerM = permute(damping, 1, order);
  return {
    kind: 'rope-bend',
    count,
    arity: 3,
    particles: permute(input.particles, 3, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: anyPositive(dampingNSPerM),
    complianceMPerN: permute(input.complianceMPerN, 1, order),
    dampingNSPerM,
    lambda: new Float64Array(3 * count),
  };
}

export function solveRopeBend(block: RopeBendBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < block.count; c++) {
    const a = block.particles[3 * c];
    const b = block.particles[3 * c + 1];
    const d = block.particles[3 * c + 2];
    const weight = w[a] + 4 * w[b] + w[d];
    const alphaTilde = block.complianceMPerN[c] * invHSq;
    const denominator = weight + alphaTilde;
    if (!(denominator > MIN_DENOMINATOR)) continue;
    for (let k = 0; k < 3; k++) {
      const value = x[3 * a + k] - 2 * x[3 * b + k] + x[3 * d + k];
      const dLambda = (block.stiffnessScale * (-value - alphaTilde * block.lambda[3 * c + k])) / denominator;
      block.lambda[3 * c + k] += dLambda;
      x[3 * a + k] += w[a] * dLambda;
      x[3 * b + k] -= 2 * w[b] * dLambda;
      x[3 * d + k] += w[d] * dLambda;
    }
  }
}

/** Ċ' = Ċ/(1 + hβW) per component, Ċ = v_{i−1} − 2v_i + v_{i+1}. */
export function dampRopeBend(block: RopeBendBlock, state: ParticleState, h: number): void {
  const v = state.v;
  const w = state.invMass;
  for (let c = 0; c < block.count; c++) {
    const hb = h * block.dampingNSPerM[c];
    if (hb === 0) continue;
    const a = block.particles[3 * c];
    const b = block.particles[3 * c + 1];
    const d = block.particles[3 * c + 2];
    const weight = w[a] + 4 * w[b] + w[d];
    const factor = hb / (1 + hb * weight);
    for (let k = 0; k < 3; k++) {
      const s = (v[3 * a + k] - 2 * v[3 * b + k] + v[3 * d + k]) * factor;
      v[3 * a + k] -= w[a] * s;
      v[3 * b + k] += 2 * w[b] * s;
      v[3 * d + k] -= w[d] * s;
    }
  }
}

/** Adds λ·∇C/h² (N) of every joint to `forceN`. */
export function addRopeBendForces(
  block: RopeBendBlock,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    const a = 3 * block.particles[3 * c];
    const b = 3 * block.particles[3 * c + 1];
    const d = 3 * block.particles[3 * c + 2];
    for (let k = 0; k < 3; k++) {
      const f = block.lambda[3 * c + k] * invHSq;
      forceN[a + k] += f;
      forceN[b + k] -= 2 * f;
      forceN[d + k] += f;
    }
  }
}
