import type { Versioning } from '../document/migrations.ts';
import { PROJECT_FORMAT_VERSION } from './format.ts';

/**
 * Migrations between project format versions: `steps[v]` turns a parsed format v document into
 * format v + 1, or reports why it cannot (pointers into the format v document). Reading applies
 * them in sequence up to PROJECT_FORMAT_VERSION, then validates the result.
 * 1 → 2: projects carry the tet meshes of mesh bodies; a format 1 file carries none.
 */
export const PROJECT_VERSIONING: Versioning = {
  kind: 'project',
  current: PROJECT_FORMAT_VERSION,
  oldest: 1,
  steps: {
    1: (value) => ({ value: { ...value, formatVersion: 2, meshes: {} }, problems: [] }),
  },
};
