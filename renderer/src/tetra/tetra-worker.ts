/**
 * Worker that runs core/tetra on the imported surface, so a long tetrahedralization never
 * freezes the UI. Progress is throttled to PROGRESS_MAX_HZ; a `cancel` fires the
 * AbortController that the tetrahedralizer checks between its steps. The per-tet colouring
 * data and the face adjacency (for the cut plane) are computed here too, off the UI thread.
 */

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
} from './protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: TetraEvent, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<TetraCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
const controller = new AbortController();

async function run(surface: TriMesh, options: TetraRunOptions): Promise<void> {
  const onProgress = throttleProgress(
    (fraction, stage) => scope.postMessage({ type: 'progress', fraction, stage }, []),
    PROGRESS_MAX_HZ,
  );
  const started = performance.now();
  try {
    const mesh = await tetrahedralize(
      surface,
      { mode: options.mode, targetTetCount: options.targetTetCount, timeLimitS: EDITOR_TETRA_TIME_LIMIT_S },
      onProgress,
      controller.signal,
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
    const result = {
      mode: mesh.mode,
      positions: mesh.positions,
      tets: mesh.tets,
      neighbours,
      tetMinDihedralDeg,
      quality: mesh.quality,
      seconds: (performance.now() - started) / 1000,
    };
    scope.postMessage({ type: 'result', ok: true, result }, [
      result.positions.buffer,
      result.tets.buffer,
      neighbours.buffer,
      tetMinDihedralDeg.buffer,
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
  if (command.type === 'run') void run(command.mesh, command.options);
  else controller.abort();
});
