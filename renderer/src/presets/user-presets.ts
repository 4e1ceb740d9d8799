/**
 * The user's presets: a named material (E, ν, ρ, thickness) with the damping ratio, the constraint
 * model and the solver settings captured from a body, applied later to another body in one
 * undoable edit. Kept as a small versioned JSON document in key-value storage (localStorage: in
 * Electron that lives in the app's userData folder). Pure: no DOM, the storage is passed in.
 */
import type { ConstraintModel, MaterialSpec, Scene, SolverSettings } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import type { SceneEdit } from '../editor/scene-edits.ts';
import { modelsForShape } from '../editor/scene-edits.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';

export interface UserPreset {
  /** Unique among the user's presets; 1 to 80 characters. */
  name: string;
  material: MaterialSpec;
  /** Damping ratio ζ: 0 none, 1 critical. */
  dampingRatio: number;
  model: ConstraintModel;
  /** Frame time step (s) and substeps, as the body's scene had them. */
  solver: SolverSettings;
}

/** A stored entry that could not be read, with where it is in the stored document. */
export interface StoredProblem {
  pointer: string;
  message: string;
}

export const USER_PRESETS_KEY = 'softbody-studio.user-presets';
const FORMAT_VERSION = 1;
export const MAX_PRESET_NAME_LENGTH = 80;
const MODELS: readonly ConstraintModel[] = ['neo-hookean', 'edges-volume', 'cloth', 'rope'];

/** The kind of body a preset fits, from its model: cloth, rope or solid (the tet models). */
export function presetKind(model: ConstraintModel): 'solid' | 'cloth' | 'rope' {
  return model === 'cloth' || model === 'rope' ? model : 'solid';
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
export function readUserPresets(storage: KeyValueStorage): {
  presets: UserPreset[];
  problems: StoredProblem[];
} {
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
  storage.setItem(USER_PRESETS_KEY, JSON.stringify({ formatVersion: FORMAT_VERSION, presets }));
}

/** Checks an untrusted stored document: `{ formatVersion: 1, presets: [...] }`. */
export function parseUserPresets(value: unknown): { presets: UserPreset[]; problems: StoredProblem[] } {
  const problems: StoredProblem[] = [];
  if (!isRecord(value) || value.formatVersion !== FORMAT_VERSION || !Array.isArray(value.presets)) {
    return {
      presets: [],
      problems: [{ pointer: '', message: `expected { formatVersion: ${FORMAT_VERSION}, presets: [...] }` }],
    };
  }
  const presets: UserPreset[] = [];
  const names = new Set<string>();
  value.presets.forEach((entry, i) => {
    const pointer = `/presets/${i}`;
    const problem = (field: string, message: string) =>
      problems.push({ pointer: `${pointer}${field}`, message });
    const preset = parseEntry(entry, problem);
    if (!preset) return;
    if (names.has(preset.name)) {
      problem('/name', `'${preset.name}' appears twice; the first is kept`);
      return;
    }
    names.add(preset.name);
    presets.push(preset);
  });
  return { presets, problems };
}

function parseEntry(
  entry: unknown,
  problem: (field: string, message: string) => void,
): UserPreset | undefined {
  if (!isRecord(entry)) {
    problem('', 'must be an object');
    return undefined;
  }
  let failed = false;
  const fail = (field: string, message: string) => {
    failed = true;
    problem(field, message);
  };
  const { name, material, dampingRatio, model, solver } = entry;
  if (typeof name !== 'string' || name.trim().length === 0 || name.length > MAX_PRESET_NAME_LENGTH)
    fail('/name', `must be a name of 1 to ${MAX_PRESET_NAME_LENGTH} characters`);
  if (!MODELS.includes(model as ConstraintModel)) fail('/model', `must be one of ${MODELS.join(', ')}`);
  if (!finiteIn(dampingRatio, 0, 10)) fail('/dampingRatio', 'must be a number from 0 to 10');
  if (!isRecord(material)) fail('/material', 'must be an object');
  else {
    if (!positive(material.youngModulusPa))
      fail('/material/youngModulusPa', 'must be a positive number (Pa)');
    if (!finiteIn(material.poissonRatio, 0, 0.5) || material.poissonRatio === 0.5)
      fail('/material/poissonRatio', 'must be a number with 0 ≤ ν < 0.5');
    if (!positive(material.densityKgM3)) fail('/material/densityKgM3', 'must be a positive number (kg/m³)');
    if (material.thicknessM !== undefined && !positive(material.thicknessM))
      fail('/material/thicknessM', 'must be a positive number (m)');
  }
  if (!isRecord(solver)) fail('/solver', 'must be an object');
  else {
    if (!positive(solver.dt)) fail('/solver/dt', 'must be a positive number (s)');
    if (!Number.isInteger(solver.substeps) || (solver.substeps as number) < 1)
      fail('/solver/substeps', 'must be a whole number of at least 1');
  }
  if (failed || !isRecord(material) || !isRecord(solver)) return undefined;
  const spec: MaterialSpec = {
    youngModulusPa: material.youngModulusPa as number,
    poissonRatio: material.poissonRatio as number,
    densityKgM3: material.densityKgM3 as number,
  };
  if (material.thicknessM !== undefined) spec.thicknessM = material.thicknessM as number;
  return {
    name: (name as string).trim(),
    material: spec,
    dampingRatio: dampingRatio as number,
    model: model as ConstraintModel,
    solver: { dt: solver.dt as number, substeps: solver.substeps as number },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finiteIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;
}

function positive(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}
