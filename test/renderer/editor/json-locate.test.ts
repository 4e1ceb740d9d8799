import { describe, expect, test } from 'vitest';
import { locatePointer } from '../../../renderer/src/editor/json-locate.ts';

const text = JSON.stringify(
  { a: 1, 'b/c': { list: [10, { deep: 'x,y' }, [3]] }, s: 'q"uote', n: null },
  null,
  2,
);
const at = (pointer: string) => {
  const span = locatePointer(text, pointer);
  return text.slice(span.start, span.end);
};

describe('locatePointer', () => {
  test('finds numbers, strings, objects and array items by pointer', () => {
    expect(at('/a')).toBe('1');
    expect(at('/b~1c/list/0')).toBe('10');
    expect(at('/b~1c/list/1/deep')).toBe('"x,y"');
    expect(at('/b~1c/list/2')).toBe('[\n        3\n      ]');
    expect(at('/s')).toBe('"q\\"uote"');
    expect(at('/n')).toBe('null');
  });

  test('the root pointer spans the whole document', () => {
    expect(at('')).toBe(text);
  });

  test('a missing member falls back to the object that lacks it', () => {
    expect(at('/b~1c/list/1/missing')).toBe('{\n        "deep": "x,y"\n      }');
  });
});
