import { describe, expect, it, vi } from 'vitest';
import { decodeBase64, decodeBase64Js, encodeBase64 } from '../../../core/document/base64.ts';
import { decodeModuleBase64 } from '../../../core/sim/wasm/base64.ts';
import { seededRandom } from '../../seeded-random.ts';

/** Bytes from a seeded generator. */
function randomBytes(length: number, seed: number): Uint8Array {
  const next = seededRandom(seed);
  return Uint8Array.from({ length }, () => Math.floor(next() * 256));
}

const NOT_BASE64 = ['abc', 'ab$d', 'ab=d', 'a===', '=abc', 'abcd=', 'ab\u00e9d', 'YQ==YQ==', 'ab c'];

describe('base64', () => {
  it('decodes what Node encodes and encodes what Node decodes, 0–300 bytes', () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = randomBytes(length, length + 1);
      const text = Buffer.from(bytes).toString('base64');
      expect(encodeBase64(bytes)).toBe(text);
      expect(Array.from(decodeBase64(text) as Uint8Array)).toEqual(Array.from(bytes));
      expect(Array.from(decodeBase64Js(text) as Uint8Array)).toEqual(Array.from(bytes));
    }
  });

  it("takes the platform's decoder for valid text only, and returns bytes of their own", () => {
    // Node's decoder here (Node 20 has no Uint8Array.fromBase64); a small Buffer lives in a shared pool.
    const from = vi.spyOn(Buffer, 'from');
    try {
      const bytes = decodeBase64('AAECAw==') as Uint8Array;
      expect(from).toHaveBeenCalledTimes(1);
      expect(Array.from(bytes)).toEqual([0, 1, 2, 3]);
      expect(bytes.byteOffset).toBe(0);
      expect(bytes.buffer.byteLength).toBe(4);
      decodeBase64('ab$d');
      expect(from).toHaveBeenCalledTimes(1);
    } finally {
      from.mockRestore();
    }
  });

  it('says where text goes wrong, in the same words with or without a native decoder', () => {
    for (const text of NOT_BASE64) {
      const problem = decodeBase64(text);
      expect(typeof problem, text).toBe('string');
      expect(problem).toBe(decodeBase64Js(text));
    }
    expect(decodeBase64('ab$d')).toBe('is not valid base64: unexpected character "$" at offset 2');
    expect(decodeBase64('abc')).toMatch(/length 3 is not a multiple of 4/);
  });

  it("decodes a generated module's text natively, unchecked, and else throws the decoder's words", () => {
    expect(Array.from(decodeModuleBase64('AGFzbQ=='))).toEqual([0, 97, 115, 109]);
    // Where the platform has no decoder, the JS one checks the text, and a fault is the build's: thrown.
    vi.stubGlobal('Buffer', undefined);
    try {
      expect(Array.from(decodeModuleBase64('AGFzbQ=='))).toEqual([0, 97, 115, 109]);
      expect(() => decodeModuleBase64('ab$d')).toThrow(
        'A generated module is not valid base64: unexpected character "$" at offset 2',
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
