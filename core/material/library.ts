import libraryFile from '../../assets/materials.json' with { type: 'json' };
import type { Material } from './schema.ts';
import { parseMaterialFile } from './validate.ts';

/** Where the built-in library lives, relative to the repository root (for messages). */
export const BUILT_IN_LIBRARY_FILE = 'assets/materials.json';

/**
 * The built-in material library, validated once when first used: a broken library file is a bug
 * of the app, reported with the file and JSON pointer of every problem.
 */
let builtIns: readonly Material[] | undefined;

export function builtInMaterials(): readonly Material[] {
  builtIns ??= Object.freeze(
    parseMaterialFile(libraryFile, BUILT_IN_LIBRARY_FILE).materials.map((m) => Object.freeze({ ...m })),
  );
  return builtIns;
}

/** The built-in material called `name`, or undefined. */
export function findBuiltInMaterial(name: string): Material | undefined {
  return builtInMaterials().find((m) => m.name === name);
}
