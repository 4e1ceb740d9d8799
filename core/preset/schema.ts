import Type, { type Static } from 'typebox';
import { binaryArraySchema } from '../document/binary-array.ts';
import { MaterialSchema } from '../material/schema.ts';
import {
  ColliderSchema,
  ConstraintModelSchema,
  MaterialSpecSchema,
  MotionSchema,
  PlasticitySchema,
  SceneSchema,
} from '../scene/scene-schema.ts';

/**
 * Preset format 3: the setup (core/setup/setup.ts) serialized beside the authoring inputs it was
 * compiled from. The schema (TypeBox, the single source of truth) is written out as
 * docs/preset.schema.json (`softbody validate --print-schema`; a test keeps the committed copy
 * current). SI units: m, kg, s, Pa, N. Numeric arrays are base64 of little-endian typed arrays
 * (core/document/binary-array.ts), so one preset is one self-contained JSON file.
 *
 *   scene      the authoring inputs: the scene document (bodies with their material names,
 *              models, groups, pins, tethers, pressure, self-collision, colliders, solver)
 *   materials  every library or user material the scene names, so the preset stands alone
 *   setup      what the engine and every runtime load: masses, pins and the compliance of every
 *              constraint, as compiled (float64), with the render mesh and its embedding
 *
 * A runtime reads `setup` only; the editor and `softbody validate` also recompile `scene` and
 * check that it gives this setup exactly.
 */

/** The newest preset format this build reads and writes. */
export const PRESET_FORMAT_VERSION = 3;

const f64 = (description: string) => binaryArraySchema('float64', description);
const f32 = (description: string) => binaryArraySchema('float32', description);
const u32 = (description: string) => binaryArraySchema('uint32', description);
const u16 = (description: string) => binaryArraySchema('uint16', description);
const name = (description: string) => Type.String({ minLength: 1, maxLength: 120, description });
const ratio = (description: string) => Type.Number({ minimum: 0, maximum: 10, description });
const scale = Type.Number({
  exclusiveMinimum: 0,
  maximum: 1,
  description: 'Δλ scale: 1 for XPBD; classic PBD per-iteration stiffness (compliances 0 then).',
});

const vec3 = (description: string) =>
  Type.Unsafe<[number, number, number]>({
    type: 'array',
    description,
    items: { type: 'number' },
    minItems: 3,
    maxItems: 3,
  });

/** What budget compensation did to one family of one slot (core/setup/compensate.ts). */
const CompensationSchema = Type.Object(
  {
    family: Type.Union(
      [
        Type.Literal('solid-neo-hookean'),
        Type.Literal('solid-edges-volume'),
        Type.Literal('cloth-stretch'),
        Type.Literal('cloth-edges'),
        Type.Literal('cloth-bending'),
        Type.Literal('cloth-hinges'),
      ],
      { description: 'Constraint family.' },
    ),
    slot: Type.Integer({ minimum: 0, description: 'Material slot: 0 the body, g + 1 its group g.' }),
    resolution: Type.Number({ minimum: 0, description: 'r = h·c/l (bending: h·√(D/ρ_a)/l²).' }),
    beta: Type.Number({ description: 'β of the one-pass bias E_eff = E/(1 + β·r²).' }),
    stiffnessScale: Type.Number({ exclusiveMinimum: 0, description: 'The compliances were divided by it.' }),
    reachable: Type.Boolean({ description: 'False when no scale reaches the material at these substeps.' }),
    predictedRatio: Type.Number({ minimum: 0, description: 'E_eff/E predicted after compensation.' }),
    substepsToReach: Type.Integer({
      minimum: 1,
      description: 'Fewest substeps per frame that reach the material.',
    }),
    passes: Type.Optional(
      Type.Integer({
        minimum: 1,
        description: "Sweeps of the family's sets per substep (bending; absent: 1).",
      }),
    ),
  },
  { additionalProperties: false },
);

/** The constraint sets, one schema per kind (core/setup/setup.ts ConstraintSet). */
export const ConstraintSetSchema = Type.Union(
  [
    Type.Object(
      {
        kind: Type.Literal('distance'),
        particles: u32('2 per constraint.'),
        complianceMPerN: f64('α of C = |x_a − x_b| − L0, m/N.'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
        breakingForceN: Type.Optional(f64('Tension at which each link tears, N; 0 never.')),
      },
      { additionalProperties: false, description: 'Edge springs (stretch, shear, tet edges, rope links).' },
    ),
    Type.Object(
      {
        kind: Type.Literal('neo-hookean'),
        tets: u32('4 per tet.'),
        deviatoricCompliancePerJ: f64('α_D = 1/(μV) of C_D = ‖F‖, 1/J.'),
        hydrostaticCompliancePerJ: f64('α_H = 1/(λ_NH·V) of C_H = det F − γ, 1/J.'),
        gamma: f64('γ = 1 + μ/λ_NH, dimensionless.'),
        breakingStressPa: Type.Optional(
          f64('Largest principal stress at which each tet tears, Pa; 0 never.'),
        ),
        passes: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 1000,
            description:
              "Gauss-Seidel sweeps of the set per substep (default 1): more where one sweep cannot reach the material at the solver's substep.",
          }),
        ),
      },
      { additionalProperties: false, description: 'Stable neo-Hookean tets (Macklin & Müller 2021).' },
    ),
    Type.Object(
      {
        kind: Type.Literal('membrane'),
        triangles: u32('3 per triangle.'),
        normalCompliancePerJ: f64('α₁₁ = α₂₂ = 1/(E·t·A) of the Green strain (E₁₁, E₂₂, E₁₂), 1/J.'),
        couplingCompliancePerJ: f64('α₁₂ = −ν/(E·t·A), 1/J.'),
        shearCompliancePerJ: f64('α₃₃ = (1+ν)/(2·E·t·A), 1/J.'),
        weftNormalCompliancePerJ: Type.Optional(
          f64(
            'Orthotropic cloth: α₂₂ = 1/(E_weft·t·A), 1/J, with the strain frame on warpDirection (then α₁₁ = 1/(E_warp·t·A), α₁₂ = −ν₁₂/(E_warp·t·A), α₃₃ = 1/(4·G₁₂·t·A)). Absent: α₂₂ = α₁₁.',
          ),
        ),
        warpDirection: Type.Optional(
          f64('Orthotropic cloth: the warp at rest, 3 per triangle (unit, in the triangle plane).'),
        ),
        breakingTensionNPerM: Type.Optional(
          f64(
            'Largest principal membrane tension (stress × thickness) at which each triangle tears, N/m; 0 never.',
          ),
        ),
      },
      {
        additionalProperties: false,
        description: 'Cloth stretch and shear: one membrane constraint per triangle.',
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('edge-damper'),
        particles: u32('2 per edge.'),
        complianceMPerN: f64('Compliance of the equivalent spring, m/N (sets the damping only).'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
      },
      {
        additionalProperties: false,
        description: 'Damping along the edges of neo-Hookean tets and cloth membranes.',
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('tet-volume'),
        tets: u32('4 per tet.'),
        complianceM3PerPa: f64('α of C = V − V0, m³/Pa.'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
      },
      { additionalProperties: false, description: 'Tet volume constraints.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('nodal-volume'),
        tets: u32('4 per tet: the tets whose volume the vertices share.'),
        vertices: u32('1 per constraint: the vertex whose star it holds.'),
        complianceM3PerPa: f64(
          'α of C = V_n − V_n0, V_n = Σ of a quarter of each tet around the vertex, m³/Pa.',
        ),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
        passes: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 1000,
            description:
              "Gauss-Seidel sweeps of the set per substep (default 1): more where one sweep cannot reach the material at the solver's substep.",
          }),
        ),
      },
      { additionalProperties: false, description: 'Nodal (vertex star) volume constraints of solids.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('plate-bend'),
        particles: u32(
          '6 per triangle: its corners, then the wing across each edge (the opposite corner: no hinge).',
        ),
        compliancePerNM: f64(
          'Compliance matrix of the three hinge angles θ − θ0, 6 upper entries (00, 01, 02, 11, 12, 22) per triangle, 1/(N·m).',
        ),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
        passes: Type.Optional(
          Type.Integer({
            minimum: 1,
            maximum: 1000,
            description:
              "Gauss-Seidel sweeps of the set per substep (default 1): more where one sweep cannot reach the plate's stiffness at the solver's substep.",
          }),
        ),
      },
      { additionalProperties: false, description: 'Cloth bending: one plate element per triangle.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('dihedral-bend'),
        hinges: u32('4 per hinge: the edge (x0, x1), then the two wings.'),
        compliancePerNM: f64('α of C = θ − θ0, 1/(N·m).'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
      },
      { additionalProperties: false, description: 'Cloth bending hinges.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('rope-bend'),
        particles: u32('3 per joint (i − 1, i, i + 1).'),
        complianceMPerN: f64('α of the joint, m/N.'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
        stiffnessScale: scale,
      },
      { additionalProperties: false, description: 'Rope bending joints.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('attachment'),
        particles: u32('1 per soft pin attachment.'),
        complianceMPerN: f64('α of C = |x − x_rest|, m/N.'),
        dampingRatio: ratio('Damping ratio ζ of the set.'),
      },
      { additionalProperties: false, description: 'Soft pins.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('tether'),
        particles: u32('Pairs (free particle, pinned particle).'),
        maxLengthM: f64('Longest allowed distance per pair, m.'),
      },
      { additionalProperties: false, description: 'Long-range attachments to the nearest rigid pin.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('pressure'),
        particles: u32('The surface particles.'),
        triangles: u32('3 per triangle, indices into particles, counter-clockwise seen from outside.'),
        targetVolumeM3: Type.Number({ exclusiveMinimum: 0, description: 'Volume the gas wants, m³.' }),
        complianceM3PerPa: Type.Number({ minimum: 0, description: 'α = s·V0/K, m³/Pa.' }),
      },
      { additionalProperties: false, description: 'The gas enclosed by a closed cloth surface.' },
    ),
    Type.Object(
      {
        kind: Type.Literal('shape-matching'),
        particles: u32('The particles of the region, distinct.'),
        timeConstantS: Type.Number({
          exclusiveMinimum: 0,
          description: 'Recovery time constant τ, s: a deviation from the rest shape decays as exp(−t/τ).',
        }),
      },
      {
        additionalProperties: false,
        description:
          'Shape matching: the region is pulled towards the best rigid placement of its rest shape.',
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('joint-cone'),
        particles: u32('4 per cone: parent direction (a → b), then child bone (c → d).'),
        maxAngleRad: f64('θmax of C = θ − θmax ≤ 0, θ the angle between the two directions, rad.'),
        complianceRadPerNM: f64('α per cone, rad/(N·m); 0 for a hard limit.'),
      },
      {
        additionalProperties: false,
        description: 'Ragdoll cone joint limits: the angle between a parent direction and a child bone.',
      },
    ),
    Type.Object(
      {
        kind: Type.Literal('joint-hinge'),
        particles: u32('6 per hinge: parent bone (a → b), child bone (c → d), axis (e → f).'),
        minAngleRad: f64('φmin of the signed angle from the parent to the child bone about the axis, rad.'),
        maxAngleRad: f64('φmax of that angle, rad.'),
        complianceRadPerNM: f64('α per hinge, rad/(N·m); 0 for a hard limit.'),
      },
      {
        additionalProperties: false,
        description: 'Ragdoll hinge joint limits: the signed bend of a child bone about an axis.',
      },
    ),
  ],
  { description: 'A block of constraints of one kind, chosen by `kind`.' },
);

export const BodySetupSchema = Type.Object(
  {
    name: name('Body name, unique within the preset.'),
    kind: Type.Union([Type.Literal('solid'), Type.Literal('cloth'), Type.Literal('rope')], {
      description: "'solid' (tets), 'cloth' (triangles) or 'rope' (links).",
    }),
    model: ConstraintModelSchema,
    positions: f64('Rest positions, m, xyz per particle.'),
    massKg: f64('Lumped mass per particle, kg (pinned particles included).'),
    elements: u32('4 per tet (solid), 3 per triangle (cloth) or 2 per link (rope).'),
    slots: Type.Array(
      Type.Object(
        {
          material: MaterialSpecSchema,
          dampingRatio: ratio('Damping ratio ζ of the slot.'),
          vertices: Type.Optional(u32('Particles of the material group (absent for slot 0, the body).')),
          plasticity: Type.Optional(PlasticitySchema),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, description: 'Material slots: 0 the body, g + 1 the material group g.' },
    ),
    groupNames: Type.Array(name('Material group name.'), { description: 'Names of the slots from 1 on.' }),
    pins: Type.Array(
      Type.Object(
        {
          name: Type.Optional(name('Pin name.')),
          particles: u32('Particles the pin holds.'),
          complianceMPerN: Type.Number({
            minimum: 0,
            description: '0 rigid (inverse mass 0); > 0 soft, m/N.',
          }),
          motion: Type.Optional(MotionSchema),
        },
        { additionalProperties: false },
      ),
      { description: 'Pins in document order.' },
    ),
    constraints: Type.Array(ConstraintSetSchema, { description: 'Constraint sets in sweep order.' }),
    iterations: Type.Integer({ minimum: 1, maximum: 1000, description: 'Sweeps per substep.' }),
    linearDampingPerS: Type.Number({ minimum: 0, description: 'Mass-proportional damping, 1/s.' }),
    fundamentalRadPerS: Type.Number({
      minimum: 0,
      description:
        'Lowest elastic mode ω₁ estimated at rest, rad/s: the modal damping 2ζ·ω₁ gives it the damping ratio ζ; 0 when undamped.',
    }),
    waveSpeedMPerS: Type.Number({ minimum: 0, description: 'Fastest √(E/ρ) of the body, m/s.' }),
    compensation: Type.Array(CompensationSchema, {
      description:
        "Budget compensation per material slot and constraint family: the stiffness scale its compliances got for the solver's substeps (empty when the scene's solver says compensation 'off').",
    }),
    selfCollision: Type.Optional(
      Type.Object(
        {
          thicknessM: Type.Number({ exclusiveMinimum: 0, description: 'Kept distance, m.' }),
          staticFriction: Type.Number({ minimum: 0, description: 'Static friction coefficient.' }),
          friction: Type.Number({ minimum: 0, description: 'Dynamic friction coefficient.' }),
        },
        { additionalProperties: false, description: 'Cloth self-collision.' },
      ),
    ),
    aerodynamics: Type.Optional(
      Type.Object(
        {
          dragCoefficient: f64('C_d per surface triangle (of the elements’ boundary), dimensionless.'),
          liftCoefficient: f64('C_l per surface triangle, dimensionless.'),
          windwardOnly: Type.Boolean({
            description:
              'Closed surfaces: only faces moving into the air feel it; open cloth: every triangle.',
          }),
        },
        {
          additionalProperties: false,
          description:
            'Air drag ½ρ·C_d·A·|n·v̂|·|v|² against v and lift ½ρ·C_l·A·|v|²·|n·v̂|·√(1 − (n·v̂)²) across it, per surface triangle, a third to each vertex (core/sim/aerodynamics.ts).',
        },
      ),
    ),
    render: Type.Optional(
      Type.Object(
        {
          positions: f32('Render vertex rest positions, m.'),
          indices: u32('3 per triangle.'),
          embedding: Type.Object(
            {
              elements: u32('Per render vertex, the tet it moves with.'),
              weights: f32('Per render vertex, 4 barycentric weights of that tet’s vertices.'),
            },
            { additionalProperties: false },
          ),
        },
        { additionalProperties: false, description: 'The mesh drawn, skinned to the tets.' },
      ),
    ),
    importGroups: Type.Optional(
      Type.Object(
        {
          names: Type.Array(name('Import group name.')),
          elementGroups: u16('Per element, an index into names.'),
        },
        { additionalProperties: false, description: 'Import groups of the elements.' },
      ),
    ),
  },
  { additionalProperties: false, description: 'One body as the engine gets it.' },
);

export const SetupSchema = Type.Object(
  {
    gravity: vec3('Gravity, m/s².'),
    solver: Type.Object(
      {
        dt: Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Frame time step, s.' }),
        substeps: Type.Integer({ minimum: 1, maximum: 1000, description: 'Substeps per frame.' }),
      },
      { additionalProperties: false },
    ),
    colliders: Type.Array(ColliderSchema, {
      description: 'Static colliders (mesh colliders with their triangles inline).',
    }),
    bodies: Type.Array(BodySetupSchema, { description: 'Soft bodies.' }),
    air: Type.Optional(
      Type.Object(
        {
          windMPerS: vec3('Mean wind velocity, m/s.'),
          densityKgM3: Type.Number({ exclusiveMinimum: 0, description: 'Air density, kg/m³.' }),
          gust: Type.Optional(
            Type.Object(
              {
                amplitudeMPerS: Type.Number({
                  minimum: 0,
                  description: 'Largest change per component, m/s.',
                }),
                periodS: Type.Number({ exclusiveMinimum: 0, description: 'Time between noise knots, s.' }),
                seed: Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Noise seed.' }),
              },
              { additionalProperties: false, description: 'Seeded gusts (core/sim/wind.ts).' },
            ),
          ),
        },
        { additionalProperties: false, description: 'The air of the bodies with aerodynamics.' },
      ),
    ),
    contact: Type.Optional(
      Type.Object(
        {
          thicknessM: Type.Number({
            exclusiveMinimum: 0,
            description: "Distance kept between a particle and another body's surface, m.",
          }),
          staticFriction: Type.Number({ minimum: 0, description: 'Static Coulomb friction between bodies.' }),
          friction: Type.Number({ minimum: 0, description: 'Dynamic Coulomb friction between bodies.' }),
        },
        {
          additionalProperties: false,
          description: 'Contact between soft bodies (core/sim/collide/body-contact.ts); absent: none.',
        },
      ),
    ),
  },
  { additionalProperties: false, description: 'What the engine and every runtime load.' },
);

export const PresetSchema = Type.Object(
  {
    formatVersion: Type.Literal(PRESET_FORMAT_VERSION, { description: 'Preset format version.' }),
    name: name('Preset name.'),
    generator: Type.String({
      minLength: 1,
      maxLength: 200,
      description: 'The program that wrote the preset.',
    }),
    source: Type.Optional(
      Type.String({ minLength: 1, maxLength: 260, description: 'The file the preset was made from.' }),
    ),
    materials: Type.Array(MaterialSchema, {
      description: 'The materials the scene names; names are unique.',
    }),
    scene: SceneSchema,
    setup: SetupSchema,
  },
  {
    additionalProperties: false,
    title: 'Softbody Studio preset',
    description:
      'A soft-body preset: the scene it was authored as, the materials it names, and the setup every runtime loads (masses, pins and per-constraint compliances, render mesh and embedding). SI units (m, kg, s, Pa, N). Numeric arrays are base64 of little-endian typed arrays.',
  },
);

/** The preset as JSON (binary arrays as base64 objects). */
export type PresetJson = Static<typeof PresetSchema>;
export type BodySetupJson = Static<typeof BodySetupSchema>;

/** The published JSON Schema (draft 2020-12) of the preset format. */
export function presetJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(PresetSchema)),
  };
}
