import type { Problem } from '../document/problem.ts';
import { builtInMaterials } from '../material/library.ts';
import type { Material } from '../material/schema.ts';
import type { BodySpec, GroupSpec, MaterialSpec, Scene, SceneDocument } from './scene.ts';

/**
 * Resolves the material names of a scene document (`"material": "cotton"`) against the
 * library: the built-ins of assets/materials.json followed by the caller's user materials (core
 * reads no files; the CLI or the editor loads them). A named material brings its default damping
 * ratio when the body gives none: the library entry is the material's whole description.
 */

export interface SceneMaterialOptions {
  /** The user's saved materials, searched after the built-ins. */
  userMaterials?: readonly Material[];
  /**
   * The only materials names resolve against, instead of the built-ins and the user's: a preset's
   * own materials, so that it compiles to the numbers it was made with whatever the library holds.
   */
  library?: readonly Material[];
}

/** The library a scene's material names refer to: built-ins first, then the user's. */
export function sceneMaterialLibrary(options: SceneMaterialOptions = {}): readonly Material[] {
  if (options.library) return options.library;
  return [...builtInMaterials(), ...(options.userMaterials ?? [])];
}

/**
 * `sceneDocument` with every material name (of bodies and of their groups) replaced by the inline
 * numbers (a new object; the document itself when it names none), and a problem (at the
 * `/material` pointer of the body or group, with the closest names) for each unknown name. Does not mutate the document. Assumes the document already passed
 * the schema check.
 */
export function resolveSceneMaterials(
  sceneDocument: SceneDocument,
  options: SceneMaterialOptions = {},
): { scene: Scene; problems: Problem[] } {
  const library = sceneMaterialLibrary(options);
  const problems: Problem[] = [];
  const bodies = sceneDocument.bodies.map((body, i): BodySpec => {
    const at = `/bodies/${i}`;
    const groups = body.groups?.some((g) => typeof g.material === 'string')
      ? body.groups.map((group, j) => resolveGroup(group, body.model, `${at}/groups/${j}`, library, problems))
      : body.groups;
    const withGroups = groups === body.groups ? body : { ...body, groups };
    if (typeof body.material !== 'string') return withGroups as BodySpec;
    const found = lookUp(body.material, body.model, `${at}/material`, library, problems);
    return {
      ...withGroups,
      material: found ? materialSpecOf(found) : PLACEHOLDER,
      dampingRatio: body.dampingRatio ?? found?.dampingRatio,
    };
  });
  // A sceneDocument without names is returned as it is, so callers that compare scenes by identity
  // (the editor's store) see no change.
  const named = sceneDocument.bodies.some(
    (body) =>
      typeof body.material === 'string' || (body.groups ?? []).some((g) => typeof g.material === 'string'),
  );
  return { scene: named ? { ...sceneDocument, bodies } : (sceneDocument as Scene), problems };
}

/** Stands in for a material that could not be resolved (the problem is reported; nothing is built). */
const PLACEHOLDER: MaterialSpec = { youngModulusPa: 1, poissonRatio: 0, densityKgM3: 1 };

/** A group with its material name resolved; a named material brings its damping ratio. */
function resolveGroup(
  group: GroupSpec,
  model: BodySpec['model'],
  at: string,
  library: readonly Material[],
  problems: Problem[],
): GroupSpec {
  if (typeof group.material !== 'string') return group;
  const found = lookUp(group.material, model, `${at}/material`, library, problems);
  const resolved: GroupSpec = { ...group, material: found ? materialSpecOf(found) : PLACEHOLDER };
  const dampingRatio = group.dampingRatio ?? found?.dampingRatio;
  if (dampingRatio !== undefined) resolved.dampingRatio = dampingRatio;
  return resolved;
}

/** The library material `name`, or undefined with a problem at `pointer`. */
function lookUp(
  name: string,
  model: BodySpec['model'],
  pointer: string,
  library: readonly Material[],
  problems: Problem[],
): Material | undefined {
  const found = library.find((m) => m.name === name);
  if (!found) {
    problems.push({ pointer, message: unknownMaterialMessage(name, library) });
    return undefined;
  }
  if (model === 'cloth' && found.thicknessM === undefined) {
    problems.push({
      pointer,
      message: `material '${name}' is a ${found.kind} material without a thickness; cloth needs a cloth material (one with thicknessM)`,
    });
  }
  return found;
}

/** The numbers of a library material that a scene body uses, SI units. */
export function materialSpecOf(material: Material): MaterialSpec {
  const spec: MaterialSpec = {
    youngModulusPa: material.youngModulusPa,
    poissonRatio: material.poissonRatio,
    densityKgM3: material.densityKgM3,
  };
  if (material.thicknessM !== undefined) spec.thicknessM = material.thicknessM;
  spec.name = material.name;
  if (material.orthotropic !== undefined) spec.orthotropic = material.orthotropic;
  return spec;
}

/**
 * The document form of a resolved material: the library name where `spec` names a material of
 * `library` and still has its numbers (so a preset records 'natural-rubber', not a copy of its
 * numbers), else the numbers alone (a name on edited numbers would claim what is no longer true).
 */
export function materialRefOf(spec: MaterialSpec, library: readonly Material[]): MaterialSpec | string {
  const { name, ...numbers } = spec;
  const entry = name === undefined ? undefined : library.find((m) => m.name === name);
  const same =
    entry !== undefined &&
    entry.youngModulusPa === numbers.youngModulusPa &&
    entry.poissonRatio === numbers.poissonRatio &&
    entry.densityKgM3 === numbers.densityKgM3 &&
    entry.thicknessM === numbers.thicknessM &&
    JSON.stringify(entry.orthotropic) === JSON.stringify(numbers.orthotropic);
  return same && name !== undefined ? name : numbers;
}

/**
 * Names within this edit distance (a third of the asked name's length, 1 to 3 edits) or containing
 * the asked name are offered as suggestions: loose enough for a typo, tight enough that short
 * names do not suggest everything.
 */
function suggestionDistance(name: string): number {
  return Math.min(3, Math.max(1, Math.floor(name.length / 3)));
}

function unknownMaterialMessage(name: string, library: readonly Material[]): string {
  const lower = name.toLowerCase();
  const within = suggestionDistance(name);
  const close = library
    .map((m) => ({ name: m.name, distance: editDistance(lower, m.name.toLowerCase()) }))
    .filter((c) => c.distance <= within || c.name.toLowerCase().includes(lower))
    .sort((a, b) => a.distance - b.distance || a.name.localeCompare(b.name))
    .slice(0, 3)
    .map((c) => `'${c.name}'`);
  const hint =
    close.length > 0
      ? `did you mean ${close.join(', ')}?`
      : 'list the library with `softbody materials`, or give the numbers inline';
  return `unknown material '${name}'; ${hint}`;
}

/** Levenshtein distance between two strings (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j] + 1, current[j - 1] + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length];
}
