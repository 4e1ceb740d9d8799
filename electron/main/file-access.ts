/**
 * Which files the renderer may touch. A compromised page must not read or write arbitrary
 * files, so main only honours paths the user chose in a native dialog or that are in the
 * recent list, plus resources beside such a file (a glTF's .bin, an OBJ's .mtl).
 */
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, relative, resolve, sep } from 'node:path';
import { HostFailure, type OpenedFile } from '../../contract/host-api.ts';

/** A set of absolute paths main honours; `refusal` says why another path is refused. */
export class PathAllowList {
  private readonly paths = new Set<string>();

  constructor(
    private readonly refusal = (path: string) =>
      `${path} was not chosen in a file dialog and is not in the recent list`,
  ) {}

  allow(path: string): void {
    this.paths.add(resolve(path));
  }

  /** Only absolute paths match: a relative one would depend on main's working folder. */
  isAllowed(path: string): boolean {
    return isAbsolute(path) && this.paths.has(resolve(path));
  }

  /** Throws PathNotAllowed unless `path` is on the list; returns it normalised. */
  require(path: string): string {
    if (!this.isAllowed(path)) throw new HostFailure('PathNotAllowed', this.refusal(path));
    return resolve(path);
  }
}

/** True when `path` lies strictly below `folder` (both absolute). */
export function isInsideFolder(folder: string, path: string): boolean {
  const inside = relative(folder, path);
  return inside !== '' && inside !== '..' && !inside.startsWith(`..${sep}`) && !isAbsolute(inside);
}

/** Files a mesh may refer to: glTF buffers and images, OBJ material libraries and textures. */
export const RELATED_RESOURCE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.bin',
  '.png',
  '.jpg',
  '.jpeg',
  '.webp',
  '.ktx2',
  '.bmp',
  '.tga',
  '.mtl',
]);

/**
 * Resolves `uri` (as written in a glTF or OBJ file) against the folder of `fromPath`.
 * Refuses anything outside that folder, absolute or with a scheme, and any file type a
 * mesh does not refer to.
 */
export function resolveRelated(fromPath: string, uri: string): string {
  let decoded = uri;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    // Not percent-encoded (OBJ files write plain names): use it as written.
  }
  const relativePath = decoded.replaceAll('\\', '/');
  if (relativePath.includes(':') || relativePath.startsWith('/')) {
    throw new HostFailure('PathNotAllowed', `'${uri}' is not a path relative to ${basename(fromPath)}`);
  }
  const folder = dirname(resolve(fromPath));
  const target = resolve(folder, relativePath);
  if (!isInsideFolder(folder, target)) {
    throw new HostFailure('PathNotAllowed', `'${uri}' leaves the folder of ${basename(fromPath)}`);
  }
  if (!RELATED_RESOURCE_EXTENSIONS.has(extname(target).toLowerCase())) {
    throw new HostFailure(
      'PathNotAllowed',
      `'${uri}' is not a mesh resource (${[...RELATED_RESOURCE_EXTENSIONS].join(', ')})`,
    );
  }
  return target;
}

export async function readWholeFile(path: string): Promise<OpenedFile> {
  const buffer = await readFile(path);
  // IPC copies a typed array's whole ArrayBuffer: copy when the Buffer is a view of a larger
  // (pooled) one, so nothing but the file crosses.
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  const bytes = whole ? new Uint8Array(buffer.buffer) : new Uint8Array(buffer);
  return { name: basename(path), path, bytes };
}

/** Node's error code (ENOENT, EACCES, …) when `error` is a file-system error. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** A sentence a user can act on for a failed read or write. */
export function describeFileError(error: unknown): string {
  switch (errorCode(error)) {
    case 'ENOENT':
      return 'the file or its folder does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOSPC':
      return 'the disk is full';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EMFILE':
    case 'ENFILE':
      return 'too many open files; close some programs and retry';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
