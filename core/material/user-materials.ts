import { canonicalJson } from '../document/canonical-json.ts';
import { childPointer, DocumentError, type Problem } from '../document/problem.ts';
import { type Material, type MaterialFile, MaterialFileSchema } from './schema.ts';
import { parseMaterialFile } from './validate.ts';

/**
 * The user's own materials: saved as a material file (the library's format), validated on load and
 * merged after the built-ins. A user material may not reuse a built-in name: a material name must
 * mean the same numbers everywhere, so shadowing 'cotton' with other values is refused.
 */

/** Parses the text of a user material file; throws DocumentError with every problem. */
export function parseUserMaterials(text: string, file: string): Material[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentError(
      'material',
      [{ pointer: '', message: `is not valid JSON (${(error as Error).message})` }],
      file,
    );
  }
  return parseMaterialFile(value, file).materials;
}

/** Built-ins followed by the user's materials; throws DocumentError on a name clash. */
export function mergeMaterials(
  builtIns: readonly Material[],
  user: readonly Material[],
  file: string,
): Material[] {
  const builtInNames = new Set(builtIns.map((m) => m.name));
  const problems: Problem[] = [];
  user.forEach((material, i) => {
    if (builtInNames.has(material.name)) {
      problems.push({
        pointer: childPointer('/materials', i, 'name'),
        message: `'${material.name}' is the name of a built-in material; give your material another name`,
      });
    }
  });
  if (problems.length > 0) throw new DocumentError('material', problems, file);
  return [...builtIns, ...user];
}

/** The text of a user material file holding `user` (validated first), canonical and stable. */
export function serializeUserMaterials(user: readonly Material[], file = 'user materials'): string {
  const document: MaterialFile = { formatVersion: 1, materials: user.map((m) => ({ ...m })) };
  parseMaterialFile(document, file);
  return canonicalJson(document, MaterialFileSchema);
}
