/**
 * Symbolic links checked, not just path strings: a link beside a chosen mesh could point
 * anywhere on the disk, and a lexical check of its name would let it through.
 */
import { realpath } from 'node:fs/promises';
import { basename } from 'node:path';
import { HostFailure } from '../../contract/host-api.ts';
import { isInsideFolder } from './file-access.ts';

/**
 * The real path of `target` after following every link, when it still lies below the real
 * path of `folder`; throws PathNotAllowed when a link leads out. A missing file is left to the
 * read that follows (it reports ENOENT).
 */
export async function requireRealPathInside(
  folder: string,
  target: string,
  real: (path: string) => Promise<string> = realpath,
): Promise<string> {
  let resolved: string;
  try {
    resolved = await real(target);
  } catch {
    return target;
  }
  const realFolder = await real(folder);
  if (!isInsideFolder(realFolder, resolved)) {
    throw new HostFailure(
      'PathNotAllowed',
      `'${basename(target)}' is a link to a file outside the folder ${basename(folder)}`,
    );
  }
  return resolved;
}
