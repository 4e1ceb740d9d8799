/**
 * A helper thread of the solver team (solver-team.ts): it instantiates the kernels' module on the
 * world's shared memory and, each time the team publishes a divided colour, claims chunks of it
 * and runs the kernel calls recorded for each, until none is left; until the team lets it go.
 *
 * The threads meet through an Int32Array on a SharedArrayBuffer (`control`). The stepping thread
 * records the kernel calls of each chunk, then stores CLAIM = generation·1024, CHUNKS, FINISHED = 0 and
 * GO = generation, in that order (publishStores), and notifies. CLAIM counts the chunks claimed from
 * the front (bits 5–9) and from the back (bits 0–4): every thread claims by a compare-exchange of
 * CLAIM that adds one to its end's count, the stepping thread from the front (chunk 0, 1, …), the
 * helpers from the back (the last, the one before, …), so a chunk runs once, a helper that wakes
 * late for a colour already done finds its generation gone and claims nothing, and with two
 * threads each sweeps the same part of a body run after run, its particles in its own cache (when
 * whoever came first took chunk 0, a spinning helper came first in 77–96% of the runs, and the
 * threads swapped parts whenever it did not). Each finished chunk adds 1 to FINISHED. The stepping
 * thread moves on once FINISHED = CHUNKS. Waiting spins on Atomics.load for a while before it
 * Atomics.waits: a futex wake costs more than a chunk.
 * Atomics' sequentially consistent loads and stores order the plain record and memory writes
 * around them.
 */

/** Slots of the control array. */
export const GO = 0;
export const CLAIM = 1;
export const CHUNKS = 2;
export const FINISHED = 3;
/** Helpers in the team: each adds 1 when it joins and takes 1 when it leaves. */
export const READY = 4;
export const LEAVE = 5;
/** Chunks the helpers have solved, all teams' generations together (what tests and benchmarks read). */
export const HELPER_CHUNKS = 6;
export const CONTROL_LENGTH = 8;
/**
 * Float64 values per chunk record: the number of kernel calls, then per call its export index,
 * argument count and arguments (a chunk is a sweep, or a part's prediction and then its sweep).
 */
export const RECORD_LENGTH = 64;
/** Generations count in the upper 22 bits of CLAIM, the chunks claimed from either end in 5 bits each. */
export const GENERATION_MASK = 0x3fffff;
const GENERATION_SHIFT = 10;
const FRONT_SHIFT = 5;
const COUNT_MASK = 31;

/** What a helper worker is posted to join a world's team (structured-cloneable: shared buffers and a module). */
export interface SolverHelperInit {
  readonly type: 'solver-helper';
  readonly module: object;
  /** The world's shared WebAssembly.Memory. */
  readonly memory: object;
  /** The module's exports, in the order records name them. */
  readonly exportNames: readonly string[];
  readonly control: Int32Array;
  /** One record per chunk of the current colour: records[k·RECORD_LENGTH …]. */
  readonly records: Float64Array;
  /** Atomics.load polls before an Atomics.wait. */
  readonly spins: number;
}

export function isSolverHelperInit(message: unknown): message is SolverHelperInit {
  return (message as { type?: unknown } | null)?.type === 'solver-helper';
}

/**
 * The stores that publish generation `generation` of `chunks` chunks, in the order they must be
 * made. CLAIM goes first: a helper still holding the previous generation (it read GO, then lost its
 * core) reads CHUNKS before it claims, and while CLAIM still held the previous generation, fully
 * claimed, a larger new CHUNKS let it claim a chunk index past the old count: it then ran the new
 * colour's record for that chunk and counted it as finished, so that chunk ran twice and the
 * stepping thread could move on before it was done (the team's floats then differed from one
 * thread's, seen under load). With CLAIM first, every claim of an old generation fails before any
 * other slot changes; FINISHED is reset before GO lets the new generation's helpers in.
 */
export function publishStores(generation: number, chunks: number): [slot: number, value: number][] {
  return [
    [CLAIM, generation << GENERATION_SHIFT],
    [CHUNKS, chunks],
    [FINISHED, 0],
    [GO, generation],
  ];
}

/**
 * Claims the next chunk of generation `generation` (of `chunks`, at most MAX_CHUNKS) from the front
 * or, `fromBack`, from the back: its index, or −1 when all are claimed or the stepping thread has
 * moved on to another colour.
 */
export function claimChunk(
  control: Int32Array,
  generation: number,
  chunks: number,
  fromBack = false,
): number {
  for (;;) {
    const word = Atomics.load(control, CLAIM);
    if (word >>> GENERATION_SHIFT !== generation) return -1;
    const front = (word >>> FRONT_SHIFT) & COUNT_MASK;
    const back = word & COUNT_MASK;
    if (front + back >= chunks) return -1;
    const claimed = fromBack ? word + 1 : word + (1 << FRONT_SHIFT);
    if (Atomics.compareExchange(control, CLAIM, word, claimed) === word)
      return fromBack ? chunks - 1 - back : front;
  }
}

/** What core/ needs of the WebAssembly global (tsconfig.core.json has no DOM lib). */
interface InstanceApi {
  Instance: new (module: object, imports: object) => { readonly exports: Record<string, unknown> };
}

/**
 * Runs one helper until its team lets it go (blocks the calling thread: call it in a worker that
 * does nothing else meanwhile), then returns.
 */
export function runSolverHelper(init: SolverHelperInit): void {
  const api = (globalThis as unknown as { WebAssembly: InstanceApi }).WebAssembly;
  const instance = new api.Instance(init.module, { env: { memory: init.memory } });
  const calls = init.exportNames.map((name) => instance.exports[name] as (...args: number[]) => void);
  const { control, records, spins } = init;
  const argumentLists: number[][] = [];
  let seen = Atomics.load(control, GO);
  Atomics.add(control, READY, 1);
  for (;;) {
    let left = spins;
    let generation = Atomics.load(control, GO);
    while (generation === seen) {
      if (--left <= 0) {
        Atomics.wait(control, GO, seen);
        left = spins;
      }
      generation = Atomics.load(control, GO);
    }
    seen = generation;
    if (Atomics.load(control, LEAVE) !== 0) {
      Atomics.sub(control, READY, 1);
      Atomics.notify(control, READY);
      return;
    }
    const chunks = Atomics.load(control, CHUNKS);
    for (let chunk = claimChunk(control, generation, chunks, true); chunk >= 0; ) {
      let at = chunk * RECORD_LENGTH;
      for (let call = records[at++]; call > 0; call--) {
        const count = records[at + 1];
        let args = argumentLists[count];
        if (!args) args = argumentLists[count] = new Array<number>(count);
        for (let i = 0; i < count; i++) args[i] = records[at + 2 + i];
        calls[records[at]](...args);
        at += 2 + count;
      }
      Atomics.add(control, HELPER_CHUNKS, 1);
      Atomics.add(control, FINISHED, 1);
      Atomics.notify(control, FINISHED);
      chunk = claimChunk(control, generation, chunks, true);
    }
  }
}
