import { MeshImportError } from './errors.ts';
import { glbImporter, gltfImporter } from './gltf/parse-gltf.ts';
import type { ImportedMesh, ImportMeshOptions, MeshImporter } from './import-types.ts';
import { objImporter } from './obj/importer.ts';
import { resolveImportOptions } from './options.ts';

/** The formats, by extension. A new format is one more entry here, nothing else. */
export const meshImporters: readonly MeshImporter[] = [objImporter, gltfImporter, glbImporter];

/** Lower-case extensions the importers accept, without the dot. */
export const meshExtensions: readonly string[] = meshImporters.flatMap((importer) => importer.extensions);

/** Finds the importer for a file name by its extension, or undefined. */
export function importerFor(file: string): MeshImporter | undefined {
  const extension = extensionOf(file);
  return meshImporters.find((importer) => importer.extensions.includes(extension));
}

/**
 * Parses a mesh file held in memory. Pure: files it refers to come through
 * `options.readResource`. Throws only MeshImportError.
 */
export async function importMesh(
  file: string,
  bytes: Uint8Array,
  options: ImportMeshOptions = {},
): Promise<ImportedMesh> {
  const importer = importerFor(file);
  if (!importer) {
    const extension = extensionOf(file);
    const known = meshExtensions.map((e) => `.${e}`).join(', ');
    throw new MeshImportError(
      file,
      extension === ''
        ? `the file name has no extension; Softbody Studio imports ${known}`
        : `unsupported file type '.${extension}'; Softbody Studio imports ${known}`,
    );
  }
  const resolved = resolveImportOptions(file, options);
  try {
    return await importer.parse(file, bytes, resolved, options.readResource);
  } catch (error) {
    if (error instanceof MeshImportError) throw error;
    // A library or a bug failed on odd input: still one typed error for the user.
    const reason = error instanceof Error ? error.message : String(error);
    throw new MeshImportError(file, `the ${importer.format} file could not be read: ${reason}`);
  }
}

/** The lower-case extension of a file name or path, without the dot ('' if none). */
export function extensionOf(file: string): string {
  const name = file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}
