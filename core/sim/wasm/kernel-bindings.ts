import { type BlockBase, MIN_DENOMINATOR, MIN_LENGTH_M } from '../constraints/block.ts';
import { type RowIndex, rowStride } from '../constraints/compliance-table.ts';
import type { DihedralBendBlock } from '../constraints/dihedral-bend.ts';
import type { DistanceBlock } from '../constraints/distance.ts';
import type { EdgeDamperBlock } from '../constraints/edge-damper.ts';
import type { MembraneBlock } from '../constraints/membrane.ts';
import type { NeoHookeanBlock } from '../constraints/neo-hookean.ts';
import type { NodalVolumeBlock } from '../constraints/nodal-volume.ts';
import { type PlateBendBlock, restAngleStep } from '../constraints/plate-bend.ts';
import { isLinearPlate, prepareLinearSystems } from '../constraints/plate-bend-linear.ts';
import type { TetVolumeBlock } from '../constraints/tet-volume.ts';

/**
 * How each block kind with a WebAssembly kernel (assembly/kernels.ts) is bound to a world's memory:
 * which of its arrays move into the memory and how its sweep calls the kernel. The table of block
 * kinds (constraints/kinds.ts) names these; wasm-kernels.ts moves the arrays and binds.
 */

/**
 * Pointers are byte offsets into the memory; counts and indices i32. `fresh`: the sweep right after
 * the multipliers' reset, which the kernel does itself (it writes λ = Δλ, 0 where it skips, instead
 * of reading zeros back), so the world does not clear those blocks' multipliers. `storeLambda`
 * false (the distance, tet-volume, membrane and neo-Hookean kernels, whose multiplier stores are a
 * few percent of the sweep) leaves the block's multipliers unwritten, for a sweep whose multipliers
 * nothing reads: a block's last sweep of a substep whose constraint forces neither a measure nor
 * tearing reads. The moves are the same floats either way.
 */
/** A prediction's arguments after the state's pointers (part-prediction.ts `Prediction`). */
type PredictionArguments = [
  start: number,
  end: number,
  invH: number,
  keep: number,
  dvx: number,
  dvy: number,
  dvz: number,
  h: number,
];

export interface KernelExports {
  predict(x: number, xPrev: number, v: number, w: number, ...particles: PredictionArguments): void;
  /** `predict` of those of particles [start, end) that lie in the `count` ranges at `ranges` (u32 pairs). */
  predictRanges(
    x: number,
    xPrev: number,
    v: number,
    w: number,
    ranges: number,
    count: number,
    ...particles: PredictionArguments
  ): void;
  velocities(x: number, xPrev: number, v: number, coordinates: number, invH: number): void;
  correctionMoment(
    x: number,
    xPrev: number,
    v: number,
    w: number,
    start: number,
    end: number,
    h: number,
    out: number,
  ): void;
  solveDistanceBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    restLength: number,
    compliance: number,
    lambda: number,
    scale: number,
    invHSq: number,
    minLength: number,
    minDenominator: number,
    fresh: boolean,
    storeLambda: boolean,
  ): void;
  solveTetVolumeBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    restVolume: number,
    compliance: number,
    lambda: number,
    scale: number,
    invHSq: number,
    minDenominator: number,
    fresh: boolean,
    storeLambda: boolean,
  ): void;
  solveDihedralBendBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    restAngle: number,
    compliance: number,
    lambda: number,
    scale: number,
    invHSq: number,
    minEdgeSq: number,
    minDenominator: number,
    fresh: boolean,
  ): void;
  solvePlateBend(
    x: number,
    w: number,
    particles: number,
    present: number,
    restAngle: number,
    restAngleStep: number,
    compliance: number,
    complianceIndex: number,
    complianceIndexBytes: number,
    lambda: number,
    count: number,
    scale: number,
    invHSq: number,
    minEdgeSq: number,
    minDenominator: number,
    fresh: boolean,
  ): void;
  solvePlateBendBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    present: number,
    restAngle: number,
    restAngleStep: number,
    compliance: number,
    complianceIndex: number,
    complianceIndexBytes: number,
    lambda: number,
    scale: number,
    invHSq: number,
    minEdgeSq: number,
    minDenominator: number,
    fresh: boolean,
  ): void;
  solveLinearPlateBendBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    present: number,
    compliance: number,
    coefficients: number,
    complianceIndex: number,
    complianceIndexBytes: number,
    systems: number,
    rowTriangles: number,
    lambda: number,
    keepLambda: boolean,
    scale: number,
    invHSq: number,
    minDenominator: number,
    fresh: boolean,
  ): void;
  solveMembraneBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    inverseRestShape: number,
    restShapeIndex: number,
    restShapeIndexBytes: number,
    compliance: number,
    complianceIndex: number,
    complianceIndexBytes: number,
    lambda: number,
    scale: number,
    invHSq: number,
    minDenominator: number,
    fresh: boolean,
    storeLambda: boolean,
  ): void;
  solveNodalVolumeBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    arity: number,
    particleCount: number,
    starStarts: number,
    starLinks: number,
    restVolume: number,
    compliance: number,
    lambda: number,
    scratch: number,
    swept: number,
    sweptWcc: number,
    keep: boolean,
    scale: number,
    invHSq: number,
    minDenominator: number,
    fresh: boolean,
  ): void;
  dampDihedralBend(
    x: number,
    v: number,
    w: number,
    particles: number,
    beta: number,
    colourStarts: number,
    colourCount: number,
    h: number,
    minEdgeSq: number,
  ): void;
  dampPlateBend(
    x: number,
    v: number,
    w: number,
    particles: number,
    beta: number,
    colourStarts: number,
    colourCount: number,
    h: number,
    minEdgeSq: number,
  ): void;
  dampTetVolume(
    x: number,
    v: number,
    w: number,
    particles: number,
    beta: number,
    colourStarts: number,
    colourCount: number,
    h: number,
  ): void;
  dampPairs(
    x: number,
    v: number,
    w: number,
    particles: number,
    beta: number,
    colourStarts: number,
    colourCount: number,
    h: number,
    minLength: number,
  ): void;
  dampNodalVolume(
    v: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    arity: number,
    particleCount: number,
    damping: number,
    swept: number,
    sweptWcc: number,
    h: number,
  ): void;
  solveNeoHookeanBatched(
    x: number,
    w: number,
    particles: number,
    colourStarts: number,
    colourCount: number,
    count: number,
    restByEntry: number,
    lambdaH: number,
    lambdaD: number,
    scale: number,
    invHSq: number,
    minDenominator: number,
    fresh: boolean,
    storeLambda: boolean,
  ): void;
}

/**
 * A block's solve in the memory, given α̃'s 1/h², 1/s², whether it is the substep's first sweep, and
 * whether its multipliers are stored (KernelExports `storeLambda`: kinds without the choice store them).
 * `startsAt` and `colours` (both or neither) solve only the colour batches of another starts table:
 * `colours` + 1 u32 at byte offset `startsAt`, batch k being block positions [starts[k], starts[k+1]),
 * in order. The solver team (solver-team.ts) gives each thread its share of a colour that way, and
 * the block's own table from colour c on (its offset + 4c) runs colours c, c + 1, … alone.
 */
export type BlockSolve = (
  invHSq: number,
  fresh: boolean,
  storeLambda: boolean,
  startsAt?: number,
  colours?: number,
) => void;

/**
 * A block's damping of the velocities in the memory over a substep h, s (constraints/block.ts), in
 * colour order; `startsAt` and `colours` as for BlockSolve (the team's shares of a colour).
 */
export type BlockDamp = (h: number, startsAt?: number, colours?: number) => void;

/** A world's memory as a binding sees it, once every array has moved. */
export interface KernelMemory {
  readonly kernels: KernelExports;
  /** Byte offsets of the positions, the velocities and the inverse masses. */
  readonly x: number;
  readonly v: number;
  readonly w: number;
  /** The inverse masses themselves (1/kg), as the memory holds them. */
  readonly invMass: Float64Array;
  /** Byte offset of a moved array (its view in the memory), or of a block's kernel-only copy, keyed by the block. */
  readonly at: (array: object) => number;
  /** Byte offset of this sweep's scratch (the binding's scratchPerSweep f64), 0 where it has none. */
  readonly scratch: number;
}

/** Names of the typed-array fields of a block type: only those can move into the memory. */
export type ArrayField<B> = {
  [F in keyof B]-?: B[F] extends Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array
    ? F
    : never;
}[keyof B] &
  string;

export interface KernelBinding<B extends BlockBase> {
  /** Fields the kernel reads or writes, moved into the memory in this order (the rest stay ordinary arrays). */
  readonly fields: readonly ArrayField<B>[];
  /**
   * A kernel-only array derived from the block, moved after its fields, written into `into` when
   * given (a refresh after the fields changed: only element `element`'s values where given); null
   * where the kernel needs none.
   */
  readonly kernelCopy: ((block: B, into?: Float32Array, element?: number) => Float32Array) | null;
  /** The block's sweep on the memory, made once when the world is built (null: a kind that only damps). */
  readonly bind: ((block: B, memory: KernelMemory) => BlockSolve) | null;
  /**
   * f64 values of scratch one sweep of the block works in (null: none): each sweep that may run at
   * once (the team's shares of a colour, the stepping thread's own) gets its own (KernelMemory.scratch).
   */
  readonly scratchPerSweep: ((block: B) => number) | null;
  /** The block's damping on the memory, on this thread (null: the JS damping runs). */
  readonly bindDamp: ((block: B, memory: KernelMemory) => BlockDamp) | null;
}

/**
 * Bytes per constraint of a compliance-row index (constraints/compliance-table.ts) as the kernels
 * step through it (assembly/kernels.ts `rowOf`): its element size, or 0 for the one-element index
 * every constraint shares, which is a u8 by construction.
 */
export function rowIndexBytes(index: RowIndex): number {
  const bytes = rowStride(index) * index.BYTES_PER_ELEMENT;
  if (bytes === 0 && index.BYTES_PER_ELEMENT !== 1)
    throw new Error('a shared compliance-row index must be one u8');
  return bytes;
}

export const distanceKernel: KernelBinding<DistanceBlock> = {
  fields: ['particles', 'colourStarts', 'restLengthM', 'complianceMPerN', 'lambda', 'dampingNSPerM'],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp: (block, memory) => pairDamping(block.particles, block.dampingNSPerM, block.colourStarts, memory),
  bind(block, { kernels: k, x, w, at }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    const rest = at(block.restLengthM);
    const compliance = at(block.complianceMPerN);
    const lambda = at(block.lambda);
    return (invHSq, fresh, storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveDistanceBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        rest,
        compliance,
        lambda,
        block.stiffnessScale,
        invHSq,
        MIN_LENGTH_M,
        MIN_DENOMINATOR,
        fresh,
        storeLambda,
      );
  },
};

/** Edges that only damp (neo-Hookean bodies' shear damping): no sweep, a damping kernel. */
export const edgeDamperKernel: KernelBinding<EdgeDamperBlock> = {
  fields: ['particles', 'colourStarts', 'dampingNSPerM'],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp: (block, memory) => pairDamping(block.particles, block.dampingNSPerM, block.colourStarts, memory),
  bind: null,
};

/** distance.ts `dampPairs` on the memory: pairs of `particles` in colour order, β (N·s/m) per pair. */
function pairDamping(
  particles: Uint32Array,
  betaNSPerM: Float64Array,
  colourStarts: Uint32Array,
  { kernels: k, x, v, w, at }: KernelMemory,
): BlockDamp {
  const pairs = at(particles);
  const beta = at(betaNSPerM);
  const starts = at(colourStarts);
  const colours = colourStarts.length - 1;
  return (h, startsAt = starts, colourCount = colours) =>
    k.dampPairs(x, v, w, pairs, beta, startsAt, colourCount, h, MIN_LENGTH_M);
}

export const tetVolumeKernel: KernelBinding<TetVolumeBlock> = {
  fields: ['particles', 'colourStarts', 'restVolumeM3', 'complianceM3PerPa', 'lambda', 'dampingPaSPerM3'],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp(block, { kernels: k, x, v, w, at }) {
    const particles = at(block.particles);
    const beta = at(block.dampingPaSPerM3);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    return (h, startsAt = colourStarts, colourCount = colours) =>
      k.dampTetVolume(x, v, w, particles, beta, startsAt, colourCount, h);
  },
  bind(block, { kernels: k, x, w, at }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    const rest = at(block.restVolumeM3);
    const compliance = at(block.complianceM3PerPa);
    const lambda = at(block.lambda);
    return (invHSq, fresh, storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveTetVolumeBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        rest,
        compliance,
        lambda,
        block.stiffnessScale,
        invHSq,
        MIN_DENOMINATOR,
        fresh,
        storeLambda,
      );
  },
};

export const dihedralBendKernel: KernelBinding<DihedralBendBlock> = {
  fields: ['particles', 'colourStarts', 'restAngleRad', 'compliancePerNM', 'lambda', 'dampingNMS'],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp(block, { kernels: k, x, v, w, at }) {
    const particles = at(block.particles);
    const beta = at(block.dampingNMS);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    return (h, startsAt = colourStarts, colourCount = colours) =>
      k.dampDihedralBend(x, v, w, particles, beta, startsAt, colourCount, h, MIN_LENGTH_M * MIN_LENGTH_M);
  },
  bind(block, { kernels: k, x, w, at }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    const rest = at(block.restAngleRad);
    const compliance = at(block.compliancePerNM);
    const lambda = at(block.lambda);
    return (invHSq, fresh, _storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveDihedralBendBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        rest,
        compliance,
        lambda,
        block.stiffnessScale,
        invHSq,
        MIN_LENGTH_M * MIN_LENGTH_M,
        MIN_DENOMINATOR,
        fresh,
      );
  },
};

export const neoHookeanKernel: KernelBinding<NeoHookeanBlock> = {
  fields: ['particles', 'colourStarts', 'lambdaHydrostatic', 'lambdaDeviatoric'],
  // The rest data and compliances entry by entry (m00 of every tet, then m01, …, m22, det Dm⁻¹, γ,
  // α_H, α_D), rounded to single precision as the kernel solves (neo-hookean.ts `solveNeoHookean`):
  // four tets load an entry at once, one load where the f64 compliances took five. Plasticity (M),
  // tearing, a reset and the stiffness limit (α) change it after the build; the world refreshes it.
  kernelCopy(block, into, element) {
    const { restShapeProduct: product, inverseRestDeterminant, gamma, count } = block;
    const { complianceHydrostatic, complianceDeviatoric } = block;
    const out = into ?? new Float32Array(10 * count);
    const end = element === undefined ? count : element + 1;
    for (let t = element ?? 0; t < end; t++) {
      for (let j = 0; j < 6; j++) out[j * count + t] = product[6 * t + j];
      out[6 * count + t] = inverseRestDeterminant[t];
      out[7 * count + t] = gamma[t];
      out[8 * count + t] = complianceHydrostatic[t];
      out[9 * count + t] = complianceDeviatoric[t];
    }
    return out;
  },
  scratchPerSweep: null,
  bindDamp: null,
  bind(block, { kernels: k, x, w, at }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    // The block itself keys its kernel-only copy of the rest data, entry by entry.
    const restByEntry = at(block);
    const count = block.count;
    const lambdaH = at(block.lambdaHydrostatic);
    const lambdaD = at(block.lambdaDeviatoric);
    return (invHSq, fresh, storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveNeoHookeanBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        count,
        restByEntry,
        lambdaH,
        lambdaD,
        block.stiffnessScale,
        invHSq,
        MIN_DENOMINATOR,
        fresh,
        storeLambda,
      );
  },
};

export const membraneKernel: KernelBinding<MembraneBlock> = {
  fields: [
    'particles',
    'colourStarts',
    'inverseRestShape',
    'restShapeIndex',
    'compliance',
    'complianceIndex',
    'lambda',
  ],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp: null,
  bind(block, { kernels: k, x, w, at }) {
    const particles = at(block.particles);
    const inverseRestShape = at(block.inverseRestShape);
    const restShapeIndex = at(block.restShapeIndex);
    // −1: no index, triangle t has row t (assembly/kernels.ts `rowOf`).
    const restShapeIndexBytes = block.restShapeIndex.length === 0 ? -1 : rowIndexBytes(block.restShapeIndex);
    const compliance = at(block.compliance);
    const complianceIndex = at(block.complianceIndex);
    const indexBytes = rowIndexBytes(block.complianceIndex);
    const lambda = at(block.lambda);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    return (invHSq, fresh, storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveMembraneBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        inverseRestShape,
        restShapeIndex,
        restShapeIndexBytes,
        compliance,
        complianceIndex,
        indexBytes,
        lambda,
        block.stiffnessScale,
        invHSq,
        MIN_DENOMINATOR,
        fresh,
        storeLambda,
      );
  },
};

/**
 * Two triangles of a colour at a time (f64x2): the colouring covers the wings as well as the
 * corners. A block with the linear measure (constraints/plate-bend-linear.ts) runs its own kernel,
 * one triangle at a time with its x and y axes side by side in an f64x2.
 */
export const plateBendKernel: KernelBinding<PlateBendBlock> = {
  fields: [
    'particles',
    'colourStarts',
    'present',
    'restAngleRad',
    'compliancePerNM',
    'complianceIndex',
    'hingeCoefficients',
    'linearSystems',
    'linearRowTriangle',
    'lambda',
    'dampingNMS',
  ],
  kernelCopy: null,
  scratchPerSweep: null,
  bindDamp(block, { kernels: k, x, v, w, at }) {
    const particles = at(block.particles);
    const beta = at(block.dampingNMS);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    return (h, startsAt = colourStarts, colourCount = colours) =>
      k.dampPlateBend(x, v, w, particles, beta, startsAt, colourCount, h, MIN_LENGTH_M * MIN_LENGTH_M);
  },
  bind(block, { kernels: k, x, w, at, invMass }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    const present = at(block.present);
    const compliance = at(block.compliancePerNM);
    const complianceIndex = at(block.complianceIndex);
    const indexBytes = rowIndexBytes(block.complianceIndex);
    const lambda = at(block.lambda);
    if (isLinearPlate(block)) {
      const coefficients = at(block.hingeCoefficients);
      const keepLambda = block.lambda.length !== 0;
      const systems = at(block.linearSystems);
      const rowTriangles = at(block.linearRowTriangle);
      return (invHSq, fresh, _storeLambda, startsAt = colourStarts, colourCount = colours) => {
        // On the stepping thread, before any thread reads the rows' systems.
        prepareLinearSystems(block, invMass, invHSq);
        k.solveLinearPlateBendBatched(
          x,
          w,
          particles,
          startsAt,
          colourCount,
          present,
          compliance,
          coefficients,
          complianceIndex,
          indexBytes,
          systems,
          rowTriangles,
          lambda,
          keepLambda,
          block.stiffnessScale,
          invHSq,
          MIN_DENOMINATOR,
          fresh,
        );
      };
    }
    const rest = at(block.restAngleRad);
    const restStep = restAngleStep(block);
    return (invHSq, fresh, _storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solvePlateBendBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        present,
        rest,
        restStep,
        compliance,
        complianceIndex,
        indexBytes,
        lambda,
        block.stiffnessScale,
        invHSq,
        MIN_LENGTH_M * MIN_LENGTH_M,
        MIN_DENOMINATOR,
        fresh,
      );
  },
};

/**
 * A star of any size, one at a time, its ∇C summed per slot in the sweep's own scratch and kept for
 * the damping pass (nodal-volume.ts `sweptGradient`).
 */
export const nodalVolumeKernel: KernelBinding<NodalVolumeBlock> = {
  fields: [
    'particles',
    'colourStarts',
    'particleCount',
    'starStarts',
    'starLinks',
    'restVolumeM3',
    'complianceM3PerPa',
    'lambda',
    'dampingPaSPerM3',
    'sweptGradient',
    'sweptWeightedGradSq',
  ],
  kernelCopy: null,
  // ∇C per slot and each slot's position relative to the star's own vertex (nodal-volume.ts).
  scratchPerSweep: (block) => 6 * block.arity,
  bindDamp(block, { kernels: k, v, w, at }) {
    const particles = at(block.particles);
    const particleCount = at(block.particleCount);
    const damping = at(block.dampingPaSPerM3);
    const swept = at(block.sweptGradient);
    const sweptWcc = at(block.sweptWeightedGradSq);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    return (h, startsAt = colourStarts, colourCount = colours) =>
      k.dampNodalVolume(
        v,
        w,
        particles,
        startsAt,
        colourCount,
        block.arity,
        particleCount,
        damping,
        swept,
        sweptWcc,
        h,
      );
  },
  bind(block, { kernels: k, x, w, at, scratch }) {
    const particles = at(block.particles);
    const colourStarts = at(block.colourStarts);
    const colours = block.colourStarts.length - 1;
    const particleCount = at(block.particleCount);
    const starStarts = at(block.starStarts);
    const starLinks = at(block.starLinks);
    const rest = at(block.restVolumeM3);
    const compliance = at(block.complianceM3PerPa);
    const lambda = at(block.lambda);
    const swept = at(block.sweptGradient);
    const sweptWcc = at(block.sweptWeightedGradSq);
    const keep = block.sweptGradient.length > 0;
    return (invHSq, fresh, _storeLambda, startsAt = colourStarts, colourCount = colours) =>
      k.solveNodalVolumeBatched(
        x,
        w,
        particles,
        startsAt,
        colourCount,
        block.arity,
        particleCount,
        starStarts,
        starLinks,
        rest,
        compliance,
        lambda,
        scratch,
        swept,
        sweptWcc,
        keep,
        block.stiffnessScale,
        invHSq,
        MIN_DENOMINATOR,
        fresh,
      );
  },
};
