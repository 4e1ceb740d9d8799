/**
 * Messages of the drift-check worker. One check per worker: the main thread sends `run`, gets a
 * `progress` event before each run to rest (the reference, then each rate × resolution) and one
 * `result`. The check is synchronous number crunching with nothing to keep halfway, so a cancel
 * ends the worker outright (drift-client.ts), as the calibration panel does.
 */
import type { DriftReport } from '../../../core/calibrate/drift-check.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';

/** What to check: the editor's scene, the tets of its mesh bodies by path, and the body measured. */
export interface DriftRequest {
  scene: Scene;
  /** Tet meshes of the scene's mesh bodies, keyed by the shape's `path` (tets only). */
  meshes: [string, SolidMesh][];
  body: string;
  ratesHz: number[];
  resolutions: number[];
}

export type DriftCommand = { type: 'run'; request: DriftRequest };

export type DriftEvent =
  /** Before each run: runs finished, runs in all, and what runs next ('done' at the end). */
  | { type: 'progress'; done: number; total: number; label: string }
  /** `seconds`: wall time of the whole check in the worker, s. */
  | { type: 'result'; ok: true; report: DriftReport; seconds: number }
  /** Errors cross as `{ name, message }`. */
  | { type: 'result'; ok: false; error: { name: string; message: string } };
