import type { EnergySink } from './constraints/elastic-energy.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import { kindOps } from './constraints/kinds.ts';
import type { ParticleState } from './state.ts';
import type { NeoHookeanStiffnessLimit } from './stiffness-limit.ts';

/** Particles per constraint of the blocks that store energy (the layout of `block.particles`); 0 for the others. */
export function energyBlockArity(block: ConstraintBlock): number {
  return kindOps(block).energy ? block.arity : 0;
}

/**
 * Elastic energy stored in a constraint block at the current positions, J (per kind in
 * constraints/elastic-energy.ts). Each compliant constraint stores U = ½·C²/α (the XPBD energy;
 * Macklin, Müller & Chentanez 2016, eq. 2); rigid constraints (α = 0, classic PBD mode, tethers,
 * contacts) store nothing. The neo-Hookean tet stores its strain energy with the rest value
 * removed, for the material as asked (the compliances before stiffness-limit.ts scaled them).
 * Attachments (soft pins, the grab) are outside the body and are not counted.
 */
export function blockElasticEnergyJ(
  block: ConstraintBlock,
  state: ParticleState,
  limit?: NeoHookeanStiffnessLimit,
  perConstraint?: EnergySink,
): number {
  const energy = kindOps(block).energy;
  return energy ? energy(block, state, perConstraint, limit) : 0;
}
