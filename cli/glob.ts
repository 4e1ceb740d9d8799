import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/**
 * File patterns for commands that take many files. A shell usually expands `meshes/*.obj`
 * itself; when it did not (quoted, Windows, a script passing arguments as is) the command does,
 * through tinyglobby: `*`, `?`, `[abc]` classes, `{a,b}` braces and `**` for any depth of
 * folders. Like a shell, wildcards do not match a leading dot.
 */

export interface ExpandedPatterns {
  /** Files in argument order; a pattern's matches sorted; each path once. */
  files: string[];
  /** Patterns that matched nothing. */
  unmatched: string[];
}

/** True when `text` holds a wildcard or braces. */
export function hasWildcard(text: string): boolean {
  return isDynamicPattern(text.replaceAll('\\', '/'));
}

/**
 * Expands the arguments: an existing path or a plain name is kept as given (a missing file is
 * the caller's to report), a pattern is replaced by the files it matches.
 */
export async function expandPatterns(args: readonly string[]): Promise<ExpandedPatterns> {
  const files: string[] = [];
  const seen = new Set<string>();
  const unmatched: string[] = [];
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    files.push(file);
  };
  for (const arg of args) {
    if (!hasWildcard(arg) || (await exists(arg))) {
      add(arg);
      continue;
    }
    const matches = await globFiles(arg);
    if (matches.length === 0) unmatched.push(arg);
    for (const m of matches) add(m);
  }
  return { files, unmatched };
}

/**
 * The files (not folders) matching `pattern`, sorted, each written with the pattern's own fixed
 * folders in front (relative stays relative): the search starts in the deepest folder the pattern
 * names without a wildcard, not in the working folder.
 */
export async function globFiles(pattern: string): Promise<string[]> {
  const segments = pattern.replaceAll('\\', '/').split('/');
  const firstDynamic = segments.findIndex((s) => isDynamicPattern(s));
  const fixed = segments.slice(0, Math.max(0, firstDynamic));
  const base = fixed.length === 0 ? '' : fixed.length === 1 && fixed[0] === '' ? '/' : fixed.join('/');
  const rest = segments.slice(fixed.length).join('/');
  const matches = await glob(rest, {
    cwd: base === '' ? '.' : base,
    onlyFiles: true,
    expandDirectories: false,
  });
  return matches.map((m) => (base === '' ? m : join(base, m))).sort();
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
