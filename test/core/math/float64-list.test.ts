import { describe, expect, test } from 'vitest';
import { Float64List } from '../../../core/math/float64-list.ts';

describe('Float64List', () => {
  test('keeps every value pushed, singly and in threes, through its growth', () => {
    const list = new Float64List(1);
    const expected: number[] = [];
    for (let i = 0; i < 200; i++) {
      if (i % 3 === 0) {
        list.push3(i, i + 0.25, -i);
        expected.push(i, i + 0.25, -i);
      } else {
        list.push(i / 7);
        expected.push(i / 7);
      }
    }
    expect(list.length).toBe(expected.length);
    expect(Array.from(list.toArray())).toEqual(expected);
    expect(Array.from(list.values.subarray(0, list.length))).toEqual(expected);
  });

  test('toArray is a copy of exactly the list; length = 0 empties it for reuse', () => {
    const list = new Float64List();
    list.push3(1, 2, 3);
    const copy = list.toArray();
    expect(copy).toEqual(Float64Array.of(1, 2, 3));
    list.length = 0;
    list.push(9);
    expect(list.toArray()).toEqual(Float64Array.of(9));
    expect(copy).toEqual(Float64Array.of(1, 2, 3));
  });
});
