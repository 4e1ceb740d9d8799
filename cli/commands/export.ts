import { EXPORT_TARGET_IDS, EXPORT_TARGETS, findExportTarget } from '../../core/export/targets.ts';
import { ExportRefusedError, gltfExtensionSchemas } from '../../core/preset/index.ts';
import { choiceOption, numberOption, parseCommandArgs } from '../args.ts';
import { CliError, type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { asCliError } from '../errors.ts';
import { loadPresetOrScene } from '../preset-file.ts';
import { STDIO, shownName, shownOutputName, writeOutputFile } from '../stdio.ts';

const TARGET_LIST = EXPORT_TARGET_IDS.join('|');
const TARGET_WIDTH = Math.max(...EXPORT_TARGET_IDS.map((id) => id.length)) + 2;
const HELP_WIDTH = 96;

/** `text` in lines of at most `width` characters: the first after `head`, the rest indented to match. */
function hangingIndent(head: string, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = head;
  let empty = true;
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line);
      line = ' '.repeat(head.length);
      empty = true;
    }
    line += empty ? word : ` ${word}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

const usage = [
  `Usage: softbody export PRESET|SCENE --target ${TARGET_LIST} -o OUT [--jolt-iterations N|auto] [--json]`,
  '       softbody export --print-extension-schema root|node',
  '',
  'Writes a preset for a runtime. The input is a preset (JSON, or a GLB with the preset in its',
  'SOFTBODY_soft_body extension) or a scene (docs/scene.schema.json): a scene becomes a preset as',
  "the editor's Export Preset makes it, its mesh files read relative to it and its solid mesh",
  'bodies tetrahedralized as `softbody simulate` does. Targets:',
  ...EXPORT_TARGETS.flatMap((t) =>
    hangingIndent(`  ${t.id.padEnd(TARGET_WIDTH)}`, t.description, HELP_WIDTH),
  ),
  '',
  'What a target cannot carry exactly is printed as a warning on stderr, one a line; so is what',
  "a runtime's substep budget does to the material where the target compiles its own constraints",
  '(budget: a family scaled, or not reached and the substeps that would reach it).',
  "PRESET|SCENE '-' reads standard input (a scene's mesh paths are then relative to the working",
  'folder); -o - writes the exported file to standard output and the report to stderr.',
  '',
  'Options:',
  `  --target T                 ${EXPORT_TARGET_IDS.join(', ')}`,
  "  -o, --output OUT           the file to write ('-': standard output)",
  "  --jolt-iterations N|auto   jolt: Jolt's mNumIterations (substeps per Jolt step) the file asks",
  "                             for, default the preset's substeps; 'auto': the fewest that bring",
  '                             every body within 5% of its material. The report says what the',
  "                             count costs against the preset's substep budget",
  '  --json                     print { file, target, output, bytes, approximations: [{ feature,',
  '                             message }], budgetNotes } instead of the Wrote line',
  "  --print-extension-schema   print the JSON Schema of the glTF extension's root or node object",
].join('\n');

const options = {
  target: { type: 'string' },
  output: { type: 'string', short: 'o' },
  'jolt-iterations': { type: 'string' },
  'print-extension-schema': { type: 'string' },
} as const;

export const exportCommand: Command = {
  name: 'export',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { values, positionals } = parseCommandArgs('export', args, options);
    const schema = values['print-extension-schema'];
    if (schema !== undefined) {
      const which = choiceOption('--print-extension-schema', schema, ['root', 'node'] as const);
      io.out(JSON.stringify(gltfExtensionSchemas()[which], null, 2));
      return ExitCode.ok;
    }
    const expected = `expected PRESET|SCENE --target ${TARGET_LIST} -o OUT. Run 'softbody export --help'.`;
    if (values.target === undefined || values.output === undefined || positionals.length !== 1)
      throw new UsageError(expected);
    const target = findExportTarget(choiceOption('--target', values.target, EXPORT_TARGET_IDS))!;
    const output = values.output;
    // A runtime's glTF loader picks the binary or the JSON parser by the name.
    if (target.id === 'gltf' && output !== STDIO && !output.toLowerCase().endsWith('.glb'))
      throw new UsageError(`the gltf target writes binary glTF; name the output '.glb', got '${output}'`);
    const joltIterations = joltIterationsOption(values['jolt-iterations'], target.id);
    const [file] = positionals;
    const shown = shownName(file);
    const preset = await loadPresetOrScene(file, io);
    let result: Awaited<ReturnType<typeof target.export>>;
    try {
      result = await target.export(preset, { joltIterations });
    } catch (error) {
      // A target that cannot carry a feature at all refuses it by name (the feature × target table).
      if (error instanceof ExportRefusedError) throw new CliError([{ file: shown, message: error.message }]);
      throw asCliError(error, shown) ?? error;
    }
    // Warnings go to stderr in both modes: stdout holds the report or, with -o -, the file.
    for (const { feature, message } of result.approximations)
      io.err(`softbody export: warning: ${target.id} approximates ${feature}: ${message}`);
    for (const note of result.budgetNotes) io.err(`softbody export: budget: ${note}`);
    await writeOutputFile(output, result.bytes, io);
    const report = {
      file: shown,
      target: target.id,
      output: shownOutputName(output),
      bytes: result.bytes.length,
      approximations: result.approximations.map(({ feature, message }) => ({ feature, message })),
      budgetNotes: result.budgetNotes,
    };
    const approximated = result.approximations.length;
    const line = `Wrote ${report.output} (${target.id}, ${report.bytes} bytes${approximated > 0 ? `, ${approximated} approximation${approximated > 1 ? 's' : ''}` : ''})`;
    // With -o -, stdout is the exported file: the report goes to stderr.
    const print = output === STDIO ? io.err : io.out;
    print(values.json ? JSON.stringify(report, null, 2) : line);
    return ExitCode.ok;
  },
};

/** --jolt-iterations: a whole number from 1, or 'auto'; only for the jolt target. */
function joltIterationsOption(text: string | undefined, target: string): number | 'auto' | undefined {
  if (text === undefined) return undefined;
  if (target !== 'jolt') throw new UsageError(`--jolt-iterations goes with --target jolt, not ${target}`);
  if (text === 'auto') return 'auto';
  return numberOption(
    '--jolt-iterations',
    text,
    "a whole number from 1, or 'auto'",
    (v) => Number.isInteger(v) && v >= 1,
  );
}
