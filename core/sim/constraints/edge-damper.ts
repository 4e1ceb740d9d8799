import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { anyPositive, type BlockBase, type Created, criticalDampingCoefficient } from './block.ts';
import { dampPairs } from './distance.ts';

/**
 * Damping-only edges: the dissipation −β·Ċ·∇C of a distance constraint C = |x_a − x_b| − L0
 * without its stiffness (nothing is solved at position level), applied implicitly at velocity
 * level as in block.ts. β = 2ζ/√(α·(w_a + w_b)) with α = 1/k_e the edge compliance of the
 * 'edges-volume' mapping (edge-stiffness.ts), so the edges damp like the equivalent spring network.
 *
 * Neo-Hookean bodies are damped this way: their deviatoric constraint C_D = ‖F‖ changes only
 * at second order under shear, so damping along ∇C_D would leave shear modes undamped (a dropped
 * block kept wobbling), while every edge of a sheared tet changes length at first order.
 */
export interface EdgeDamperBlock extends BlockBase {
  readonly kind: 'edge-damper';
  /** Damping coefficient β, N·s/m. */
  readonly dampingNSPerM: Float64Array;
}

export interface EdgeDamperInput {
  particles: Uint32Array;
  /** Compliance α = 1/k_e of the equivalent spring per edge, m/N (core/setup derives it). */
  complianceMPerN: Float64Array;
  dampingRatio: number;
}

export function createEdgeDamperBlock(
  input: EdgeDamperInput,
  state: ParticleState,
): Created<EdgeDamperBlock> {
  const count = input.particles.length / 2;
  const beta = new Float64Array(count);
  for (let c = 0; c < count; c++) {
    const wSum = state.invMass[input.particles[2 * c]] + state.invMass[input.particles[2 * c + 1]];
    beta[c] = criticalDampingCoefficient(input.complianceMPerN[c], input.dampingRatio, wSum);
  }
  const colouring = colourConstraints(input.particles, 2, state.count, state.leafOf);
  const order = colouring.order;
  const dampingNSPerM = permute(beta, 1, order);
  return {
    kind: 'edge-damper',
    count,
    arity: 2,
    particles: permute(input.particles, 2, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: anyPositive(dampingNSPerM),
    dampingNSPerM,
  };
}

export function dampEdgeDamper(block: EdgeDamperBlock, state: ParticleState, h: number): void {
  dampPairs(block.particles, block.dampingNSPerM, block.count, state, h);
}
