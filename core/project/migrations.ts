import type { ProjectProblem } from './project-error.ts';

/**
 * Migrations between project format versions: `projectMigrations[v]` turns a parsed format v
 * document into format v + 1, or reports why it cannot (pointers into the format v document).
 * Reading applies them in sequence up to PROJECT_FORMAT_VERSION, then validates the result.
 * 1 → 2: projects carry the tet meshes of mesh bodies; a format 1 file carries none.
 */
export type ProjectMigration = (value: Record<string, unknown>) => {
  value: Record<string, unknown>;
  problems: ProjectProblem[];
};

export const projectMigrations: Readonly<Record<number, ProjectMigration>> = {
  1: (value) => ({ value: { ...value, formatVersion: 2, meshes: {} }, problems: [] }),
};
