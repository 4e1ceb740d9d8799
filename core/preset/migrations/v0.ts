import Type, { type Static } from 'typebox';
import { encodeDocument } from '../../document/binary-array.ts';
import { childPointer, type Problem } from '../../document/problem.ts';
import { checkSchema } from '../../document/schema-check.ts';
import type { Material } from '../../material/schema.ts';
import { emptyDerivedV1, type PresetV1, type PresetV1Body } from './v1-schema.ts';

/**
 * Format 0: the prototype's presets (before materials were shared and groups existed). One
 * material and one constraint model per body, arrays as plain JSON numbers, pins as boxes, no
 * derived data:
 *
 *   { "formatVersion": 0, "name", "gravity", "timeStepS", "substeps",
 *     "bodies": [{ "name", "kind", "vertices": [x, y, z, …], "elements": [i, …],
 *                  "material": { "name", "E", "nu", "density", "thickness"? },
 *                  "model", "damping", "pins": [{ "min", "max", "compliance"? }] }] }
 *
 * Migration to format 1: the body materials become /materials (same name must mean the same
 * numbers), each body gets one group 'all' over every element, pins become box selectors and
 * arrays become base64 (the next step, to format 2, compiles the compliances).
 */
const vec3 = Type.Array(Type.Number(), { minItems: 3, maxItems: 3 });

export const PresetV0Schema = Type.Object(
  {
    formatVersion: Type.Literal(0),
    name: Type.String({ minLength: 1 }),
    gravity: vec3,
    timeStepS: Type.Number({ exclusiveMinimum: 0, maximum: 1 }),
    substeps: Type.Integer({ minimum: 1, maximum: 1000 }),
    bodies: Type.Array(
      Type.Object(
        {
          name: Type.String({ minLength: 1 }),
          kind: Type.Union([Type.Literal('solid'), Type.Literal('cloth')]),
          vertices: Type.Array(Type.Number()),
          elements: Type.Array(Type.Integer({ minimum: 0 })),
          material: Type.Object(
            {
              name: Type.String({ minLength: 1 }),
              E: Type.Number({ exclusiveMinimum: 0 }),
              nu: Type.Number({ minimum: 0, exclusiveMaximum: 0.5 }),
              density: Type.Number({ exclusiveMinimum: 0 }),
              thickness: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
            },
            { additionalProperties: false },
          ),
          model: Type.Union([
            Type.Literal('neo-hookean'),
            Type.Literal('edges-volume'),
            Type.Literal('cloth'),
          ]),
          damping: Type.Number({ minimum: 0, maximum: 10 }),
          pins: Type.Array(
            Type.Object(
              { min: vec3, max: vec3, compliance: Type.Optional(Type.Number({ minimum: 0 })) },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);

export type PresetV0 = Static<typeof PresetV0Schema>;

/** Source recorded for materials that came from a format 0 preset. */
export const V0_MATERIAL_SOURCE = 'migrated from a formatVersion 0 preset (no source recorded)';

export function migrateV0(value: unknown): { value: unknown; problems: Problem[] } {
  const problems = checkSchema(value, PresetV0Schema);
  if (problems.length > 0) return { value, problems };
  const v0 = value as PresetV0;
  const materials: Material[] = [];
  v0.bodies.forEach((body, i) => {
    const m = body.material;
    const at = childPointer('/bodies', i);
    const arity = body.kind === 'solid' ? 4 : 3;
    if (body.vertices.length % 3 !== 0)
      problems.push({
        pointer: childPointer(at, 'vertices'),
        message: `must hold 3 numbers per vertex, got ${body.vertices.length}`,
      });
    if (body.elements.length % arity !== 0) {
      problems.push({
        pointer: childPointer(at, 'elements'),
        message: `must hold ${arity} indices per ${body.kind === 'solid' ? 'tet' : 'triangle'}, got ${body.elements.length}`,
      });
    }
    const material: Material = {
      name: m.name,
      kind: body.kind,
      youngModulusPa: m.E,
      poissonRatio: m.nu,
      densityKgM3: m.density,
      ...(m.thickness === undefined ? {} : { thicknessM: m.thickness }),
      dampingRatio: body.damping,
      source: V0_MATERIAL_SOURCE,
    };
    const same = materials.find((other) => other.name === m.name);
    if (!same) materials.push(material);
    else if (
      same.youngModulusPa !== m.E ||
      same.poissonRatio !== m.nu ||
      same.densityKgM3 !== m.density ||
      same.thicknessM !== m.thickness ||
      same.kind !== body.kind
    ) {
      problems.push({
        pointer: childPointer(at, 'material', 'name'),
        message: `material '${m.name}' has other numbers in an earlier body; rename one of them`,
      });
    }
  });
  if (problems.length > 0) return { value, problems };
  const bodies = v0.bodies.map((body): PresetV1Body => {
    const arity = body.kind === 'solid' ? 4 : 3;
    return {
      name: body.name,
      kind: body.kind,
      simulationMesh: {
        vertexCount: body.vertices.length / 3,
        elementCount: body.elements.length / arity,
        positions: Float32Array.from(body.vertices),
        elements: Uint32Array.from(body.elements),
        importGroupNames: [],
      },
      groups: [
        {
          name: 'all',
          selector: { type: 'all' },
          material: body.material.name,
          model: body.model,
          dampingRatio: body.damping,
          priority: 0,
        },
      ],
      pins: body.pins.map((pin, j) => ({
        name: `pin-${j}`,
        selector: {
          type: 'box',
          min: pin.min as [number, number, number],
          max: pin.max as [number, number, number],
        },
        complianceMPerN: pin.compliance ?? 0,
        priority: 0,
      })),
      // Format 2 compiles the setup from the groups and pins: format 1's derived data is not read.
      derived: emptyDerivedV1(body.vertices.length / 3),
    };
  });
  const migrated: PresetV1 = {
    formatVersion: 1,
    name: v0.name,
    gravity: v0.gravity as [number, number, number],
    solver: { dt: v0.timeStepS, substeps: v0.substeps },
    materials,
    colliders: [],
    bodies,
  };
  return { value: encodeDocument(migrated), problems: [] };
}
