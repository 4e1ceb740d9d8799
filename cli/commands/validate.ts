import { presetJsonSchema, SOFTBODY_EXTENSION } from '../../core/preset/index.ts';
import { describeBody } from '../../core/setup/summary.ts';
import { onePositional, parseCommandArgs } from '../args.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';
import { checkPresetBytes, problemsError } from '../preset-file.ts';
import { readInputFile, shownName } from '../stdio.ts';

const usage = `Usage: softbody validate PRESET [--json]
       softbody validate --print-schema

Reads a preset (any supported formatVersion; older ones are migrated), checks it against the
preset schema, validates its scene and checks that its setup (masses, pins, every compliance, the
render mesh's embedding) is exactly what the scene compiles to; lists every problem with its JSON
pointer.
PRESET is preset JSON or a GLB carrying the preset in its ${SOFTBODY_EXTENSION} extension (what
Export GLB and \`softbody export --target gltf\` write); a GLB's pointers are into its glTF JSON;
'-' reads standard input.
Exit code 0 when valid, 3 when the preset is not valid, 2 when it cannot be read or for bad usage.

Options:
  --json          print { file, format, valid, problems: [{ pointer, message }] } as JSON
  --print-schema  print the preset JSON Schema (docs/preset.schema.json is this output)`;

const options = { 'print-schema': { type: 'boolean' } } as const;

export const validateCommand: Command = {
  name: 'validate',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { values, positionals } = parseCommandArgs('validate', args, options);
    if (values['print-schema'] && positionals.length === 0) {
      io.out(JSON.stringify(presetJsonSchema(), null, 2));
      return ExitCode.ok;
    }
    const file = onePositional('validate', positionals, 'PRESET file');
    const shown = shownName(file);
    const bytes = await readInputFile(file, io);
    const { format, preset, problems } = await checkPresetBytes(bytes);
    const code = problems.length === 0 ? ExitCode.ok : ExitCode.invalidDocument;
    if (values.json) {
      io.out(JSON.stringify({ file: shown, format, valid: problems.length === 0, problems }, null, 2));
      return code;
    }
    if (!preset || problems.length > 0) throw problemsError(shown, problems, ExitCode.invalidDocument);
    const bodies = preset.setup.bodies.map(describeBody);
    const where = format === 'glb' ? `, in the GLB's ${SOFTBODY_EXTENSION} extension` : '';
    io.out(
      `${shown}: valid preset '${preset.name}' (formatVersion ${preset.formatVersion}${where}); bodies: ${bodies.join(', ') || 'none'}`,
    );
    return ExitCode.ok;
  },
};
