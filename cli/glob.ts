import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';

/**
 * File patterns for commands that take many files. A shell usually expands `meshes/*.obj`
 * itself; when it did not (quoted, Windows, a script passing arguments as is) the command does:
 * `*` and `?` within one path segment, `[abc]`/`[a-z]` classes, and `**` for any depth of
 * folders. Like a shell, wildcards do not match a leading dot. (Node 20 has no fs.glob.)
 */

export interface ExpandedPatterns {
  /** Files in argument order; a pattern's matches sorted; each path once. */
  files: string[];
  /** Patterns that matched nothing. */
  unmatched: string[];
}

/** True when `text` holds a wildcard the expansion understands. */
export function hasWildcard(text: string): boolean {
  return /[*?[]/.test(text);
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

/** The files (not folders) matching `pattern`, sorted. */
export async function globFiles(pattern: string): Promise<string[]> {
  const normalized = pattern.replaceAll('\\', '/');
  const absolute = isAbsolute(pattern) || normalized.startsWith('/');
  const segments = normalized.split('/').filter((s, i) => s !== '' && !(s === '.' && i > 0));
  const root = absolute ? '/' : '';
  const out: string[] = [];
  await walk(root, segments, out);
  return out.sort();
}

async function walk(base: string, segments: readonly string[], out: string[]): Promise<void> {
  if (segments.length === 0) {
    if (base !== '' && (await isFile(base))) out.push(base);
    return;
  }
  const [head, ...rest] = segments;
  if (head === '**') {
    await walk(base, rest, out); // zero folders
    for (const dir of await subfolders(base)) await walk(join(base, dir), segments, out);
    return;
  }
  if (!hasWildcard(head)) {
    await walk(base === '' ? head : join(base, head), rest, out);
    return;
  }
  const matcher = segmentMatcher(head);
  for (const entry of await entries(base)) {
    if (matcher.test(entry)) await walk(base === '' ? entry : join(base, entry), rest, out);
  }
}

/** A regular expression for one path segment of a pattern. */
export function segmentMatcher(segment: string): RegExp {
  let source = segment.startsWith('.') ? '' : '(?!\\.)';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const close = segment.indexOf(']', i + 2);
      if (close < 0) {
        source += '\\[';
        continue;
      }
      let body = segment.slice(i + 1, close);
      const negate = body.startsWith('!') || body.startsWith('^');
      if (negate) body = body.slice(1);
      source += `[${negate ? '^' : ''}${body.replace(/[\\\]]/g, '\\$&')}]`;
      i = close;
    } else source += c.replace(/[.+^${}()|\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

async function entries(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir === '' ? '.' : dir)).sort();
  } catch {
    return [];
  }
}

async function subfolders(dir: string): Promise<string[]> {
  try {
    const list = await readdir(dir === '' ? '.' : dir, { withFileTypes: true });
    return list
      .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}
