/** One `softbody` subcommand: its name, usage text and its runner (its summary is in the command table). */
export interface Command {
  name: string;
  usage: string;
  /** Runs with the arguments after the command name; resolves to the process exit code. */
  run(args: string[], io: CommandIo): Promise<number>;
}

/** Where a command writes; tests pass buffers, the binary passes the process streams. */
export interface CommandIo {
  out(text: string): void;
  err(text: string): void;
}

/** Exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  failure: 1,
  /** Bad input or usage: the message says which file or argument and where. */
  badInput: 2,
} as const;

/** A user-facing error: printed as one line, never as a stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}
