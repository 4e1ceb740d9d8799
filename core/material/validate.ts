import { childPointer, formatProblem, type Problem } from '../preset/problems.ts';
import { checkSchema } from '../preset/schema-check.ts';
import { type Material, type MaterialFile, MaterialFileSchema, MaterialSchema } from './schema.ts';

/**
 * Checks of material records beyond their schema: cloth needs a thickness, names are unique.
 * `pointer` is where the list sits in its document ('/materials' in presets and material files).
 */
export function materialListProblems(materials: readonly Material[], pointer: string): Problem[] {
  const problems: Problem[] = [];
  const seen = new Map<string, number>();
  materials.forEach((material, i) => {
    const at = childPointer(pointer, i);
    const first = seen.get(material.name);
    if (first !== undefined) {
      problems.push({
        pointer: childPointer(at, 'name'),
        message: `duplicates the name of material ${first} ('${material.name}')`,
      });
    } else seen.set(material.name, i);
    if (material.kind === 'cloth' && material.thicknessM === undefined) {
      problems.push({
        pointer: childPointer(at, 'thicknessM'),
        message: `is required for cloth material '${material.name}'`,
      });
    }
  });
  return problems;
}

/** Schema and semantic problems of one material record. */
export function materialProblems(value: unknown, pointer: string): Problem[] {
  const problems = checkSchema(value, MaterialSchema, pointer);
  if (problems.length > 0) return problems;
  const material = value as Material;
  return material.kind === 'cloth' && material.thicknessM === undefined
    ? [
        {
          pointer: childPointer(pointer, 'thicknessM'),
          message: `is required for cloth material '${material.name}'`,
        },
      ]
    : [];
}

/** A material file (library or user materials) that cannot be used; lists every problem. */
export class MaterialFileError extends Error {
  override name = 'MaterialFileError';
  readonly problems: readonly Problem[];
  readonly file: string;

  constructor(file: string, problems: readonly Problem[]) {
    const first = problems[0] ?? { pointer: '', message: 'invalid material file' };
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
    super(`${file}: ${formatProblem(first)}${more}`);
    this.problems = problems;
    this.file = file;
  }
}

/** Validates a parsed material file; throws MaterialFileError naming `file` and every problem. */
export function parseMaterialFile(value: unknown, file: string): MaterialFile {
  const problems = checkSchema(value, MaterialFileSchema);
  if (problems.length === 0)
    problems.push(...materialListProblems((value as MaterialFile).materials, '/materials'));
  if (problems.length > 0) throw new MaterialFileError(file, problems);
  return value as MaterialFile;
}
