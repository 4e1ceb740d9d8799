import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../../core/document/canonical-json.ts';

describe('canonicalJson', () => {
  it('writes schema keys in declared order, others sorted after them', () => {
    const Schema = Type.Object({ b: Type.Number(), a: Type.Number() });
    expect(canonicalJson({ z: 1, a: 2, b: 3, c: 4 }, Schema)).toBe(
      '{\n  "b": 3,\n  "a": 2,\n  "c": 4,\n  "z": 1\n}\n',
    );
  });

  it("keeps a '__proto__' key as data", () => {
    const value = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
    expect(canonicalJson(value)).toBe('{\n  "__proto__": {\n    "polluted": true\n  },\n  "a": 1\n}\n');
  });
});
