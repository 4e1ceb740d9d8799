import { readFileSync } from 'node:fs';
import { DocumentError } from '../core/document/problem.ts';
import {
  builtInMaterials,
  type Material,
  mergeMaterials,
  parseUserMaterials,
} from '../core/material/index.ts';
import { UsageError } from './command.ts';

/**
 * Finding a material by name for the commands that take `--material NAME`: the built-in
 * library plus, with `--user FILE`, the user's saved materials. A name that is not there is a
 * usage error that lists the names close to it, so a typo costs one retry.
 */

/** The built-ins followed by the materials of `userFile`; UsageError naming the file and pointer otherwise. */
export function loadMaterialLibrary(userFile?: string): Material[] {
  const builtIns = [...builtInMaterials()];
  if (userFile === undefined) return builtIns;
  let text: string;
  try {
    text = readFileSync(userFile, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`${userFile}: cannot read the material file (${code ?? (error as Error).message})`);
  }
  try {
    return mergeMaterials(builtIns, parseUserMaterials(text, userFile), userFile);
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    throw new UsageError(error.message);
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

/**
 * Candidates close to `name`, best first: edit distance (case-insensitive) at most a third of the
 * length (at least 2), or one name containing the other, or a shared word between hyphens.
 */
export function closeNames(name: string, candidates: readonly string[], max = 5): string[] {
  const wanted = name.toLowerCase();
  const words = new Set(wanted.split(/[-_\s]+/).filter((w) => w.length >= 3));
  const scored: { name: string; score: number }[] = [];
  for (const candidate of candidates) {
    const lower = candidate.toLowerCase();
    const distance = editDistance(wanted, lower);
    const limit = Math.max(2, Math.floor(wanted.length / 3));
    const contains = wanted.length >= 3 && (lower.includes(wanted) || wanted.includes(lower));
    const sharesWord = lower.split(/[-_\s]+/).some((w) => words.has(w));
    if (distance <= limit || contains || sharesWord) {
      // Close spellings first, then containment, then a shared word.
      scored.push({ name: candidate, score: distance <= limit ? distance : contains ? 100 : 200 + distance });
    }
  }
  scored.sort((a, b) => a.score - b.score || a.name.localeCompare(b.name));
  return scored.slice(0, max).map((s) => s.name);
}

/** Levenshtein distance (insertions, deletions, substitutions). */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1);
      row.push(Math.min(previous[j] + 1, row[j - 1] + 1, substitution));
    }
    previous = row;
  }
  return previous[b.length];
}
