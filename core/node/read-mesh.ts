import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { MeshImportError } from '../mesh/errors.ts';
import { importMesh } from '../mesh/import.ts';
import type { ImportedMesh } from '../mesh/import-types.ts';
import type { MeshImportOptions } from '../mesh/options.ts';

/**
 * Reads a mesh file from disk and imports it: the pure parser asks for the files the mesh
 * refers to (.bin buffers, .mtl libraries) and this adapter reads them from the mesh's
 * folder. Errors name the file as the user gave it; only MeshImportError is thrown.
 */
export async function readMeshFile(path: string, options: MeshImportOptions = {}): Promise<ImportedMesh> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw new MeshImportError(path, describeReadError(error));
  }
  const folder = dirname(resolve(path));
  const readResource = async (uri: string): Promise<Uint8Array | undefined> => {
    const target = resolve(folder, uri);
    // A sibling may sit in a subfolder, never outside the mesh's folder.
    const inside = relative(folder, target);
    // Plain errors here: the parser adds the file and the place that refers to the uri.
    if (inside.startsWith('..') || isAbsolute(inside))
      throw new Error('it is outside the folder of the mesh file');
    try {
      return await readFile(target);
    } catch (error) {
      if (isCode(error, 'ENOENT')) return undefined;
      throw new Error(describeReadError(error));
    }
  };
  return importMesh(path, bytes, { ...options, readResource });
}

function describeReadError(error: unknown): string {
  if (isCode(error, 'ENOENT')) return 'file not found';
  if (isCode(error, 'EISDIR')) return 'this is a folder, not a mesh file';
  if (isCode(error, 'EACCES') || isCode(error, 'EPERM')) return 'permission denied';
  return error instanceof Error ? error.message : String(error);
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
