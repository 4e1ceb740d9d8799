import { decodeDocument } from './binary-array.ts';
import { migrations } from './migrations/index.ts';
import { describeType, PresetValidationError, type Problem, showValue } from './problems.ts';
import { PRESET_FORMAT_VERSION, type Preset, type PresetJson, PresetSchema } from './schema.ts';
import { checkSchema } from './schema-check.ts';
import { presetProblems } from './validate.ts';

/**
 * Reading a preset: parse → migrate older versions → validate (schema, then the semantic checks)
 * → decode the binary arrays → the typed document. Every problem comes with its JSON pointer and a
 * sentence; a newer version than this build knows is refused before anything else.
 */

/** The typed preset, or every problem found. Never throws for bad input. */
export function checkPresetText(text: string): { preset?: Preset; problems: Problem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problems: [{ pointer: '', message: jsonSyntaxMessage(text, error) }] };
  }
  return checkPresetValue(value);
}

/** As checkPresetText, for a value already parsed (the editor's document). */
export function checkPresetValue(value: unknown): { preset?: Preset; problems: Problem[] } {
  const migrated = migrate(value);
  if (migrated.problems.length > 0) return { problems: migrated.problems };
  const schemaProblems = checkSchema(migrated.value, PresetSchema);
  const suffix =
    migrated.from < PRESET_FORMAT_VERSION
      ? ` (in the preset as migrated from formatVersion ${migrated.from})`
      : '';
  const withSuffix = (problems: Problem[]) =>
    problems.map((p) => ({ pointer: p.pointer, message: `${p.message}${suffix}` }));
  if (schemaProblems.length > 0) return { problems: withSuffix(schemaProblems) };
  const decodeProblems: Problem[] = [];
  const preset = decodeDocument(migrated.value as PresetJson, decodeProblems);
  if (decodeProblems.length > 0) return { problems: withSuffix(decodeProblems) };
  const problems = presetProblems(preset);
  return problems.length > 0 ? { problems: withSuffix(problems) } : { preset, problems: [] };
}

/** Reads preset text; throws PresetValidationError (naming `file` when given) with every problem. */
export function readPreset(text: string, file?: string): Preset {
  const { preset, problems } = checkPresetText(text);
  if (!preset) throw new PresetValidationError(problems, file);
  return preset;
}

function migrate(value: unknown): { value: unknown; from: number; problems: Problem[] } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return {
      value,
      from: -1,
      problems: [{ pointer: '', message: `a preset must be a JSON object, got ${describeType(value)}` }],
    };
  }
  const version = (value as Record<string, unknown>).formatVersion;
  if (version === undefined) {
    return {
      value,
      from: -1,
      problems: [{ pointer: '/formatVersion', message: 'is required (is this a Softbody Studio preset?)' }],
    };
  }
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0) {
    return {
      value,
      from: -1,
      problems: [
        { pointer: '/formatVersion', message: `must be a whole number ≥ 0, got ${showValue(version)}` },
      ],
    };
  }
  if (version > PRESET_FORMAT_VERSION) {
    return {
      value,
      from: version,
      problems: [
        {
          pointer: '/formatVersion',
          message: `preset formatVersion ${version} is newer than this Softbody Studio supports (${PRESET_FORMAT_VERSION}); update the app`,
        },
      ],
    };
  }
  let current: unknown = value;
  for (let v = version; v < PRESET_FORMAT_VERSION; v++) {
    const step = migrations[v];
    if (!step)
      return {
        value,
        from: version,
        problems: [{ pointer: '/formatVersion', message: `preset formatVersion ${v} can no longer be read` }],
      };
    const result = step(current);
    if (result.problems.length > 0) {
      const note = v === version ? '' : ` (after migrating to formatVersion ${v})`;
      return {
        value,
        from: version,
        problems: result.problems.map((p) => ({ pointer: p.pointer, message: `${p.message}${note}` })),
      };
    }
    current = result.value;
  }
  return { value: current, from: version, problems: [] };
}

/** "is not valid JSON at line L, column C (…)", from the parser's error. */
function jsonSyntaxMessage(text: string, error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  const match = /position (\d+)/.exec(detail);
  if (!match) return `is not valid JSON (${detail})`;
  const position = Number(match[1]);
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  const column = position - before.lastIndexOf('\n');
  return `is not valid JSON at line ${line}, column ${column} (${detail})`;
}
