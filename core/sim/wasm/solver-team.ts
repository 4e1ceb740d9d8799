import { type ColourChunks, MAX_CHUNKS } from './colour-chunks.ts';
import type { BlockSolve, KernelExports } from './kernel-bindings.ts';
import {
  CONTROL_LENGTH,
  claimChunk,
  FINISHED,
  GENERATION_MASK,
  GO,
  HELPER_CHUNKS,
  LEAVE,
  publishStores,
  READY,
  RECORD_LENGTH,
  type SolverHelperInit,
} from './solver-helper.ts';

/**
 * The stepping thread's side of a team of threads over one world's shared kernel memory
 * (wasm-kernels.ts). Each big colour of a block is cut into chunks (colour-chunks.ts); the stepping
 * thread records the kernel call of every chunk, publishes the colour, claims and solves chunks
 * like its helpers do (solver-helper.ts), and moves on to the next colour once every chunk is done,
 * so the sweep gives the same floats as one thread whoever solved what. Chunks are claimed, not
 * assigned: a helper that a busy machine has not scheduled leaves its chunks to the others instead
 * of holding the colour up. Helpers run in workers the host makes (core/node/solver-helpers.ts under
 * Node, a Web Worker in the editor).
 *
 * The stepping thread waits with Atomics.wait: it must be a worker (or Node's main thread), which
 * the editor's simulation is.
 */

/** A worker that runs solver-helper.ts: posted a SolverHelperInit, it joins a team. */
export interface SolverHelper {
  postMessage(message: SolverHelperInit): void;
}

/** One block's colours as the team solves them. */
export interface BlockChunks {
  readonly chunks: ColourChunks;
  /** Byte offsets of the chunk bounds and of the block's own colour starts in the memory. */
  readonly boundsAt: number;
  readonly colourStartsAt: number;
  /** The block's sweep on the kernels themselves, and per chunk index one that records the call instead. */
  readonly solve: BlockSolve;
  readonly record: readonly BlockSolve[];
}

/**
 * Atomics.load polls before a thread sleeps in Atomics.wait (a few µs of spinning). Short: on a
 * busy machine a helper that spins long uses up its time slice and is scheduled late, one that
 * sleeps is woken promptly (a 16³ neo-Hookean cube at load 9 on 2 cores: helpers solved 46% of the
 * chunks with 256 polls, 39% with 1024, 12% with 16384, and the team took 0.84×, 0.82× and 1.7×
 * the one-thread wall time).
 */
const DEFAULT_SPINS = 1 << 10;

/**
 * A wait for a helper's chunk longer than this, ms, means the machine took the core from the helper
 * in the middle of its chunk (a chunk takes some 10–200 µs on a free core): on a busy machine the stepping thread
 * would wait a whole time slice for it at every such colour, so it solves the next divided colours
 * alone (the same floats), FIRST_BACKOFF of them after a first stall, twice as many after each
 * stall that follows within CLEAN_COLOURS of the team working again, up to MAX_BACKOFF.
 */
const STALL_MS = 0.5;
const FIRST_BACKOFF = 64;
const MAX_BACKOFF = 8192;
const CLEAN_COLOURS = 256;

const clock = (globalThis as unknown as { performance: { now(): number } }).performance;

export class SolverTeam {
  readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
  readonly records = new Float64Array(new SharedArrayBuffer(8 * RECORD_LENGTH * MAX_CHUNKS));
  private generation = 0;
  private helpers = 0;
  /** Chunks published since the team was made (helperChunks of them were the helpers'). */
  private published = 0;
  /** Divided colours still to solve alone after a stall, the next back-off, and colours since the last stall. */
  private aloneFor = 0;
  private backoff = FIRST_BACKOFF;
  private clean = 0;
  /** Stalls seen (helpers descheduled mid-chunk) since the team was made. */
  stalls = 0;

  constructor(
    /** Threads in the team, the stepping one included. */
    readonly threads: number,
    /** The kernels' export names, in the order records name them. */
    readonly exportNames: readonly string[],
    readonly spins = DEFAULT_SPINS,
  ) {}

  /** Chunks the helpers have solved since the team started (the stepping thread solved the rest). */
  get helperChunks(): number {
    return Atomics.load(this.control, HELPER_CHUNKS);
  }

  /** Chunks of divided colours solved since the team was made, by every thread together. */
  get chunksSolved(): number {
    return this.published;
  }

  /** True once the helpers have joined: until then (and after `stop`) the stepping thread sweeps alone. */
  get running(): boolean {
    return this.helpers > 0;
  }

  /**
   * Kernels that do not run but write the call into chunk record `chunk`, for bindings
   * (kernel-bindings.ts) to bind a block's sweep that records.
   */
  recorder(chunk: number): KernelExports {
    const record = this.records.subarray(chunk * RECORD_LENGTH, (chunk + 1) * RECORD_LENGTH);
    const recorder: Record<string, (...args: (number | boolean)[]) => void> = {};
    this.exportNames.forEach((name, index) => {
      recorder[name] = (...args) => {
        record[0] = index;
        record[1] = args.length;
        for (let i = 0; i < args.length; i++) record[2 + i] = +args[i];
      };
    });
    return recorder as unknown as KernelExports;
  }

  /**
   * Posts the helpers their part (`memory` the world's shared WebAssembly.Memory, `module` the
   * kernels compiled for it) and resolves once all have instantiated it; up to threads − 1 helpers,
   * none of them in another running team.
   */
  async start(helpers: readonly SolverHelper[], memory: object, module: object): Promise<void> {
    if (helpers.length === 0 || helpers.length > this.threads - 1)
      throw new RangeError(
        `a team of ${this.threads} threads takes 1 to ${this.threads - 1} helpers, not ${helpers.length}`,
      );
    for (const helper of helpers) {
      helper.postMessage({
        type: 'solver-helper',
        module,
        memory,
        exportNames: this.exportNames,
        control: this.control,
        records: this.records,
        spins: this.spins,
      });
    }
    // Wait without blocking: a worker may not start before its parent returns to its event loop.
    const { setTimeout: later } = globalThis as unknown as {
      setTimeout: (callback: () => void, delayMs: number) => unknown;
    };
    while (Atomics.load(this.control, READY) < helpers.length) {
      await new Promise<void>((resolve) => later(resolve, 1));
    }
    this.helpers = helpers.length;
  }

  /** Lets the helpers go (back to their workers' message loops); the stepping thread sweeps alone from then on. */
  stop(): void {
    if (!this.running) return;
    Atomics.store(this.control, LEAVE, 1);
    this.publish(0);
    this.helpers = 0;
  }

  /** One sweep of a block, its big colours solved by the team (`running` must be true). */
  solve(block: BlockChunks, invHSq: number, fresh: boolean): void {
    const { control, spins } = this;
    const { bounds } = block.chunks;
    for (const run of block.chunks.runs) {
      if (run.chunks === 0) {
        block.solve(invHSq, fresh, block.colourStartsAt + 4 * run.first, run.end - run.first);
        continue;
      }
      if (this.aloneFor > 0) {
        this.aloneFor--;
        block.solve(invHSq, fresh, block.colourStartsAt + 4 * run.first, 1);
        continue;
      }
      const first = block.boundsAt + 4 * run.boundsFrom;
      const chunks = run.chunks;
      for (let k = 0; k < chunks; k++) block.record[k](invHSq, fresh, first + 4 * k, 1);
      const generation = this.publish(chunks);
      this.published += chunks;
      for (
        let k = claimChunk(control, generation, chunks);
        k >= 0;
        k = claimChunk(control, generation, chunks)
      ) {
        // An empty chunk (the colour's end came first) costs a claim only.
        if (bounds[run.boundsFrom + k] < bounds[run.boundsFrom + k + 1])
          block.solve(invHSq, fresh, first + 4 * k, 1);
        Atomics.add(control, FINISHED, 1);
      }
      // Only chunks a helper claimed remain: it is running them.
      let left = spins;
      let sleptFrom = -1;
      let finished = Atomics.load(control, FINISHED);
      while (finished < chunks) {
        if (--left <= 0) {
          if (sleptFrom < 0) sleptFrom = clock.now();
          Atomics.wait(control, FINISHED, finished);
          left = spins;
        }
        finished = Atomics.load(control, FINISHED);
      }
      this.backOffAfter(sleptFrom >= 0 && clock.now() - sleptFrom > STALL_MS);
    }
  }

  private backOffAfter(stalled: boolean): void {
    if (!stalled) {
      if (++this.clean >= CLEAN_COLOURS) this.backoff = FIRST_BACKOFF;
      return;
    }
    this.stalls++;
    this.aloneFor = this.backoff;
    this.backoff = Math.min(MAX_BACKOFF, 2 * this.backoff);
    this.clean = 0;
  }

  /** Starts a new generation of `chunks` chunks and wakes the helpers; the generation. */
  private publish(chunks: number): number {
    const control = this.control;
    this.generation = (this.generation + 1) & GENERATION_MASK;
    for (const [slot, value] of publishStores(this.generation, chunks)) Atomics.store(control, slot, value);
    Atomics.notify(control, GO);
    return this.generation;
  }
}
