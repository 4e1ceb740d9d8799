/**
 * Messages of the calibration worker. One run per worker: the main thread sends `run`, gets a
 * `progress` event before each standard-scene run (scene × substep count) and one `result`. The
 * calibration is synchronous number crunching with nothing to save halfway, so a cancel ends the
 * worker outright (calibration-client.ts) instead of asking it to stop.
 */
import type { CalibrationReport, SolidModel } from '../../../core/calibrate/index.ts';
import type { Material } from '../../../core/material/schema.ts';

/** What to calibrate: one material at one frame time step, swept over substep counts. */
export interface CalibrationRequest {
  /** The selected body's material as a material record (named after the body). */
  material: Material;
  /** Constraint model of the solid scenes (the body's); absent for cloth. */
  solidModel?: SolidModel;
  /** The scene's frame time step, s. */
  frameDtS: number;
  /** Substep counts to run, ascending (the standard ones plus the scene's). */
  substeps: number[];
}

export type CalibrationCommand = { type: 'run'; request: CalibrationRequest };

export type CalibrationEvent =
  /** Before each run: runs finished, runs in all, and what runs next ('done' at the end). */
  | { type: 'progress'; done: number; total: number; label: string }
  /** `seconds`: wall time of the whole calibration in the worker, s. */
  | { type: 'result'; ok: true; report: CalibrationReport; seconds: number }
  /** Errors cross as `{ name, message }`. */
  | { type: 'result'; ok: false; error: { name: string; message: string } };
