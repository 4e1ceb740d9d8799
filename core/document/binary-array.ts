import Type from 'typebox';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { childPointer, type Problem } from './problem.ts';

/**
 * Numeric arrays inside a document (presets, projects): base64 of the little-endian bytes of a typed array, with the
 * element type and count beside it, so the whole document is one self-contained JSON file:
 *
 *   { "dtype": "float32", "count": 24, "base64": "AAAAAAAAgD8..." }
 *
 * In memory (after reading) each such object is the typed array itself. The generic walks below
 * convert a whole document, so the document types need no parallel hand-written in-memory copy:
 * `Decoded<T>` maps the schema's static type to the in-memory one.
 */
export const DTYPES = {
  float64: { bytes: 8, make: (n: number) => new Float64Array(n) },
  float32: { bytes: 4, make: (n: number) => new Float32Array(n) },
  uint32: { bytes: 4, make: (n: number) => new Uint32Array(n) },
  uint16: { bytes: 2, make: (n: number) => new Uint16Array(n) },
} as const;

export type Dtype = keyof typeof DTYPES;

interface TypedArrayByDtype {
  float64: Float64Array;
  float32: Float32Array;
  uint32: Uint32Array;
  uint16: Uint16Array;
}

export interface BinaryArrayJson<D extends Dtype = Dtype> {
  dtype: D;
  count: number;
  base64: string;
}

/** The schema of a binary array of element type `dtype`. */
export function binaryArraySchema<D extends Dtype>(dtype: D, description: string) {
  return Type.Object(
    {
      dtype: Type.Literal(dtype, { description: 'Element type (little-endian).' }),
      count: Type.Integer({ minimum: 0, description: 'Number of elements.' }),
      base64: Type.String({ description: 'Base64 (RFC 4648, padded) of count × element size bytes.' }),
    },
    { additionalProperties: false, description: `${description} Binary array: ${dtype}, base64.` },
  );
}

/** The in-memory form of a document type: binary arrays become typed arrays. */
export type Decoded<T> = T extends { dtype: infer D extends Dtype; base64: string }
  ? TypedArrayByDtype[D]
  : T extends readonly unknown[]
    ? { [K in keyof T]: Decoded<T[K]> }
    : T extends object
      ? { [K in keyof T]: Decoded<T[K]> }
      : T;

/** The JSON form of an in-memory document type (inverse of Decoded, for typed arrays). */
export type Encoded<T> = T extends Float64Array
  ? BinaryArrayJson<'float64'>
  : T extends Float32Array
    ? BinaryArrayJson<'float32'>
    : T extends Uint32Array
      ? BinaryArrayJson<'uint32'>
      : T extends Uint16Array
        ? BinaryArrayJson<'uint16'>
        : T extends readonly unknown[]
          ? { [K in keyof T]: Encoded<T[K]> }
          : T extends object
            ? { [K in keyof T]: Encoded<T[K]> }
            : T;

function dtypeOf(array: ArrayBufferView): Dtype {
  if (array instanceof Float64Array) return 'float64';
  if (array instanceof Float32Array) return 'float32';
  if (array instanceof Uint32Array) return 'uint32';
  if (array instanceof Uint16Array) return 'uint16';
  throw new TypeError(`binary arrays hold float64, float32, uint32 or uint16, not ${array.constructor.name}`);
}

export function encodeArray(array: Float64Array | Float32Array | Uint32Array | Uint16Array): BinaryArrayJson {
  const dtype = dtypeOf(array);
  const bytes = new Uint8Array(array.length * DTYPES[dtype].bytes);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < array.length; i++) {
    if (dtype === 'float64') view.setFloat64(8 * i, array[i], true);
    else if (dtype === 'float32') view.setFloat32(4 * i, array[i], true);
    else if (dtype === 'uint32') view.setUint32(4 * i, array[i], true);
    else view.setUint16(2 * i, array[i], true);
  }
  return { dtype, count: array.length, base64: encodeBase64(bytes) };
}

/** The typed array held by `json`, or the problem (bad base64, byte length not matching count). */
export function decodeArray(
  json: BinaryArrayJson,
  pointer: string,
): Float64Array | Float32Array | Uint32Array | Uint16Array | Problem {
  const bytes = decodeBase64(json.base64);
  if (typeof bytes === 'string') return { pointer: childPointer(pointer, 'base64'), message: bytes };
  const size = DTYPES[json.dtype].bytes;
  if (bytes.length !== json.count * size) {
    return {
      pointer: childPointer(pointer, 'base64'),
      message: `holds ${bytes.length} bytes but count ${json.count} of ${json.dtype} needs ${json.count * size}${bytes.length < json.count * size ? ' (truncated?)' : ''}`,
    };
  }
  const out = DTYPES[json.dtype].make(json.count);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < json.count; i++) {
    if (json.dtype === 'float64') out[i] = view.getFloat64(8 * i, true);
    else if (json.dtype === 'float32') out[i] = view.getFloat32(4 * i, true);
    else if (json.dtype === 'uint32') out[i] = view.getUint32(4 * i, true);
    else out[i] = view.getUint16(2 * i, true);
  }
  return out;
}

function isBinaryArrayJson(value: unknown): value is BinaryArrayJson {
  return typeof value === 'object' && value !== null && 'dtype' in value && 'base64' in value;
}

/** Replaces every binary array of a schema-valid document by its typed array; collects problems. */
export function decodeDocument<T>(json: T, problems: Problem[], pointer = ''): Decoded<T> {
  if (isBinaryArrayJson(json)) {
    const decoded = decodeArray(json, pointer);
    if ('pointer' in decoded) {
      problems.push(decoded);
      return DTYPES[json.dtype].make(0) as Decoded<T>;
    }
    return decoded as Decoded<T>;
  }
  if (Array.isArray(json))
    return json.map((item, i) => decodeDocument(item, problems, childPointer(pointer, i))) as Decoded<T>;
  if (typeof json === 'object' && json !== null) {
    // fromEntries defines own properties, so a key such as '__proto__' stays data.
    return Object.fromEntries(
      Object.entries(json).map(([key, value]) => [
        key,
        decodeDocument(value, problems, childPointer(pointer, key)),
      ]),
    ) as Decoded<T>;
  }
  return json as Decoded<T>;
}

/** Replaces every typed array of an in-memory document by its binary array JSON. */
export function encodeDocument<T>(value: T): Encoded<T> {
  if (
    value instanceof Float64Array ||
    value instanceof Float32Array ||
    value instanceof Uint32Array ||
    value instanceof Uint16Array
  ) {
    return encodeArray(value) as Encoded<T>;
  }
  if (ArrayBuffer.isView(value))
    throw new TypeError(
      `binary arrays hold float64, float32, uint32 or uint16, not ${value.constructor.name}`,
    );
  if (Array.isArray(value)) return value.map((item) => encodeDocument(item)) as Encoded<T>;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, item]) => item !== undefined)
        .map(([key, item]) => [key, encodeDocument(item)]),
    ) as Encoded<T>;
  }
  return value as Encoded<T>;
}
