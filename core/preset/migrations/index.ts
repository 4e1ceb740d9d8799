import type { Problem } from '../problems.ts';
import { migrateV0 } from './v0.ts';

/**
 * Migrations between preset format versions: `migrations[v]` turns a parsed format v document
 * into format v + 1, or reports why it cannot (pointers into the format v document). Reading
 * applies them in sequence up to PRESET_FORMAT_VERSION, then validates the result.
 */
export type Migration = (value: unknown) => { value: unknown; problems: Problem[] };

export const migrations: Readonly<Record<number, Migration>> = {
  0: migrateV0,
};
