import type { Worker } from 'node:worker_threads';
import { startWorker } from '../core/node/solver-helpers.ts';
import { buildWorld } from '../core/sim/build-world.ts';
import { benchScenesMatching, FRAME_DT_S, WARMUP_FRAMES } from './sim-scenes.ts';

/**
 * Twin worlds for the sim suite's `--workers=N` (sim-suite.ts): N − 1 worker threads, each with its
 * own one-thread world of the scene, that step whenever the suite asks while the suite steps one
 * more on its own thread. N independent worlds at once, a thread each, is what the machine's cores
 * give together at that moment: the ceiling of the team's scaling, measured in the same rounds.
 * On a shared machine it moves: another tenant on one core slows whichever world runs there.
 */

/** Slots of a twin's control array: the last request, its frames (−1: leave), the last request done. */
const REQUEST = 0;
const FRAMES = 1;
const DONE = 2;
/** How long the suite waits for a twin's frames before it gives up on it, ms. */
const ROUND_TIMEOUT_MS = 120_000;

/** What a twin's worker is started with (its workerData). */
export interface TwinInit {
  readonly sceneName: string;
  readonly control: Int32Array;
}

/** The twin's side (sim-twin-entry.ts): builds and warms its world, then steps it until told to leave. */
export function runTwin({ sceneName, control }: TwinInit): void {
  const bench = benchScenesMatching(sceneName).find((scene) => scene.name === sceneName);
  if (!bench) throw new Error(`bench sim: no scene named '${sceneName}' for a twin world`);
  const world = buildWorld(bench.scene);
  for (let f = 0; f < WARMUP_FRAMES; f++) world.step(FRAME_DT_S);
  let seen = 0;
  Atomics.store(control, DONE, seen);
  Atomics.notify(control, DONE);
  for (;;) {
    while (Atomics.load(control, REQUEST) === seen) Atomics.wait(control, REQUEST, seen);
    seen = Atomics.load(control, REQUEST);
    const frames = Atomics.load(control, FRAMES);
    if (frames < 0) return;
    for (let f = 0; f < frames; f++) world.step(FRAME_DT_S);
    Atomics.store(control, DONE, seen);
    Atomics.notify(control, DONE);
  }
}

/** The suite's side: the twins of one scene. */
export class TwinWorlds {
  private request = 0;

  private constructor(
    private readonly workers: readonly Worker[],
    private readonly controls: readonly Int32Array[],
  ) {}

  /** Starts `count` twins of scene `sceneName` from worker entry `entry`; resolves once each has warmed up. */
  static async start(sceneName: string, count: number, entry: URL): Promise<TwinWorlds> {
    const controls = Array.from({ length: count }, () => {
      const control = new Int32Array(new SharedArrayBuffer(3 * 4));
      control[DONE] = -1;
      return control;
    });
    let failure: unknown = null;
    const workers = controls.map((control) => {
      const worker = startWorker(entry, { sceneName, control } satisfies TwinInit);
      worker.on('error', (error) => {
        failure = error;
      });
      return worker;
    });
    // Without blocking: a worker may not start before this thread returns to its event loop.
    while (controls.some((control) => Atomics.load(control, DONE) < 0)) {
      if (failure) {
        await Promise.all(workers.map((worker) => worker.terminate()));
        throw failure;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return new TwinWorlds(workers, controls);
  }

  /** Each twin starts stepping `frames` frames. */
  begin(frames: number): void {
    this.post(frames);
  }

  /** Blocks until every twin has stepped the frames of the last `begin`. */
  finish(): void {
    for (const control of this.controls) {
      for (
        let done = Atomics.load(control, DONE);
        done !== this.request;
        done = Atomics.load(control, DONE)
      ) {
        if (Atomics.wait(control, DONE, done, ROUND_TIMEOUT_MS) === 'timed-out')
          throw new Error(`bench sim: a twin world did not step its frames in ${ROUND_TIMEOUT_MS / 1000} s`);
      }
    }
  }

  /** Lets the twins go and ends their workers. */
  async stop(): Promise<void> {
    this.post(-1);
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }

  private post(frames: number): void {
    this.request++;
    for (const control of this.controls) {
      Atomics.store(control, FRAMES, frames);
      Atomics.store(control, REQUEST, this.request);
      Atomics.notify(control, REQUEST);
    }
  }
}
