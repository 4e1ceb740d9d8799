import fc from 'fast-check';

/**
 * Mutations of valid JSON documents for fuzzing the readers: values replaced at random paths by
 * hostile ones (non-finite numbers as a file writes them, keys named after Object.prototype
 * members, nesting past the budget, huge strings and counts), keys removed, and text edits.
 * Text placeholders carry what a parsed value cannot: 1e400 and deep nesting are written into the
 * JSON text after JSON.stringify.
 */

const placeholders: Record<string, string> = {
  '"__big__"': '1e400',
  '"__negbig__"': '-1e400',
  '"__deep__"': `${'['.repeat(5000)}${']'.repeat(5000)}`,
};

export type JsonPath = (string | number)[];

/** Every path to a value in `value`, the root included. */
export function valuePaths(value: unknown, prefix: JsonPath = []): JsonPath[] {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => valuePaths(v, [...prefix, k]))];
}

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    '__big__',
    '__negbig__',
    '__deep__',
    0,
    -1,
    0.5,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    2 ** 53 + 2,
    '',
    'x'.repeat(100_000),
    null,
    true,
    [],
    {},
    [0, 0, 0],
  ),
  fc.integer({ min: -3, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** One change: set a value, remove a key, or add a key named after a prototype member. */
export const change = (paths: JsonPath[]) =>
  fc.record({
    path: fc.constantFrom(...paths),
    value: hostileValue,
    kind: fc.constantFrom('set', 'set', 'remove', 'prototype-key'),
    key: fc.constantFrom('constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'),
  });

export type Change = { path: JsonPath; value: unknown; kind: string; key: string };

/** `document` (not changed) with the changes applied, as JSON text with placeholders written out. */
export function mutatedText(document: unknown, changes: Change[]): string {
  const copy = structuredClone(document) as Record<string, unknown>;
  for (const c of changes) apply(copy, c);
  let text = JSON.stringify(copy);
  for (const [placeholder, written] of Object.entries(placeholders))
    text = text.replaceAll(placeholder, written);
  return text;
}

function apply(root: Record<string, unknown>, c: Change): void {
  if (c.path.length === 0) return;
  let target = root as Record<string | number, unknown>;
  for (const key of c.path.slice(0, -1)) {
    const next = target[key];
    if (next === null || typeof next !== 'object') return;
    target = next as Record<string | number, unknown>;
  }
  const last = c.path[c.path.length - 1];
  if (c.kind === 'remove') delete target[last];
  else if (c.kind === 'set') target[last] = c.value;
  else {
    const holder = target[last];
    if (holder === null || typeof holder !== 'object' || Array.isArray(holder)) return;
    // An own enumerable key, as JSON.parse makes '__proto__': JSON.stringify writes it out.
    Object.defineProperty(holder, c.key, {
      value: c.value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
}

/** True when every number reachable in `value` (typed arrays included) is finite. */
export function allFinite(value: unknown, seen = new Set<object>()): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (value === null || typeof value !== 'object' || seen.has(value)) return true;
  seen.add(value);
  if (ArrayBuffer.isView(value)) {
    if (value instanceof Float32Array || value instanceof Float64Array) return value.every(Number.isFinite);
    return true;
  }
  if (value instanceof Map) return [...value.values()].every((v) => allFinite(v, seen));
  return Object.values(value).every((v) => allFinite(v, seen));
}
