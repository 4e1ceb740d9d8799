import { childPointer, describeType, type Problem, showValue } from './problems.ts';

/**
 * Checks a JSON value against a JSON Schema (the subset TypeBox emits for our documents: type,
 * properties/required/additionalProperties, items, min/maxItems, const, enum, anyOf of literals
 * or of objects told apart by a literal property, numeric bounds, minLength) and reports every
 * problem with its JSON pointer and a sentence. The schema is the single source of truth: the same
 * object is published in docs/ and interpreted here, so the two cannot drift.
 *
 * Numbers must also be finite (JSON cannot carry NaN; 1e999 parses to Infinity; documents built in
 * code can hold either).
 */
export type JsonSchema = { readonly [key: string]: unknown };

export function checkSchema(value: unknown, schema: object, pointer = ''): Problem[] {
  const problems: Problem[] = [];
  visit(value, schema as JsonSchema, pointer, problems);
  return problems;
}

function visit(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  if (schema.anyOf !== undefined) {
    visitUnion(value, schema.anyOf as JsonSchema[], pointer, out);
    return;
  }
  if (schema.const !== undefined) {
    if (value !== schema.const)
      out.push({ pointer, message: `must be ${showValue(schema.const)}, got ${showValue(value)}` });
    return;
  }
  if (schema.enum !== undefined) {
    const options = schema.enum as unknown[];
    if (!options.includes(value))
      out.push({
        pointer,
        message: `must be one of ${options.map(showValue).join(', ')}, got ${showValue(value)}`,
      });
    return;
  }
  switch (schema.type) {
    case 'object':
      visitObject(value, schema, pointer, out);
      return;
    case 'array':
      visitArray(value, schema, pointer, out);
      return;
    case 'string':
      if (typeof value !== 'string')
        out.push({ pointer, message: `must be a string, got ${describeType(value)}` });
      else if (typeof schema.minLength === 'number' && value.length < schema.minLength) {
        out.push({
          pointer,
          message:
            schema.minLength === 1
              ? 'must not be empty'
              : `must have at least ${schema.minLength} characters`,
        });
      } else if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) {
        out.push({
          pointer,
          message: `must have at most ${schema.maxLength} characters, got ${value.length}`,
        });
      }
      return;
    case 'boolean':
      if (typeof value !== 'boolean')
        out.push({ pointer, message: `must be true or false, got ${describeType(value)}` });
      return;
    case 'number':
    case 'integer':
      visitNumber(value, schema, pointer, out);
      return;
    default:
      return;
  }
}

function visitNumber(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  const integer = schema.type === 'integer';
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
  const bound = (key: string) => (typeof schema[key] === 'number' ? (schema[key] as number) : undefined);
  const exclusiveMinimum = bound('exclusiveMinimum');
  const minimum = bound('minimum');
  const exclusiveMaximum = bound('exclusiveMaximum');
  const maximum = bound('maximum');
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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    out.push({ pointer, message: `must be an object, got ${describeType(value)}` });
    return;
  }
  const record = value as Record<string, unknown>;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  for (const [key, propertySchema] of Object.entries(properties)) {
    if (!Object.hasOwn(record, key) || record[key] === undefined) {
      if (required.has(key)) out.push({ pointer: childPointer(pointer, key), message: 'is required' });
      continue;
    }
    visit(record[key], propertySchema, childPointer(pointer, key), out);
  }
  if (schema.additionalProperties === false) {
    const known = Object.keys(properties);
    for (const key of Object.keys(record)) {
      if (!Object.hasOwn(properties, key)) {
        out.push({
          pointer: childPointer(pointer, key),
          message: `is not a known property; expected one of: ${known.join(', ')}`,
        });
      }
    }
  }
}

function visitArray(value: unknown, schema: JsonSchema, pointer: string, out: Problem[]): void {
  if (!Array.isArray(value)) {
    out.push({ pointer, message: `must be an array, got ${describeType(value)}` });
    return;
  }
  const min = typeof schema.minItems === 'number' ? schema.minItems : undefined;
  const max = typeof schema.maxItems === 'number' ? schema.maxItems : undefined;
  if (min !== undefined && min === max && value.length !== min) {
    out.push({ pointer, message: `must have exactly ${min} items, got ${value.length}` });
    return;
  }
  if (min !== undefined && value.length < min) {
    out.push({
      pointer,
      message: `must have at least ${min} item${min === 1 ? '' : 's'}, got ${value.length}`,
    });
    return;
  }
  if (max !== undefined && value.length > max) {
    out.push({ pointer, message: `must have at most ${max} items, got ${value.length}` });
    return;
  }
  if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) {
    value.forEach((item, i) => {
      visit(item, schema.items as JsonSchema, childPointer(pointer, i), out);
    });
  }
}

/**
 * A union is either literals (reported as "one of"), or objects told apart by one property that
 * holds a literal in every branch (the branch it names is checked), or anything else (valid when
 * one branch is).
 */
function visitUnion(value: unknown, branches: JsonSchema[], pointer: string, out: Problem[]): void {
  if (branches.every((b) => b.const !== undefined)) {
    visit(value, { enum: branches.map((b) => b.const) }, pointer, out);
    return;
  }
  const tag = discriminator(branches);
  if (tag !== undefined) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      out.push({ pointer, message: `must be an object, got ${describeType(value)}` });
      return;
    }
    const options = branches.map((b) => literalOf(b, tag));
    const actual = (value as Record<string, unknown>)[tag];
    const branch = branches[options.indexOf(actual)];
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
  const attempts = branches.map((b) => checkSchema(value, b, pointer));
  if (attempts.some((a) => a.length === 0)) return;
  out.push(...(attempts[0] ?? []));
}

function literalOf(schema: JsonSchema, key: string): unknown {
  const property = (schema.properties as Record<string, JsonSchema> | undefined)?.[key];
  return property?.const;
}

function discriminator(branches: JsonSchema[]): string | undefined {
  if (!branches.every((b) => b.type === 'object')) return undefined;
  const first = Object.keys((branches[0].properties ?? {}) as object);
  return first.find((key) => {
    const literals = branches.map((b) => literalOf(b, key));
    return literals.every((l) => l !== undefined) && new Set(literals).size === literals.length;
  });
}
