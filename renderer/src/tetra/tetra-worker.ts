/**
 * Worker that runs core/tetra on the imported surface, so a long tetrahedralization never
 * freezes the UI. Progress is throttled to PROGRESS_MAX_HZ; a `cancel` fires the run's
 * AbortController, which the tetrahedralizer checks between its steps. The per-tet colouring
 * data and the face adjacency (for the cut plane) are computed here too, off the UI thread.
 *
 * A worker serves one run after another (tetra-client.ts keeps it for the next run), so that
 * V8's compiled mesher serves them all: a fresh worker runs the mesher in its interpreter and
 * baseline tiers while its functions get hot, several times slower than once they are compiled.
 * `warm` gets that done ahead on a small built-in solid (WARM_UP_RUNS), its result dropped; a
 * run that arrives meanwhile stops the warm-up and starts once it has.
 */

import { sphereSurface } from '../../../core/mesh/sphere-surface.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import { TetrahedralizeError } from '../../../core/tetra/errors.ts';
import { faceAdjacency } from '../../../core/tetra/tet-adjacency.ts';
import { minDihedralDeg } from '../../../core/tetra/tet-geometry.ts';
import { tetrahedralize } from '../../../core/tetra/tetrahedralize.ts';
import { throttleProgress } from './progress-throttle.ts';
import {
  EDITOR_TETRA_TIME_LIMIT_S,
  PROGRESS_MAX_HZ,
  type TetraCommand,
  type TetraEvent,
  type TetraRunOptions,
  type TetView,
} from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: TetraEvent, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TetraCommand>) => void): void;
}

/**
 * The warm-up: a 0.1 m sphere of 512 triangles meshed both ways the editor meshes, embedded (the
 * one-step soft body's coarse preview) and conforming (its refined body, and the Tetrahedralize
 * panel's default), small. Measured in Chromium (Fox.glb at 11,206 tets, conforming): a fresh
 * worker's first run takes 500 ms, against 275–294 ms after a conforming warm-up of ~300 ms, and
 * 131–156 ms once a few runs have passed; warming on Fox itself did no better than on the sphere.
 */
const WARM_UP_SOLID = { radiusM: 0.1, subdivisions: 3 } as const;
const WARM_UP_RUNS: readonly TetraRunOptions[] = [
  { mode: 'embedded', targetTetCount: 300 },
  { mode: 'conforming', targetTetCount: 1000 },
];

const scope = globalThis as unknown as WorkerScope;
/** Runs and the warm-up, one at a time, in the order they came. */
let queue: Promise<void> = Promise.resolve();
/** The run waiting or running (its AbortController), for `cancel`. */
let running: AbortController | null = null;
/** The warm-up waiting or running, for a run to stop it. */
let warming: AbortController | null = null;

/** The tet mesh `surface` makes under `options`, as the viewport takes it (without `seconds`). */
async function tetView(
  surface: TriMesh,
  options: TetraRunOptions,
  signal: AbortSignal,
  onProgress?: (fraction: number, stage: string) => void,
): Promise<Omit<TetView, 'seconds'>> {
  const mesh = await tetrahedralize(
    surface,
    { mode: options.mode, targetTetCount: options.targetTetCount, timeLimitS: EDITOR_TETRA_TIME_LIMIT_S },
    onProgress,
    signal,
  );
  const tetCount = mesh.tets.length / 4;
  const tetMinDihedralDeg = new Float32Array(tetCount);
  const t = mesh.tets;
  for (let k = 0; k < tetCount; k++) {
    tetMinDihedralDeg[k] = Math.max(
      0,
      minDihedralDeg(mesh.positions, t[4 * k], t[4 * k + 1], t[4 * k + 2], t[4 * k + 3]),
    );
  }
  const neighbours = faceAdjacency(mesh.tets, mesh.positions.length / 3);
  return {
    mode: mesh.mode,
    positions: mesh.positions,
    tets: mesh.tets,
    neighbours,
    tetMinDihedralDeg,
    quality: mesh.quality,
  };
}

async function warmUp(signal: AbortSignal): Promise<void> {
  const solid = sphereSurface(WARM_UP_SOLID.radiusM, WARM_UP_SOLID.subdivisions);
  for (const options of WARM_UP_RUNS) {
    if (signal.aborted) return;
    // Nothing is posted: a stopped or failed warm-up leaves the next run as it would have been.
    await tetView(solid, options, signal).catch(() => undefined);
  }
}

async function run(surface: TriMesh, options: TetraRunOptions, signal: AbortSignal): Promise<void> {
  const onProgress = throttleProgress(
    (fraction, stage) => scope.postMessage({ type: 'progress', fraction, stage }, []),
    PROGRESS_MAX_HZ,
  );
  const started = performance.now();
  try {
    const view = await tetView(surface, options, signal, onProgress);
    const result: TetView = { ...view, seconds: (performance.now() - started) / 1000 };
    scope.postMessage({ type: 'result', ok: true, result }, [
      result.positions.buffer,
      result.tets.buffer,
      result.neighbours.buffer,
      result.tetMinDihedralDeg.buffer,
    ]);
  } catch (error) {
    const described =
      error instanceof TetrahedralizeError
        ? { name: error.name, reason: error.reason, message: error.message }
        : error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: 'Error', message: String(error) };
    scope.postMessage({ type: 'result', ok: false, error: described }, []);
  }
}

scope.addEventListener('message', (event) => {
  const command = event.data;
  if (command.type === 'run') {
    warming?.abort();
    const controller = new AbortController();
    running = controller;
    queue = queue.then(async () => {
      await run(command.mesh, command.options, controller.signal);
      if (running === controller) running = null;
    });
  } else if (command.type === 'warm') {
    const controller = new AbortController();
    warming = controller;
    queue = queue.then(async () => {
      await warmUp(controller.signal);
      if (warming === controller) warming = null;
    });
  } else running?.abort();
});
