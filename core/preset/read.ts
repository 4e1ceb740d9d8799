import { decodeDocument } from '../document/binary-array.ts';
import { migrateDocument } from '../document/migrations.ts';
import { DocumentError, type Problem } from '../document/problem.ts';
import { checkSchema } from '../document/schema-check.ts';
import { PRESET_VERSIONING } from './migrations/index.ts';
import { type Preset, presetFromDocument } from './preset.ts';
import { PRESET_FORMAT_VERSION, type PresetJson, PresetSchema } from './schema.ts';
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
  const migrated = migrateDocument(value, PRESET_VERSIONING);
  if (migrated.problems.length > 0 || migrated.from === undefined) return { problems: migrated.problems };
  const schemaProblems = checkSchema(migrated.value, PresetSchema);
  const suffix =
    migrated.from < PRESET_FORMAT_VERSION
      ? ` (in the preset as migrated from formatVersion ${migrated.from})`
      : '';
  const withSuffix = (problems: Problem[]) =>
    problems.map((p) => ({ pointer: p.pointer, message: `${p.message}${suffix}` }));
  if (schemaProblems.length > 0) return { problems: withSuffix(schemaProblems) };
  const decodeProblems: Problem[] = [];
  const document = decodeDocument(migrated.value as PresetJson, decodeProblems);
  if (decodeProblems.length > 0) return { problems: withSuffix(decodeProblems) };
  const preset = presetFromDocument(document);
  const problems = presetProblems(preset);
  return problems.length > 0 ? { problems: withSuffix(problems) } : { preset, problems: [] };
}

/** Reads preset text; throws DocumentError (naming `file` when given) with every problem. */
export function readPreset(text: string, file?: string): Preset {
  const { preset, problems } = checkPresetText(text);
  if (!preset) throw new DocumentError('preset', problems, file);
  return preset;
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
