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

  it('is draft 2020-12 for format 3 and states units in its descriptions', () => {
    const schema = presetJsonSchema() as {
      $schema: string;
      properties: Record<string, { const?: number; properties?: Record<string, { description?: string }> }>;
      required: string[];
    };
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.properties.formatVersion.const).toBe(3);
    expect(schema.required).toEqual(['formatVersion', 'name', 'generator', 'materials', 'scene', 'setup']);
    expect(schema.properties.setup.properties?.gravity.description).toBe('Gravity, m/s².');
    const text = JSON.stringify(schema);
    expect(text).toContain("Young's modulus E, Pa");
    expect(text).toContain('α of C = V − V0, m³/Pa.');
  });

  it('keeps float64 arrays inline in the glTF node schema and makes the others accessors', () => {
    const node = JSON.stringify(gltfExtensionSchemas().node);
    expect(node).toContain('"const":"float64"');
    expect(node).toContain('A SCALAR accessor of componentType 5125 (UNSIGNED_INT).');
    // Only float64 arrays keep the base64 form of the preset file.
    const inline = [...node.matchAll(/"const":"(\w+)","description":"Element type \(little-endian\)\."/g)];
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(inline.map((m) => m[1]))).toEqual(new Set(['float64']));
  });
});
