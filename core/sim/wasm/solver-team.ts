import { type ColourChunks, MAX_CHUNKS } from './colour-chunks.ts';
import type { BlockDamp, BlockSolve, KernelExports } from './kernel-bindings.ts';
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
import { StallBackoff } from './stall-backoff.ts';
import { TeamChooser } from './team-chooser.ts';

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

/**
 * Work that goes into each chunk of a block's first run, before its sweep: in a dissected block
 * that run has a chunk per part of the body (ColourChunks `parts`), and part k's prediction then
 * runs on the thread that sweeps part k.
 */
export interface RunPrefix {
  /** Makes part k's work here. */
  run(k: number): void;
  /** Records part k's work for a helper (through `recorder(k)`), ahead of the chunk's sweep. */
  record(k: number): void;
  /** Makes every part's work here, in order: the run made alone. */
  all(): void;
}

/** One block's colours as the team sweeps them (its solve and its damping alike). */
export interface BlockChunks {
  readonly chunks: ColourChunks;
  /** Byte offset of the chunks' colour starts (ColourChunks.bounds) in the memory. */
  readonly boundsAt: number;
  /** Per chunk index, the block's sweep that records its call for a helper (none without a sweep). */
  readonly record: readonly BlockSolve[];
  /** Its damping likewise (none where the kernels do not damp it). */
  readonly recordDamp: readonly BlockDamp[];
}

/**
 * Atomics.load polls before a thread sleeps in Atomics.wait: some 380 µs of spinning on the
 * machine this was measured on (~6 ns a poll). Between two divided runs of a dissected block the
 * stepping thread works alone for some 10–60 µs (the root's separator, velocities); and where the
 * other thread's part took longer, a helper that finished its own first waits that much more. A
 * helper that spins past the gap is there for the next run, one that sleeps waits for a futex wake
 * (20–60 µs here) at its start, and the stepping thread then waits for it at the run's end. Paired
 * in one process, 5 rounds each (ratio of one thread's wall time to the team's), 1024 / 4096 /
 * 16384 polls: idle machine, cloth 64² 1.58 / 1.59 / 1.70, cloth 128² 1.76 / 1.73 / 1.75, 16³
 * neo-Hookean cube 1.59 / 1.63 / 1.76, edges + volume 1.62 / 1.68 / 1.76; beside two busy processes
 * 1.42 / 1.36 / 1.23, 1.38 / 1.39 / 1.34, 1.01 / 1.04 / 1.34, 1.18 / 1.18 / 1.07. Later, with the
 * prediction in the first run and the team's frames chosen against frames alone (team-chooser.ts),
 * 65536 polls against 16384, one helper joining each team for its 4-frame round only (median of
 * 30–60 paired rounds, team time at 16384 / at 65536): the 128² cloth, whose parts take 300–450 µs
 * a run, 1.025, 1.044 and 1.015; the 64² cloth and the cubes 0.997–1.006; beside a busy process
 * (where both step about as fast as one thread) 0.990–1.040. (Before the dissection, with a meeting
 * per colour, long spins were worse at load: the helper used up its time slice spinning between
 * colours.) A helper spins this long once more after a frame's last run before it sleeps.
 */
const DEFAULT_SPINS = 1 << 16;

const clock = (globalThis as unknown as { performance: { now(): number } }).performance;

export class SolverTeam {
  readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_LENGTH * 4));
  readonly records = new Float64Array(new SharedArrayBuffer(8 * RECORD_LENGTH * MAX_CHUNKS));
  private generation = 0;
  private helpers = 0;
  /** Chunks published since the team was made (helperChunks of them were the helpers'). */
  private published = 0;
  private readonly recorderCache: KernelExports[] = [];
  /** Per chunk index, where its record's next call goes (slot 0 counts the calls). */
  private readonly recordEnds = new Int32Array(MAX_CHUNKS);
  /** Whether frames step with the team or alone (`frame`), and whether this one does alone. */
  private readonly chooser = new TeamChooser();
  private frameAlone = false;
  /** Whether the last frame stepped alone. */
  private lastFrameAlone = false;

  constructor(
    /** Threads in the team, the stepping one included. */
    readonly threads: number,
    /** The kernels' export names, in the order records name them. */
    readonly exportNames: readonly string[],
    readonly spins = DEFAULT_SPINS,
    /** When divided runs are solved alone after a helper stalled. */
    private readonly backoff = new StallBackoff(),
  ) {}

  /** Frames `frame` stepped alone since the team was made (the other way's trials included). */
  get framesAlone(): number {
    return this.chooser.framesAlone;
  }

  /** Stalls seen (helpers descheduled mid-chunk) since the team was made (stall-backoff.ts). */
  get stalls(): number {
    return this.backoff.stalls;
  }

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
   * Kernels that do not run but add the call to chunk record `chunk` (the calls `divide`'s `record`
   * makes for chunk k, in order), for bindings (kernel-bindings.ts) to bind a block's sweep that
   * records, and for `divide`'s callers; one per chunk index, made on first use.
   */
  recorder(chunk: number): KernelExports {
    this.recorderCache[chunk] ??= this.makeRecorder(chunk);
    return this.recorderCache[chunk];
  }

  private makeRecorder(chunk: number): KernelExports {
    const record = this.records.subarray(chunk * RECORD_LENGTH, (chunk + 1) * RECORD_LENGTH);
    const ends = this.recordEnds;
    const recorder: Record<string, (...args: (number | boolean)[]) => void> = {};
    this.exportNames.forEach((name, index) => {
      recorder[name] = (...args) => {
        const at = ends[chunk];
        if (at + 2 + args.length > RECORD_LENGTH)
          throw new RangeError(
            `chunk ${chunk}'s calls take more than the ${RECORD_LENGTH} values of a record`,
          );
        record[0]++;
        record[at] = index;
        record[at + 1] = args.length;
        for (let i = 0; i < args.length; i++) record[at + 2 + i] = +args[i];
        ends[chunk] = at + 2 + args.length;
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
    // A team started again after `stop` (which waited for its helpers to leave) clears the old LEAVE.
    Atomics.store(this.control, LEAVE, 0);
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

  /**
   * Lets the helpers go (back to their workers' message loops) and waits until they have left; the
   * stepping thread sweeps alone from then on.
   */
  stop(): void {
    if (!this.running) return;
    Atomics.store(this.control, LEAVE, 1);
    this.publish(0);
    this.helpers = 0;
    // Until every helper has read LEAVE, a start of this team again would keep it in this round.
    for (let ready = Atomics.load(this.control, READY); ready > 0; ready = Atomics.load(this.control, READY))
      Atomics.wait(this.control, READY, ready, 50);
  }

  /**
   * Steps one frame of `substeps` substeps (`step`) with the team or alone, as the team's
   * TeamChooser says from how fast frames went each way: the same floats either way.
   */
  frame(substeps: number, step: () => void): void {
    const together = this.chooser.next();
    if (together && this.lastFrameAlone) this.backoff.forget();
    this.frameAlone = this.lastFrameAlone = !together;
    const from = clock.now();
    try {
      step();
    } finally {
      this.frameAlone = false;
    }
    this.chooser.record(together, (clock.now() - from) / Math.max(1, substeps));
  }

  /**
   * A sweep of `block`'s colours (its solve or its damping) on the team (`running` must be true):
   * each run of chunks divided among the threads, or made here in order (the same floats either
   * way). `own(startsAt, colours)` sweeps the colours of a starts table at byte offset startsAt
   * here; `record(k, startsAt, colours)` records chunk index k's call for a helper. `first` goes
   * into the chunks of the first run, ahead of their sweeps (the block must have `parts`).
   */
  sweep(
    block: BlockChunks,
    own: (startsAt: number, colours: number) => void,
    record: (k: number, startsAt: number, colours: number) => void,
    first?: RunPrefix,
  ): void {
    const { bounds, runs } = block.chunks;
    if (first && block.chunks.parts === 0) throw new RangeError('a run prefix needs a block swept by parts');
    for (let r = 0; r < runs.length; r++) {
      const { sweeps, divided } = runs[r];
      const prefix = r === 0 ? first : undefined;
      this.divide(
        divided ? sweeps.length : 0,
        (k) => {
          prefix?.record(k);
          record(k, block.boundsAt + 4 * sweeps[k].at, sweeps[k].colours);
        },
        (k) => {
          prefix?.run(k);
          const { at, colours } = sweeps[k];
          // An empty chunk (the colour's end came first) costs a claim only.
          if (bounds[at] < bounds[at + colours]) own(block.boundsAt + 4 * at, colours);
        },
        () => {
          // Its sweeps in order give the same floats as the chunks in any order.
          prefix?.all();
          for (const { at, colours } of sweeps)
            if (bounds[at] < bounds[at + colours]) own(block.boundsAt + 4 * at, colours);
        },
      );
    }
  }

  /**
   * Runs `chunks` kernel calls that touch disjoint memory on the team: `record(k)` writes chunk k's
   * call into its record (through `recorder(k)`), `run(k)` makes it here; `alone` makes them all here,
   * in order, which the stepping thread does for 0 chunks, in frames the team steps alone
   * (`frame`) and while it backs off after a stall.
   */
  divide(chunks: number, record: (k: number) => void, run: (k: number) => void, alone: () => void): void {
    if (chunks === 0 || this.frameAlone || this.backoff.backingOff(clock.now())) {
      alone();
      return;
    }
    const control = this.control;
    for (let k = 0; k < chunks; k++) {
      this.records[k * RECORD_LENGTH] = 0;
      this.recordEnds[k] = 1;
      record(k);
    }
    const publishedAt = clock.now();
    const generation = this.publish(chunks);
    this.published += chunks;
    for (
      let k = claimChunk(control, generation, chunks);
      k >= 0;
      k = claimChunk(control, generation, chunks)
    ) {
      run(k);
      Atomics.add(control, FINISHED, 1);
    }
    // Only chunks a helper claimed remain: it is running them.
    let left = this.spins;
    let sleptFrom = -1;
    const ownMs = clock.now() - publishedAt;
    let finished = Atomics.load(control, FINISHED);
    while (finished < chunks) {
      if (--left <= 0) {
        if (sleptFrom < 0) sleptFrom = clock.now();
        Atomics.wait(control, FINISHED, finished);
        left = this.spins;
      }
      finished = Atomics.load(control, FINISHED);
    }
    const now = clock.now();
    this.backoff.record(now, sleptFrom >= 0 ? now - sleptFrom : 0, ownMs);
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
