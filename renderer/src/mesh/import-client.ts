/**
 * Imports a mesh file in a worker of its own (started per file, ended after). A worker can be
 * started ahead (prepareImportWorker: when the app is idle after it starts, and when the user
 * opens the file chooser): loading its module takes a hundred ms or more on a busy machine, which
 * opening the file then does not wait for.
 */
import type { ImportedMesh } from '../../../core/mesh/import-types.ts';
import type { MeshImportOptions } from '../../../core/mesh/options.ts';
import type { RepairStep } from '../../../core/mesh/repair/repair-mesh.ts';
import type { ImportCommand, ImportEvent } from './import-protocol.ts';
import type { ImportReport } from './import-report.ts';

/** An import that failed: `name` is 'MeshImportError' for a bad file; the message names file and place. */
export class MeshImportFailure extends Error {
  constructor(
    override readonly name: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads a file the mesh refers to (`uri` as written in the mesh file); undefined when it
 * is missing. Absent when the host cannot read beside the chosen file.
 */
export type RelatedFileReader = (uri: string) => Promise<Uint8Array | undefined>;

/**
 * An imported mesh with core's report of it (self-intersections still being counted: null), and
 * the repairs made when they were asked for.
 */
export interface CheckedImport extends ImportedMesh {
  report: ImportReport;
  /** The count of self-intersecting triangle pairs, once the worker has it; null when it could not. */
  selfIntersections: Promise<number | null>;
  repairs?: RepairStep[];
}

/** A worker started ahead and not yet given a file. */
let spare: Worker | null = null;

const newWorker = () => new Worker(new URL('./import-worker.ts', import.meta.url), { type: 'module' });

/** Starts a worker for the next import, unless one is already waiting. */
export function prepareImportWorker(): void {
  if (spare || typeof Worker === 'undefined') return;
  const worker = newWorker();
  // One that fails to load is not handed a file (its import would wait for ever).
  worker.addEventListener('error', () => {
    if (spare === worker) spare = null;
  });
  spare = worker;
}

/** @param repair run core's repair pipeline on the mesh before it is reported and returned */
export function importMeshInWorker(
  name: string,
  bytes: Uint8Array,
  readRelated?: RelatedFileReader,
  frame?: MeshImportOptions,
  repair = false,
): Promise<CheckedImport> {
  let counted: (count: number | null) => void = () => {};
  const selfIntersections = new Promise<number | null>((resolve) => {
    counted = resolve;
  });
  return new Promise((resolve, reject) => {
    const worker = spare ?? newWorker();
    spare = null;
    const end = () => {
      worker.terminate();
      counted(null);
    };
    const send = (command: ImportCommand) => worker.postMessage(command);
    worker.addEventListener('message', (event: MessageEvent<ImportEvent>) => {
      const message = event.data;
      if (message.type === 'read-resource') {
        // A missing or unreadable sibling is reported by the importer, with the file that refers to it.
        const read = readRelated
          ? readRelated(message.uri).catch(() => undefined)
          : Promise.resolve(undefined);
        void read.then((found) => send({ type: 'resource', id: message.id, bytes: found ?? null }));
        return;
      }
      if (message.type === 'self-intersections') {
        counted(message.count);
        end();
        return;
      }
      if (message.ok)
        resolve({
          ...message.result,
          report: { ...message.report, selfIntersections: null },
          selfIntersections,
          ...(message.repairs ? { repairs: message.repairs } : {}),
        });
      else {
        end();
        reject(new MeshImportFailure(message.error.name, message.error.message));
      }
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      end();
      reject(
        new MeshImportFailure(
          'Error',
          `The import worker failed on ${name}: ${event.message || 'unknown error'}`,
        ),
      );
    });
    // Copied, not transferred: the caller keeps its bytes (they may be a view on a larger buffer).
    send({ type: 'import', name, bytes, canReadResources: readRelated !== undefined, frame, repair });
  });
}
