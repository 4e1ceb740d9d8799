/** Worker that makes one export file (export-handler.ts) so that calibrating exporters never block the UI. */

import { runExportJob } from './export-handler.ts';
import type { ExportCommand, ExportEvent } from './export-protocol.ts';

/** The part of DedicatedWorkerGlobalScope used here (the web tsconfig has DOM types, not WebWorker). */
interface WorkerScope {
  postMessage(message: ExportEvent): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ExportCommand>) => void): void;
}

const scope = globalThis as unknown as WorkerScope;
scope.addEventListener('message', (event) => {
  if (event.data?.type !== 'export') return;
  void runExportJob(event.data.job).then((result) => scope.postMessage(result));
});
