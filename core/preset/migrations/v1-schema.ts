import Type, { type Static } from 'typebox';
import { binaryArraySchema, type Decoded } from '../../document/binary-array.ts';
import { MaterialSchema } from '../../material/schema.ts';
import { ColliderSchema } from '../../scene/scene-schema.ts';

/**
 * Preset format 1, kept to read old files (migrations/v1.ts turns them into format 2): materials,
 * constraint groups and pins chosen by selectors with priorities, and per body the compliances
 * derived from them (float32). SI units: m, kg, s, Pa, N.
 */

const vec3 = (description: string) =>
  Type.Unsafe<[number, number, number]>({
    type: 'array',
    description,
    items: { type: 'number' },
    minItems: 3,
    maxItems: 3,
  });

const nonEmptyName = (description: string) => Type.String({ minLength: 1, maxLength: 120, description });

/** Format 1 colliders were the scene's (a format 1 file never held a mesh collider). */
export { ColliderSchema };

export const SelectorSchema = Type.Union(
  [
    Type.Object({ type: Type.Literal('all') }, { additionalProperties: false, description: 'Everything.' }),
    Type.Object(
      {
        type: Type.Literal('import-groups'),
        names: Type.Array(nonEmptyName('Name of an import group (OBJ o/g/usemtl, glTF mesh or material).'), {
          minItems: 1,
        }),
      },
      { additionalProperties: false, description: 'Elements of the named import groups.' },
    ),
    Type.Object(
      {
        type: Type.Literal('vertices'),
        vertices: binaryArraySchema('uint32', 'Selected simulation vertex indices.'),
      },
      { additionalProperties: false, description: 'A vertex selection (painted or picked).' },
    ),
    Type.Object(
      { type: Type.Literal('box'), min: vec3('Lower corner, m.'), max: vec3('Upper corner, m.') },
      { additionalProperties: false, description: 'An axis-aligned box region at rest.' },
    ),
    Type.Object(
      {
        type: Type.Literal('sphere'),
        center: vec3('Centre, m.'),
        radiusM: Type.Number({ exclusiveMinimum: 0, description: 'Radius, m.' }),
      },
      { additionalProperties: false, description: 'A sphere region at rest.' },
    ),
  ],
  { description: 'What a group or pin covers, chosen by `type`.' },
);

export const ConstraintModelSchema = Type.Union(
  [Type.Literal('neo-hookean'), Type.Literal('edges-volume'), Type.Literal('cloth')],
  {
    description:
      "Solids: 'neo-hookean' (two constraints per tet) or 'edges-volume' (edge springs + tet volume); cloth: 'cloth' (edge springs + dihedral bending).",
  },
);

export const GroupSchema = Type.Object(
  {
    name: nonEmptyName('Group name, unique within the body.'),
    selector: SelectorSchema,
    material: nonEmptyName('Name of an entry of /materials.'),
    model: ConstraintModelSchema,
    dampingRatio: Type.Number({
      minimum: 0,
      maximum: 10,
      description: 'Constraint damping ratio ζ of the group (0 none, 1 critical).',
    }),
    priority: Type.Integer({
      description: 'Where groups overlap the highest priority wins; on a tie, the earlier group.',
    }),
  },
  {
    additionalProperties: false,
    description: 'A constraint group: a material and constraint model for part of the body.',
  },
);

export const PinSchema = Type.Object(
  {
    name: nonEmptyName('Pin name, unique within the body.'),
    selector: SelectorSchema,
    complianceMPerN: Type.Number({
      minimum: 0,
      description: '0 pins rigidly (inverse mass 0); > 0 is a soft attachment to the rest position, m/N.',
    }),
    priority: Type.Integer({
      description: 'Where pins overlap the highest priority wins; on a tie, the earlier pin.',
    }),
  },
  { additionalProperties: false, description: 'A pin is a group of vertices held at their rest positions.' },
);

const u32 = (description: string) => binaryArraySchema('uint32', description);
const u16 = (description: string) => binaryArraySchema('uint16', description);
const f32 = (description: string) => binaryArraySchema('float32', description);
const count = (description: string) => Type.Integer({ minimum: 0, description });

export const SimulationMeshSchema = Type.Object(
  {
    vertexCount: Type.Integer({ minimum: 1, description: 'Number of simulation vertices.' }),
    elementCount: Type.Integer({ minimum: 1, description: 'Number of tets (solid) or triangles (cloth).' }),
    positions: f32('Rest positions, m, xyz per vertex (3 × vertexCount).'),
    elements: u32('Vertex indices, 4 per positively oriented tet (solid) or 3 per triangle (cloth).'),
    elementGroups: Type.Optional(u16('Per element, an index into importGroupNames.')),
    importGroupNames: Type.Array(nonEmptyName('Import group name.'), {
      description: 'Import groups the elements came from.',
    }),
  },
  { additionalProperties: false, description: 'The mesh the solver moves.' },
);

export const RenderMeshSchema = Type.Object(
  {
    vertexCount: Type.Integer({ minimum: 1, description: 'Number of render vertices.' }),
    triangleCount: Type.Integer({ minimum: 1, description: 'Number of render triangles.' }),
    positions: f32('Rest positions, m, xyz per vertex.'),
    indices: u32('3 vertex indices per triangle, counter-clockwise seen from outside.'),
    normals: Type.Optional(f32('Unit normals, xyz per vertex.')),
  },
  {
    additionalProperties: false,
    description: 'The mesh drawn, skinned to the simulation mesh by the embedding.',
  },
);

export const EmbeddingSchema = Type.Object(
  {
    elements: u32('Per render vertex, the simulation element (tet or triangle) it moves with.'),
    weights: f32(
      'Per render vertex, barycentric weights of that element’s vertices (4 for tets, 3 for triangles), summing to 1.',
    ),
  },
  {
    additionalProperties: false,
    description: 'Render vertex i follows Σ_k weights[k]·x[elements[i] vertex k].',
  },
);

const groupIndex = u16('Per constraint, the index of its group in /bodies/i/groups.');

export const DerivedSchema = Type.Object(
  {
    vertexMassKg: f32(
      'Lumped mass per vertex, kg (ρ·V/4 per tet vertex, ρ·t·A/3 per triangle vertex), pinned vertices included.',
    ),
    fixedVertices: u32('Vertices held rigidly (inverse mass 0).'),
    softPins: Type.Object(
      {
        count: count('Number of soft pin attachments.'),
        vertices: u32('Attached vertex per attachment.'),
        complianceMPerN: f32('Compliance of C = |x − x_rest|, m/N.'),
        pin: u16('Index of the pin in /bodies/i/pins.'),
      },
      { additionalProperties: false },
    ),
    edges: Type.Object(
      {
        count: count('Number of edge constraints.'),
        vertices: u32('2 vertex indices per edge.'),
        complianceMPerN: f32('Compliance of C = |x1 − x0| − L0, m/N.'),
        group: groupIndex,
      },
      {
        additionalProperties: false,
        description: "Edge springs ('edges-volume' tets, cloth stretch/shear).",
      },
    ),
    volumes: Type.Object(
      {
        count: count('Number of tet volume constraints.'),
        elements: u32('Tet (element) index per constraint.'),
        complianceM3PerPa: f32('Compliance of C = V − V0 (m³), m³/Pa.'),
        group: groupIndex,
      },
      { additionalProperties: false, description: "Tet volume constraints ('edges-volume')." },
    ),
    neoHookean: Type.Object(
      {
        count: count('Number of neo-Hookean tets.'),
        elements: u32('Tet (element) index per tet constraint pair.'),
        deviatoricCompliancePerJ: f32('α_D = 1/(μV) of C_D = ‖F‖, 1/J.'),
        hydrostaticCompliancePerJ: f32('α_H = 1/(λ_NH·V) of C_H = det F − γ, 1/J.'),
        gamma: f32('γ = 1 + μ/λ_NH, dimensionless.'),
        group: groupIndex,
      },
      { additionalProperties: false, description: 'Stable neo-Hookean tets (Macklin & Müller 2021).' },
    ),
    bends: Type.Object(
      {
        count: count('Number of dihedral hinges.'),
        vertices: u32(
          '4 per hinge: the edge (x0, x1), then the wing of the triangle where the edge runs x0→x1, then the other wing.',
        ),
        compliancePerNM: f32('Compliance of C = θ − θ0 (rad), 1/(N·m).'),
        group: groupIndex,
      },
      { additionalProperties: false, description: 'Cloth bending hinges.' },
    ),
  },
  {
    additionalProperties: false,
    description: 'What the solver gets: masses and compliances derived from the materials, groups and pins.',
  },
);

export const BodySchema = Type.Object(
  {
    name: nonEmptyName('Body name, unique within the preset.'),
    kind: Type.Union([Type.Literal('solid'), Type.Literal('cloth')], {
      description: "'solid' (tets) or 'cloth' (triangles).",
    }),
    simulationMesh: SimulationMeshSchema,
    renderMesh: Type.Optional(RenderMeshSchema),
    embedding: Type.Optional(EmbeddingSchema),
    groups: Type.Array(GroupSchema, {
      minItems: 1,
      description: 'Constraint groups; every element must be in one.',
    }),
    pins: Type.Array(PinSchema, { description: 'Pins.' }),
    linearDampingPerS: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'Mass-proportional damping, 1/s (what Jolt offers); 0 when absent.',
      }),
    ),
    derived: DerivedSchema,
  },
  { additionalProperties: false, description: 'A soft body.' },
);

export const PresetV1Schema = Type.Object(
  {
    formatVersion: Type.Literal(1, { description: 'Preset format version.' }),
    name: nonEmptyName('Preset name.'),
    gravity: vec3('Gravity, m/s².'),
    solver: Type.Object(
      {
        dt: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Frame time step, s.' }),
        substeps: Type.Integer({
          minimum: 1,
          maximum: 1000,
          description: 'Substeps per frame (one Gauss-Seidel pass each).',
        }),
      },
      { additionalProperties: false, description: 'Time stepping.' },
    ),
    materials: Type.Array(MaterialSchema, { description: 'Materials the groups name; names are unique.' }),
    colliders: Type.Array(ColliderSchema, { description: 'Static colliders.' }),
    bodies: Type.Array(BodySchema, { description: 'Soft bodies; names are unique.' }),
  },
  {
    additionalProperties: false,
    title: 'Softbody Studio preset',
    description:
      'A soft-body preset: materials, constraint groups, pins, colliders, solver settings and per body the simulation mesh, the render mesh with its embedding and the derived compliances. SI units (m, kg, s, Pa, N). Numeric arrays are base64 of little-endian typed arrays.',
  },
);

/** A format 1 preset as JSON (binary arrays as base64 objects). */
export type PresetV1Json = Static<typeof PresetV1Schema>;
/** A format 1 preset in memory (binary arrays as typed arrays). */
export type PresetV1 = Decoded<PresetV1Json>;
export type PresetV1Body = PresetV1['bodies'][number];
export type PresetV1Selector = PresetV1Body['groups'][number]['selector'];

/** Format 1 derived data with no constraints (what migrating format 0 leaves; format 2 recompiles). */
export function emptyDerivedV1(vertexCount: number): PresetV1Body['derived'] {
  const u32 = new Uint32Array(0);
  const f32 = new Float32Array(0);
  const u16 = new Uint16Array(0);
  return {
    vertexMassKg: new Float32Array(vertexCount),
    fixedVertices: u32,
    softPins: { count: 0, vertices: u32, complianceMPerN: f32, pin: u16 },
    edges: { count: 0, vertices: u32, complianceMPerN: f32, group: u16 },
    volumes: { count: 0, elements: u32, complianceM3PerPa: f32, group: u16 },
    neoHookean: {
      count: 0,
      elements: u32,
      deviatoricCompliancePerJ: f32,
      hydrostaticCompliancePerJ: f32,
      gamma: f32,
      group: u16,
    },
    bends: { count: 0, vertices: u32, compliancePerNM: f32, group: u16 },
  };
}
