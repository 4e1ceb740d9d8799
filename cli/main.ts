// Imported rather than read at run time: the bundle in cli/dist carries the version with it.
import packageJson from '../package.json' with { type: 'json' };
import { type CommandIo, ExitCode } from './command.ts';
import { commands } from './commands/index.ts';

const processIo: CommandIo = {
  out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
  err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
};

export function helpText(): string {
  const width = Math.max(10, ...commands.map((c) => c.name.length)) + 2;
  const lines = [
    'softbody — Softbody Studio on the command line',
    '',
    'Usage: softbody <command> [options]',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}${c.summary}`),
    '',
    'Options:',
    `  ${'--help'.padEnd(width)}Show this help, or a command's help with <command> --help`,
    `  ${'--version'.padEnd(width)}Print the version`,
  ];
  return lines.join('\n');
}

/** Runs the CLI on `argv` (without node and script) and resolves to the exit code. */
export async function main(argv: string[], io: CommandIo = processIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.out(helpText());
    return ExitCode.ok;
  }
  if (first === '--version' || first === '-v') {
    io.out(packageJson.version);
    return ExitCode.ok;
  }
  const entry = commands.find((c) => c.name === first);
  if (!entry) {
    io.err(`softbody: unknown command '${first}'. Run 'softbody --help' for the list of commands.`);
    return ExitCode.badInput;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return ExitCode.ok;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    // Commands report user errors themselves; anything reaching here is still one line.
    const message = error instanceof Error ? error.message : String(error);
    io.err(`softbody ${command.name}: ${message}`);
    return ExitCode.failure;
  }
}
