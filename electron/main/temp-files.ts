/**
 * The temporary files an atomic save writes beside its target, and the sweep that removes the
 * ones a crash or a power cut left behind. Only names of exactly this form are ever removed,
 * and only once they are old enough that no save can still be writing them.
 */
import { randomBytes } from 'node:crypto';
import type * as fs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

const SUFFIX_HEX_DIGITS = 12;

/** An hour: far longer than any save takes, so a sweep never races a save in progress. */
export const STALE_TEMPORARY_FILE_AGE_MS = 60 * 60 * 1000;

export function temporaryPathFor(target: string): string {
  return `${target}.tmp-${randomBytes(SUFFIX_HEX_DIGITS / 2).toString('hex')}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** True when `name` is a temporary file `temporaryPathFor` makes for a target named `targetName`. */
export function isTemporaryNameFor(targetName: string, name: string): boolean {
  return new RegExp(`^${escapeRegExp(targetName)}\\.tmp-[0-9a-f]{${SUFFIX_HEX_DIGITS}}$`).test(name);
}

export interface SweepIo {
  readdir: (path: string) => Promise<string[]>;
  lstat: typeof fs.lstat;
  rm: typeof fs.rm;
}

/**
 * Removes the leftover temporary files of `target` last modified before `now - maxAgeMs`.
 * Returns the paths removed. Never throws: a save must not fail because a sweep did.
 */
export async function sweepStaleTemporaryFiles(
  target: string,
  io: SweepIo,
  now: number,
  maxAgeMs: number = STALE_TEMPORARY_FILE_AGE_MS,
): Promise<string[]> {
  const folder = dirname(target);
  const removed: string[] = [];
  let names: string[];
  try {
    names = await io.readdir(folder);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!isTemporaryNameFor(basename(target), name)) continue;
    const path = join(folder, name);
    try {
      const stats = await io.lstat(path);
      if (!stats.isFile() || stats.mtimeMs > now - maxAgeMs) continue;
      await io.rm(path, { force: true });
      removed.push(path);
    } catch {
      // Gone already, or not ours to remove: leave it.
    }
  }
  return removed;
}
