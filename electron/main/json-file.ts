/**
 * Small JSON documents main keeps in the user-data folder (recent files, preferences).
 * Each is `{ formatVersion, … }`; a missing file reads as undefined, an unreadable one is
 * logged and also reads as undefined, so a damaged settings file never stops the app.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from './atomic-write.ts';
import { errorCode } from './file-access.ts';
import type { Logger } from './log.ts';

export async function readJsonDocument(
  path: string,
  formatVersion: number,
  log: Logger,
): Promise<Record<string, unknown> | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') log.warn(`cannot read ${path}, using defaults: ${String(error)}`);
    return undefined;
  }
  try {
    const document = JSON.parse(text) as unknown;
    if (typeof document !== 'object' || document === null || Array.isArray(document)) {
      throw new Error('not a JSON object');
    }
    const record = document as Record<string, unknown>;
    if (record.formatVersion !== formatVersion) {
      throw new Error(`formatVersion ${String(record.formatVersion)}, expected ${formatVersion}`);
    }
    return record;
  } catch (error) {
    log.warn(`ignoring ${path}, using defaults: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

export async function writeJsonDocument(
  path: string,
  formatVersion: number,
  body: Record<string, unknown>,
): Promise<void> {
  const text = `${JSON.stringify({ formatVersion, ...body }, null, 2)}\n`;
  await writeFileAtomic(path, new TextEncoder().encode(text));
}
