import type { ProgressStream } from './progress.ts';

/** One `softbody` subcommand: its name, usage text and its runner (its summary is in the command table). */
export interface Command {
  name: string;
  usage: string;
  /**
   * Runs with the arguments after the command name; resolves to the process exit code. User
   * errors are thrown (CliError, UsageError) and printed by `main`, as a line or as JSON.
   */
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Where a command reads and writes; tests pass buffers, the binary passes the process streams. */
export interface CommandIo {
  /** A line (or lines) of text on stdout. */
  out(text: string): void;
  /** A line on stderr: warnings, progress, errors in text mode. */
  err(text: string): void;
  /** Bytes for stdout unchanged (`-o -`); without it they go to `out` as UTF-8 text. */
  outBytes?(bytes: Uint8Array): void;
  /** Standard input, read whole (`-` as an input file); without it `-` is refused. */
  readStdin?(): Promise<Uint8Array>;
  /** stderr as a terminal, for progress bars; default process.stderr. */
  stderr?: ProgressStream;
}

/** Exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  /** Some items failed (a file of a batch, a run of a check); the others are done. */
  failure: 1,
  /** Bad input or usage: the message says which file or argument and where. */
  badInput: 2,
  /** `validate`: the document was read and is not valid. */
  invalidDocument: 3,
} as const;

/** Where a user error is and what it is: the JSON form of a failure, and the parts of its line. */
export interface ErrorDetail {
  file?: string;
  /** JSON pointer into the file ('' is the document root). */
  pointer?: string;
  /** 1-based line of a text file (OBJ). */
  line?: number;
  message: string;
  /** The line as printed, where it is not "file: pointer: message" (a mesh file's own format). */
  text?: string;
}

/** A user-facing error: printed as one line per detail (never a stack trace), or as JSON with --json. */
export class CliError extends Error {
  override name = 'CliError';
  readonly exitCode: number;
  readonly details: readonly ErrorDetail[];

  constructor(details: readonly ErrorDetail[], exitCode: number = ExitCode.badInput) {
    super(details.map(detailLine).join('\n'));
    this.details = details;
    this.exitCode = exitCode;
  }
}

/** A mistake in the arguments: exit code 2. */
export class UsageError extends CliError {
  override name = 'UsageError';
  constructor(message: string) {
    super([{ message }]);
  }
}

/** "file: /pointer: message", "file: message" or the message alone. */
export function detailLine(detail: ErrorDetail): string {
  if (detail.text !== undefined) return detail.text;
  const place = detail.pointer !== undefined ? detail.pointer || '/' : undefined;
  return [detail.file, place, detail.message].filter((part) => part !== undefined).join(': ');
}
