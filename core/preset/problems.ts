/** One problem in a document: where (RFC 6901 JSON pointer, '' = the root) and what to do about it. */
export interface Problem {
  pointer: string;
  message: string;
}

/** Escapes one JSON pointer reference token (RFC 6901: ~ → ~0, / → ~1). */
export function pointerToken(token: string | number): string {
  return String(token).replaceAll('~', '~0').replaceAll('/', '~1');
}

/** `base` extended by reference tokens. */
export function childPointer(base: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((pointer, token) => `${pointer}/${pointerToken(token)}`, base);
}

/** "/a/b: message", the way every problem is printed ('/' for the root). */
export function formatProblem(problem: Problem): string {
  return `${problem.pointer || '/'}: ${problem.message}`;
}

/**
 * A preset that cannot be read: every problem found, each with its JSON pointer. The message is the
 * first problem, prefixed by the file when known.
 */
export class PresetValidationError extends Error {
  override name = 'PresetValidationError';
  readonly problems: readonly Problem[];
  /** JSON pointer of the first problem. */
  readonly pointer: string;
  readonly file: string | undefined;

  constructor(problems: readonly Problem[], file?: string) {
    const first = problems[0] ?? { pointer: '', message: 'invalid preset' };
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
        : '';
    super(`${file ? `${file}: ` : ''}${formatProblem(first)}${more}`);
    this.problems = problems;
    this.pointer = first.pointer;
    this.file = file;
  }
}

/** A compact rendering of a JSON value for messages: strings quoted, long values cut. */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 37)}...` : value}'`;
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** What kind of JSON value this is, as a noun phrase ("an array", "null"). */
export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** A number for messages: `digits` significant digits, exponent form below 1e-3 and from 1e6. */
export function formatQuantity(value: number, digits: number): string {
  if (!Number.isFinite(value) || value === 0) return String(value);
  const magnitude = Math.abs(value);
  if (magnitude < 1e-3 || magnitude >= 1e6) return value.toExponential(digits - 1).replace(/\.?0+e/, 'e');
  return String(+value.toPrecision(digits));
}
