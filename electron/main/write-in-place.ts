/**
 * Saving where the folder is read-only but the file is writable (a shared project folder, a
 * file the user may edit in a folder they may not): no temporary file can be made beside the
 * target, so the bytes are written into the file itself. A copy of the old content is kept
 * in a writable folder until the new content is on disk, and put back if the write fails.
 */
import { randomBytes } from 'node:crypto';
import type * as fs from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface InPlaceIo {
  open: typeof fs.open;
  copyFile: typeof fs.copyFile;
  rm: typeof fs.rm;
}

/** Thrown when the write failed and the old content could not be put back: it is in `backup`. */
export class InPlaceWriteError extends Error {
  constructor(
    cause: unknown,
    readonly backup: string,
  ) {
    super(
      `${cause instanceof Error ? cause.message : String(cause)}; the previous content is kept in ${backup}`,
      { cause },
    );
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string') Object.assign(this, { code });
  }
}

export async function writeFileInPlace(
  target: string,
  bytes: Uint8Array,
  backupFolder: string,
  io: InPlaceIo,
): Promise<void> {
  // Opening first proves the file is writable before anything is copied; 'r+' keeps its content.
  const handle = await io.open(target, 'r+');
  const backup = join(backupFolder, `${basename(target)}.backup-${randomBytes(6).toString('hex')}`);
  try {
    await io.copyFile(target, backup);
  } catch (error) {
    await handle.close();
    throw error;
  }
  try {
    try {
      await handle.write(bytes, 0, bytes.byteLength, 0);
      await handle.truncate(bytes.byteLength);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    try {
      await io.copyFile(backup, target);
    } catch {
      throw new InPlaceWriteError(error, backup);
    }
    await io.rm(backup, { force: true }).catch(() => undefined);
    throw error;
  }
  await io.rm(backup, { force: true }).catch(() => undefined);
}
