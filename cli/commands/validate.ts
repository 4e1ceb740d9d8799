import { readFileSync } from 'node:fs';
import { formatProblem } from '../../core/document/problem.ts';
import { bodyMassKg, checkPresetText, type Preset, presetJsonSchema } from '../../core/preset/index.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';

const usage = `Usage: softbody validate PRESET [--json]
       softbody validate --print-schema

Reads a preset (any supported formatVersion; older ones are migrated), checks it against the
format 1 schema and the rules the schema cannot express (moduli, dangling indices, inverted tets,
embedding weights, derived compliances up to date) and lists every problem with its JSON pointer.
Exit code 0 when valid, 2 when not.

Options:
  --json          print { valid, problems: [{ pointer, message }] } as JSON
  --print-schema  print the preset JSON Schema (docs/preset.schema.json is this output)`;

/** The preset in `file`, or every problem printed as "softbody CMD: FILE: /pointer: message". */
export function loadPresetFile(file: string, command: string, io: CommandIo): Preset | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    io.err(
      `softbody ${command}: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
    return undefined;
  }
  const { preset, problems } = checkPresetText(text);
  for (const problem of problems) io.err(`softbody ${command}: ${file}: ${formatProblem(problem)}`);
  return preset;
}

export const validateCommand: Command = {
  name: 'validate',
  summary: 'Check a preset and list every problem with its JSON pointer',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    if (args.length === 1 && args[0] === '--print-schema') {
      io.out(JSON.stringify(presetJsonSchema(), null, 2));
      return ExitCode.ok;
    }
    const json = args.includes('--json');
    const files = args.filter((a) => a !== '--json');
    if (files.length !== 1 || files[0].startsWith('--')) {
      io.err(
        `softbody validate: expected one PRESET file${files.length > 1 ? `, got ${files.length}` : ''}. Run 'softbody validate --help'.`,
      );
      return ExitCode.badInput;
    }
    const file = files[0];
    if (json) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch (error) {
        io.err(
          `softbody validate: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
        return ExitCode.badInput;
      }
      const { problems } = checkPresetText(text);
      io.out(JSON.stringify({ file, valid: problems.length === 0, problems }, null, 2));
      return problems.length === 0 ? ExitCode.ok : ExitCode.badInput;
    }
    const preset = loadPresetFile(file, 'validate', io);
    if (!preset) return ExitCode.badInput;
    const bodies = preset.bodies.map(
      (b) =>
        `${b.name} (${b.kind}, ${b.simulationMesh.vertexCount} vertices, ${b.simulationMesh.elementCount} ${b.kind === 'solid' ? 'tets' : 'triangles'}, ${+bodyMassKg(b).toPrecision(4)} kg)`,
    );
    io.out(
      `${file}: valid preset '${preset.name}' (formatVersion ${preset.formatVersion}); bodies: ${bodies.join(', ') || 'none'}`,
    );
    return ExitCode.ok;
  },
};
