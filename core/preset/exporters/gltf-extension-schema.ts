import { BodySetupSchema, PresetSchema } from '../schema.ts';
import { SOFTBODY_EXTENSION } from './gltf-extension.ts';

/**
 * JSON Schemas of the SOFTBODY_soft_body extension objects, derived from the preset schema so the
 * two cannot drift: the root object is the preset without its setup's `bodies` plus the list of
 * body nodes; the node object is a body setup. Binary arrays become accessor references, but for
 * float64 ones, which stay base64 (glTF has no double accessors).
 * docs/gltf-extension/ holds these written out (`softbody export --print-extension-schema`).
 */
const COMPONENT_TYPES = {
  float32: '5126 (FLOAT)',
  uint32: '5125 (UNSIGNED_INT)',
  uint16: '5123 (UNSIGNED_SHORT)',
} as const;

type Schema = Record<string, unknown>;

function accessorReference(binary: Schema): Schema {
  const dtype = ((binary.properties as Record<string, Schema>).dtype.const ??
    'float32') as keyof typeof COMPONENT_TYPES;
  return {
    type: 'object',
    description: `${String(binary.description ?? '').replace(/ Binary array: .*$/, '')} A SCALAR accessor of componentType ${COMPONENT_TYPES[dtype]}.`,
    required: ['dtype'],
    additionalProperties: false,
    properties: {
      dtype: { const: dtype, description: 'Element type.' },
      accessor: { type: 'integer', minimum: 0, description: 'Index of the accessor holding the array.' },
      count: {
        const: 0,
        description: 'Given instead of `accessor` when the array is empty (glTF accessors cannot be empty).',
      },
    },
    anyOf: [{ required: ['accessor'] }, { required: ['count'] }],
  };
}

function withAccessors(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withAccessors);
  if (schema === null || typeof schema !== 'object') return schema;
  const record = schema as Schema;
  const properties = record.properties as Record<string, Schema> | undefined;
  if (properties?.dtype && properties.base64 && properties.dtype.const !== 'float64')
    return accessorReference(record);
  const out: Schema = {};
  for (const [key, value] of Object.entries(record)) out[key] = withAccessors(value);
  return out;
}

export function gltfExtensionSchemas(): { root: Schema; node: Schema } {
  const preset = JSON.parse(JSON.stringify(PresetSchema)) as Schema;
  const properties = preset.properties as Record<string, Schema>;
  const setup = properties.setup;
  const { bodies: _bodies, ...setupProperties } = setup.properties as Record<string, Schema>;
  const root: Schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${SOFTBODY_EXTENSION} glTF extension`,
    description: 'On the glTF root: the preset without its body setups, and the nodes that carry them.',
    type: 'object',
    required: [...(preset.required as string[]), 'bodies'],
    additionalProperties: false,
    properties: {
      ...properties,
      setup: {
        ...setup,
        required: (setup.required as string[]).filter((k) => k !== 'bodies'),
        properties: setupProperties,
      },
      bodies: {
        type: 'array',
        description: 'Indices of the nodes carrying the body setups, in preset order.',
        items: { type: 'integer', minimum: 0 },
      },
    },
  };
  const node = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `${SOFTBODY_EXTENSION} glTF extension (node)`,
    ...(withAccessors(JSON.parse(JSON.stringify(BodySetupSchema))) as Schema),
  };
  return { root, node };
}
