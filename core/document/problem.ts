/** One problem in a document: where (RFC 6901 JSON pointer, '' = the root) and what to do about it. */
export interface Problem {
  pointer: string;
  message: string;
}

/** The documents Softbody Studio reads; named in errors so a user knows which file type is wrong. */
export type DocumentKind = 'scene' | 'preset' | 'project' | 'material' | 'user preset';

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

/** `problems` with `prefix` put before every pointer (a document nested at `prefix` in another). */
export function nestProblems(prefix: string, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => ({ pointer: `${prefix}${p.pointer}`, message: p.message }));
}

/**
 * A document that cannot be used: every problem found, each with its JSON pointer, the kind of
 * document and the file when known. The message is the first problem (prefixed by the file) and
 * how many more there are; `lines()` gives every problem, one a line, for a detailed report.
 */
export class DocumentError extends Error {
  override name = 'DocumentError';
  readonly kind: DocumentKind;
  readonly problems: readonly Problem[];
  readonly file: string | undefined;

  constructor(kind: DocumentKind, problems: readonly Problem[], file?: string) {
    const first = problems[0] ?? { pointer: '', message: `is not a valid ${kind}` };
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
        : '';
    super(`${file ? `${file}: ` : ''}${formatProblem(first)}${more}`);
    this.kind = kind;
    this.problems = problems.length > 0 ? problems : [first];
    this.file = file;
  }

  /** JSON pointer of the first problem ('' is the document root). */
  get pointer(): string {
    return this.problems[0]?.pointer ?? '';
  }

  /** Every problem as "file: /pointer: message" (no file part when the file is unknown). */
  lines(): string[] {
    const prefix = this.file ? `${this.file}: ` : '';
    return this.problems.map((p) => `${prefix}${formatProblem(p)}`);
  }
}

/**
 * A compact rendering of a value for messages: strings quoted, long values cut. Never throws and
 * never walks more than it prints: a value JSON cannot print (too deep, cyclic, huge) is cut
 * after 40 characters like any other.
 */
export function showValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'string') return `'${cut(value)}'`;
  try {
    const parts: string[] = [];
    preview(value, parts, { left: SHOWN_CHARS + 1 }, 0);
    return cut(parts.join(''));
  } catch {
    // A proxy or getter that throws: say what it is instead.
    return describeType(value);
  }
}

const SHOWN_CHARS = 40;
const SHOWN_DEPTH = 8;

function cut(text: string): string {
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS - 3)}...` : text;
}

/** JSON-like text of `value` into `parts` until `budget.left` characters are spent. */
function preview(value: unknown, parts: string[], budget: { left: number }, depth: number): void {
  const emit = (text: string) => {
    parts.push(text);
    budget.left -= text.length;
  };
  if (budget.left <= 0) return;
  if (value === null || typeof value === 'boolean' || typeof value === 'number') emit(String(value));
  else if (typeof value === 'string') emit(JSON.stringify(value.length > SHOWN_CHARS ? cut(value) : value));
  else if (typeof value === 'bigint') emit(`${value}n`);
  else if (typeof value !== 'object') emit(typeof value);
  else if (depth >= SHOWN_DEPTH) emit(Array.isArray(value) ? '[...]' : '{...}');
  else if (Array.isArray(value)) {
    emit('[');
    for (let i = 0; i < value.length && budget.left > 0; i++) {
      if (i > 0) emit(',');
      preview(value[i], parts, budget, depth + 1);
    }
    emit(']');
  } else {
    emit('{');
    let first = true;
    for (const key of Object.keys(value)) {
      if (budget.left <= 0) break;
      if (!first) emit(',');
      first = false;
      emit(`${JSON.stringify(key)}:`);
      preview((value as Record<string, unknown>)[key], parts, budget, depth + 1);
    }
    emit('}');
  }
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
