import { presetJsonSchema, SOFTBODY_EXTENSION } from '../../core/preset/index.ts';
import { describeBody } from '../../core/setup/summary.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';
import { checkPresetBytes, printProblems, readInput } from '../preset-file.ts';

const usage = `Usage: softbody validate PRESET [--json]
       softbody validate --print-schema

Reads a preset (any supported formatVersion; older ones are migrated), checks it against the
preset schema, validates its scene and checks that its setup (masses, pins, every compliance, the
render mesh's embedding) is exactly what the scene compiles to; lists every problem with its JSON
pointer.
PRESET is preset JSON or a GLB carrying the preset in its ${SOFTBODY_EXTENSION} extension (what
Export GLB and \`softbody export --target gltf\` write); a GLB's pointers are into its glTF JSON.
Exit code 0 when valid, 2 when not.

Options:
  --json          print { file, format, valid, problems: [{ pointer, message }] } as JSON
  --print-schema  print the preset JSON Schema (docs/preset.schema.json is this output)`;

export const validateCommand: Command = {
  name: 'validate',
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
    const bytes = await readInput(file, 'validate', io);
    if (!bytes) return ExitCode.badInput;
    const { format, preset, problems } = await checkPresetBytes(bytes);
    if (json) {
      io.out(JSON.stringify({ file, format, valid: problems.length === 0, problems }, null, 2));
      return problems.length === 0 ? ExitCode.ok : ExitCode.badInput;
    }
    printProblems(problems, file, 'validate', io);
    if (!preset) return ExitCode.badInput;
    const bodies = preset.setup.bodies.map(describeBody);
    const where = format === 'glb' ? `, in the GLB's ${SOFTBODY_EXTENSION} extension` : '';
    io.out(
      `${file}: valid preset '${preset.name}' (formatVersion ${preset.formatVersion}${where}); bodies: ${bodies.join(', ') || 'none'}`,
    );
    return ExitCode.ok;
  },
};
