import {
  builtInMaterials,
  type Material,
  mergeMaterials,
  parseUserMaterials,
} from '../core/material/index.ts';
import { closeNames } from './close-names.ts';
import { type CommandIo, UsageError } from './command.ts';
import { asCliError } from './errors.ts';
import { readInputFile, shownName } from './stdio.ts';

/**
 * Finding a material by name for the commands that take `--material NAME`: the built-in
 * library plus, with `--user FILE`, the user's saved materials. A name that is not there is a
 * usage error that lists the names close to it, so a typo costs one retry.
 */

/**
 * The built-ins followed by the materials of `userFile` (`-`: standard input); CliError naming
 * the file and every problem's pointer otherwise.
 */
export async function loadMaterialLibrary(userFile: string | undefined, io: CommandIo): Promise<Material[]> {
  const builtIns = [...builtInMaterials()];
  if (userFile === undefined) return builtIns;
  const text = new TextDecoder().decode(await readInputFile(userFile, io));
  const shown = shownName(userFile);
  try {
    return mergeMaterials(builtIns, parseUserMaterials(text, shown), shown);
  } catch (error) {
    throw asCliError(error, shown) ?? error;
  }
}

/** The material called `name`; UsageError with the close names (or all names) otherwise. */
export function findMaterial(library: readonly Material[], name: string, option = '--material'): Material {
  const found = library.find((m) => m.name === name);
  if (found) return found;
  const names = library.map((m) => m.name);
  const close = closeNames(name, names);
  const hint =
    close.length > 0
      ? `did you mean ${close.map((n) => `'${n}'`).join(', ')}?`
      : `the library has ${names.join(', ')}`;
  throw new UsageError(`${option}: unknown material '${name}'; ${hint}`);
}
