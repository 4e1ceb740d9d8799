import {
  dihedralBendEnergyJ,
  distanceEnergyJ,
  type EnergySink,
  neoHookeanEnergyJ,
  ropeBendEnergyJ,
  tetVolumeEnergyJ,
} from './constraints/elastic-energy.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import type { ParticleState } from './state.ts';
import type { NeoHookeanStiffnessLimit } from './stiffness-limit.ts';

/** Particles per constraint of the blocks that store energy (the layout of `block.particles`). */
export function energyBlockArity(block: ConstraintBlock): number {
  switch (block.kind) {
    case 'distance':
      return 2;
    case 'rope-bend':
      return 3;
    case 'tet-volume':
    case 'dihedral-bend':
    case 'neo-hookean':
      return 4;
    default:
      return 0;
  }
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
  switch (block.kind) {
    case 'distance':
      return distanceEnergyJ(block, state, perConstraint);
    case 'tet-volume':
      return tetVolumeEnergyJ(block, state, perConstraint);
    case 'dihedral-bend':
      return dihedralBendEnergyJ(block, state, perConstraint);
    case 'neo-hookean':
      return neoHookeanEnergyJ(block, state, perConstraint, limit);
    case 'rope-bend':
      return ropeBendEnergyJ(block, state, perConstraint);
    case 'pressure':
    case 'tether':
    case 'attachment':
    case 'edge-damper':
      return 0;
  }
}
