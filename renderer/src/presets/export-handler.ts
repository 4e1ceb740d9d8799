/**
 * The export worker's work, apart from the worker scope so that a test can drive it: makes the
 * file (presetFileOf) and turns a failure into the message that crosses back, and back again
 * into the error the notification reads.
 */
import { DocumentError } from '../../../core/document/problem.ts';
import type { ExportEvent, ExportFailure, ExportJob } from './export-protocol.ts';
import { presetFileOf } from './preset-export.ts';

export async function runExportJob(job: ExportJob): Promise<ExportEvent> {
  try {
    const file = await presetFileOf(job.scene, job.projectFileName, job.target, {
      scope: job.scope,
      assets: new Map(job.assets),
    });
    return { type: 'result', ok: true, file };
  } catch (error) {
    return { type: 'result', ok: false, error: failureOf(error) };
  }
}

export function failureOf(error: unknown): ExportFailure {
  if (error instanceof DocumentError)
    return {
      name: error.name,
      message: error.message,
      document: { kind: error.kind, problems: [...error.problems], file: error.file },
    };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

/** The error a failure stands for: a DocumentError again when it was one, so its problems list. */
export function errorOf(failure: ExportFailure): Error {
  if (failure.document)
    return new DocumentError(failure.document.kind, failure.document.problems, failure.document.file);
  const error = new Error(failure.message);
  error.name = failure.name;
  return error;
}
