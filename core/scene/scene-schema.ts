import Type from 'typebox';
import { OrthotropicClothSchema } from '../material/orthotropic.ts';
import { CONSTRAINT_MODEL_INFO, CONSTRAINT_MODELS } from './models.ts';

/**
 * The scene document's schema (TypeBox): the single source of truth. The types of scene.ts are
 * derived from it, core/document/schema-check.ts interprets it (scene-validate.ts), and
 * docs/scene.schema.json is sceneJsonSchema() written out (a test keeps the two identical). SI
 * units: m, kg, s, Pa, N.
 */

type Vec3 = [number, number, number];

/**
 * Physical bounds: what a scene may ask of the solver. Wide enough for any real soft or stiff body
 * (gels of 100 Pa to steel, aerogels to osmium, a 100 km world), narrow enough that no figure the
 * solver reports overflows or underflows (E of 1e-300 Pa, gravity of 1e308 m/s² or a centre at
 * 1e300 m gave NaN; a frame of 1e-9 s asked for 2·10⁹ frames).
 */
export const PHYSICAL_BOUNDS = {
  /** Young's modulus, Pa. */
  youngModulusPa: { min: 1, max: 1e12 },
  /** Density, kg/m³. */
  densityKgM3: { min: 0.1, max: 1e5 },
  /** Cloth thickness, m. */
  thicknessM: { min: 1e-6, max: 1 },
  /** Any coordinate of a centre, point or vertex, m. */
  coordinateM: { max: 1e5 },
  /** Any size, radius or length, m. */
  sizeM: { max: 1e4 },
  /** Each component of gravity, m/s². */
  gravityMPerS2: { max: 1e3 },
  /** Frame time step, s. */
  frameDtS: { min: 1e-5, max: 1 },
  /** Each component of the wind, and a gust's amplitude, m/s. */
  windMPerS: { max: 1e3 },
  /** Cells of a box body, all axes together (5 tets each). */
  boxCells: { max: 1_000_000 },
} as const;

/** A point or direction in the world, each coordinate within PHYSICAL_BOUNDS.coordinateM. */
const vec3 = (description: string, bound: number = PHYSICAL_BOUNDS.coordinateM.max) =>
  Type.Unsafe<Vec3>({
    type: 'array',
    description,
    items: { type: 'number', minimum: -bound, maximum: bound },
    minItems: 3,
    maxItems: 3,
  });

/** A corner of a selection box: any finite numbers. */
const selectionCorner = (description: string) =>
  Type.Unsafe<Vec3>({ type: 'array', description, items: { type: 'number' }, minItems: 3, maxItems: 3 });

const positiveVec3 = (description: string) =>
  Type.Unsafe<Vec3>({
    type: 'array',
    description,
    items: { type: 'number', exclusiveMinimum: 0, maximum: PHYSICAL_BOUNDS.sizeM.max },
    minItems: 3,
    maxItems: 3,
  });

const name = (description: string) => Type.String({ minLength: 1, description });

const friction = {
  friction: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'Dynamic (kinetic) Coulomb friction coefficient; 0.5 when absent.',
    }),
  ),
  staticFriction: Type.Optional(
    Type.Number({
      minimum: 0,
      description: 'Static Coulomb friction coefficient; equals friction when absent.',
    }),
  ),
};

/** Keyframed rigid motion of a collider or a pin (core/sim/motion.ts). */
export const MotionSchema = Type.Object(
  {
    keys: Type.Array(
      Type.Object(
        {
          timeS: Type.Number({
            minimum: 0,
            maximum: 1e6,
            description: 'Time of the key, s; keys in increasing time.',
          }),
          position: Type.Optional(vec3('Translation from the authored place at this time, m; default none.')),
          rotationDeg: Type.Optional(
            Type.Unsafe<Vec3>({
              type: 'array',
              description:
                "Rotation about the pivot (a collider's centre, a pin's rest centroid) at this time, degrees about x, y, z (Euler order 'XYZ' as mesh shapes); default none.",
              items: { type: 'number', minimum: -360, maximum: 360 },
              minItems: 3,
              maxItems: 3,
            }),
          ),
        },
        { additionalProperties: false, description: 'A key: the pose at one time.' },
      ),
      {
        minItems: 1,
        description:
          'Keys in increasing time: position interpolated linearly, rotation by slerp; before the first and after the last key the end pose holds.',
      },
    ),
    loop: Type.Optional(
      Type.Boolean({
        description: 'Repeat the keys from the first key time, period last − first; default false.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Keyframed motion: a point authored at x is at R(t)·(x − c) + c + p(t) (c the pivot). The solver moves the collider or pin every substep, interpolated within the frame; moving colliders drag what touches them by friction.',
  },
);

const moving = { motion: Type.Optional(MotionSchema) };

export const MaterialSpecSchema = Type.Object(
  {
    youngModulusPa: Type.Number({
      minimum: PHYSICAL_BOUNDS.youngModulusPa.min,
      maximum: PHYSICAL_BOUNDS.youngModulusPa.max,
      description: "Young's modulus, Pa.",
    }),
    poissonRatio: Type.Number({
      minimum: 0,
      exclusiveMaximum: 0.5,
      description: "Poisson's ratio, dimensionless, in [0, 0.5).",
    }),
    densityKgM3: Type.Number({
      minimum: PHYSICAL_BOUNDS.densityKgM3.min,
      maximum: PHYSICAL_BOUNDS.densityKgM3.max,
      description: 'Density, kg/m³.',
    }),
    thicknessM: Type.Optional(
      Type.Number({
        minimum: PHYSICAL_BOUNDS.thicknessM.min,
        maximum: PHYSICAL_BOUNDS.thicknessM.max,
        description: 'Cloth thickness, m (required for cloth).',
      }),
    ),
    name: Type.Optional(
      name(
        'The library material these numbers came from (kept while they are its numbers, so presets record the name).',
      ),
    ),
    orthotropic: Type.Optional(OrthotropicClothSchema),
  },
  { additionalProperties: false, description: 'A material given by its numbers, SI units.' },
);

/** A material inline, or the name of a library material (resolved by validation). */
const materialRef = (description: string, nameDescription: string) =>
  Type.Union([name(nameDescription), MaterialSpecSchema], { description });

const BoxShapeSchema = Type.Object(
  {
    type: Type.Literal('box'),
    size: positiveVec3('Edge lengths, m.'),
    cells: Type.Unsafe<Vec3>({
      type: 'array',
      description: 'Cells per axis.',
      items: { type: 'integer', minimum: 1, maximum: 256 },
      minItems: 3,
      maxItems: 3,
    }),
    center: vec3('Centre, m.'),
  },
  { additionalProperties: false, description: 'A box meshed as a tet grid (5 tets per cell).' },
);

const ClothShapeSchema = Type.Object(
  {
    type: Type.Literal('cloth'),
    size: Type.Unsafe<[number, number]>({
      type: 'array',
      description: 'Extent along x and z, m.',
      items: { type: 'number', exclusiveMinimum: 0, maximum: PHYSICAL_BOUNDS.sizeM.max },
      minItems: 2,
      maxItems: 2,
    }),
    cells: Type.Unsafe<[number, number]>({
      type: 'array',
      description: 'Cells along x and z.',
      items: { type: 'integer', minimum: 1, maximum: 512 },
      minItems: 2,
      maxItems: 2,
    }),
    center: vec3('Centre, m.'),
  },
  {
    additionalProperties: false,
    description: 'A triangulated cloth grid in the plane y = center[1]; size and cells along x then z.',
  },
);

const RopeShapeSchema = Type.Object(
  {
    type: Type.Literal('rope'),
    start: vec3('First particle, m.'),
    end: vec3('Last particle, m.'),
    segments: Type.Integer({ minimum: 1, maximum: 100000, description: 'Number of links.' }),
    radiusM: Type.Number({
      exclusiveMinimum: 0,
      maximum: PHYSICAL_BOUNDS.sizeM.max,
      description: 'Rope radius, m (cross-section πr²).',
    }),
  },
  { additionalProperties: false, description: 'A chain of `segments` links from start to end.' },
);

const RagdollShapeSchema = Type.Object(
  {
    type: Type.Literal('ragdoll'),
    skeleton: Type.Literal('humanoid', {
      description:
        "Skeleton template (core/setup/ragdoll-template.ts): 'humanoid', 16 joints (head, neck, shoulders, sternum, pelvis, hips, elbows, wrists, knees, ankles) with cone limits at the neck, shoulders and hips and hinge limits at the elbows and knees.",
    }),
    heightM: Type.Number({
      exclusiveMinimum: 0,
      maximum: PHYSICAL_BOUNDS.sizeM.max,
      description: 'Standing height, m: the joints are placed at fractions of it (Winter 2009).',
    }),
    massKg: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1e6,
      description: 'Body mass, kg, lumped to the joints by segment (de Leva 1996).',
    }),
    position: vec3('The point on the ground between the feet, m; the skeleton stands on it facing +z.'),
    boneStiffnessNPerM: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Axial stiffness of every bone, N/m (compliance 1/k); rigid bones when absent.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'A ragdoll (Jakobsen 2001): particles at the joints of a skeleton template, rigid bones, and joint angle limits. Its mass comes from massKg, not from the material.',
  },
);

/** Largest scale factor of a mesh shape (a millimetre mesh written as metres, scaled back up). */
export const MESH_SCALE_MAX = 1000;

const MeshShapeSchema = Type.Object(
  {
    type: Type.Literal('mesh'),
    path: name('Mesh file (OBJ, glTF, GLB), relative to the scene file.'),
    targetTetCount: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000000,
        description: 'Solids: approximate number of tets wanted (default 2000).',
      }),
    ),
    position: Type.Optional(
      vec3("Where the mesh's own origin is placed in the scene, m (a translation; default the origin)."),
    ),
    rotationDeg: Type.Optional(
      Type.Unsafe<Vec3>({
        type: 'array',
        description:
          "Rotation of the mesh about its own origin, degrees about x, y, z (Euler order 'XYZ': the matrix Rx·Ry·Rz, so z turns first, then y, then x, about the scene's axes); default none. Applied after scale, before position.",
        items: { type: 'number', minimum: -360, maximum: 360 },
        minItems: 3,
        maxItems: 3,
      }),
    ),
    scale: Type.Optional(
      Type.Unsafe<Vec3>({
        type: 'array',
        description:
          "Scale factor along the mesh's own x, y, z, dimensionless; default [1, 1, 1]. Equal factors scale uniformly. Applied first (each vertex x goes to R·(S·x) + position).",
        items: { type: 'number', exclusiveMinimum: 0, maximum: MESH_SCALE_MAX },
        minItems: 3,
        maxItems: 3,
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'An imported mesh (OBJ, glTF, GLB): tetrahedralized for solid models, its surface for cloth. Resolved relative to the scene file by `softbody simulate`; a project (.sbproj) carries the tet mesh itself.',
  },
);

export const ShapeSchema = Type.Union(
  [BoxShapeSchema, ClothShapeSchema, RopeShapeSchema, MeshShapeSchema, RagdollShapeSchema],
  {
    description: 'Rest geometry of a body, chosen by `type`.',
  },
);

export const ConstraintModelSchema = Type.Enum(CONSTRAINT_MODELS, {
  description: `Constraint model: ${CONSTRAINT_MODELS.map(
    (model) => `'${model}' for ${CONSTRAINT_MODEL_INFO[model].shapes.join('/')}`,
  ).join(', ')} (cloth on a mesh is its surface).`,
});

const VertexListSchema = Type.Array(Type.Integer({ minimum: 0 }), {
  minItems: 1,
  description:
    "Body-local particle indices, 0-based, in the order the engine gives the body's particles (box: x fastest, then y, then z; cloth: x fastest, then z; rope: start to end; ragdoll: the joints in template order; mesh: the vertices the tets or triangles use, in order of first use).",
});

const pinOptions = {
  complianceMPerN: Type.Optional(
    Type.Number({ minimum: 0, description: 'Soft attachment compliance, m/N; 0 or absent pins rigidly.' }),
  ),
  name: Type.Optional(
    name('A label for the pin (the editor shows it; pin forces are reported in pin order).'),
  ),
  ...moving,
};

export const PinSchema = Type.Union(
  [
    Type.Object(
      {
        box: Type.Object(
          // A selection, not a place: a box may reach far past the body ("all below y = 0").
          { min: selectionCorner('Lower corner, m.'), max: selectionCorner('Upper corner, m.') },
          { additionalProperties: false, description: 'Axis-aligned box at rest, m.' },
        ),
        ...pinOptions,
      },
      { additionalProperties: false, description: 'Pins the rest vertices inside an axis-aligned box.' },
    ),
    Type.Object(
      { vertices: VertexListSchema, ...pinOptions },
      { additionalProperties: false, description: 'Pins the listed particles.' },
    ),
  ],
  {
    description:
      'Pins rest vertices: those inside an axis-aligned box, or a list of particle indices. A vertex several pins choose belongs to the first.',
  },
);

/**
 * Aerodynamic coefficients of a body or group (core/sim/aerodynamics.ts). Defaults: a flat plate
 * across the flow, C_d = 1.2 (Hoerner 1965, "Fluid-Dynamic Drag", ch. 3: 1.17 for a square plate
 * normal to the flow), and the lift of the same plate's normal force, C_l = C_d.
 */
export const AerodynamicsSchema = Type.Object(
  {
    dragCoefficient: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10,
        description:
          'C_d of F_d = ½ρ·C_d·A·|n·v̂|·|v|² along −v (v the velocity relative to the air), dimensionless; default 1.2 (flat plate across the flow).',
      }),
    ),
    liftCoefficient: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10,
        description:
          'C_l of F_l = ½ρ·C_l·A·|n·v̂|·√(1 − (n·v̂)²)·|v|² across v, in the plane of v and n, dimensionless; default 1.2.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Air drag and lift per surface triangle (cloth: both sides; solids and closed cloth: faces into the flow). 0 and 0 leave the body out of the air.',
  },
);

export const ShapeMatchingSchema = Type.Object(
  {
    timeConstantS: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1000,
      description:
        'Recovery time constant τ, s: a deviation from the rest shape decays as exp(−t/τ), whatever the substeps; small (1 ms) holds a stiff prop rigid.',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Shape matching (Müller et al. 2005) over the particles: pulled towards the best rigid placement of their rest shape, without ringing.',
  },
);

export const PlasticitySchema = Type.Object(
  {
    yieldStrain: Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Yield strain ε_y = σ_y/E: von Mises stress over Young modulus (the axial strain at which a bar yields), dimensionless.',
    }),
    creepRatePerS: Type.Number({
      minimum: 0,
      maximum: 1e6,
      description:
        'Rate c at which the strain past yield flows into the rest shape, 1/s (≥ 1/frame: at once).',
    }),
    maxPlasticStrain: Type.Number({
      minimum: 0,
      maximum: 0.4,
      description: 'Cap on the equivalent plastic strain, dimensionless (keeps elements from collapsing).',
    }),
  },
  {
    additionalProperties: false,
    description:
      'Plasticity: past the yield strain the rest shape creeps toward the current shape (core/sim/plasticity.ts).',
  },
);

export const GroupSchema = Type.Object(
  {
    name: name('Group name, unique within the body.'),
    vertices: VertexListSchema,
    material: Type.Optional(
      materialRef(
        "The group's material, inline or a library name; the body's when absent.",
        'Name of a library material.',
      ),
    ),
    dampingRatio: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10,
        description:
          "Damping ratio ζ of the group; the named material's default, else the body's, when absent.",
      }),
    ),
    aerodynamics: Type.Optional(AerodynamicsSchema),
    shapeMatching: Type.Optional(ShapeMatchingSchema),
    plasticity: Type.Optional(PlasticitySchema),
    breakingStressPa: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description:
          "Stress at which the group's elements tear, Pa: a rope link at this stress × its cross-section (N), a cloth triangle at this membrane stress (× thickness, N/m), a tet at this largest principal stress; edge springs at the force that strains them by this stress / E. Absent: the group does not tear.",
      }),
    ),
  },
  {
    additionalProperties: false,
    description:
      "A material group. An element (tet, triangle, hinge, link, edge) belongs to it when all its vertices are listed; the last group holding an element wins; elements in no group take the body's material and damping.",
  },
);

export const BodySolverOverrideSchema = Type.Object(
  {
    method: Type.Union([Type.Literal('xpbd'), Type.Literal('pbd')], {
      description: "'xpbd' (default) or classic PBD.",
    }),
    iterations: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'PBD: iterations per substep.' }),
    ),
    stiffness: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: 'PBD: stiffness k scaling each projection.' }),
    ),
  },
  { additionalProperties: false, description: 'Per-body solver method.' },
);

export const TetherSchema = Type.Object(
  {
    maxStretch: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10,
        description: 'Stretch allowed beyond the rest distance to the pin (0.02 = 2%); default 0.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Cloth only: long-range attachments of every free particle to its nearest rigid pin.',
  },
);

export const PressureSchema = Type.Object(
  {
    bulkModulusPa: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        description: 'Gas bulk modulus, Pa; default 101325 (air, isothermal).',
      }),
    ),
    volumeScale: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 100,
        description: 'Inflation: wanted volume over the rest volume; default 1.',
      }),
    ),
  },
  { additionalProperties: false, description: 'Cloth on a closed mesh only: the enclosed gas (a balloon).' },
);

export const SelfCollisionSchema = Type.Object(
  {
    thicknessM: Type.Number({
      exclusiveMinimum: 0,
      maximum: PHYSICAL_BOUNDS.sizeM.max,
      description: 'Particles are kept at least this far apart, m (about the rest edge length).',
    }),
    friction: Type.Optional(
      Type.Number({ minimum: 0, description: 'Coulomb friction between layers; default 0.3.' }),
    ),
  },
  { additionalProperties: false, description: 'Cloth only: collisions of the cloth with itself.' },
);

export const BodySchema = Type.Object(
  {
    name: name('Unique body name.'),
    shape: ShapeSchema,
    material: materialRef(
      "The body's material: inline numbers, or the name of a library material (assets/materials.json or the user's saved materials). A named material also gives the default dampingRatio.",
      'Name of a library material, e.g. "cotton".',
    ),
    model: ConstraintModelSchema,
    dampingRatio: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 10,
        description: 'Constraint damping ratio ζ: 0 none, 1 critical.',
      }),
    ),
    linearDampingPerS: Type.Optional(
      Type.Number({ minimum: 0, description: 'Mass-proportional damping, 1/s (what Jolt offers).' }),
    ),
    pins: Type.Optional(Type.Array(PinSchema, { description: 'Pins, in order.' })),
    groups: Type.Optional(
      Type.Array(GroupSchema, {
        description: 'Material groups over parts of the body; names are unique within the body.',
      }),
    ),
    solver: Type.Optional(BodySolverOverrideSchema),
    bending: Type.Optional(
      Type.Boolean({ description: 'Rope only: bending stiffness E·πr⁴/4 between links; default false.' }),
    ),
    tethers: Type.Optional(TetherSchema),
    pressure: Type.Optional(PressureSchema),
    selfCollision: Type.Optional(SelfCollisionSchema),
    aerodynamics: Type.Optional(AerodynamicsSchema),
    shapeMatching: Type.Optional(ShapeMatchingSchema),
    previewOnly: Type.Optional(
      Type.Boolean({
        description:
          "A demonstration body for the editor's preview only (the classic-PBD copy of a PBD vs XPBD comparison): simulated and shown, refused by name by every exporter. Absent or false: an ordinary body.",
      }),
    ),
    warpDirection: Type.Optional(
      vec3(
        "Cloth only: the warp (axis 1 of the material's orthotropic constants) as a direction in the body's rest frame (a cloth grid lies in the x–z plane), projected onto each triangle. Absent: the cloth is isotropic with the material's E and ν.",
        1,
      ),
    ),
  },
  { additionalProperties: false, description: 'A soft body.' },
);

export const ColliderSchema = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal('plane'),
        normal: vec3('Outward normal (normalised on load).'),
        offset: Type.Number({ description: 'Plane offset along the normal, m.' }),
        ...friction,
        ...moving,
      },
      {
        additionalProperties: false,
        description: 'Half-space {x : n·x < offset} behind the plane n·x = offset.',
      },
    ),
    Type.Object(
      {
        type: Type.Literal('sphere'),
        center: vec3('Centre, m.'),
        radius: Type.Number({
          exclusiveMinimum: 0,
          maximum: PHYSICAL_BOUNDS.sizeM.max,
          description: 'Radius, m.',
        }),
        ...friction,
        ...moving,
      },
      { additionalProperties: false, description: 'Sphere.' },
    ),
    Type.Object(
      {
        type: Type.Literal('box'),
        center: vec3('Centre, m.'),
        halfExtents: positiveVec3('Half edge lengths, m.'),
        ...friction,
        ...moving,
      },
      { additionalProperties: false, description: 'Axis-aligned box.' },
    ),
    Type.Object(
      {
        type: Type.Literal('capsule'),
        a: vec3('Segment start, m.'),
        b: vec3('Segment end, m.'),
        radius: Type.Number({
          exclusiveMinimum: 0,
          maximum: PHYSICAL_BOUNDS.sizeM.max,
          description: 'Radius, m.',
        }),
        ...friction,
        ...moving,
      },
      { additionalProperties: false, description: 'Segment a–b swept by a radius.' },
    ),
    Type.Object(
      {
        type: Type.Literal('mesh'),
        vertices: Type.Optional(
          Type.Array(
            Type.Number({
              minimum: -PHYSICAL_BOUNDS.coordinateM.max,
              maximum: PHYSICAL_BOUNDS.coordinateM.max,
            }),
            { minItems: 9, description: 'Vertex positions, m, x y z flat.' },
          ),
        ),
        indices: Type.Optional(
          Type.Array(Type.Integer({ minimum: 0 }), {
            minItems: 3,
            description: 'Vertex indices, 3 per triangle.',
          }),
        ),
        path: Type.Optional(name('Mesh file, relative to the scene file.')),
        thicknessM: Type.Optional(
          Type.Number({
            minimum: 0,
            description: 'Particles are kept this far in front of the surface, m; default 0.',
          }),
        ),
        ...friction,
        ...moving,
      },
      {
        additionalProperties: false,
        description:
          'Triangle mesh, inline (vertices and indices) or from a file (path, resolved by `softbody simulate`). Its front is where the triangles wind counter-clockwise.',
      },
    ),
  ],
  { description: 'A static collider, chosen by `type`.' },
);

export const SolverSettingsSchema = Type.Object(
  {
    dt: Type.Number({
      minimum: PHYSICAL_BOUNDS.frameDtS.min,
      maximum: PHYSICAL_BOUNDS.frameDtS.max,
      description: 'Frame time step, s.',
    }),
    substeps: Type.Integer({
      minimum: 1,
      maximum: 1000,
      description: 'Substeps per frame (one Gauss-Seidel pass each).',
    }),
    compensation: Type.Optional(
      Type.Union([Type.Literal('auto'), Type.Literal('off')], {
        description:
          "'auto' (the default): stiffen each body's elastic constraints so that at these substeps it is as stiff as its material (one Gauss-Seidel pass per substep leaves it softer by about β·(h·c/l)²); 'off': the plain material compliances.",
      }),
    ),
  },
  { additionalProperties: false, description: 'Time stepping.' },
);

export const AirSchema = Type.Object(
  {
    windMPerS: Type.Optional(
      vec3('Mean wind velocity, m/s; still air when absent.', PHYSICAL_BOUNDS.windMPerS.max),
    ),
    densityKgM3: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 2000,
        description: 'Air density ρ, kg/m³; default 1.2 (sea level, 20 °C).',
      }),
    ),
    gust: Type.Optional(
      Type.Object(
        {
          amplitudeMPerS: Type.Number({
            minimum: 0,
            maximum: PHYSICAL_BOUNDS.windMPerS.max,
            description: 'Largest change of each wind component, m/s.',
          }),
          periodS: Type.Number({
            exclusiveMinimum: 0,
            maximum: 1e4,
            description: 'Time between independent gust values, s (smooth in between).',
          }),
          seed: Type.Optional(
            Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Noise seed; default 0.' }),
          ),
        },
        {
          additionalProperties: false,
          description:
            'Seeded smooth noise added to the wind, the same everywhere in space: the same run every time.',
        },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      "The air around the bodies: every body with surface triangles feels drag and lift (its or its groups' aerodynamics, else the defaults). Absent: only bodies that give aerodynamics, in still air.",
  },
);

export const FrameBudgetSchema = Type.Object(
  {
    frameMsPerBody: Type.Number({
      exclusiveMinimum: 0,
      maximum: 1000,
      description: 'Wall time one body may take per 60 Hz frame in the runtime, ms.',
    }),
    runtime: Type.Literal('jolt', { description: 'The game runtime the budget is for.' }),
  },
  {
    additionalProperties: false,
    description:
      "Frame budget per body: the editor and `softbody bake` warn about a body whose measured cost per frame exceeds it; `softbody tetra --budget-ms` picks a tet count within it. Default 2 ms in 'jolt' when absent.",
  },
);

/** Defaults of contact between bodies when the scene's `contact` leaves them out. */
export const CONTACT_DEFAULTS = { thicknessM: 0.005, friction: 0.5 } as const;

export const ContactSchema = Type.Object(
  {
    betweenBodies: Type.Boolean({
      description:
        "Soft bodies collide with each other: each body's particles against the other bodies' surface triangles (core/sim/collide/body-contact.ts).",
    }),
    thicknessM: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: PHYSICAL_BOUNDS.sizeM.max,
        description: `Distance kept between a particle and another body's surface, m; default ${CONTACT_DEFAULTS.thicknessM}.`,
      }),
    ),
    friction: Type.Optional(
      Type.Number({
        minimum: 0,
        description: `Dynamic (kinetic) Coulomb friction between bodies; default ${CONTACT_DEFAULTS.friction}.`,
      }),
    ),
    staticFriction: Type.Optional(
      Type.Number({
        minimum: 0,
        description: 'Static Coulomb friction between bodies; equals friction when absent.',
      }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Contact between soft bodies (absent: bodies pass through each other).',
  },
);

export const SceneSchema = Type.Object(
  {
    formatVersion: Type.Optional(Type.Literal(1, { description: 'Document format version; 1 when absent.' })),
    gravity: vec3('Gravity, m/s².', PHYSICAL_BOUNDS.gravityMPerS2.max),
    solver: SolverSettingsSchema,
    colliders: Type.Array(ColliderSchema, { description: 'Static colliders.' }),
    bodies: Type.Array(BodySchema, { description: 'Soft bodies; names are unique.' }),
    air: Type.Optional(AirSchema),
    budget: Type.Optional(FrameBudgetSchema),
    contact: Type.Optional(ContactSchema),
  },
  {
    additionalProperties: false,
    title: 'Softbody Studio scene',
    description:
      'A scene for `softbody simulate` and the editor: gravity, solver settings, static colliders and soft bodies. SI units: m, kg, s, Pa, N.',
  },
);

/** The published JSON Schema (docs/scene.schema.json): SceneSchema as plain JSON. */
export function sceneJsonSchema(): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    ...JSON.parse(JSON.stringify(SceneSchema)),
  };
}
