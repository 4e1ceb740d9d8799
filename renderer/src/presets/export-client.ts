/**
 * Makes an export file in a worker of its own (export-worker.ts), started per export and ended
 * after; on the calling thread where workers cannot start (tests in Node, a locked-down page).
 */
import { errorOf, runExportJob } from './export-handler.ts';
import type { ExportCommand, ExportEvent, ExportJob } from './export-protocol.ts';
import type { PresetFile } from './preset-export.ts';

/** Makes the file of `job`; rejects with the error presetFileOf would have thrown. */
export type MakeExportFile = (job: ExportJob) => Promise<PresetFile>;

export const makeExportFileInWorker: MakeExportFile = async (job) => {
  const event = typeof Worker === 'undefined' ? await runExportJob(job) : await runInWorker(job);
  if (event.ok) return event.file;
  throw errorOf(event.error);
};

function runInWorker(job: ExportJob): Promise<ExportEvent> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./export-worker.ts', import.meta.url), { type: 'module' });
    const finish = (event: ExportEvent) => {
      worker.terminate();
      resolve(event);
    };
    worker.addEventListener('message', (event: MessageEvent<ExportEvent>) => finish(event.data));
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      finish({
        type: 'result',
        ok: false,
        error: { name: 'Error', message: `The export worker failed: ${event.message || 'unknown error'}` },
      });
    });
    worker.postMessage({ type: 'export', job } satisfies ExportCommand);
  });
}
