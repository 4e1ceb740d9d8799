import Type from 'typebox';
import { describe, expect, it } from 'vitest';
import { checkSchema } from '../../../core/document/schema-check.ts';

const Point = Type.Object(
  { x: Type.Number(), label: Type.Optional(Type.String({ minLength: 1 })) },
  { additionalProperties: false },
);

describe('checkSchema', () => {
  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    "reports a key named '%s' as an unknown property",
    (key) => {
      const value = JSON.parse(`{"x": 1, "${key}": 2}`);
      expect(checkSchema(value, Point)).toEqual([
        { pointer: `/${key}`, message: 'is not a known property; expected one of: x, label' },
      ]);
    },
  );

  it('does not take a required property from the prototype', () => {
    const Named = Type.Object({ toString: Type.String() });
    expect(checkSchema({}, Named)).toEqual([{ pointer: '/toString', message: 'is required' }]);
  });

  it.each([
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['NaN', Number.NaN],
    ['1e400 parsed', JSON.parse('1e400')],
  ])('rejects the non-finite number %s', (_, x) => {
    expect(checkSchema({ x }, Point)).toEqual([
      { pointer: '/x', message: `must be a finite number, got ${x}` },
    ]);
  });

  it('checks every value of a record against its value schema, prototype-named keys included', () => {
    const Counts = Type.Record(Type.String(), Type.Integer({ minimum: 0 }));
    expect(checkSchema(JSON.parse('{"a": 1, "constructor": -1, "__proto__": "x"}'), Counts)).toEqual([
      { pointer: '/constructor', message: 'must be at least 0, got -1' },
      { pointer: '/__proto__', message: 'must be an integer, got a string' },
    ]);
  });

  it('checks tuples position by position and their length', () => {
    const Pair = Type.Tuple([Type.Number(), Type.String()]);
    expect(checkSchema([1, 2], Pair)).toEqual([{ pointer: '/1', message: 'must be a string, got a number' }]);
    expect(checkSchema([1], Pair)).toEqual([{ pointer: '', message: 'must have exactly 2 items, got 1' }]);
  });

  it('accepts null where the schema allows it and says so where it does not', () => {
    const Maybe = Type.Union([Type.Integer(), Type.Null()]);
    expect(checkSchema(null, Maybe)).toEqual([]);
    expect(checkSchema(null, Type.Null())).toEqual([]);
    expect(checkSchema(0, Type.Null())).toEqual([{ pointer: '', message: 'must be null, got a number' }]);
  });

  it('escapes pointer tokens (RFC 6901)', () => {
    expect(checkSchema({ x: 1, 'a/b~c': 0 }, Point)).toEqual([
      { pointer: '/a~1b~0c', message: 'is not a known property; expected one of: x, label' },
    ]);
  });
});

describe('checkSchema unions', () => {
  const Material = Type.Union([
    Type.String({ minLength: 1 }),
    Type.Object({ densityKgM3: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false }),
  ]);

  it('checks the branch of the value’s JSON type, so problems point inside it', () => {
    expect(checkSchema({ densityKgM3: -1 }, Material)).toEqual([
      { pointer: '/densityKgM3', message: 'must be greater than 0, got -1' },
    ]);
    expect(checkSchema('', Material)).toEqual([{ pointer: '', message: 'must not be empty' }]);
    expect(checkSchema(5, Material)).toEqual([
      { pointer: '', message: 'must be a string or an object, got a number' },
    ]);
  });

  it('tells objects apart by a literal tag, or by a key only one branch requires', () => {
    const Shape = Type.Union([
      Type.Object({ type: Type.Literal('box'), size: Type.Number() }),
      Type.Object({ type: Type.Literal('rope'), segments: Type.Integer() }),
    ]);
    expect(checkSchema({ type: 'rope', segments: 1.5 }, Shape)).toEqual([
      { pointer: '/segments', message: 'must be an integer, got 1.5' },
    ]);
    expect(checkSchema({ type: 'toString' }, Shape)).toEqual([
      { pointer: '/type', message: "must be one of 'box', 'rope', got 'toString'" },
    ]);
    const Pin = Type.Union([
      Type.Object({ box: Type.Number() }),
      Type.Object({ vertices: Type.Array(Type.Integer()) }),
    ]);
    expect(checkSchema({}, Pin)).toEqual([{ pointer: '', message: "needs 'box' or 'vertices'" }]);
    expect(checkSchema({ box: 1, vertices: [] }, Pin)).toEqual([
      { pointer: '', message: "takes one of 'box' or 'vertices', not both ('box', 'vertices')" },
    ]);
  });
});
