/**
 * The user's presets: a named material (E, ν, ρ, thickness) with the damping ratio, the constraint
 * model and the solver settings captured from a body, applied later to another body in one
 * undoable edit. Kept as a small versioned JSON document in key-value storage (localStorage: in
 * Electron that lives in the app's userData folder), checked against the TypeBox schemas below
 * by core/document's checker; the material, model and solver parts are the scene's own schemas.
 * Pure: no DOM, the storage is passed in.
 */
import Type, { type Static } from 'typebox';
import { migrateDocument, type Versioning } from '../../../core/document/migrations.ts';
import { childPointer, type Problem } from '../../../core/document/problem.ts';
import { checkSchema } from '../../../core/document/schema-check.ts';
import { CONSTRAINT_MODEL_INFO, type ConstraintModel } from '../../../core/scene/models.ts';
import type { MaterialSpec, Scene } from '../../../core/scene/scene.ts';
import {
  ConstraintModelSchema,
  MaterialSpecSchema,
  SolverSettingsSchema,
} from '../../../core/scene/scene-schema.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { SceneEdit } from '../editor/scene-edits.ts';
import { modelsForShape } from '../editor/scene-edits.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';

export const USER_PRESETS_KEY = 'softbody-studio.user-presets';
export const MAX_PRESET_NAME_LENGTH = 80;

export const UserPresetSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: MAX_PRESET_NAME_LENGTH,
      description: "Unique among the user's presets.",
    }),
    material: MaterialSpecSchema,
    dampingRatio: Type.Number({
      minimum: 0,
      maximum: 10,
      description: 'Damping ratio ζ: 0 none, 1 critical.',
    }),
    model: ConstraintModelSchema,
    solver: SolverSettingsSchema,
  },
  { additionalProperties: false, description: 'A preset captured from a body.' },
);

export type UserPreset = Static<typeof UserPresetSchema>;

/** The stored document; each entry is checked on its own, so one bad entry costs only itself. */
const UserPresetsFileSchema = Type.Object(
  {
    formatVersion: Type.Literal(1),
    presets: Type.Array(Type.Unknown(), { description: 'User presets (UserPresetSchema).' }),
  },
  { additionalProperties: false },
);

const USER_PRESETS_VERSIONING: Versioning = { kind: 'user preset', current: 1, oldest: 1, steps: {} };

/** The kind of body a preset fits, from its model: cloth, rope or solid (the tet models). */
export function presetKind(model: ConstraintModel): 'solid' | 'cloth' | 'rope' {
  return CONSTRAINT_MODEL_INFO[model].kind;
}

/** A preset named `name` from body `index` of `scene`; throws RangeError for a bad name or index. */
export function captureUserPreset(scene: Scene, index: number, name: string): UserPreset {
  const body = scene.bodies[index];
  if (!body) throw new RangeError(`the scene has no body ${index}`);
  const trimmed = name.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_PRESET_NAME_LENGTH) {
    throw new RangeError(`a preset name needs 1 to ${MAX_PRESET_NAME_LENGTH} characters`);
  }
  return {
    name: trimmed,
    material: { ...body.material },
    dampingRatio: body.dampingRatio ?? 0,
    model: body.model,
    solver: { dt: scene.solver.dt, substeps: scene.solver.substeps },
  };
}

/**
 * Applies `preset` to body `index`: material, damping ratio, constraint model and the scene's
 * solver settings, as one edit. A preset whose model does not fit the body's shape (a cloth preset
 * on a block) is refused with a sentence saying so; the scene validator checks the rest.
 */
export function applyUserPreset(scene: Scene, index: number, preset: UserPreset): SceneEdit {
  const body = scene.bodies[index];
  if (!body) throw new RangeError(`the scene has no body ${index}`);
  const fits = modelsForShape(body.shape);
  if (!fits.includes(preset.model)) {
    throw new RangeError(
      `preset '${preset.name}' uses the ${preset.model} model, which a ${body.shape.type} body cannot use (it takes ${fits.join(' or ')})`,
    );
  }
  const material: MaterialSpec = { ...preset.material };
  // A solid needs no thickness; cloth keeps its own when the preset has none.
  if (presetKind(preset.model) !== 'cloth') delete material.thicknessM;
  else if (material.thicknessM === undefined && body.material.thicknessM !== undefined)
    material.thicknessM = body.material.thicknessM;
  const bodies = scene.bodies.slice();
  bodies[index] = { ...body, material, dampingRatio: preset.dampingRatio, model: preset.model };
  const next: Scene = { ...scene, solver: { ...preset.solver }, bodies };
  return { label: `preset ${preset.name} on ${body.name}`, scene: parseScene(next) };
}

/** The list with `preset` added, or replacing the one of the same name (in its place). */
export function withUserPreset(list: readonly UserPreset[], preset: UserPreset): UserPreset[] {
  const at = list.findIndex((p) => p.name === preset.name);
  if (at < 0) return [...list, preset];
  const next = list.slice();
  next[at] = preset;
  return next;
}

export function withoutUserPreset(list: readonly UserPreset[], name: string): UserPreset[] {
  return list.filter((p) => p.name !== name);
}

/** The stored presets; entries that do not check out are left out and listed as problems. */
export function readUserPresets(storage: KeyValueStorage): { presets: UserPreset[]; problems: Problem[] } {
  const text = storage.getItem(USER_PRESETS_KEY);
  if (text === null) return { presets: [], problems: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { presets: [], problems: [{ pointer: '', message: `not JSON (${(error as Error).message})` }] };
  }
  return parseUserPresets(value);
}

export function writeUserPresets(storage: KeyValueStorage, presets: readonly UserPreset[]): void {
  storage.setItem(
    USER_PRESETS_KEY,
    JSON.stringify({ formatVersion: USER_PRESETS_VERSIONING.current, presets }),
  );
}

/** Checks an untrusted stored document: `{ formatVersion: 1, presets: [...] }`. */
export function parseUserPresets(value: unknown): { presets: UserPreset[]; problems: Problem[] } {
  const migrated = migrateDocument(value, USER_PRESETS_VERSIONING);
  const problems =
    migrated.problems.length > 0 ? migrated.problems : checkSchema(migrated.value, UserPresetsFileSchema);
  if (problems.length > 0) return { presets: [], problems };
  const presets: UserPreset[] = [];
  const names = new Set<string>();
  (migrated.value as Static<typeof UserPresetsFileSchema>).presets.forEach((entry, i) => {
    const pointer = childPointer('/presets', i);
    const entryProblems = checkSchema(entry, UserPresetSchema, pointer);
    const preset = entry as UserPreset;
    if (entryProblems.length === 0 && preset.name.trim().length === 0)
      entryProblems.push({ pointer: childPointer(pointer, 'name'), message: 'must not be blank' });
    if (entryProblems.length > 0) {
      problems.push(...entryProblems);
      return;
    }
    const name = preset.name.trim();
    if (names.has(name)) {
      problems.push({
        pointer: childPointer(pointer, 'name'),
        message: `'${name}' appears twice; the first is kept`,
      });
      return;
    }
    names.add(name);
    presets.push({ ...structuredClone(preset), name });
  });
  return { presets, problems };
}
