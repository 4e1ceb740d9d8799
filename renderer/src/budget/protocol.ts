/**
 * Messages of the frame-cost worker (core/budget/frame-cost.ts off the UI thread). One measurement
 * per worker, as the drift check: the main thread sends `run` and gets one `result`; a newer
 * request ends the worker of the older one (frame-cost-client.ts).
 */
import type { BodyFrameCost } from '../../../core/budget/frame-cost.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';

export interface FrameCostRequest {
  scene: Scene;
  /** Tet meshes of the scene's mesh bodies, keyed by the shape's `path` (tets only). */
  meshes: [string, SolidMesh][];
  /** The body measured. */
  body: string;
}

export type FrameCostCommand = { type: 'run'; request: FrameCostRequest };

export type FrameCostEvent =
  | { type: 'result'; ok: true; cost: BodyFrameCost }
  /** Errors cross as `{ name, message }`. */
  | { type: 'result'; ok: false; error: { name: string; message: string } };
