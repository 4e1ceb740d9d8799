import { nestingProblem } from '../../document/json-depth.ts';
import { MeshImportError } from '../errors.ts';

/**
 * JSON.parse with a failure turned into a MeshImportError at the line of a .gltf (or the
 * byte of a GLB's JSON chunk). Engines word and place syntax errors differently, so the
 * place comes from our own scan of the text, not from the engine's message.
 */
export function parseJsonText(file: string, text: string, where: { glbOffset?: number } = {}): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const offset = syntaxErrorOffset(text);
    const found =
      offset >= text.length
        ? 'the text ends before the JSON is complete'
        : `unexpected ${describe(text, offset)}`;
    const reason = `the glTF JSON is not valid: ${found}`;
    if (where.glbOffset !== undefined) {
      throw new MeshImportError(file, reason, {
        byteOffset: where.glbOffset + Math.min(offset, text.length),
      });
    }
    let line = 1;
    for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
    throw new MeshImportError(file, reason, { line });
  }
  // Nothing walks the document before this: the checks and the reader recurse with it.
  const deep = nestingProblem(value);
  if (deep) throw new MeshImportError(file, deep.message, { pointer: deep.pointer || '/' });
  return value;
}

function describe(text: string, offset: number): string {
  const code = text.charCodeAt(offset);
  return code < 0x20 || code > 0x7e
    ? `character U+${code.toString(16).padStart(4, '0').toUpperCase()}`
    : `'${text[offset]}'`;
}

const numberPattern = /-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/y;
const literalPattern = /true|false|null/y;
const escapePattern = /\\(["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/**
 * Offset of the first syntax error in JSON text (text.length when it ends too early).
 * Iterative, with an explicit stack, so deep nesting cannot overflow the call stack.
 */
export function syntaxErrorOffset(text: string): number {
  const n = text.length;
  let i = 0;
  const stack: ('[' | '{')[] = [];
  const skipSpace = () => {
    while (i < n && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const scanString = (): boolean => {
    i++; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return true;
      }
      if (c < 0x20) return false;
      if (c === 0x5c) {
        escapePattern.lastIndex = i;
        if (!escapePattern.test(text)) return false;
        i = escapePattern.lastIndex;
      } else i++;
    }
    return false;
  };
  /** After `{` or `,` in an object: a key and a colon. */
  const scanKey = (): boolean => {
    skipSpace();
    if (text[i] !== '"' || !scanString()) return false;
    skipSpace();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };

  for (;;) {
    // Expect a value.
    skipSpace();
    if (i >= n) return n;
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      skipSpace();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++;
      } else {
        stack.push(c);
        if (c === '{' && !scanKey()) return i;
        continue;
      }
    } else if (c === '"') {
      if (!scanString()) return i;
    } else {
      const pattern = c === '-' || (c >= '0' && c <= '9') ? numberPattern : literalPattern;
      pattern.lastIndex = i;
      if (!pattern.test(text)) return i;
      i = pattern.lastIndex;
    }
    // After a value: a comma, a closing bracket, or the end.
    for (;;) {
      skipSpace();
      const top = stack[stack.length - 1];
      if (top === undefined) return i < n ? i : -1;
      if (text[i] === ',') {
        i++;
        if (top === '{' && !scanKey()) return i;
        break;
      }
      if (text[i] === (top === '{' ? '}' : ']')) {
        i++;
        stack.pop();
        continue;
      }
      return i;
    }
  }
}
