import type { ConstraintBlock } from '../constraints/index.ts';
import { kindOps } from '../constraints/kinds.ts';
import type { ParticleState } from '../state.ts';
import { decodeBase64 } from './base64.ts';
import type { BlockSolve, KernelExports, KernelMemory } from './kernel-bindings.ts';
import { KERNELS_WASM_BASE64 } from './kernels-wasm.ts';

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
  Memory: new (descriptor: { initial: number; maximum: number }) => { readonly buffer: ArrayBuffer };
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
}

const STATE_FIELDS = ['x', 'xPrev', 'v', 'invMass'] as const;

/** Start of every array in the memory is a multiple of this, bytes (f64x2 loads). */
const ALIGN = 16;
const PAGE_BYTES = 65536;

type MovableArray = Float64Array | Uint32Array;

/** The compiled module, shared by every world of the isolate; null where it cannot be had. */
let compiled: { api: WasmApi; module: object } | null | undefined;

function kernelModule(): { api: WasmApi; module: object } | null {
  if (compiled !== undefined) return compiled;
  compiled = null;
  const api = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
  if (!api) return null;
  try {
    compiled = { api, module: new api.Module(decodeBase64(KERNELS_WASM_BASE64)) };
  } catch {
    // No SIMD, or a main thread that compiles only small modules synchronously: JS kernels.
  }
  return compiled;
}

export class WasmKernels {
  private readonly solvers = new Map<ConstraintBlock, BlockSolve>();
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
    private readonly copyViews: ReadonlyMap<ConstraintBlock, Float64Array>,
  ) {
    this.x = pointers.get(state.x)!;
    this.xPrev = pointers.get(state.xPrev)!;
    this.v = pointers.get(state.v)!;
    this.w = pointers.get(state.invMass)!;
    const memory: KernelMemory = { kernels, x: this.x, w: this.w, at: (array) => pointers.get(array)! };
    for (const block of blocks) {
      const binding = kindOps(block).wasm;
      if (binding) this.solvers.set(block, binding.bind(block, memory));
    }
  }

  /**
   * Rewrites `block`'s kernel-only copy from its fields after they changed in place (plasticity
   * updating rest shapes); the moved fields themselves need nothing.
   */
  refresh(block: ConstraintBlock): void {
    const view = this.copyViews.get(block);
    if (view) kindOps(block).wasm?.kernelCopy?.(block, view);
  }

  /**
   * Moves the state's and the blocks' hot arrays into a new memory and binds the kernels to it;
   * null (nothing moved) where WebAssembly is unavailable or refuses the module or the memory.
   */
  static create(state: ParticleState, blocks: readonly ConstraintBlock[]): WasmKernels | null {
    const wasm = kernelModule();
    if (!wasm) return null;
    // [owner, field, array]: the array moves into the memory and owner[field] becomes the view;
    // an owner of null marks a kernel-only copy (`pointers` then keys its offset by the block).
    const moving: [object | null, string, MovableArray][] = [];
    const copies = new Map<ConstraintBlock, Float64Array>();
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
    // An array that two fields share (isotropic cloth's α₁₁ and α₂₂) moves once; both fields get its view.
    const firstOffset = new Map<MovableArray, number>();
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
      memory = new wasm.api.Memory({ initial: pages, maximum: pages });
      instance = new wasm.api.Instance(wasm.module, { env: { memory } });
    } catch {
      return null; // e.g. address space for memories exhausted: the JS kernels run instead
    }
    const pointers = new Map<object, number>();
    const views = new Map<MovableArray, MovableArray>();
    moving.forEach(([owner, name, array], k) => {
      const Kind = array instanceof Float64Array ? Float64Array : Uint32Array;
      let view = views.get(array);
      if (!view) {
        view = new Kind(memory.buffer, offsets[k], array.length);
        view.set(array);
        views.set(array, view);
      }
      if (owner) (owner as Record<string, MovableArray>)[name] = view;
      pointers.set(owner ? view : array, offsets[k]);
    });
    const copyViews = new Map<ConstraintBlock, Float64Array>();
    for (const [block, copy] of copies) {
      const offset = pointers.get(copy)!;
      pointers.set(block, offset);
      copyViews.set(block, new Float64Array(memory.buffer, offset, copy.length));
    }
    return new WasmKernels(
      instance.exports as KernelExports,
      pages * PAGE_BYTES,
      pointers,
      state,
      blocks,
      copyViews,
    );
  }

  /** Prediction of particles [start, end) (xpbd-world.ts `substep`). */
  predict(start: number, end: number, keep: number, dvx: number, dvy: number, dvz: number, h: number): void {
    this.kernels.predict(this.x, this.xPrev, this.v, this.w, start, end, keep, dvx, dvy, dvz, h);
  }

  /** v = (x − x_prev)/h for the first `coordinates` values. */
  velocities(coordinates: number, invH: number): void {
    this.kernels.velocities(this.x, this.xPrev, this.v, coordinates, invH);
  }

  /** True when `block` has a kernel here: its first sweep of a substep resets its multipliers. */
  handles(block: ConstraintBlock): boolean {
    return this.solvers.has(block);
  }

  /**
   * One sweep of `block` at substep h (s); false when the block has no kernel here (run the JS one).
   * `fresh`: the first sweep of the substep, which starts every multiplier at 0 (see KernelExports).
   */
  solve(block: ConstraintBlock, h: number, fresh: boolean): boolean {
    const solve = this.solvers.get(block);
    if (!solve) return false;
    solve(1 / (h * h), fresh);
    return true;
  }
}
