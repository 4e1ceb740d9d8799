import type { ParticleState } from '../state.ts';
import type { AttachmentBlock } from './attachment.ts';
import type { ConstraintSubset } from './block.ts';
import type { DihedralBendBlock } from './dihedral-bend.ts';
import type { DistanceBlock } from './distance.ts';
import type { EdgeDamperBlock } from './edge-damper.ts';
import type { JointConeBlock } from './joint-cone.ts';
import type { JointHingeBlock } from './joint-hinge.ts';
import { kindOps } from './kinds.ts';
import type { MembraneBlock } from './membrane.ts';
import type { NeoHookeanBlock } from './neo-hookean.ts';
import type { NodalVolumeBlock } from './nodal-volume.ts';
import type { PlateBendBlock } from './plate-bend.ts';
import type { PressureBlock } from './pressure.ts';
import type { RopeBendBlock } from './rope-bend.ts';
import type { ShapeMatchingBlock } from './shape-matching.ts';
import type { TetVolumeBlock } from './tet-volume.ts';
import type { TetherBlock } from './tether.ts';

/** Every constraint block kind; each has its operations in kinds.ts and its kernels in its own file. */
export type ConstraintBlock =
  | DistanceBlock
  | NeoHookeanBlock
  | MembraneBlock
  | TetVolumeBlock
  | NodalVolumeBlock
  | DihedralBendBlock
  | PlateBendBlock
  | AttachmentBlock
  | EdgeDamperBlock
  | TetherBlock
  | RopeBendBlock
  | PressureBlock
  | ShapeMatchingBlock
  | JointConeBlock
  | JointHingeBlock;

/** One Gauss-Seidel sweep of `block` in colour order, substep h in s. */
export function solveBlock(block: ConstraintBlock, state: ParticleState, h: number): void {
  const solve = kindOps(block).solve;
  if (solve) solve(block, state, h);
}

/** Implicit constraint damping of the velocities after a substep h (see block.ts). */
export function dampBlock(block: ConstraintBlock, state: ParticleState, h: number): void {
  if (!block.damped) return;
  const damp = kindOps(block).damp;
  if (damp) damp(block, state, h);
}

/** XPBD restarts every multiplier at 0 each substep. */
export function resetLambda(block: ConstraintBlock): void {
  const reset = kindOps(block).resetLambda;
  if (reset) reset(block);
}

/**
 * Adds the constraint forces λ·∇C/h² of the last substep (N) to `forceN`, 3 per particle: of the
 * constraints `only` lists (block order), or of all.
 */
export function addBlockForces(
  block: ConstraintBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const addForces = kindOps(block).addForces;
  if (addForces) addForces(block, state, h, forceN, only);
}

/** Number of scalar constraints a block holds (a neo-Hookean tet counts two, a rope joint three). */
export function scalarConstraintCount(block: ConstraintBlock): number {
  return kindOps(block).scalarCount(block);
}
