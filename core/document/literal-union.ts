import Type from 'typebox';

/**
 * The schema of one of the strings in `values`, as Type.Union of Type.Literal writes it (anyOf of
 * string constants), typed as the list's members. Lets a schema take a list kept elsewhere (the
 * constraint models of core/scene/models.ts) without restating it.
 */
export function literalUnion<const T extends readonly string[]>(
  values: T,
  options: { description?: string } = {},
) {
  return Type.Unsafe<T[number]>({
    anyOf: values.map((value) => ({ type: 'string', const: value })),
    ...options,
  });
}
