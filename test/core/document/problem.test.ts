import { describe, expect, it } from 'vitest';
import { childPointer, DocumentError, formatProblem, showValue } from '../../../core/document/problem.ts';

function nested(depth: number): unknown {
  let value: unknown = 0;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('problems and the document error', () => {
  it('builds escaped child pointers and prints the root as /', () => {
    expect(childPointer('/meshes', 'a/b.obj', 0)).toBe('/meshes/a~1b.obj/0');
    expect(formatProblem({ pointer: '', message: 'must be an object' })).toBe('/: must be an object');
  });

  it('names the file, the first problem and how many more there are', () => {
    const error = new DocumentError(
      'project',
      [
        { pointer: '/scene/bodies/0/material', message: "names no material 'jelly'" },
        { pointer: '/editor', message: 'must be an object' },
      ],
      'p.sbproj',
    );
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('DocumentError');
    expect(error.kind).toBe('project');
    expect(error.pointer).toBe('/scene/bodies/0/material');
    expect(error.message).toBe(
      "p.sbproj: /scene/bodies/0/material: names no material 'jelly' (and 1 more problem)",
    );
    expect(error.lines()).toEqual([
      "p.sbproj: /scene/bodies/0/material: names no material 'jelly'",
      'p.sbproj: /editor: must be an object',
    ]);
  });

  it('still says what is wrong when given no problems', () => {
    const error = new DocumentError('scene', []);
    expect(error.message).toBe('/: is not a valid scene');
    expect(error.problems).toHaveLength(1);
  });

  it('shows values JSON cannot print without throwing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => JSON.stringify(nested(1_000_000))).toThrow(RangeError);
    expect(showValue(nested(1_000_000))).toBe('[[[[[[[[[...]]]]]]]]]');
    expect(showValue(cyclic)).toBe('{"self":{"self":{"self":{"self":{"sel...');
    expect(showValue(Object.create(null))).toBe('{}');
    expect(showValue({ a: [1, 2], b: 'x' })).toBe('{"a":[1,2],"b":"x"}');
    expect(showValue(new Array(1_000_000).fill(1))).toBe(`[${'1,'.repeat(18)}...`);
    expect(showValue(10n)).toBe('10n');
    expect(showValue('x'.repeat(50))).toBe(`'${'x'.repeat(37)}...'`);
  });
});
