import fc from 'fast-check';

/**
 * Byte edits for fuzzing file readers: overwrite a byte, delete a run, insert a run, or cut the
 * file short. Shared by the unit fuzz tests and the longer campaign (scripts/fuzz.ts).
 */

/** One edit anywhere in the first `length` bytes; `alphabet` gives the bytes written. */
export const edit = (length: number, alphabet: fc.Arbitrary<number>) =>
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(length - 1), byte: alphabet }),
    fc.record({
      kind: fc.constant('delete' as const),
      at: fc.nat(length - 1),
      count: fc.integer({ min: 1, max: 64 }),
    }),
    fc.record({
      kind: fc.constant('insert' as const),
      at: fc.nat(length - 1),
      bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }),
    }),
    fc.record({ kind: fc.constant('truncate' as const), at: fc.nat(length - 1) }),
  );

export type Edit =
  | { kind: 'set'; at: number; byte: number }
  | { kind: 'delete'; at: number; count: number }
  | { kind: 'insert'; at: number; bytes: Uint8Array }
  | { kind: 'truncate'; at: number };

export function applyEdits(source: Uint8Array, edits: Edit[]): Uint8Array {
  let bytes: Uint8Array = source.slice();
  for (const e of edits) {
    const at = Math.min(e.at, Math.max(0, bytes.length - 1));
    if (e.kind === 'set') {
      if (bytes.length > 0) bytes[at] = e.byte;
    } else if (e.kind === 'delete') {
      bytes = concat(bytes.subarray(0, at), bytes.subarray(at + e.count));
    } else if (e.kind === 'insert') {
      bytes = concat(bytes.subarray(0, at), e.bytes, bytes.subarray(at));
    } else bytes = bytes.slice(0, at);
  }
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
