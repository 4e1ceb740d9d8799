import { renameSync, writeFileSync } from 'node:fs';
import { DocumentError } from '../../core/document/problem.ts';
import { exportGlb, exportJolt, gltfExtensionSchemas, writePreset } from '../../core/preset/index.ts';
import { type Command, type CommandIo, ExitCode } from '../command.ts';
import { loadPresetFile } from './validate.ts';

const usage = `Usage: softbody export PRESET --target native|gltf|jolt -o OUT
       softbody export --print-extension-schema root|node

Writes a preset for a runtime:
  native  the preset itself, canonical (byte-identical when re-exported)
  gltf    a GLB: the render meshes as ordinary meshes, the preset in the SOFTBODY_soft_body
          extension (docs/gltf-extension/README.md)
  jolt    JSON for Jolt Physics, loaded by runtime/jolt/loader.mjs; what Jolt cannot express
          is exported as the nearest equivalent and listed (also in the file's metadata)

Options:
  --target T                 native, gltf or jolt
  -o, --output OUT           the file to write
  --print-extension-schema   print the JSON Schema of the glTF extension's root or node object`;

const TARGETS = ['native', 'gltf', 'jolt'] as const;
type Target = (typeof TARGETS)[number];

export const exportCommand: Command = {
  name: 'export',
  summary: 'Export a preset as native JSON, glTF (GLB) or Jolt JSON',
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
    let target: Target | undefined;
    let output: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--target') {
        const value = args[++i];
        if (!TARGETS.includes(value as Target)) {
          io.err(`softbody export: --target must be one of ${TARGETS.join(', ')}, got '${value ?? ''}'`);
          return ExitCode.badInput;
        }
        target = value as Target;
      } else if (arg === '-o' || arg === '--output') {
        output = args[++i];
      } else if (arg.startsWith('-')) {
        io.err(`softbody export: unknown option '${arg}'. Run 'softbody export --help'.`);
        return ExitCode.badInput;
      } else files.push(arg);
    }
    if (files.length !== 1 || !target || !output) {
      io.err(
        "softbody export: expected PRESET --target native|gltf|jolt -o OUT. Run 'softbody export --help'.",
      );
      return ExitCode.badInput;
    }
    if (target === 'gltf' && !output.toLowerCase().endsWith('.glb')) {
      io.err(`softbody export: the gltf target writes binary glTF; name the output '.glb', got '${output}'`);
      return ExitCode.badInput;
    }
    const preset = loadPresetFile(files[0], 'export', io);
    if (!preset) return ExitCode.badInput;
    let bytes: Uint8Array | string;
    try {
      if (target === 'native') bytes = writePreset(preset);
      else if (target === 'gltf') bytes = await exportGlb(preset);
      else {
        const jolt = exportJolt(preset);
        bytes = `${JSON.stringify(jolt, null, 2)}\n`;
        if (jolt.approximations.length > 0) {
          io.out('Approximations (Jolt cannot express these exactly):');
          for (const line of jolt.approximations) io.out(`  - ${line}`);
        }
      }
    } catch (error) {
      if (!(error instanceof DocumentError)) throw error;
      for (const p of error.problems)
        io.err(`softbody export: ${files[0]}: ${p.pointer || '/'}: ${p.message}`);
      return ExitCode.badInput;
    }
    writeAtomically(output, bytes);
    io.out(
      `Wrote ${output} (${target}, ${typeof bytes === 'string' ? Buffer.byteLength(bytes) : bytes.length} bytes)`,
    );
    return ExitCode.ok;
  },
};

/** Writes next to the target and renames, so a failed export never leaves half a file. */
function writeAtomically(path: string, data: Uint8Array | string): void {
  const temporary = `${path}.partial-${process.pid}`;
  writeFileSync(temporary, data);
  renameSync(temporary, path);
}
