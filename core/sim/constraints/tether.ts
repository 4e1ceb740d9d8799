import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, type ConstraintSubset, type Created, MIN_LENGTH_M, subsetCount } from './block.ts';

/**
 * Long-range attachment (tether) of a free cloth particle to a pinned one (Kim, Chentanez &
 * Müller 2012, "Long Range Attachments – A Method to Simulate Inextensible Clothing in Computer
 * Games", §3): a unilateral distance constraint that only acts when the particle is farther from
 * its pin than the rest distance allows. It stops the "rubber" stretch of hanging cloth that one
 * Gauss-Seidel pass per substep cannot remove through a long chain of edges.
 *
 *   C = |x − p| − L ≤ 0,  L = (1 + s)·L0,  ∇_x C = n = (x − p)/|x − p|         (m)
 *
 * L0 is the rest (Euclidean) distance to the nearest rigidly pinned particle of the same body,
 * s the allowed extra stretch. Rigid (α = 0): when C > 0 the particle moves back by C along n.
 * The pinned end has inverse mass 0 and is only read, so the colouring looks at the free end
 * alone. λ ≥ 0 is the push towards the pin; force on the particle = −λ·n/h², and on the pin +λ·n/h².
 */
export interface TetherBlock extends BlockBase {
  readonly kind: 'tether';
  /** Longest allowed distance L, m. */
  readonly maxLengthM: Float64Array;
  /** Multiplier of the current substep, N·s² (≥ 0). */
  readonly lambda: Float64Array;
}

export interface TetherInput {
  /** Pairs (free particle, pinned particle), world-global indices. */
  particles: Uint32Array;
  /** L per tether, m. */
  maxLengthM: Float64Array;
}

export function createTetherBlock(input: TetherInput, state: ParticleState): Created<TetherBlock> {
  const count = input.particles.length / 2;
  const free = new Uint32Array(count);
  for (let c = 0; c < count; c++) free[c] = input.particles[2 * c];
  const colouring = colourConstraints(free, 1, state.count, state.leafOf);
  const order = colouring.order;
  return {
    kind: 'tether',
    count,
    arity: 2,
    particles: permute(input.particles, 2, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: false,
    maxLengthM: permute(input.maxLengthM, 1, order),
    lambda: new Float64Array(count),
  };
}

/** One sweep: pulls every over-long tether back to its length. */
export function solveTether(block: TetherBlock, state: ParticleState): void {
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const maxLength = block.maxLengthM;
  const lambda = block.lambda;
  const scale = block.stiffnessScale;
  for (let c = 0; c < block.count; c++) {
    const a = particles[2 * c];
    if (w[a] === 0) continue;
    const a3 = 3 * a;
    const b3 = 3 * particles[2 * c + 1];
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const excess = length - maxLength[c];
    if (!(excess > 0) || !(length > MIN_LENGTH_M)) continue;
    // Δλ = C/w (rigid); the particle moves by −w·Δλ·n = −C·n.
    const dLambda = (scale * excess) / w[a];
    lambda[c] += dLambda;
    const s = (scale * excess) / length;
    x[a3] -= s * dx;
    x[a3 + 1] -= s * dy;
    x[a3 + 2] -= s * dz;
  }
}

/** Adds the tether forces of the last substep, N: −λ·n/h² on the free end, +λ·n/h² on the pin. */
export function addTetherForces(
  block: TetherBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
) {
  const x = state.x;
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    if (block.lambda[c] === 0) continue;
    const a3 = 3 * block.particles[2 * c];
    const b3 = 3 * block.particles[2 * c + 1];
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > MIN_LENGTH_M)) continue;
    const s = (block.lambda[c] * invHSq) / length;
    forceN[a3] -= s * dx;
    forceN[a3 + 1] -= s * dy;
    forceN[a3 + 2] -= s * dz;
    forceN[b3] += s * dx;
    forceN[b3 + 1] += s * dy;
    forceN[b3 + 2] += s * dz;
  }
}
