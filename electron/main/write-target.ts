/**
 * The file a save really changes. Saving through a symbolic link must change the file the
 * link points to: renaming a temporary file over the link itself would replace the link with
 * a plain file and leave its target with the old content.
 */
import type * as fs from 'node:fs/promises';
import { dirname, resolve } from 'node:path';

/** Links followed before giving up, as the kernel's own limit for a path lookup. */
const MAX_LINK_HOPS = 40;

export interface LinkIo {
  lstat: typeof fs.lstat;
  readlink: typeof fs.readlink;
}

/**
 * Follows `path` through every link to the file it names, which may not exist yet (a link to
 * a file still to be created is followed too). Folders on the way need no resolving: a
 * rename inside a linked folder happens in the real one.
 */
export async function resolveWriteTarget(path: string, io: LinkIo): Promise<string> {
  let current = resolve(path);
  for (let hop = 0; hop < MAX_LINK_HOPS; hop++) {
    let isLink: boolean;
    try {
      isLink = (await io.lstat(current)).isSymbolicLink();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') return current;
      throw error;
    }
    if (!isLink) return current;
    current = resolve(dirname(current), await io.readlink(current));
  }
  throw Object.assign(new Error(`ELOOP: too many symbolic links at ${path}`), { code: 'ELOOP' });
}
