// Imported rather than read at run time: the bundle in cli/dist carries the version with it.
import packageJson from '../package.json' with { type: 'json' };
import { withSuggestion } from './close-names.ts';
import { CliError, type CommandIo, ExitCode, UsageError } from './command.ts';
import { type CommandEntry, commands } from './commands/index.ts';
import { asCliError, printError, wantsJson } from './errors.ts';

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
  outBytes: (bytes) => process.stdout.write(bytes),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return new Uint8Array(Buffer.concat(chunks));
  },
  stderr: process.stderr,
};

export function helpText(): string {
  const width = Math.max(10, ...commands.map((c) => c.name.length)) + 2;
  const lines = [
    'softbody — Softbody Studio on the command line',
    '',
    'Usage: softbody <command> [options]',
    '       softbody help <command>',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Options:',
    `  ${'--help'.padEnd(width)}Show this help, or a command's help with <command> --help`,
    `  ${'--version'.padEnd(width)}Print the version`,
    '',
    'Every command takes --json: its report, and any failure, as JSON on stdout. A file named',
    "'-' is standard input, or standard output after -o (not for bake: each preset is named after",
    'its mesh file). Exit codes: 0 ok, 1 some items failed, 2 bad usage or input, 3 an invalid',
    'document (validate).',
  ];
  return lines.join('\n');
}

function findCommand(name: string): CommandEntry {
  const entry = commands.find((c) => c.name === name);
  if (entry) return entry;
  const names = commands.map((c) => c.name);
  throw new UsageError(
    withSuggestion(
      `unknown command '${name}'`,
      name,
      names,
      "Run 'softbody --help' for the list of commands.",
    ),
  );
}

/** True when the arguments (before a `--`) ask for help. */
function asksForHelp(args: readonly string[]): boolean {
  const end = args.indexOf('--');
  return (end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** Runs the CLI on `argv` (without node and script) and resolves to the exit code. */
export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (
    first === undefined ||
    first === '--help' ||
    first === '-h' ||
    (first === 'help' && rest.length === 0)
  ) {
    io.out(helpText());
    return ExitCode.ok;
  }
  if (first === '--version' || first === '-v') {
    io.out(packageJson.version);
    return ExitCode.ok;
  }
  const json = wantsJson(rest);
  let prefix = 'softbody';
  try {
    if (first === 'help') {
      io.out((await findCommand(rest[0]).load()).usage);
      return ExitCode.ok;
    }
    const command = await findCommand(first).load();
    prefix = `softbody ${command.name}`;
    if (asksForHelp(rest)) {
      io.out(command.usage);
      return ExitCode.ok;
    }
    return await command.run(rest, io);
  } catch (error) {
    // Anything not a user error is a bug: still one line (or one JSON document), no stack trace.
    const reported =
      asCliError(error) ??
      new CliError([{ message: error instanceof Error ? error.message : String(error) }], ExitCode.failure);
    return printError(prefix, reported, json, io);
  }
}
