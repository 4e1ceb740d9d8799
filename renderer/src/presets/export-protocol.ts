/**
 * Messages of the export worker: making an export file can take seconds (the Jolt and Godot
 * exporters calibrate each body with static solves), so Export Preset runs it off the UI thread.
 * One export per worker: the main thread sends `export` and gets one `result`.
 */
import type { DocumentKind, Problem } from '../../../core/document/problem.ts';
import type { ExportTargetId } from '../../../core/export/targets.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { ExportScope } from './export-scope.ts';
import type { PresetFile } from './preset-export.ts';

export interface ExportJob {
  scene: Scene;
  projectFileName: string;
  target: ExportTargetId;
  scope: ExportScope;
  /** The editor's tet meshes by mesh shape path (copied to the worker). */
  assets: [string, SolidMesh][];
}

export type ExportCommand = { type: 'export'; job: ExportJob };

/**
 * A failure as it crosses the worker boundary: a refused scene keeps its problems so the
 * notification can list each with its pointer, as it does for an export made on this thread.
 */
export interface ExportFailure {
  name: string;
  message: string;
  document?: { kind: DocumentKind; problems: Problem[]; file?: string };
}

export type ExportEvent =
  | { type: 'result'; ok: true; file: PresetFile }
  | { type: 'result'; ok: false; error: ExportFailure };
