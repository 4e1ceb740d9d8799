import { DocumentError } from '../core/document/problem.ts';
import { MeshImportError } from '../core/mesh/errors.ts';
import { SimulationDivergedError } from '../core/sim/finite-check.ts';
import { SimulationBudgetError } from '../core/sim/sim-budget.ts';
import { CliError, type CommandIo, detailLine, type ErrorDetail, ExitCode } from './command.ts';

/**
 * How a failed command reports: in text mode one line per problem on stderr,
 * `softbody CMD: file: /pointer: message`; with --json one document on stdout, so that a pipeline
 * reading stdout always gets JSON: { "error": { file, pointer or line, message } }, plus "errors"
 * listing every problem when there is more than one.
 */

/** The user error `error` stands for (`file` where it does not say); undefined for a bug. */
export function asCliError(error: unknown, file?: string): CliError | undefined {
  if (error instanceof CliError) return error;
  if (error instanceof DocumentError) {
    return new CliError(
      error.problems.map((p) => ({ file: error.file ?? file, pointer: p.pointer, message: p.message })),
    );
  }
  if (error instanceof MeshImportError) {
    return new CliError([
      {
        file: error.file,
        ...(error.line !== undefined ? { line: error.line } : {}),
        ...(error.pointer !== undefined ? { pointer: error.pointer } : {}),
        message: error.reason,
        // A mesh named by a document (a scene's mesh body): the line names the document too.
        text: file !== undefined && file !== error.file ? `${file}: ${error.message}` : error.message,
      },
    ]);
  }
  if (error instanceof SimulationBudgetError) {
    // Refused before it ran: the input (or --seconds, --dt, --substeps) asks too much (exit code 2).
    return new CliError([{ file, message: `refused before running: ${error.message}` }]);
  }
  if (error instanceof SimulationDivergedError) {
    // The input was read and ran: the run failed, as a failed check does (exit code 1). The
    // figure's pointer is into the report, not the file, so it stays in the message.
    return new CliError([{ file, message: error.message }], ExitCode.failure);
  }
  return undefined;
}

/** Prints `error` as the mode asks and returns its exit code. */
export function printError(command: string, error: CliError, json: boolean, io: CommandIo): number {
  if (json) io.out(JSON.stringify(errorDocument(error.details), null, 2));
  else for (const detail of error.details) io.err(`${command}: ${detailLine(detail)}`);
  return error.exitCode;
}

export function errorDocument(details: readonly ErrorDetail[]) {
  const plain = ({ text: _, ...detail }: ErrorDetail) => detail;
  return {
    error: plain(details[0] ?? { message: 'failed' }),
    ...(details.length > 1 ? { errors: details.map(plain) } : {}),
  };
}

/** True when the arguments ask for JSON: --json, or --report json (simulate's older spelling). */
export function wantsJson(args: readonly string[]): boolean {
  for (let i = 0; i < args.length && args[i] !== '--'; i++) {
    if (args[i] === '--json' || args[i] === '--report=json') return true;
    if (args[i] === '--report' && args[i + 1] === 'json') return true;
  }
  return false;
}
