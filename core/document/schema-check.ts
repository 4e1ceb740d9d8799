import { nestingProblem } from './json-depth.ts';
import { childPointer, describeType, type Problem, showValue } from './problem.ts';

/**
 * Checks a JSON value against a JSON Schema (the subset TypeBox emits for our documents: type,
 * properties/required/additionalProperties, patternProperties (records), items (lists and
 * tuples), min/maxItems, const, enum, anyOf of literals or of objects told apart by a literal
 * property, numeric bounds, min/maxLength) and reports every problem with its JSON pointer and a
 * sentence. The schema is the single source of truth: the same object is published in docs/ and
 * interpreted here, so the two cannot drift.
 *
 * Only own properties count: a key such as `constructor`, `toString` or `__proto__` is an unknown
 * property like any other, never something found on a prototype. Numbers must be finite (JSON
 * cannot carry NaN; 1e400 parses to Infinity; documents built in code can hold either).
 */
export type JsonSchema = { readonly [key: string]: unknown };

export function checkSchema(value: unknown, schema: object, pointer = ''): Problem[] {
  // The walk below recurses with the value; past the nesting budget it is not started.
  const deep = nestingProblem(value, pointer);
  if (deep) return [deep];
  const problems: Problem[] = [];
  visit(value, schema as JsonSchema, pointer, problems);
  return problems;
}

/** The schema's own entry `key` (a schema is data; nothing is inherited). */
function own(schema: JsonSchema, key: string): unknown {
  return Object.hasOwn(schema, key) ? schema[key] : undefined;
}

function ownRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function visit(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  const anyOf = own(schema, 'anyOf');
  if (Array.isArray(anyOf)) {
    visitUnion(value, anyOf as JsonSchema[], pointer, out);
    return;
  }
  const constant = own(schema, 'const');
  if (constant !== undefined) {
    if (value !== constant)
      out.push({ pointer, message: `must be ${showValue(constant)}, got ${showValue(value)}` });
    return;
  }
  const options = own(schema, 'enum');
  if (Array.isArray(options)) {
    if (!options.includes(value))
      out.push({
        pointer,
        message: `must be one of ${options.map(showValue).join(', ')}, got ${showValue(value)}`,
      });
    return;
  }
  switch (own(schema, 'type')) {
    case 'object':
      visitObject(value, schema, pointer, out);
      return;
    case 'array':
      visitArray(value, schema, pointer, out);
      return;
    case 'string':
      visitString(value, schema, pointer, out);
      return;
    case 'boolean':
      if (typeof value !== 'boolean')
        out.push({ pointer, message: `must be true or false, got ${describeType(value)}` });
      return;
    case 'null':
      if (value !== null) out.push({ pointer, message: `must be null, got ${describeType(value)}` });
      return;
    case 'number':
    case 'integer':
      visitNumber(value, schema, pointer, out);
      return;
    default:
      return;
  }
}

function numberOf(schema: JsonSchema, key: string): number | undefined {
  const value = own(schema, key);
  return typeof value === 'number' ? value : undefined;
}

function visitString(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  if (typeof value !== 'string') {
    out.push({ pointer, message: `must be a string, got ${describeType(value)}` });
    return;
  }
  const minLength = numberOf(schema, 'minLength');
  const maxLength = numberOf(schema, 'maxLength');
  if (minLength !== undefined && value.length < minLength) {
    out.push({
      pointer,
      message: minLength === 1 ? 'must not be empty' : `must have at least ${minLength} characters`,
    });
  } else if (maxLength !== undefined && value.length > maxLength) {
    out.push({ pointer, message: `must have at most ${maxLength} characters, got ${value.length}` });
  }
}

function visitNumber(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  const integer = own(schema, 'type') === 'integer';
  if (typeof value !== 'number') {
    out.push({
      pointer,
      message: `must be ${integer ? 'an integer' : 'a number'}, got ${describeType(value)}`,
    });
    return;
  }
  if (!Number.isFinite(value)) {
    out.push({ pointer, message: `must be a finite number, got ${value}` });
    return;
  }
  if (integer && !Number.isInteger(value)) {
    out.push({ pointer, message: `must be an integer, got ${value}` });
    return;
  }
  const exclusiveMinimum = numberOf(schema, 'exclusiveMinimum');
  const minimum = numberOf(schema, 'minimum');
  const exclusiveMaximum = numberOf(schema, 'exclusiveMaximum');
  const maximum = numberOf(schema, 'maximum');
  if (exclusiveMinimum !== undefined && !(value > exclusiveMinimum)) {
    out.push({ pointer, message: `must be greater than ${exclusiveMinimum}, got ${value}` });
  } else if (minimum !== undefined && !(value >= minimum)) {
    out.push({ pointer, message: `must be at least ${minimum}, got ${value}` });
  } else if (exclusiveMaximum !== undefined && !(value < exclusiveMaximum)) {
    out.push({ pointer, message: `must be less than ${exclusiveMaximum}, got ${value}` });
  } else if (maximum !== undefined && !(value <= maximum)) {
    out.push({ pointer, message: `must be at most ${maximum}, got ${value}` });
  }
}

function visitObject(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  const record = ownRecord(value);
  if (!record) {
    out.push({ pointer, message: `must be an object, got ${describeType(value)}` });
    return;
  }
  const properties = (ownRecord(own(schema, 'properties')) ?? {}) as Record<string, JsonSchema>;
  const required = new Set((own(schema, 'required') ?? []) as string[]);
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!Object.hasOwn(record, key) || record[key] === undefined) {
      if (required.has(key)) out.push({ pointer: childPointer(pointer, key), message: 'is required' });
      continue;
    }
    visit(record[key], propertySchema, childPointer(pointer, key), out);
  }
  const patterns = Object.entries(ownRecord(own(schema, 'patternProperties')) ?? {}).map(
    ([pattern, patternSchema]) => ({
      pattern: new RegExp(pattern, 'u'),
      schema: patternSchema as JsonSchema,
    }),
  );
  const additional = own(schema, 'additionalProperties');
  for (const key of Object.keys(record)) {
    if (Object.hasOwn(properties, key)) continue;
    const at = childPointer(pointer, key);
    const matching = patterns.filter((p) => p.pattern.test(key));
    if (matching.length > 0) {
      for (const match of matching) visit(record[key], match.schema, at, out);
    } else if (additional === false) {
      const known = Object.keys(properties);
      out.push({
        pointer: at,
        message:
          known.length > 0
            ? `is not a known property; expected one of: ${known.join(', ')}`
            : 'is not a known property',
      });
    } else if (ownRecord(additional)) {
      visit(record[key], additional as JsonSchema, at, out);
    } else if (patterns.length > 0) {
      out.push({ pointer: at, message: 'is not an allowed key' });
    }
  }
}

function visitArray(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  if (!Array.isArray(value)) {
    out.push({ pointer, message: `must be an array, got ${describeType(value)}` });
    return;
  }
  const min = numberOf(schema, 'minItems');
  const max = numberOf(schema, 'maxItems');
  const items = own(schema, 'items');
  // A tuple: items is a list, one schema per position, and nothing beyond it.
  const tuple = Array.isArray(items) ? (items as JsonSchema[]) : undefined;
  const exact = tuple && own(schema, 'additionalItems') === false ? tuple.length : undefined;
  if ((min !== undefined && min === max) || exact !== undefined) {
    const count = exact ?? (min as number);
    if (value.length !== count) {
      out.push({ pointer, message: `must have exactly ${count} items, got ${value.length}` });
      return;
    }
  }
  if (min !== undefined && value.length < min) {
    out.push({
      pointer,
      message: min === 1 ? 'must not be empty' : `must have at least ${min} items, got ${value.length}`,
    });
    return;
  }
  if (max !== undefined && value.length > max) {
    out.push({ pointer, message: `must have at most ${max} items, got ${value.length}` });
    return;
  }
  if (tuple) {
    tuple.forEach((itemSchema, i) => {
      if (i < value.length) visit(value[i], itemSchema, childPointer(pointer, i), out);
    });
  } else if (ownRecord(items)) {
    value.forEach((item, i) => {
      visit(item, items as JsonSchema, childPointer(pointer, i), out);
    });
  }
}

/**
 * A union is told apart, in this order, by: literals (reported as "one of"); the JSON type of the
 * value (a material is a name or an object); a property holding a literal in every branch (a
 * shape's `type`); a required property only one branch has (a pin's `box` or `vertices`). The
 * branch chosen is checked in full, so its problems point inside the value. Anything else is
 * valid when one branch is, and otherwise reported with the first branch's problems.
 */
function visitUnion(value: unknown, branches: JsonSchema[], pointer: string, out: Problem[]): void {
  if (branches.every((b) => own(b, 'const') !== undefined)) {
    visit(value, { enum: branches.map((b) => own(b, 'const')) }, pointer, out);
    return;
  }
  const fitting = branches.filter((b) => acceptsJsonType(b, jsonType(value)));
  if (fitting.length === 0) {
    const wanted = [...new Set(branches.flatMap((b) => [...(jsonTypes(b) ?? [])]).map(typeNoun))];
    out.push({ pointer, message: `must be ${wanted.join(' or ')}, got ${describeType(value)}` });
    return;
  }
  if (fitting.length === 1) {
    visit(value, fitting[0], pointer, out);
    return;
  }
  const tag = discriminator(fitting);
  if (tag !== undefined) {
    const record = ownRecord(value) ?? {};
    const options = fitting.map((b) => literalOf(b, tag));
    const actual = Object.hasOwn(record, tag) ? record[tag] : undefined;
    const branch = fitting[options.indexOf(actual)];
    if (actual === undefined)
      out.push({
        pointer: childPointer(pointer, tag),
        message: `is required (one of ${options.map(showValue).join(', ')})`,
      });
    else if (!branch)
      out.push({
        pointer: childPointer(pointer, tag),
        message: `must be one of ${options.map(showValue).join(', ')}, got ${showValue(actual)}`,
      });
    else visit(value, branch, pointer, out);
    return;
  }
  const keys = distinguishingKeys(fitting);
  const record = ownRecord(value);
  if (keys && record) {
    const present = keys.filter((key) => Object.hasOwn(record, key));
    const names = keys.map((key) => `'${key}'`).join(' or ');
    if (present.length === 1) visit(value, fitting[keys.indexOf(present[0])], pointer, out);
    else
      out.push({
        pointer,
        message:
          present.length === 0
            ? `needs ${names}`
            : `takes one of ${names}, not ${present.length === 2 ? 'both' : 'several'} (${present.map((k) => `'${k}'`).join(', ')})`,
      });
    return;
  }
  const attempts = fitting.map((b) => checkSchema(value, b, pointer));
  if (attempts.some((a) => a.length === 0)) return;
  out.push(...(attempts[0] ?? []));
}

type JsonType = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

function jsonType(value: unknown): JsonType | undefined {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const type = typeof value;
  return type === 'object' || type === 'string' || type === 'number' || type === 'boolean' ? type : undefined;
}

/** The JSON types a schema can accept; undefined when it accepts any. */
function jsonTypes(schema: JsonSchema): Set<JsonType> | undefined {
  const type = own(schema, 'type');
  if (typeof type === 'string') return new Set([type === 'integer' ? 'number' : (type as JsonType)]);
  const constant = own(schema, 'const');
  if (constant !== undefined) return new Set([jsonType(constant) ?? 'null']);
  const options = own(schema, 'enum');
  if (Array.isArray(options)) return new Set(options.map((o) => jsonType(o) ?? 'null'));
  const anyOf = own(schema, 'anyOf');
  if (Array.isArray(anyOf)) {
    const all = new Set<JsonType>();
    for (const branch of anyOf as JsonSchema[]) {
      const types = jsonTypes(branch);
      if (!types) return undefined;
      for (const t of types) all.add(t);
    }
    return all;
  }
  return undefined;
}

function acceptsJsonType(schema: JsonSchema, type: JsonType | undefined): boolean {
  const types = jsonTypes(schema);
  return types === undefined || (type !== undefined && types.has(type));
}

function typeNoun(type: JsonType): string {
  return type === 'boolean' ? 'true or false' : describeType(EXAMPLES[type]);
}

const EXAMPLES: Record<JsonType, unknown> = {
  object: {},
  array: [],
  string: '',
  number: 0,
  boolean: true,
  null: null,
};

/**
 * For object branches, the first required property of each that no other branch has (a pin's
 * `box`, `vertices`); undefined unless every branch has one.
 */
function distinguishingKeys(branches: JsonSchema[]): string[] | undefined {
  if (!branches.every((b) => own(b, 'type') === 'object')) return undefined;
  const required = branches.map((b) => {
    const list = own(b, 'required');
    return Array.isArray(list) ? (list as string[]) : [];
  });
  const keys = required.map((list, i) =>
    list.find((key) => required.every((other, j) => j === i || !other.includes(key))),
  );
  return keys.every((key) => key !== undefined) ? (keys as string[]) : undefined;
}

function literalOf(schema: JsonSchema, key: string): unknown {
  const properties = ownRecord(own(schema, 'properties'));
  const property = properties && Object.hasOwn(properties, key) ? ownRecord(properties[key]) : undefined;
  return property ? own(property, 'const') : undefined;
}

function discriminator(branches: JsonSchema[]): string | undefined {
  if (!branches.every((b) => own(b, 'type') === 'object')) return undefined;
  const first = Object.keys(ownRecord(own(branches[0], 'properties')) ?? {});
  return first.find((key) => {
    const literals = branches.map((b) => literalOf(b, key));
    return literals.every((l) => l !== undefined) && new Set(literals).size === literals.length;
  });
}
