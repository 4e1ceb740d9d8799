import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gltfExtensionSchemas, presetJsonSchema } from '../../../core/preset/index.ts';

const root = resolve(import.meta.dirname, '..', '..', '..');
const committed = (path: string) => JSON.parse(readFileSync(resolve(root, path), 'utf8'));

describe('published schemas', () => {
  it('docs/preset.schema.json is the schema the reader uses (regenerate: softbody validate --print-schema)', () => {
    expect(committed('docs/preset.schema.json')).toEqual(presetJsonSchema());
  });

  it('docs/gltf-extension holds the current extension schemas (softbody export --print-extension-schema root|node)', () => {
    const schemas = gltfExtensionSchemas();
    expect(committed('docs/gltf-extension/glTF.SOFTBODY_soft_body.schema.json')).toEqual(schemas.root);
    expect(committed('docs/gltf-extension/node.SOFTBODY_soft_body.schema.json')).toEqual(schemas.node);
  });

  it('is draft 2020-12 and states units in its descriptions', () => {
    const schema = presetJsonSchema() as {
      $schema: string;
      properties: Record<string, { description?: string }>;
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties.gravity.description).toBe('Gravity, m/s².');
    expect(JSON.stringify(schema)).toContain("Young's modulus E, Pa");
  });
});
