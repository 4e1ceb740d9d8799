import type { ConstraintBlock } from '../constraints/index.ts';
import { kindOps } from '../constraints/kinds.ts';
import type { ParticleState } from '../state.ts';
import { decodeModuleBase64 } from './base64.ts';
import { type ColourChunks, colourChunks, mostChunksOfARun, partLevel } from './colour-chunks.ts';
import type { BlockDamp, BlockSolve, KernelExports, KernelMemory } from './kernel-bindings.ts';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.ts';
import { PartPrediction, type PartRanges, type Prediction, partRanges } from './part-prediction.ts';
import { sharedMemoryAvailable, withSharedMemoryImport } from './shared-memory.ts';
import { type BlockChunks, type SolverHelper, SolverTeam } from './solver-team.ts';

/**
 * The WebAssembly solver kernels (assembly/kernels.ts) bound to one world.
 *
 * The kernels work on one WebAssembly.Memory per world, sized up front and never grown: once a
 * memory grows (or any ArrayBuffer is detached) in a V8 isolate, V8 compiles every later typed-array
 * access with a detach check (see renderer/src/sim/sim-controller.ts). `create` moves the hot arrays
 * (positions, previous positions, velocities, inverse masses; the indices, rest data, compliances
 * and multipliers of each block whose kind has a kernel binding in kinds.ts) into that memory and
 * points the existing typed-array fields of the state and blocks at the copies, so everything else (metrics, grab, colliders, stiffness limit,
 * renderer copies) keeps reading and writing the same fields. The JS kernels keep working on the
 * moved arrays: they are the fallback where WebAssembly is missing or refuses the module (a
 * browser's main thread compiles only small modules synchronously), and the oracle in tests.
 */

/** What core/ needs of the WebAssembly global (tsconfig.core.json has no DOM lib). */
interface WasmApi {
  Memory: new (descriptor: {
    initial: number;
    maximum: number;
    shared?: boolean;
  }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
}

const STATE_FIELDS = ['x', 'xPrev', 'v', 'invMass'] as const;

/** Start of every array in the memory is a multiple of this, bytes (f64x2 loads). */
const ALIGN = 16;
const PAGE_BYTES = 65536;

type MovableArray = Float64Array | Float32Array | Uint32Array | Uint16Array | Uint8Array;

/** The compiled modules (for an ordinary and for a shared memory), shared by every world of the isolate; null where they cannot be had. */
const compiled = new Map<boolean, { api: WasmApi; module: object } | null>();

function kernelModule(shared: boolean): { api: WasmApi; module: object } | null {
  const known = compiled.get(shared);
  if (known !== undefined) return known;
  compiled.set(shared, null);
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  try {
    const bytes = decodeModuleBase64(KERNELS_WASM_BASE64);
    compiled.set(shared, { api, module: new api.Module(shared ? withSharedMemoryImport(bytes) : bytes) });
  } catch {
    // No SIMD, or a main thread that compiles only small modules synchronously: JS kernels.
  }
  return compiled.get(shared)!;
}

/** A block's kernel scratch: `perSweep` f64 for each sweep that may run at once, end to end. */
interface SweepScratch {
  array: Float64Array;
  perSweep: number;
}

/** How a world's kernels are made. */
export interface KernelOptions {
  /**
   * Threads that may solve the big colours together (solver-team.ts); above 1 the memory is shared
   * where the runtime allows it (shared-memory.ts), else the kernels run on one thread as with 1.
   */
  readonly threads?: number;
}

/** Particles below which prediction and velocities stay on the stepping thread (a few µs of work). */
const MIN_DIVIDED_PARTICLES = 2048;

export class WasmKernels {
  private readonly solvers = new Map<ConstraintBlock, BlockSolve>();
  /** Blocks whose damping runs here (their kind's binding has bindDamp). */
  private readonly dampers = new Map<ConstraintBlock, BlockDamp>();
  /** Blocks with colours big enough to divide, as the team solves them; empty without a team. */
  private readonly divided = new Map<ConstraintBlock, BlockChunks>();
  /** Dissected blocks' deferred predictions (`deferPrediction`), and those now pending. */
  private readonly predictions = new Map<ConstraintBlock, PartPrediction>();
  private readonly pendingPredictions: PartPrediction[] = [];
  private readonly x: number;
  private readonly xPrev: number;
  private readonly v: number;
  private readonly w: number;

  private constructor(
    private readonly kernels: KernelExports,
    /** Bytes of the memory. */
    readonly byteLength: number,
    pointers: Map<object, number>,
    state: ParticleState,
    blocks: readonly ConstraintBlock[],
    /** Each block's kernel-only copy, as a view of the memory (rewritten by `refresh`). */
    private readonly copyViews: ReadonlyMap<ConstraintBlock, Float32Array>,
    /** The memory: a shared WebAssembly.Memory where a team may form. */
    private readonly memoryObject: { readonly buffer: ArrayBuffer },
    /** The module instantiated on it (helpers instantiate the same). */
    private readonly module: object,
    /** Threads that divide colours, and each divided block's chunks (their bounds moved into the memory). */
    readonly team: SolverTeam | null,
    blockChunks: ReadonlyMap<ConstraintBlock, ColourChunks>,
    scratches: ReadonlyMap<ConstraintBlock, SweepScratch>,
    /** Each part's particles (null without a team or a dissected body), moved into the memory. */
    parts: PartRanges | null,
    /** Where a kernel that sums writes its sums (a view of the memory). */
    private readonly sums: Float64Array,
  ) {
    this.x = pointers.get(state.x)!;
    this.xPrev = pointers.get(state.xPrev)!;
    this.v = pointers.get(state.v)!;
    this.w = pointers.get(state.invMass)!;
    const memory: KernelMemory = {
      kernels,
      x: this.x,
      v: this.v,
      w: this.w,
      invMass: state.invMass,
      at: (array) => pointers.get(array)!,
      scratch: 0,
    };
    // Sweep k's scratch (0: the stepping thread's own sweeps and damping, k + 1: the k-th share of a run).
    const scratchOf = (block: ConstraintBlock, k: number) => {
      const scratch = scratches.get(block);
      return scratch ? pointers.get(scratch.array)! + 8 * scratch.perSweep * k : 0;
    };
    for (const block of blocks) {
      const binding = kindOps(block).wasm;
      if (!binding) continue;
      const { bind, bindDamp } = binding;
      const own = { ...memory, scratch: scratchOf(block, 0) };
      const solve = bind ? bind(block, own) : null;
      const damp = bindDamp ? bindDamp(block, own) : null;
      if (solve) this.solvers.set(block, solve);
      if (damp) this.dampers.set(block, damp);
      const chunks = blockChunks.get(block);
      if (!team || !chunks) continue;
      const most = mostChunksOfARun(chunks);
      // Chunk index k's calls, recorded for a helper, each with scratch of its own.
      const recorded = (k: number) => ({
        ...memory,
        kernels: team.recorder(k),
        scratch: scratchOf(block, k + 1),
      });
      this.divided.set(block, {
        chunks,
        boundsAt: pointers.get(chunks.bounds)!,
        record: bind ? Array.from({ length: most }, (_, k) => bind(block, recorded(k))) : [],
        recordDamp: bindDamp ? Array.from({ length: most }, (_, k) => bindDamp(block, recorded(k))) : [],
      });
      if (solve && parts && chunks.parts > 0) {
        const at = { x: this.x, xPrev: this.xPrev, v: this.v, w: this.w };
        const rangesAt = pointers.get(parts.ranges)!;
        this.predictions.set(
          block,
          new PartPrediction(kernels, (k) => team.recorder(k), at, parts, rangesAt),
        );
      }
    }
  }

  /**
   * Lets `helpers` (threads − 1 workers running solver-helper.ts) solve the big colours with this
   * thread from the next sweep on; resolves false (and the kernels stay on one thread) where this
   * world has no team: one thread asked for, no shared memory here, or no colour big enough.
   */
  async startTeam(helpers: readonly SolverHelper[]): Promise<boolean> {
    if (!this.team || this.divided.size === 0) return false;
    await this.team.start(helpers, this.memoryObject, this.module);
    return true;
  }

  /** Lets the helpers go (back to their workers, free to join another team). */
  stopTeam(): void {
    this.team?.stop();
  }

  /**
   * Rewrites `block`'s kernel-only copy from its fields after they changed in place (plasticity
   * updating rest shapes, tearing one element's compliances: only `element`'s values where given);
   * the moved fields themselves need nothing.
   */
  refresh(block: ConstraintBlock, element?: number): void {
    const view = this.copyViews.get(block);
    if (view) kindOps(block).wasm?.kernelCopy?.(block, view, element);
  }

  /**
   * Moves the state's and the blocks' hot arrays into a new memory and binds the kernels to it;
   * null (nothing moved) where WebAssembly is unavailable or refuses the module or the memory.
   */
  static create(
    state: ParticleState,
    blocks: readonly ConstraintBlock[],
    options: KernelOptions = {},
  ): WasmKernels | null {
    const threads = Math.max(1, Math.floor(options.threads ?? 1));
    const shared = threads > 1 && sharedMemoryAvailable();
    const wasm = kernelModule(shared);
    if (!wasm) return null;
    // [owner, field, array]: the array moves into the memory and owner[field] becomes the view;
    // an owner of null marks a kernel-only copy (`pointers` then keys its offset by the block).
    const moving: [object | null, string, MovableArray][] = [];
    const copies = new Map<ConstraintBlock, Float32Array>();
    for (const name of STATE_FIELDS) moving.push([state, name, state[name]]);
    for (const block of blocks) {
      const binding = kindOps(block).wasm;
      if (!binding) continue;
      for (const name of binding.fields) {
        moving.push([block, name, (block as unknown as Record<string, MovableArray>)[name]]);
      }
      const copy = binding.kernelCopy?.(block);
      if (copy) {
        copies.set(block, copy);
        moving.push([null, '', copy]);
      }
    }
    // An array that two fields share moves once; both fields get its view.
    const firstOffset = new Map<MovableArray, number>();
    // The big colours' chunk bounds: the kernels read them, so they live in the memory too.
    const blockChunks = new Map<ConstraintBlock, ColourChunks>();
    const parts = shared && state.leafOf ? partRanges(state.leafOf, partLevel(threads)) : null;
    if (parts) moving.push([null, '', parts.ranges]);
    // What a kernel that sums writes (correctionMoment: xyz).
    const sums = new Float64Array(3);
    moving.push([null, '', sums]);
    if (shared) {
      for (const block of blocks) {
        const binding = kindOps(block).wasm;
        const chunks =
          binding?.bind || binding?.bindDamp
            ? colourChunks(block.colourStarts, threads, undefined, block.nodeColourStarts)
            : null;
        if (!chunks) continue;
        blockChunks.set(block, chunks);
        moving.push([null, '', chunks.bounds]);
      }
    }
    // Scratch for each sweep that may run at once: the stepping thread's, then one per share of a run.
    const scratches = new Map<ConstraintBlock, SweepScratch>();
    for (const block of blocks) {
      const perSweep = kindOps(block).wasm?.scratchPerSweep?.(block) ?? 0;
      if (perSweep === 0) continue;
      const chunks = blockChunks.get(block);
      const sweeps = 1 + (chunks ? mostChunksOfARun(chunks) : 0);
      const array = new Float64Array(perSweep * sweeps);
      scratches.set(block, { array, perSweep });
      moving.push([null, '', array]);
    }
    let bytes = 0;
    const offsets = moving.map(([, , array]) => {
      const shared = firstOffset.get(array);
      if (shared !== undefined) return shared;
      const offset = bytes;
      firstOffset.set(array, offset);
      bytes += Math.ceil(array.byteLength / ALIGN) * ALIGN;
      return offset;
    });
    const pages = Math.max(1, Math.ceil(bytes / PAGE_BYTES));
    let memory: { readonly buffer: ArrayBuffer };
    let instance: { readonly exports: object };
    try {
      memory = new wasm.api.Memory({ initial: pages, maximum: pages, shared });
      instance = new wasm.api.Instance(wasm.module, { env: { memory } });
    } catch {
      return null; // e.g. address space for memories exhausted: the JS kernels run instead
    }
    const pointers = new Map<object, number>();
    const views = new Map<MovableArray, MovableArray>();
    moving.forEach(([owner, name, array], k) => {
      let view = views.get(array);
      if (!view) {
        view =
          array instanceof Float64Array
            ? new Float64Array(memory.buffer, offsets[k], array.length)
            : array instanceof Float32Array
              ? new Float32Array(memory.buffer, offsets[k], array.length)
              : array instanceof Uint8Array
                ? new Uint8Array(memory.buffer, offsets[k], array.length)
                : array instanceof Uint16Array
                  ? new Uint16Array(memory.buffer, offsets[k], array.length)
                  : new Uint32Array(memory.buffer, offsets[k], array.length);
        view.set(array);
        views.set(array, view);
      }
      if (owner) (owner as Record<string, MovableArray>)[name] = view;
      pointers.set(owner ? view : array, offsets[k]);
    });
    const copyViews = new Map<ConstraintBlock, Float32Array>();
    for (const [block, copy] of copies) {
      const offset = pointers.get(copy)!;
      pointers.set(block, offset);
      copyViews.set(block, new Float32Array(memory.buffer, offset, copy.length));
    }
    const exports = instance.exports as KernelExports;
    return new WasmKernels(
      exports,
      pages * PAGE_BYTES,
      pointers,
      state,
      blocks,
      copyViews,
      memory,
      wasm.module,
      shared ? new SolverTeam(threads, Object.keys(exports)) : null,
      blockChunks,
      scratches,
      parts,
      new Float64Array(memory.buffer, pointers.get(sums)!, sums.length),
    );
  }

  /** `prediction` (part-prediction.ts): the same floats as `velocities` and then a prediction. */
  predict(prediction: Prediction): void {
    const { x, xPrev, v, w } = this;
    const { start, end, invH, keep, dvx, dvy, dvz, h } = prediction;
    this.perParticle(start, end, (kernels, from, to) =>
      kernels.predict(x, xPrev, v, w, from, to, invH, keep, dvx, dvy, dvz, h),
    );
  }

  /**
   * `predict`, made in the first sweep of `block` where it can be (a dissected block on a running
   * team: each part's particles by the thread that sweeps that part, part-prediction.ts), else now.
   * The caller's next use of the body's particles must be `solve(block, …)`; `flushPredictions`
   * makes any still deferred.
   */
  deferPrediction(block: ConstraintBlock, prediction: Prediction): void {
    const parts = this.team?.running ? this.predictions.get(block) : undefined;
    if (!parts || parts.pending) {
      this.predict(prediction);
      return;
    }
    parts.set(prediction);
    this.pendingPredictions.push(parts);
  }

  /** Makes the predictions `deferPrediction` left pending (none where the blocks' sweeps made them). */
  flushPredictions(): void {
    for (const parts of this.pendingPredictions) {
      if (!parts.pending) continue;
      parts.all();
      parts.done();
    }
    this.pendingPredictions.length = 0;
  }

  /**
   * pin-balance.ts `correctionMoment` over particles [start, end) into out[at … at + 3), on the
   * stepping thread (one pass, a few µs per thousand particles: not worth a meeting).
   */
  correctionMoment(start: number, end: number, h: number, out: Float64Array, at: number): void {
    const { x, xPrev, v, w, sums } = this;
    this.kernels.correctionMoment(x, xPrev, v, w, start, end, h, sums.byteOffset);
    out[at] = sums[0];
    out[at + 1] = sums[1];
    out[at + 2] = sums[2];
  }

  /** v = (x − x_prev)/h for the first `coordinates` values. */
  velocities(coordinates: number, invH: number): void {
    const { x, xPrev, v } = this;
    this.perParticle(0, coordinates / 3, (kernels, from, to) =>
      kernels.velocities(x + 24 * from, xPrev + 24 * from, v + 24 * from, 3 * (to - from), invH),
    );
  }

  /**
   * `call` over particles [start, end), on the team in contiguous ranges, one per thread, where it
   * runs and the range is big (each particle's values depend on it alone: the same floats); each
   * thread then also brings its part of the particles into its own cache for the sweeps that follow.
   */
  private perParticle(
    start: number,
    end: number,
    call: (kernels: KernelExports, from: number, to: number) => void,
  ): void {
    const team = this.team?.running && end - start >= MIN_DIVIDED_PARTICLES ? this.team : null;
    if (!team) {
      call(this.kernels, start, end);
      return;
    }
    const threads = team.threads;
    // Even particle counts per range (whole f64x2 pairs of coordinates in every range but the last).
    const size = 2 * Math.ceil((end - start) / (2 * threads));
    const from = (k: number) => Math.min(end, start + k * size);
    team.divide(
      threads,
      (k) => call(team.recorder(k), from(k), from(k + 1)),
      (k) => call(this.kernels, from(k), from(k + 1)),
      () => call(this.kernels, start, end),
    );
  }

  /**
   * Damps the velocities by `block` over substep h (s) where its kernel does (its big colours on the
   * team, as its sweeps); false when it has none here (run the JS damping). A block without damping
   * is passed over either way.
   */
  damp(block: ConstraintBlock, h: number): boolean {
    const damp = this.dampers.get(block);
    if (!damp) return false;
    if (!block.damped) return true;
    const divided = this.team?.running ? this.divided.get(block) : undefined;
    if (divided)
      this.team!.sweep(
        divided,
        (startsAt, colours) => damp(h, startsAt, colours),
        (k, startsAt, colours) => divided.recordDamp[k](h, startsAt, colours),
      );
    else damp(h);
    return true;
  }

  /** True when `block` has a kernel here: its first sweep of a substep resets its multipliers. */
  handles(block: ConstraintBlock): boolean {
    return this.solvers.has(block);
  }

  /**
   * One sweep of `block` at substep h (s); false when the block has no kernel here (run the JS one).
   * `fresh`: the first sweep of the substep, which starts every multiplier at 0; `storeLambda` false:
   * nothing reads this sweep's multipliers, which kernels that can then leave unstored (see
   * KernelExports). A prediction deferred into the block (`deferPrediction`) is made in this sweep.
   */
  solve(block: ConstraintBlock, h: number, fresh: boolean, storeLambda = true): boolean {
    const solve = this.solvers.get(block);
    if (!solve) return false;
    const invHSq = 1 / (h * h);
    const divided = this.team?.running ? this.divided.get(block) : undefined;
    const prediction = this.predictions.get(block);
    const first = prediction?.pending ? prediction : undefined;
    if (divided)
      this.team!.sweep(
        divided,
        (startsAt, colours) => solve(invHSq, fresh, storeLambda, startsAt, colours),
        (k, startsAt, colours) => divided.record[k](invHSq, fresh, storeLambda, startsAt, colours),
        first,
      );
    else {
      first?.all();
      solve(invHSq, fresh, storeLambda);
    }
    first?.done();
    return true;
  }
}
