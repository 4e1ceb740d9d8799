import { nestingProblem } from './json-depth.ts';
import { type DocumentKind, describeType, type Problem, showValue } from './problem.ts';

/**
 * Versioned documents: each carries `formatVersion`; reading runs the steps from the file's
 * version up to the current one, then validates the result against the current schema. A step
 * turns a format N document into format N + 1, or reports why it cannot (pointers into the
 * format N document). Steps never see anything but a JSON object.
 */
export type MigrationStep = (document: Record<string, unknown>) => { value: unknown; problems: Problem[] };

export interface Versioning {
  kind: DocumentKind;
  /** The version this build writes. */
  current: number;
  /** The oldest version that may appear in a file (steps exist from here on). */
  oldest: number;
  /** `steps[n]` migrates format n to n + 1. */
  steps: Readonly<Record<number, MigrationStep>>;
}

export interface Migrated {
  /** The document in the current format (the input when there are problems). */
  value: unknown;
  /** The version the file was written in; undefined when it names none readable. */
  from: number | undefined;
  problems: Problem[];
}

/** `value` migrated to `versioning.current`, or the problems that stop it. Never throws. */
export function migrateDocument(value: unknown, versioning: Versioning): Migrated {
  const { kind, current, oldest, steps } = versioning;
  const refuse = (from: number | undefined, message: string): Migrated => ({
    value,
    from,
    problems: [{ pointer: from === undefined && !isObject(value) ? '' : '/formatVersion', message }],
  });
  if (!isObject(value))
    return refuse(undefined, `a ${kind} must be a JSON object, got ${describeType(value)}`);
  // Before any step: a step may clone or walk the whole document.
  const deep = nestingProblem(value);
  if (deep) return { value, from: undefined, problems: [deep] };
  const version = value.formatVersion;
  if (version === undefined) return refuse(undefined, `is required (is this a Softbody Studio ${kind}?)`);
  if (typeof version !== 'number' || !Number.isInteger(version) || version < oldest)
    return refuse(undefined, `must be a whole number ≥ ${oldest}, got ${showValue(version)}`);
  if (version > current)
    return refuse(
      version,
      `${kind} formatVersion ${version} is newer than this Softbody Studio supports (${current}); update the app`,
    );
  let migrated: Record<string, unknown> = value;
  for (let v = version; v < current; v++) {
    const step = steps[v];
    if (!step) return refuse(version, `${kind} formatVersion ${v} can no longer be read`);
    const result = step(migrated);
    if (result.problems.length > 0) {
      const note = v === version ? '' : ` (after migrating to formatVersion ${v})`;
      return {
        value,
        from: version,
        problems: result.problems.map((p) => ({ pointer: p.pointer, message: `${p.message}${note}` })),
      };
    }
    if (!isObject(result.value)) return refuse(version, `migrating formatVersion ${v} gave no ${kind}`);
    migrated = result.value;
  }
  return { value: migrated, from: version, problems: [] };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
