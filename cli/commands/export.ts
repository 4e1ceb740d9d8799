import { renameSync, writeFileSync } from 'node:fs';
import { DocumentError, formatProblem } from '../../core/document/problem.ts';
import { EXPORT_TARGET_IDS, EXPORT_TARGETS, findExportTarget } from '../../core/export/targets.ts';
import { ExportRefusedError, gltfExtensionSchemas } from '../../core/preset/index.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';
import { loadPresetOrScene } from '../preset-file.ts';

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
  `Usage: softbody export PRESET|SCENE --target ${TARGET_LIST} -o OUT`,
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
  'What a target cannot carry exactly is printed as a warning on stderr, one a line.',
  '',
  'Options:',
  `  --target T                 ${EXPORT_TARGET_IDS.join(', ')}`,
  '  -o, --output OUT           the file to write',
  "  --print-extension-schema   print the JSON Schema of the glTF extension's root or node object",
].join('\n');

export const exportCommand: Command = {
  name: 'export',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    if (args[0] === '--print-extension-schema') {
      const which = args[1];
      if (args.length !== 2 || (which !== 'root' && which !== 'node')) {
        io.err("softbody export: --print-extension-schema takes 'root' or 'node'");
        return ExitCode.badInput;
      }
      io.out(JSON.stringify(gltfExtensionSchemas()[which], null, 2));
      return ExitCode.ok;
    }
    let targetId: string | undefined;
    let output: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--target') {
        targetId = args[++i];
        if (!findExportTarget(targetId ?? '')) {
          io.err(
            `softbody export: --target must be one of ${EXPORT_TARGET_IDS.join(', ')}, got '${targetId ?? ''}'`,
          );
          return ExitCode.badInput;
        }
      } else if (arg === '-o' || arg === '--output') {
        output = args[++i];
      } else if (arg.startsWith('-')) {
        io.err(`softbody export: unknown option '${arg}'. Run 'softbody export --help'.`);
        return ExitCode.badInput;
      } else files.push(arg);
    }
    const target = findExportTarget(targetId ?? '');
    if (files.length !== 1 || !target || !output) {
      io.err(
        `softbody export: expected PRESET|SCENE --target ${TARGET_LIST} -o OUT. Run 'softbody export --help'.`,
      );
      return ExitCode.badInput;
    }
    // A runtime's glTF loader picks the binary or the JSON parser by the name.
    if (target.id === 'gltf' && !output.toLowerCase().endsWith('.glb')) {
      io.err(`softbody export: the gltf target writes binary glTF; name the output '.glb', got '${output}'`);
      return ExitCode.badInput;
    }
    const [file] = files;
    const preset = await loadPresetOrScene(file, 'export', io);
    if (!preset) return ExitCode.badInput;
    let result: Awaited<ReturnType<typeof target.export>>;
    try {
      result = await target.export(preset);
    } catch (error) {
      // A target that cannot carry a feature at all refuses it by name (the feature × target table).
      if (error instanceof ExportRefusedError) {
        io.err(`softbody export: ${file}: ${error.message}`);
        return ExitCode.badInput;
      }
      if (!(error instanceof DocumentError)) throw error;
      for (const p of error.problems) io.err(`softbody export: ${file}: ${formatProblem(p)}`);
      return ExitCode.badInput;
    }
    for (const { feature, message } of result.approximations)
      io.err(`softbody export: warning: ${target.id} approximates ${feature}: ${message}`);
    writeAtomically(output, result.bytes);
    const approximated = result.approximations.length;
    io.out(
      `Wrote ${output} (${target.id}, ${result.bytes.length} bytes${approximated > 0 ? `, ${approximated} approximation${approximated > 1 ? 's' : ''}` : ''})`,
    );
    return ExitCode.ok;
  },
};

/** Writes next to the target and renames, so a failed export never leaves half a file. */
function writeAtomically(path: string, data: Uint8Array): void {
  const temporary = `${path}.partial-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
