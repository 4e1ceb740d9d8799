import type { Versioning } from '../../document/migrations.ts';
import { PRESET_FORMAT_VERSION } from '../schema.ts';
import { migrateV0 } from './v0.ts';
import { migrateV1 } from './v1.ts';
import { migrateV2 } from './v2.ts';

/**
 * Migrations between preset format versions: `steps[v]` turns a parsed format v document into
 * format v + 1, or reports why it cannot (pointers into the format v document). Reading applies
 * them in sequence up to PRESET_FORMAT_VERSION, then validates the result.
 */
export const PRESET_VERSIONING: Versioning = {
  kind: 'preset',
  current: PRESET_FORMAT_VERSION,
  oldest: 0,
  steps: { 0: migrateV0, 1: migrateV1, 2: migrateV2 },
};
