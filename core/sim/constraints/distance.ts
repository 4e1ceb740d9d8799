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
 * Distance constraint: tet edges, rope links, cloth stretch and shear.
 *
 *   C(x_a, x_b) = |x_a − x_b| − L0                          (m)
 *   ∇_a C = n = (x_a − x_b)/|x_a − x_b|,   ∇_b C = −n        (|∇C|² = 1 per end)
 *   α = 1/k, m/N, for a spring of stiffness k in N/m; λ in N·s², force on a = λ·n/h²
 *
 * XPBD update (Macklin, Müller & Chentanez 2016, eq. 18):
 *   Δλ = (−C − α̃λ) / (w_a + w_b + α̃),  α̃ = α/h²;   x_a += w_a·Δλ·n,  x_b −= w_b·Δλ·n
 * With α = 0 this is exactly the PBD projection of Müller et al. 2007, eq. 9.
 * Skipped (no change, no NaN): a current length under MIN_LENGTH_M (direction undefined) and
 * a zero denominator (both ends pinned and rigid). Damping: see block.ts, `dampDistance`.
 */
export interface DistanceBlock extends BlockBase {
  readonly kind: 'distance';
  /** Rest length L0, m. */
  readonly restLengthM: Float64Array;
  /** Compliance α, m/N. */
  readonly complianceMPerN: Float64Array;
  /** Damping coefficient β along the edge, N·s/m; empty when the block is undamped (`damped` false). */
  readonly dampingNSPerM: Float64Array;
  /** Lagrange multiplier of the current substep, N·s². */
  readonly lambda: Float64Array;
}

export interface DistanceInput {
  /** Particle pairs, world-global indices. */
  particles: Uint32Array;
  /** Compliance per constraint, m/N. */
  complianceMPerN: Float64Array;
  /** Damping ratio ζ for every constraint of the block. */
  dampingRatio: number;
}

export function createDistanceBlock(input: DistanceInput, state: ParticleState): Created<DistanceBlock> {
  const count = input.particles.length / 2;
  const rest = state.rest;
  const w = state.invMass;
  const restLength = new Float64Array(count);
  const damping = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    const a = input.particles[2 * c];
    const b = input.particles[2 * c + 1];
    const dx = rest[3 * a] - rest[3 * b];
    const dy = rest[3 * a + 1] - rest[3 * b + 1];
    const dz = rest[3 * a + 2] - rest[3 * b + 2];
    restLength[c] = Math.sqrt(dx * dx + dy * dy + dz * dz);
    damping[c] = criticalDampingCoefficient(input.complianceMPerN[c], input.dampingRatio, w[a] + w[b]);
  }
  const colouring = colourConstraints(input.particles, 2, state.count, state.leafOf);
  const { order } = colouring;
  // An undamped block (no coefficient above 0) keeps none: its damping pass never runs.
  const dampingNSPerM = anyPositive(damping) ? permute(damping, 1, order) : new Float64Array(0);
  return {
    kind: 'distance',
    count,
    arity: 2,
    particles: permute(input.particles, 2, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: dampingNSPerM.length > 0,
    restLengthM: permute(restLength, 1, order),
    complianceMPerN: permute(input.complianceMPerN, 1, order),
    dampingNSPerM,
    lambda: new Float64Array(count),
  };
}

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s. Written for V8: typed
 * arrays and constants in locals, one division for Δλ/|d|.
 */
export function solveDistance(block: DistanceBlock, state: ParticleState, h: number): void {
  // Local copies: imported bindings can cost a property load per use once transpiled.
  const minDenominator = MIN_DENOMINATOR;
  const minLength = MIN_LENGTH_M;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const restLength = block.restLengthM;
  const compliance = block.complianceMPerN;
  const lambda = block.lambda;
  const scale = block.stiffnessScale;
  const count = block.count;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < count; c++) {
    const a = particles[2 * c];
    const b = particles[2 * c + 1];
    const wa = w[a];
    const wb = w[b];
    const a3 = 3 * a;
    const b3 = 3 * b;
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > minLength)) continue;
    const alphaTilde = compliance[c] * invHSq;
    const denominator = wa + wb + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    // Δx_a = w_a·Δλ·n with n = d/|d|: s = Δλ/|d| in one division (a second for Δλ alone cost
    // 5–6% of the edges + volume cube's frame where a division is slow), and Δλ = s·|d|.
    const s = (scale * (restLength[c] - length - alphaTilde * lambda[c])) / (denominator * length);
    lambda[c] += s * length;
    const sa = wa * s;
    const sb = wb * s;
    x[a3] += sa * dx;
    x[a3 + 1] += sa * dy;
    x[a3 + 2] += sa * dz;
    x[b3] -= sb * dx;
    x[b3 + 1] -= sb * dy;
    x[b3 + 2] -= sb * dz;
  }
}

/** Implicit damping of each edge's stretch rate Ċ = n·(v_a − v_b) over a substep h (block.ts). */
export function dampDistance(block: DistanceBlock, state: ParticleState, h: number): void {
  dampPairs(block.particles, block.dampingNSPerM, block.count, state, h);
}

/**
 * Ċ' = Ċ/(1 + hβ(w_a + w_b)) for each particle pair (edge direction n, rate Ċ = n·(v_a − v_b)),
 * β in N·s/m per pair; shared by distance constraints and edge dampers.
 */
export function dampPairs(
  particles: Uint32Array,
  betaNSPerM: Float64Array,
  count: number,
  state: ParticleState,
  h: number,
): void {
  const minLengthSq = MIN_LENGTH_M * MIN_LENGTH_M;
  const x = state.x;
  const v = state.v;
  const w = state.invMass;
  for (let c = 0; c < count; c++) {
    const hb = h * betaNSPerM[c];
    if (hb === 0) continue;
    const a = particles[2 * c];
    const b = particles[2 * c + 1];
    const a3 = 3 * a;
    const b3 = 3 * b;
    const wa = w[a];
    const wb = w[b];
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const lengthSq = dx * dx + dy * dy + dz * dz;
    // An overflowed |d|² is left out as the normalized form left it (n = d/∞ = 0: no change).
    if (!(lengthSq > minLengthSq && lengthSq < Number.POSITIVE_INFINITY)) continue;
    // With n = d/|d| and the rate r = n·(v_a − v_b): Δv_a = −w_a·s·n, s = r·hb/(1 + hb·(w_a + w_b)),
    // that is −w_a·k·d with k = (d·(v_a − v_b))·hb / (|d|²·(1 + hb·(w_a + w_b))): one division and
    // no root, where normalizing took a root and four (slow where f64 division is).
    const dotRate = dx * (v[a3] - v[b3]) + dy * (v[a3 + 1] - v[b3 + 1]) + dz * (v[a3 + 2] - v[b3 + 2]);
    const k = (dotRate * hb) / (lengthSq * (1 + hb * (wa + wb)));
    v[a3] -= wa * k * dx;
    v[a3 + 1] -= wa * k * dy;
    v[a3 + 2] -= wa * k * dz;
    v[b3] += wb * k * dx;
    v[b3 + 1] += wb * k * dy;
    v[b3 + 2] += wb * k * dz;
  }
}

/** Adds each constraint's force λ·∇C/h² (N) on its particles to `forceN` (3 per particle). */
export function addDistanceForces(
  block: DistanceBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const x = state.x;
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    const a3 = 3 * block.particles[2 * c];
    const b3 = 3 * block.particles[2 * c + 1];
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > MIN_LENGTH_M)) continue;
    const s = (block.lambda[c] * invHSq) / length;
    forceN[a3] += s * dx;
    forceN[a3 + 1] += s * dy;
    forceN[a3 + 2] += s * dz;
    forceN[b3] -= s * dx;
    forceN[b3 + 1] -= s * dy;
    forceN[b3 + 2] -= s * dz;
  }
}
