import { type MeshErrorPlace, MeshImportError } from './errors.ts';
import type { ResourceReader } from './options.ts';

/**
 * Calls the caller's resource reader and turns anything it throws into a MeshImportError
 * at the place that refers to the resource; undefined means the resource does not exist.
 */
export async function readOptionalResource(
  file: string,
  uri: string,
  readResource: ResourceReader,
  place: MeshErrorPlace,
): Promise<Uint8Array | undefined> {
  try {
    return await readResource(uri);
  } catch (error) {
    if (error instanceof MeshImportError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new MeshImportError(file, `cannot read '${uri}': ${reason}`, place);
  }
}
