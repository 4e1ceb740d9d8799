import { showValue } from '../../document/problem.ts';
import { INPUT_LIMITS, overLimit } from '../../limits.ts';
import { MeshImportError } from '../errors.ts';

export type JsonObject = Record<string, unknown>;

/**
 * Checks for one glTF JSON document: each failure is a MeshImportError at the JSON
 * pointer of the offending value, so the user can find it in the file.
 */
export class JsonCheck {
  constructor(readonly file: string) {}

  fail(pointer: string, reason: string): never {
    throw new MeshImportError(this.file, reason, { pointer });
  }

  object(value: unknown, pointer: string, what: string): JsonObject {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      this.fail(pointer, `${what} must be a JSON object`);
    }
    return value as JsonObject;
  }

  /** An optional array property: [] when absent; refused past the array length budget. */
  array(value: unknown, pointer: string): unknown[] {
    if (value === undefined) return [];
    if (!Array.isArray(value)) this.fail(pointer, 'must be a JSON array');
    if (value.length > INPUT_LIMITS.gltfArrayLength) {
      this.fail(pointer, overLimit('gltfArrayLength', `the array has ${value.length} entries`));
    }
    return value;
  }

  integer(value: unknown, pointer: string, what: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
      const range =
        max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
      this.fail(pointer, `${what} must be ${range}, got ${show(value)}`);
    }
    return value;
  }

  optionalInteger(value: unknown, pointer: string, what: string, min: number, fallback: number): number {
    return value === undefined ? fallback : this.integer(value, pointer, what, min);
  }

  /** An index into a top-level array such as `accessors`, with a message naming both. */
  index(value: unknown, length: number, pointer: string, kind: string): number {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
      this.fail(
        pointer,
        `must be the index of ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind}, got ${show(value)}`,
      );
    }
    if (value >= length) {
      const plural = length === 1 ? kind : kind.endsWith('sh') ? `${kind}es` : `${kind}s`;
      this.fail(pointer, `refers to ${kind} ${value}, but the file has ${length} ${plural}`);
    }
    return value;
  }

  finiteNumbers(value: unknown, count: number, pointer: string, what: string): number[] {
    if (!Array.isArray(value) || value.length !== count) {
      this.fail(pointer, `${what} must be an array of ${count} numbers`);
    }
    value.forEach((v, i) => {
      if (typeof v !== 'number' || !Number.isFinite(v)) {
        this.fail(`${pointer}/${i}`, `${what} must contain finite numbers, got ${show(v)}`);
      }
    });
    return value as number[];
  }
}

/** The shared message rendering: never throws, however deep or large the value. */
const show = showValue;
