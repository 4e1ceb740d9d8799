import type { ParticleState } from '../state.ts';
import { type AttachmentBlock, addAttachmentForces, dampAttachment, solveAttachment } from './attachment.ts';
import {
  addDihedralBendForces,
  type DihedralBendBlock,
  dampDihedralBend,
  solveDihedralBend,
} from './dihedral-bend.ts';
import { addDistanceForces, type DistanceBlock, dampDistance, solveDistance } from './distance.ts';
import { dampEdgeDamper, type EdgeDamperBlock } from './edge-damper.ts';
import { addNeoHookeanForces, type NeoHookeanBlock, solveNeoHookean } from './neo-hookean.ts';
import { addPressureForces, type PressureBlock, solvePressure } from './pressure.ts';
import { addRopeBendForces, dampRopeBend, type RopeBendBlock, solveRopeBend } from './rope-bend.ts';
import { addTetVolumeForces, dampTetVolume, solveTetVolume, type TetVolumeBlock } from './tet-volume.ts';
import { addTetherForces, solveTether, type TetherBlock } from './tether.ts';

/** Every constraint block kind; each has one solve function in its own file. */
export type ConstraintBlock =
  | DistanceBlock
  | NeoHookeanBlock
  | TetVolumeBlock
  | DihedralBendBlock
  | AttachmentBlock
  | EdgeDamperBlock
  | TetherBlock
  | RopeBendBlock
  | PressureBlock;

/** One Gauss-Seidel sweep of `block` in colour order, substep h in s. */
export function solveBlock(block: ConstraintBlock, state: ParticleState, h: number): void {
  switch (block.kind) {
    case 'distance':
      solveDistance(block, state, h);
      break;
    case 'neo-hookean':
      solveNeoHookean(block, state, h);
      break;
    case 'tet-volume':
      solveTetVolume(block, state, h);
      break;
    case 'dihedral-bend':
      solveDihedralBend(block, state, h);
      break;
    case 'attachment':
      solveAttachment(block, state, h);
      break;
    case 'tether':
      solveTether(block, state);
      break;
    case 'rope-bend':
      solveRopeBend(block, state, h);
      break;
    case 'pressure':
      solvePressure(block, state, h);
      break;
    case 'edge-damper':
      break; // velocity level only
  }
}

/** Implicit constraint damping of the velocities after a substep h (see block.ts). */
export function dampBlock(block: ConstraintBlock, state: ParticleState, h: number): void {
  if (!block.damped) return;
  switch (block.kind) {
    case 'distance':
      dampDistance(block, state, h);
      break;
    case 'neo-hookean':
      break; // damped through its edges (edge-damper.ts)
    case 'tet-volume':
      dampTetVolume(block, state, h);
      break;
    case 'dihedral-bend':
      dampDihedralBend(block, state, h);
      break;
    case 'attachment':
      dampAttachment(block, state, h);
      break;
    case 'edge-damper':
      dampEdgeDamper(block, state, h);
      break;
    case 'rope-bend':
      dampRopeBend(block, state, h);
      break;
    case 'tether':
    case 'pressure':
      break; // undamped (rigid tethers; the membrane damps the balloon)
  }
}

/** XPBD restarts every multiplier at 0 each substep. */
export function resetLambda(block: ConstraintBlock): void {
  if (block.kind === 'neo-hookean') {
    block.lambdaDeviatoric.fill(0);
    block.lambdaHydrostatic.fill(0);
  } else if (block.kind !== 'edge-damper') {
    block.lambda.fill(0);
  }
}

/** Adds the constraint forces λ·∇C/h² of the last substep (N) to `forceN`, 3 per particle. */
export function addBlockForces(
  block: ConstraintBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
): void {
  switch (block.kind) {
    case 'distance':
      addDistanceForces(block, state, h, forceN);
      break;
    case 'neo-hookean':
      addNeoHookeanForces(block, state, h, forceN);
      break;
    case 'tet-volume':
      addTetVolumeForces(block, state, h, forceN);
      break;
    case 'dihedral-bend':
      addDihedralBendForces(block, state, h, forceN);
      break;
    case 'attachment':
      addAttachmentForces(block, state, h, forceN);
      break;
    case 'tether':
      addTetherForces(block, state, h, forceN);
      break;
    case 'rope-bend':
      addRopeBendForces(block, h, forceN);
      break;
    case 'pressure':
      addPressureForces(block, state, h, forceN);
      break;
    case 'edge-damper':
      break; // no multipliers: its damping is not a static force
  }
}

/** Number of scalar constraints a block holds (a neo-Hookean tet counts two, a rope joint three). */
export function scalarConstraintCount(block: ConstraintBlock): number {
  if (block.kind === 'edge-damper') return 0;
  if (block.kind === 'rope-bend') return 3 * block.count;
  return block.kind === 'neo-hookean' ? 2 * block.count : block.count;
}
