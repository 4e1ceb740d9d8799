import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { importMesh } from '../core/mesh/import.ts';
import type { ImportedMesh } from '../core/mesh/import-types.ts';
import type { MeshImportOptions } from '../core/mesh/options.ts';
import { readMeshFile } from '../core/node/read-mesh.ts';
import { CliError, type CommandIo, UsageError } from './command.ts';

/**
 * Files a command reads or writes, where `-` stands for standard input (an input) or standard
 * output (an output), so that commands chain in a pipe: `softbody export scene.json --target
 * native -o - | softbody validate -`.
 */
export const STDIO = '-';

/** How standard input is named in messages and reports. */
export const STDIN_NAME = '<stdin>';

/** The name an input file is shown by: `<stdin>` for `-`. */
export function shownName(file: string): string {
  return file === STDIO ? STDIN_NAME : file;
}

/** The name an output file is shown by: `<stdout>` for `-`. */
export function shownOutputName(file: string): string {
  return file === STDIO ? '<stdout>' : file;
}

/** The bytes of `file`, or of standard input for `-`; CliError naming the file otherwise. */
export async function readInputFile(file: string, io: CommandIo): Promise<Uint8Array> {
  if (file === STDIO) {
    if (!io.readStdin) throw new UsageError("'-' (standard input) is not available here");
    return io.readStdin();
  }
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new CliError([
      { file, message: `cannot read the file (${reason})`, text: `cannot read '${file}': ${reason}` },
    ]);
  }
}

/**
 * Writes `data` to `path` whole (a temporary file beside it, renamed into place, so a failure
 * never leaves half a file), or to standard output for `-`.
 */
export async function writeOutputFile(path: string, data: Uint8Array | string, io: CommandIo): Promise<void> {
  if (path === STDIO) {
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    if (io.outBytes) io.outBytes(bytes);
    else io.out(new TextDecoder().decode(bytes));
    return;
  }
  const temporary = `${path}.partial-${process.pid}`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new CliError([{ file: path, message: `cannot write: ${(error as Error).message}` }]);
  }
}

/** GLB magic, a JSON object, else OBJ text: the extension a mesh read from standard input stands for. */
function sniffMeshExtension(bytes: Uint8Array): string {
  if (bytes[0] === 0x67 && bytes[1] === 0x6c && bytes[2] === 0x54 && bytes[3] === 0x46) return 'glb';
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  return head.startsWith('{') ? 'gltf' : 'obj';
}

/**
 * A mesh file imported, or standard input for `-` (its format told by its first bytes; files it
 * refers to, a .bin or .mtl, cannot be found from there). Throws MeshImportError or CliError.
 */
export async function readMeshInput(
  file: string,
  options: MeshImportOptions,
  io: CommandIo,
): Promise<ImportedMesh> {
  if (file !== STDIO) return readMeshFile(file, options);
  const bytes = await readInputFile(file, io);
  const name = `${STDIN_NAME}.${sniffMeshExtension(bytes)}`;
  return importMesh(name, bytes, {
    ...options,
    // A plain error: the parser names the file and the place that refers to the uri.
    readResource: async (uri) => {
      throw new Error(`'${uri}' cannot be found from standard input; read the mesh by its file name`);
    },
  });
}
