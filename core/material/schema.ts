import Type, { type Static } from 'typebox';
import { OrthotropicClothSchema } from './orthotropic.ts';

/**
 * The material record: the same shape in the built-in library (assets/materials.json), in a
 * user's saved materials and inside presets. TypeBox builds the JSON Schema; the TypeScript type
 * is derived from it. SI units.
 */
export const MaterialSchema = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 80,
      description: 'Unique name, e.g. "silicone-shore-00-30".',
    }),
    kind: Type.Union([Type.Literal('solid'), Type.Literal('cloth')], {
      description: "'solid' (tet meshes) or 'cloth' (triangle surfaces; needs thicknessM).",
    }),
    youngModulusPa: Type.Number({
      exclusiveMinimum: 0,
      description: "Young's modulus E, Pa (small-strain).",
    }),
    poissonRatio: Type.Number({
      minimum: 0,
      exclusiveMaximum: 0.5,
      description: "Poisson's ratio ν, dimensionless, 0 ≤ ν < 0.5.",
    }),
    densityKgM3: Type.Number({
      exclusiveMinimum: 0,
      description: 'Density ρ, kg/m³ (cloth: areal density / thickness).',
    }),
    thicknessM: Type.Optional(
      Type.Number({ exclusiveMinimum: 0, description: 'Cloth thickness t, m (cloth only, required there).' }),
    ),
    dampingRatio: Type.Number({
      minimum: 0,
      maximum: 10,
      description:
        'Default constraint damping ratio ζ (0 none, 1 critical): a tuning default, not a measured property.',
    }),
    source: Type.String({
      minLength: 1,
      description: 'Where the numbers come from (datasheet or paper) and any conversion applied.',
    }),
    orthotropic: Type.Optional(OrthotropicClothSchema),
  },
  { additionalProperties: false, description: 'A physical material, SI units.' },
);

export type Material = Static<typeof MaterialSchema>;

/** A file of materials: the built-in library and the user's saved materials. */
export const MaterialFileSchema = Type.Object(
  {
    formatVersion: Type.Literal(1, { description: 'Material file format version.' }),
    materials: Type.Array(MaterialSchema, { description: 'Materials; names are unique.' }),
  },
  { additionalProperties: false, description: 'A Softbody Studio material library file.' },
);

export type MaterialFile = Static<typeof MaterialFileSchema>;
