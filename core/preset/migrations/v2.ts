import type { Problem } from '../../document/problem.ts';

/**
 * Format 2 → 3. Format 3 compensates each body's elastic compliances for the solver's substeps
 * (core/setup/compensate.ts) unless the scene's solver says `compensation: 'off'`, and records what
 * it did per body (`compensation`). A format 2 preset was compiled without compensation, so its
 * scene gets `compensation: 'off'` and its bodies an empty record: the stored setup is kept as it
 * is and recompiling the scene still gives it. (Format 1 migrates straight to the current format.)
 */
export function migrateV2(value: unknown): { value: unknown; problems: Problem[] } {
  if (!isRecord(value) || value.formatVersion !== 2) return { value, problems: [] };
  const scene = isRecord(value.scene) ? value.scene : undefined;
  const solver = scene && isRecord(scene.solver) ? scene.solver : undefined;
  const setup = isRecord(value.setup) ? value.setup : undefined;
  // A malformed document is left for the format 3 schema to report with its pointers.
  if (!scene || !solver || !setup || !Array.isArray(setup.bodies)) return { value, problems: [] };
  return {
    value: {
      ...value,
      formatVersion: 3,
      scene: { ...scene, solver: { ...solver, compensation: 'off' } },
      setup: {
        ...setup,
        bodies: setup.bodies.map((body) => (isRecord(body) ? { ...body, compensation: [] } : body)),
      },
    },
    problems: [],
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
