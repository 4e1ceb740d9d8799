/**
 * Entry of the engine bundle that `bench app` runs in a blank Chromium page (see bench/app.ts):
 * the sim bench's scene stepped back to back by the page's own thread, timed frame by frame by
 * the wall clock, the sim suite's way (sim-suite.ts: warm-up, then the median frame). It tells the
 * engine's speed in Chromium's V8 apart from what the editor's page costs around the worker.
 */
import { median } from '../core/math/median.ts';
import { buildWorld } from '../core/sim/build-world.ts';
import { benchScenesMatching, FRAME_DT_S, WARMUP_FRAMES } from './sim-scenes.ts';

/** Median wall ms per frame of the bench scene named `name`, over `frames` frames. */
function stepBenchScene(name: string, frames: number): number {
  const bench = benchScenesMatching(name).find((scene) => scene.name === name);
  if (!bench) throw new Error(`bench app: no bench scene '${name}'`);
  const world = buildWorld(bench.scene);
  for (let f = 0; f < WARMUP_FRAMES; f++) world.step(FRAME_DT_S);
  const times: number[] = [];
  for (let f = 0; f < frames; f++) {
    const start = performance.now();
    world.step(FRAME_DT_S);
    times.push(performance.now() - start);
  }
  return median(times);
}

Object.defineProperty(globalThis, 'softbodyStepBenchScene', { value: stepBenchScene });
