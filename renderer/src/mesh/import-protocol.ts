/**
 * Messages of the mesh-import worker. One import per worker: the main thread sends
 * `import`, answers any `read-resource` requests (a glTF's .bin, an OBJ's .mtl), gets one
 * `result` with the mesh and its report but for the self-intersections, then `self-intersections`
 * with their count (or a failed `result`), then ends the worker.
 */
import type { ImportedMesh } from '../../../core/mesh/import-types.ts';
import type { MeshImportOptions } from '../../../core/mesh/options.ts';
import type { RepairStep } from '../../../core/mesh/repair/repair-mesh.ts';
import type { MeshReport } from '../../../core/mesh/report.ts';

export type ImportCommand =
  | {
      type: 'import';
      name: string;
      bytes: Uint8Array;
      /** False when the host cannot read files beside the chosen one (the browser). */
      canReadResources: boolean;
      /** The file's units (metres per unit) and up axis; metres and Y-up when absent. */
      frame?: MeshImportOptions;
      /** Run core's repair pipeline (weld, degenerate and duplicate triangles, orient) on the mesh. */
      repair?: boolean;
    }
  /** The answer to `read-resource` `id`: the bytes, or null when the file is missing. */
  | { type: 'resource'; id: number; bytes: Uint8Array | null };

export type ImportEvent =
  | { type: 'read-resource'; id: number; uri: string }
  | {
      type: 'result';
      ok: true;
      /** The mesh (repaired when asked) and the importer's notes. */
      result: ImportedMesh;
      /** Core's report of the mesh returned, but for its self-intersections (counted next). */
      report: Omit<MeshReport, 'selfIntersections'>;
      /** Each repair made, when a repair was asked for. */
      repairs?: RepairStep[];
    }
  /** The self-intersections of the mesh of the `result` before, counted after it was sent; null: not counted. */
  | { type: 'self-intersections'; count: number | null }
  /** Errors cross as `{ name, message }`; `name` is 'MeshImportError' for bad files. */
  | { type: 'result'; ok: false; error: { name: string; message: string } };
