/**
 * Canonical JSON text, so that write → read → write is byte-identical: object keys in the order
 * the schema declares them (so a preset reads top-down: version, name, settings, materials,
 * bodies, derived data last), keys the schema does not know sorted by code point after them,
 * two-space indentation, a final newline, and numbers in ECMAScript's shortest round-trip form
 * (the exact double comes back on parse; −0 is written as 0). Without a schema all keys are sorted.
 * Non-finite numbers are a bug here: documents are validated before they are written.
 */
type Schema = { readonly [key: string]: unknown };

export function canonicalJson(value: unknown, schema?: object): string {
  return `${JSON.stringify(canonicalize(value, schema as Schema | undefined, ''), null, 2)}\n`;
}

function canonicalize(value: unknown, schema: Schema | undefined, path: string): unknown {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`canonicalJson: non-finite number at ${path || '/'}`);
    return Object.is(value, -0) ? 0 : value;
  }
  const resolved = schema ? resolveUnion(schema, value) : undefined;
  if (Array.isArray(value)) {
    const items = resolved?.items as Schema | undefined;
    return value.map((item, i) => canonicalize(item, items, `${path}/${i}`));
  }
  if (value !== null && typeof value === 'object') {
    if (ArrayBuffer.isView(value))
      throw new TypeError(`canonicalJson: typed array at ${path || '/'} (encode it first)`);
    const record = value as Record<string, unknown>;
    const properties = (resolved?.properties ?? {}) as Record<string, Schema>;
    const declared = Object.keys(properties).filter(
      (key) => Object.hasOwn(record, key) && record[key] !== undefined,
    );
    const rest = Object.keys(record)
      .filter((key) => record[key] !== undefined && !Object.hasOwn(properties, key))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    // fromEntries defines own properties, so a key such as '__proto__' stays data.
    return Object.fromEntries(
      [...declared, ...rest].map((key) => [
        key,
        canonicalize(
          record[key],
          Object.hasOwn(properties, key) ? properties[key] : undefined,
          `${path}/${key}`,
        ),
      ]),
    );
  }
  return value;
}

/** For an anyOf, the object branch whose literal properties match `value`; else the schema itself. */
function resolveUnion(schema: Schema, value: unknown): Schema {
  const branches = schema.anyOf as Schema[] | undefined;
  if (!branches || typeof value !== 'object' || value === null) return schema;
  const record = value as Record<string, unknown>;
  return (
    branches.find((branch) => {
      const properties = (branch.properties ?? {}) as Record<string, Schema>;
      return Object.entries(properties).every(
        ([key, property]) => property.const === undefined || property.const === record[key],
      );
    }) ?? schema
  );
}
