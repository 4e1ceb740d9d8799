/**
 * Atomic replacement of a file: the bytes go to a temporary file beside the target, are
 * flushed to disk, then renamed over the target. A crash or a failed write leaves either
 * the old file or the new one, never a torn mix; on failure the temporary file is removed.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { dirname } from 'node:path';

/** The file-system calls used, injectable so tests can make one of them fail. */
export interface AtomicWriteIo {
  open: typeof fs.open;
  rename: typeof fs.rename;
  rm: typeof fs.rm;
  stat: typeof fs.stat;
}

const nodeIo: AtomicWriteIo = { open: fs.open, rename: fs.rename, rm: fs.rm, stat: fs.stat };

/** Permission bits for a new file; an existing file's mode is kept. */
const NEW_FILE_MODE = 0o666;

export function temporaryPathFor(target: string): string {
  return `${target}.tmp-${randomBytes(6).toString('hex')}`;
}

export async function writeFileAtomic(
  target: string,
  bytes: Uint8Array,
  io: AtomicWriteIo = nodeIo,
): Promise<void> {
  const mode = await io.stat(target).then(
    (stats) => stats.mode & 0o777,
    () => NEW_FILE_MODE,
  );
  const temporary = temporaryPathFor(target);
  try {
    // 'wx': never follow or reuse something already at the temporary name.
    const handle = await io.open(temporary, 'wx', mode);
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await io.rename(temporary, target);
  } catch (error) {
    await io.rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(target), io);
}

/** Makes the rename itself durable on POSIX; Windows cannot open folders, so it is best effort. */
async function syncDirectory(directory: string, io: AtomicWriteIo): Promise<void> {
  try {
    const handle = await io.open(directory, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // The file is already in place; only durability across a power cut is weaker here.
  }
}
