/**
 * Messages of the tetrahedralization worker. One run per worker: the main thread sends `run`
 * (and `cancel` to abort it), gets `progress` events at most PROGRESS_MAX_HZ times a second
 * and one `result`, then ends the worker. Typed arrays travel transferred, not copied.
 */

import type { TriMesh } from '../../../core/mesh/types.ts';
import type { TetrahedralizeFailure } from '../../../core/tetra/errors.ts';
import type { QualityReport } from '../../../core/tetra/quality.ts';
import type { TetMesh, TetraMode } from '../../../core/tetra/types.ts';

/** The most progress events the worker posts per second (the UI needs no more to look smooth). */
export const PROGRESS_MAX_HZ = 20;

/**
 * A run in the editor stops after this long, s, and the panel offers a coarser target: better
 * than a bar that sits at one stage for minutes. `softbody tetra` has no limit unless asked
 * (--time-limit).
 */
export const EDITOR_TETRA_TIME_LIMIT_S = 30;

export interface TetraRunOptions {
  mode: TetraMode;
  /** Approximate number of tets wanted. */
  targetTetCount: number;
}

export type TetraCommand =
  | {
      type: 'run';
      /**
       * The surface to fill, whole, as imported (groups included): the same input `softbody bake`
       * hands the tetrahedralizer for the same file.
       */
      mesh: TriMesh;
      options: TetraRunOptions;
    }
  /** Cancels the run waiting or running. */
  | { type: 'cancel' }
  /** Runs the mesher once on a small built-in solid, its result dropped, so that V8 compiles it ahead of a run. */
  | { type: 'warm' };

/** What the viewport needs of a tet mesh, plus what lets it cut the mesh cheaply. */
export interface TetView {
  mode: TetraMode;
  /** Vertex positions, m, xyz interleaved, as the tetrahedralizer made them (type and values). */
  positions: TetMesh['positions'];
  /** 4 vertex ids per tet, positively oriented. */
  tets: Uint32Array;
  /** Face neighbours: for tet t's face i (opposite corner i) 4·u + j of the tet across, or −1 on the boundary. */
  neighbours: Int32Array;
  /** Smallest dihedral angle of each tet, degrees (the colour of its faces). */
  tetMinDihedralDeg: Float32Array;
  quality: QualityReport;
  /** Wall time of the tetrahedralization in the worker, s. */
  seconds: number;
}

export type TetraEvent =
  | { type: 'progress'; fraction: number; stage: string }
  | { type: 'result'; ok: true; result: TetView }
  /** Errors cross as `{ name, reason, message }`; `reason` is set for a TetrahedralizeError. */
  | { type: 'result'; ok: false; error: { name: string; reason?: TetrahedralizeFailure; message: string } };
