import type { ParticleState } from '../state.ts';
import type { NeoHookeanStiffnessLimit } from '../stiffness-limit.ts';
import {
  dihedralBendKernel,
  distanceKernel,
  edgeDamperKernel,
  type KernelBinding,
  membraneKernel,
  neoHookeanKernel,
  nodalVolumeKernel,
  plateBendKernel,
  tetVolumeKernel,
} from '../wasm/kernel-bindings.ts';
import { addAttachmentForces, dampAttachment, solveAttachment } from './attachment.ts';
import type { BlockBase, ConstraintSubset } from './block.ts';
import type { RowIndex } from './compliance-table.ts';
import {
  distanceTensionN,
  membraneTensionNPerM,
  neoHookeanStressPa,
  tetVolumeTensionPa,
} from './constraint-force.ts';
import { addDihedralBendForces, dampDihedralBend, solveDihedralBend } from './dihedral-bend.ts';
import { addDistanceForces, dampDistance, solveDistance } from './distance.ts';
import { dampEdgeDamper } from './edge-damper.ts';
import {
  dihedralBendEnergyJ,
  distanceEnergyJ,
  type EnergySink,
  membraneEnergyJ,
  neoHookeanEnergyJ,
  nodalVolumeEnergyJ,
  plateBendEnergyJ,
  ropeBendEnergyJ,
  tetVolumeEnergyJ,
} from './elastic-energy.ts';
import type { ConstraintBlock } from './index.ts';
import { addJointConeForces, solveJointCone } from './joint-cone.ts';
import { addJointHingeForces, solveJointHinge } from './joint-hinge.ts';
import { addMembraneForces, solveMembrane } from './membrane.ts';
import { addNeoHookeanForces, solveNeoHookean } from './neo-hookean.ts';
import { addNodalVolumeForces, dampNodalVolume, solveNodalVolume } from './nodal-volume.ts';
import { addPlateBendForces, dampPlateBend, solvePlateBend } from './plate-bend.ts';
import { addPressureForces, solvePressure } from './pressure.ts';
import { addRopeBendForces, dampRopeBend, solveRopeBend } from './rope-bend.ts';
import { addShapeMatchingForces, dampShapeMatching, solveShapeMatching } from './shape-matching.ts';
import { addTetVolumeForces, dampTetVolume, solveTetVolume } from './tet-volume.ts';
import { addTetherForces, solveTether } from './tether.ts';

/**
 * What the world, the metrics and the WebAssembly binding do with a block of one kind. Every
 * operation is named for every kind; null says, on purpose, that the kind has none of it.
 */
export interface KindOps<B extends ConstraintBlock> {
  /** One Gauss-Seidel sweep in colour order, substep h in s; null: nothing at position level. */
  readonly solve: ((block: B, state: ParticleState, h: number) => void) | null;
  /** Implicit constraint damping of the velocities after a substep h, s (block.ts); null: undamped. */
  readonly damp: ((block: B, state: ParticleState, h: number) => void) | null;
  /** Every multiplier back to 0, as XPBD does each substep; null: no multipliers. */
  readonly resetLambda: ((block: B) => void) | null;
  /**
   * Adds the constraint forces λ·∇C/h² of the last substep h (s), N, 3 per particle, of the
   * constraints `only` lists or of all; null: none.
   */
  readonly addForces:
    | ((block: B, state: ParticleState, h: number, forceN: Float64Array, only?: ConstraintSubset) => void)
    | null;
  /**
   * Elastic energy stored at the current positions, J, each constraint's also to `sink`;
   * null: stores none (rigid, or outside the body). `block.arity` gives the layout for `sink`.
   */
  readonly energy:
    | ((block: B, state: ParticleState, sink?: EnergySink, limit?: NeoHookeanStiffnessLimit) => number)
    | null;
  /**
   * What each constraint carries in the last substep h (s), tension positive, into `out` (one per
   * constraint, block order), in `forceUnit` (constraint-force.ts); null: not measured.
   */
  readonly force: ((block: B, state: ParticleState, h: number, out: Float64Array) => void) | null;
  /** Unit of `force`: N (links, springs), N/m (membrane tension) or Pa (tet stress); null with it. */
  readonly forceUnit: ConstraintForceUnit | null;
  /**
   * Tearing (tearing.ts): the per-constraint compliance arrays a torn constraint sets to
   * TORN_COMPLIANCE and the per-constraint damping arrays it zeroes; null: the kind does not tear.
   */
  readonly tear: ((block: B) => TearArrays) | null;
  /** Number of scalar constraints the block holds. */
  readonly scalarCount: (block: B) => number;
  /** How its sweep runs as WebAssembly (wasm-kernels.ts); null: the JS `solve` runs everywhere. */
  readonly wasm: KernelBinding<B> | null;
}

/** The unit of a kind's constraint force (KindOps.force). */
export type ConstraintForceUnit = 'N' | 'N/m' | 'Pa';

/** Arrays indexed by constraint that tearing rewrites (KindOps.tear). */
export interface TearArrays {
  readonly compliance: readonly Float64Array[];
  readonly damping: readonly Float64Array[];
  /**
   * Per-constraint rows of a shared compliance table (compliance-table.ts): a torn constraint is
   * switched to row `torn`, whose compliances are TORN_COMPLIANCE.
   */
  readonly rows?: { readonly index: RowIndex; readonly torn: number };
}

function fillLambda(block: { readonly lambda: Float64Array | Float32Array }): void {
  block.lambda.fill(0);
}

function onePerConstraint(block: BlockBase): number {
  return block.count;
}

/** The operations of every block kind: a kind missing here, or missing an operation, does not compile. */
export const constraintKinds = {
  distance: {
    solve: solveDistance,
    damp: dampDistance,
    resetLambda: fillLambda,
    addForces: addDistanceForces,
    energy: distanceEnergyJ,
    force: distanceTensionN,
    forceUnit: 'N',
    tear: (block) => ({ compliance: [block.complianceMPerN], damping: [block.dampingNSPerM] }),
    scalarCount: onePerConstraint,
    wasm: distanceKernel,
  },
  'neo-hookean': {
    solve: solveNeoHookean,
    damp: null, // damped through its edges (edge-damper.ts)
    resetLambda: (block) => {
      block.lambdaDeviatoric.fill(0);
      block.lambdaHydrostatic.fill(0);
    },
    addForces: addNeoHookeanForces,
    energy: neoHookeanEnergyJ,
    force: neoHookeanStressPa,
    forceUnit: 'Pa',
    tear: (block) => ({ compliance: [block.complianceDeviatoric, block.complianceHydrostatic], damping: [] }),
    scalarCount: (block) => 2 * block.count, // deviatoric and hydrostatic per tet
    wasm: neoHookeanKernel,
  },
  membrane: {
    solve: solveMembrane,
    damp: null, // damped through its edges (edge-damper.ts)
    resetLambda: fillLambda,
    addForces: addMembraneForces,
    energy: membraneEnergyJ,
    force: membraneTensionNPerM,
    forceUnit: 'N/m',
    // Its compliances are rows shared by many triangles: a torn triangle switches to the torn row.
    tear: (block) => {
      if (block.tornRow === null) throw new Error('tearing: the membrane block was built not to tear');
      return { compliance: [], damping: [], rows: { index: block.complianceIndex, torn: block.tornRow } };
    },
    scalarCount: (block) => 3 * block.count, // E₁₁, E₂₂, E₁₂ per triangle
    wasm: membraneKernel,
  },
  'tet-volume': {
    solve: solveTetVolume,
    damp: dampTetVolume,
    resetLambda: fillLambda,
    addForces: addTetVolumeForces,
    energy: tetVolumeEnergyJ,
    force: tetVolumeTensionPa,
    forceUnit: 'Pa',
    tear: null, // edges-volume solids tear by their edge springs
    scalarCount: onePerConstraint,
    wasm: tetVolumeKernel,
  },
  'nodal-volume': {
    solve: solveNodalVolume,
    damp: dampNodalVolume,
    resetLambda: fillLambda,
    addForces: addNodalVolumeForces,
    energy: nodalVolumeEnergyJ,
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: nodalVolumeKernel,
  },
  'plate-bend': {
    solve: solvePlateBend,
    damp: dampPlateBend,
    resetLambda: fillLambda,
    addForces: addPlateBendForces,
    energy: plateBendEnergyJ,
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: (block) => 3 * block.count, // up to three hinge angles per triangle
    wasm: plateBendKernel,
  },
  'dihedral-bend': {
    solve: solveDihedralBend,
    damp: dampDihedralBend,
    resetLambda: fillLambda,
    addForces: addDihedralBendForces,
    energy: dihedralBendEnergyJ,
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: dihedralBendKernel,
  },
  attachment: {
    solve: solveAttachment,
    damp: dampAttachment,
    resetLambda: fillLambda,
    addForces: addAttachmentForces,
    energy: null, // soft pins and the grab are outside the body
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: null,
  },
  'edge-damper': {
    solve: null, // velocity level only
    damp: dampEdgeDamper,
    resetLambda: null,
    addForces: null, // its damping is not a static force
    energy: null,
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: () => 0, // damping only: constrains nothing
    wasm: edgeDamperKernel,
  },
  tether: {
    solve: solveTether,
    damp: null, // rigid
    resetLambda: fillLambda,
    addForces: addTetherForces,
    energy: null, // rigid
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: null,
  },
  'rope-bend': {
    solve: solveRopeBend,
    damp: dampRopeBend,
    resetLambda: fillLambda,
    addForces: (block, _state, h, forceN, only) => addRopeBendForces(block, h, forceN, only),
    energy: ropeBendEnergyJ,
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: (block) => 3 * block.count, // one per component of the 3-vector C
    wasm: null,
  },
  pressure: {
    solve: solvePressure,
    damp: null, // the membrane damps the balloon
    resetLambda: fillLambda,
    addForces: addPressureForces,
    energy: null, // the gas's, not the body material's: not counted
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: null,
  },
  'shape-matching': {
    solve: solveShapeMatching,
    damp: dampShapeMatching, // the deformation loses its inertia: first-order recovery (shape-matching.ts)
    resetLambda: fillLambda,
    addForces: addShapeMatchingForces,
    energy: null, // first-order (viscous) recovery: stores no elastic energy
    force: null, // a pull towards goals, not a material's constraint: no breaking force
    forceUnit: null,
    tear: null,
    scalarCount: (block) => 3 * block.arity, // a goal position per particle
    wasm: null,
  },
  'joint-cone': {
    solve: solveJointCone,
    damp: null, // a hard limit: the collision-like correction is not sprung
    resetLambda: fillLambda,
    addForces: addJointConeForces,
    energy: null, // a hard limit stores no energy
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: null,
  },
  'joint-hinge': {
    solve: solveJointHinge,
    damp: null, // a hard limit: the collision-like correction is not sprung
    resetLambda: fillLambda,
    addForces: addJointHingeForces,
    energy: null, // a hard limit stores no energy
    force: null,
    forceUnit: null,
    tear: null,
    scalarCount: onePerConstraint,
    wasm: null,
  },
} satisfies { readonly [K in ConstraintBlock['kind']]: KindOps<Extract<ConstraintBlock, { kind: K }>> };

/**
 * The operations of `block`'s kind. The table pairs each kind with operations on blocks of that
 * kind, a link TypeScript cannot follow through a lookup by a union-typed key: hence the cast.
 */
export function kindOps<B extends ConstraintBlock>(block: B): KindOps<B> {
  return constraintKinds[block.kind] as unknown as KindOps<B>;
}
