import { childPointer, DocumentError, type Problem } from '../document/problem.ts';
import { checkSchema } from '../document/schema-check.ts';
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

/** Validates a parsed material file; throws DocumentError naming `file` and every problem. */
export function parseMaterialFile(value: unknown, file: string): MaterialFile {
  const problems = checkSchema(value, MaterialFileSchema);
  if (problems.length === 0)
    problems.push(...materialListProblems((value as MaterialFile).materials, '/materials'));
  if (problems.length > 0) throw new DocumentError('material', problems, file);
  return value as MaterialFile;
}
