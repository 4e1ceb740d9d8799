/**
 * Atomic replacement of a file: the bytes go to a temporary file beside the target, are
 * flushed to disk, then renamed over the target. A crash or a failed write leaves either
 * the old file or the new one, never a torn mix; on failure the temporary file is removed.
 *
 * The target is the file a link points to, not the link (write-target.ts). Temporary files a
 * crash left behind are swept before each save (temp-files.ts). Where the folder refuses a
 * new file but the target itself is writable, the save writes in place with a backup copy
 * (write-in-place.ts) instead of failing.
 */
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { sweepStaleTemporaryFiles, temporaryPathFor } from './temp-files.ts';
import { writeFileInPlace } from './write-in-place.ts';
import { resolveWriteTarget } from './write-target.ts';

/** The file-system calls used, injectable so tests can make one of them fail. */
export interface AtomicWriteIo {
  open: typeof fs.open;
  rename: typeof fs.rename;
  rm: typeof fs.rm;
  stat: typeof fs.stat;
  lstat: typeof fs.lstat;
  readlink: typeof fs.readlink;
  readdir: (path: string) => Promise<string[]>;
  copyFile: typeof fs.copyFile;
}

const nodeIo: AtomicWriteIo = {
  open: fs.open,
  rename: fs.rename,
  rm: fs.rm,
  stat: fs.stat,
  lstat: fs.lstat,
  readlink: fs.readlink,
  readdir: (path) => fs.readdir(path),
  copyFile: fs.copyFile,
};

export interface AtomicWriteOptions {
  /** The time stale temporary files are measured against, ms since the epoch (default: now). */
  now?: number;
  /** Where the in-place fallback keeps its backup copy (default: the OS temporary folder). */
  backupFolder?: string;
}

/** Permission bits for a new file; an existing file's mode is kept. */
const NEW_FILE_MODE = 0o666;

/** Errors creating the temporary file that mean "this folder takes no new files". */
const FOLDER_NOT_WRITABLE = new Set(['EACCES', 'EPERM']);

export async function writeFileAtomic(
  path: string,
  bytes: Uint8Array,
  ioOverrides: Partial<AtomicWriteIo> = {},
  options: AtomicWriteOptions = {},
): Promise<void> {
  const io: AtomicWriteIo = { ...nodeIo, ...ioOverrides };
  const target = await resolveWriteTarget(path, io);
  await sweepStaleTemporaryFiles(target, io, options.now ?? Date.now());
  const existing = await io.stat(target).then(
    (stats) => stats,
    () => undefined,
  );
  const mode = existing ? existing.mode & 0o777 : NEW_FILE_MODE;
  const temporary = temporaryPathFor(target);
  let handle: fs.FileHandle;
  try {
    // 'wx': never follow or reuse something already at the temporary name.
    handle = await io.open(temporary, 'wx', mode);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (existing?.isFile() && typeof code === 'string' && FOLDER_NOT_WRITABLE.has(code)) {
      await writeFileInPlace(target, bytes, options.backupFolder ?? tmpdir(), io);
      return;
    }
    throw error;
  }
  try {
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
