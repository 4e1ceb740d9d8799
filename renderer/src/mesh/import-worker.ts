/**
 * Worker that parses one mesh file with core/mesh and measures its report (and repairs it when
 * asked), so a large file never freezes the UI.
 * Sibling files are asked of the main thread, which asks the host. The typed arrays of
 * the result are transferred back.
 */

import dracoWasmUrl from 'draco3d/draco_decoder.wasm?url';
import { setDracoWasmSource } from '../../../core/mesh/gltf/decoders.ts';
import { importMesh } from '../../../core/mesh/import.ts';
import type { MeshImportOptions } from '../../../core/mesh/options.ts';
import { type RepairStep, repairMesh } from '../../../core/mesh/repair/repair-mesh.ts';
import { measureMeshSurface } from '../../../core/mesh/report.ts';
import type { ImportCommand, ImportEvent } from './import-protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: ImportEvent, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ImportCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;

// A worker has no draco3d folder to read the decoder's WebAssembly from: the bundle carries the
// file as an asset, fetched only when a file is Draco-compressed.
setDracoWasmSource(async () => {
  const response = await fetch(dracoWasmUrl);
  if (!response.ok) throw new Error(`${dracoWasmUrl} answered ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
});
const pendingResources = new Map<number, (bytes: Uint8Array | undefined) => void>();
let nextResourceId = 1;

function readResource(uri: string): Promise<Uint8Array | undefined> {
  const id = nextResourceId++;
  return new Promise((resolve) => {
    pendingResources.set(id, resolve);
    scope.postMessage({ type: 'read-resource', id, uri }, []);
  });
}

async function run(
  name: string,
  bytes: Uint8Array,
  canReadResources: boolean,
  frame: MeshImportOptions = {},
  repair = false,
): Promise<void> {
  try {
    const imported = await importMesh(name, bytes, {
      ...frame,
      ...(canReadResources ? { readResource } : {}),
    });
    let result = imported;
    let repairs: RepairStep[] | undefined;
    if (repair) {
      const repaired = repairMesh(imported.mesh);
      result = { ...imported, mesh: repaired.mesh };
      repairs = repaired.steps;
    }
    // The report is measured here, off the UI thread. Its costly part, the self-intersections
    // (a second on 20k triangles, more on 100k), is counted after the mesh is handed over, on the
    // welded copy the report made, so the mesh shows at once.
    const surface = measureMeshSurface(result.mesh, result.notes);
    const { positions, indices, groupIds } = result.mesh;
    scope.postMessage(
      { type: 'result', ok: true, result, report: surface.report, ...(repairs ? { repairs } : {}) },
      [positions.buffer, indices.buffer, groupIds.buffer],
    );
    let count: number | null = null;
    try {
      count = surface.countSelfIntersections();
    } catch {
      // The mesh is shown already: the report says the count is missing rather than fail the import.
    }
    scope.postMessage({ type: 'self-intersections', count }, []);
  } catch (error) {
    const described =
      error instanceof Error
        ? { name: error.name, message: error.message }
        : { name: 'Error', message: String(error) };
    scope.postMessage({ type: 'result', ok: false, error: described }, []);
  }
}

scope.addEventListener('message', (event) => {
  const command = event.data;
  if (command.type === 'import') {
    void run(command.name, command.bytes, command.canReadResources, command.frame, command.repair);
  } else {
    pendingResources.get(command.id)?.(command.bytes ?? undefined);
    pendingResources.delete(command.id);
  }
});
