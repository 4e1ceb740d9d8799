/**
 * JSON Schema (draft 2020-12) of the scene document: the single source of truth. The validator
 * (scene-validate.ts) interprets this object, and docs/scene.schema.json is this object written
 * out (a test keeps the two identical). Units are SI, as in scene.ts.
 */

const number = (description: string, bounds: Record<string, number> = {}) => ({
  type: 'number',
  description,
  ...bounds,
});

const vec3 = (description: string) => ({ $ref: '#/$defs/vec3', description });

const friction = {
  friction: number('Dynamic (kinetic) Coulomb friction coefficient; 0.5 when absent.', { minimum: 0 }),
  staticFriction: number('Static Coulomb friction coefficient; equals friction when absent.', { minimum: 0 }),
};

const pinOptions = {
  complianceMPerN: number('Soft attachment compliance, m/N; 0 or absent pins rigidly.', { minimum: 0 }),
  name: { type: 'string', description: 'A label for the pin.', minLength: 1 },
};

export const sceneJsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'Softbody Studio scene',
  description:
    'A scene for `softbody simulate` and the editor: gravity, solver settings, static colliders and soft bodies. SI units: m, kg, s, Pa, N.',
  type: 'object',
  required: ['gravity', 'solver', 'colliders', 'bodies'],
  additionalProperties: false,
  properties: {
    formatVersion: { description: 'Document format version; 1 when absent.', const: 1 },
    gravity: vec3('Gravity, m/s².'),
    solver: {
      type: 'object',
      description: 'Time stepping.',
      required: ['dt', 'substeps'],
      additionalProperties: false,
      properties: {
        dt: number('Frame time step, s.', { exclusiveMinimum: 0, maximum: 1 }),
        substeps: {
          type: 'integer',
          description: 'Substeps per frame (one Gauss-Seidel pass each).',
          minimum: 1,
          maximum: 1000,
        },
      },
    },
    colliders: { type: 'array', description: 'Static colliders.', items: { $ref: '#/$defs/collider' } },
    bodies: { type: 'array', description: 'Soft bodies; names are unique.', items: { $ref: '#/$defs/body' } },
  },
  $defs: {
    vec3: { type: 'array', description: 'x, y, z.', items: { type: 'number' }, minItems: 3, maxItems: 3 },
    positiveVec3: {
      type: 'array',
      items: { type: 'number', exclusiveMinimum: 0 },
      minItems: 3,
      maxItems: 3,
    },
    cells3: {
      type: 'array',
      description: 'Cells per axis.',
      items: { type: 'integer', minimum: 1, maximum: 256 },
      minItems: 3,
      maxItems: 3,
    },
    material: {
      type: 'object',
      required: ['youngModulusPa', 'poissonRatio', 'densityKgM3'],
      additionalProperties: false,
      properties: {
        youngModulusPa: number("Young's modulus, Pa.", { exclusiveMinimum: 0 }),
        poissonRatio: number("Poisson's ratio, dimensionless.", { minimum: 0, exclusiveMaximum: 0.5 }),
        densityKgM3: number('Density, kg/m³.', { exclusiveMinimum: 0 }),
        thicknessM: number('Cloth thickness, m (required for cloth).', { exclusiveMinimum: 0 }),
      },
    },
    shape: {
      description: 'Rest geometry of a body, chosen by `type`.',
      oneOf: [
        {
          type: 'object',
          description: 'A box meshed as a tet grid (5 tets per cell).',
          required: ['type', 'size', 'cells', 'center'],
          additionalProperties: false,
          properties: {
            type: { const: 'box' },
            size: { $ref: '#/$defs/positiveVec3', description: 'Edge lengths, m.' },
            cells: { $ref: '#/$defs/cells3' },
            center: vec3('Centre, m.'),
          },
        },
        {
          type: 'object',
          description: 'A triangulated cloth grid in the plane y = center[1]; size and cells along x then z.',
          required: ['type', 'size', 'cells', 'center'],
          additionalProperties: false,
          properties: {
            type: { const: 'cloth' },
            size: {
              type: 'array',
              description: 'Extent along x and z, m.',
              items: { type: 'number', exclusiveMinimum: 0 },
              minItems: 2,
              maxItems: 2,
            },
            cells: {
              type: 'array',
              description: 'Cells along x and z.',
              items: { type: 'integer', minimum: 1, maximum: 512 },
              minItems: 2,
              maxItems: 2,
            },
            center: vec3('Centre, m.'),
          },
        },
        {
          type: 'object',
          description: 'A chain of `segments` links from start to end.',
          required: ['type', 'start', 'end', 'segments', 'radiusM'],
          additionalProperties: false,
          properties: {
            type: { const: 'rope' },
            start: vec3('First particle, m.'),
            end: vec3('Last particle, m.'),
            segments: { type: 'integer', description: 'Number of links.', minimum: 1, maximum: 100000 },
            radiusM: number('Rope radius, m (cross-section πr²).', { exclusiveMinimum: 0 }),
          },
        },
        {
          type: 'object',
          description:
            'An imported mesh (OBJ, glTF, GLB): tetrahedralized for solid models, its surface for cloth. Resolved relative to the scene file by `softbody simulate`; a project (.sbproj) carries the tet mesh itself.',
          required: ['type', 'path'],
          additionalProperties: false,
          properties: {
            type: { const: 'mesh' },
            path: { type: 'string', description: 'Mesh file, relative to the scene file.', minLength: 1 },
            targetTetCount: {
              type: 'integer',
              description: 'Solids: approximate number of tets wanted (default 2000).',
              minimum: 1,
              maximum: 1000000,
            },
          },
        },
      ],
    },
    pin: {
      description:
        'Pins rest vertices: those inside an axis-aligned box, or a list of particle indices. A vertex several pins choose belongs to the first.',
      oneOf: [
        {
          type: 'object',
          description: 'Pins the rest vertices inside an axis-aligned box.',
          required: ['box'],
          additionalProperties: false,
          properties: {
            box: {
              type: 'object',
              required: ['min', 'max'],
              additionalProperties: false,
              properties: { min: vec3('Lower corner, m.'), max: vec3('Upper corner, m.') },
            },
            ...pinOptions,
          },
        },
        {
          type: 'object',
          description: 'Pins the listed particles.',
          required: ['vertices'],
          additionalProperties: false,
          properties: {
            vertices: { $ref: '#/$defs/vertexList' },
            ...pinOptions,
          },
        },
      ],
    },
    vertexList: {
      type: 'array',
      description:
        "Body-local particle indices, 0-based, in the order the engine gives the body's particles (box: x fastest, then y, then z; cloth: x fastest, then z; rope: start to end; mesh: the vertices the tets or triangles use, in order of first use).",
      items: { type: 'integer', minimum: 0 },
      minItems: 1,
    },
    group: {
      type: 'object',
      description:
        "A material group. An element (tet, triangle, hinge, link, edge) belongs to it when all its vertices are listed; the last group holding an element wins; elements in no group take the body's material and damping.",
      required: ['name', 'vertices'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', description: 'Group name, unique within the body.', minLength: 1 },
        vertices: { $ref: '#/$defs/vertexList' },
        material: {
          description: "The group's material, inline or a library name; the body's when absent.",
          oneOf: [
            { type: 'string', description: 'Name of a library material.', minLength: 1 },
            { $ref: '#/$defs/material' },
          ],
        },
        dampingRatio: number(
          "Damping ratio ζ of the group; the named material's default, else the body's, when absent.",
          { minimum: 0, maximum: 10 },
        ),
      },
    },
    solverOverride: {
      type: 'object',
      required: ['method'],
      additionalProperties: false,
      properties: {
        method: { enum: ['xpbd', 'pbd'], description: "'xpbd' (default) or classic PBD." },
        iterations: {
          type: 'integer',
          description: 'PBD: iterations per substep.',
          minimum: 1,
          maximum: 1000,
        },
        stiffness: number('PBD: stiffness k scaling each projection.', { minimum: 0, maximum: 1 }),
      },
    },
    body: {
      type: 'object',
      required: ['name', 'shape', 'material', 'model'],
      additionalProperties: false,
      properties: {
        name: { type: 'string', description: 'Unique body name.', minLength: 1 },
        shape: { $ref: '#/$defs/shape' },
        material: {
          description:
            "The body's material: inline numbers, or the name of a library material (assets/materials.json or the user's saved materials). A named material also gives the default dampingRatio.",
          oneOf: [
            { type: 'string', description: 'Name of a library material, e.g. "cotton".', minLength: 1 },
            { $ref: '#/$defs/material' },
          ],
        },
        model: {
          enum: ['neo-hookean', 'edges-volume', 'cloth', 'rope'],
          description:
            "Constraint model: 'neo-hookean' or 'edges-volume' for box/mesh, 'cloth' for cloth/mesh (a mesh's surface), 'rope' for rope.",
        },
        dampingRatio: number('Constraint damping ratio ζ: 0 none, 1 critical.', { minimum: 0, maximum: 10 }),
        linearDampingPerS: number('Mass-proportional damping, 1/s.', { minimum: 0 }),
        pins: { type: 'array', items: { $ref: '#/$defs/pin' } },
        groups: {
          type: 'array',
          description: 'Material groups over parts of the body; names are unique within the body.',
          items: { $ref: '#/$defs/group' },
        },
        solver: { $ref: '#/$defs/solverOverride' },
        bending: { type: 'boolean', description: 'Rope only: bending stiffness E·πr⁴/4 between links.' },
        tethers: {
          type: 'object',
          description: 'Cloth only: long-range attachments of every free particle to its nearest rigid pin.',
          additionalProperties: false,
          properties: {
            maxStretch: number(
              'Stretch allowed beyond the rest distance to the pin (0.02 = 2%); default 0.',
              {
                minimum: 0,
                maximum: 10,
              },
            ),
          },
        },
        pressure: {
          type: 'object',
          description: 'Cloth on a closed mesh only: the enclosed gas (a balloon).',
          additionalProperties: false,
          properties: {
            bulkModulusPa: number('Gas bulk modulus, Pa; default 101325 (air, isothermal).', {
              exclusiveMinimum: 0,
            }),
            volumeScale: number('Inflation: wanted volume over the rest volume; default 1.', {
              exclusiveMinimum: 0,
              maximum: 100,
            }),
          },
        },
        selfCollision: {
          type: 'object',
          description: 'Cloth only: collisions of the cloth with itself.',
          required: ['thicknessM'],
          additionalProperties: false,
          properties: {
            thicknessM: number(
              'Particles are kept at least this far apart, m (about the rest edge length).',
              {
                exclusiveMinimum: 0,
              },
            ),
            friction: number('Coulomb friction between layers; default 0.3.', { minimum: 0 }),
          },
        },
      },
    },
    collider: {
      description: 'A static collider, chosen by `type`.',
      oneOf: [
        {
          type: 'object',
          description: 'Half-space {x : n·x < offset} behind the plane n·x = offset.',
          required: ['type', 'normal', 'offset'],
          additionalProperties: false,
          properties: {
            type: { const: 'plane' },
            normal: vec3('Outward normal (normalised on load).'),
            offset: number('Plane offset along the normal, m.'),
            ...friction,
          },
        },
        {
          type: 'object',
          required: ['type', 'center', 'radius'],
          additionalProperties: false,
          properties: {
            type: { const: 'sphere' },
            center: vec3('Centre, m.'),
            radius: number('Radius, m.', { exclusiveMinimum: 0 }),
            ...friction,
          },
        },
        {
          type: 'object',
          description: 'Axis-aligned box.',
          required: ['type', 'center', 'halfExtents'],
          additionalProperties: false,
          properties: {
            type: { const: 'box' },
            center: vec3('Centre, m.'),
            halfExtents: { $ref: '#/$defs/positiveVec3', description: 'Half edge lengths, m.' },
            ...friction,
          },
        },
        {
          type: 'object',
          description: 'Segment a–b swept by a radius.',
          required: ['type', 'a', 'b', 'radius'],
          additionalProperties: false,
          properties: {
            type: { const: 'capsule' },
            a: vec3('Segment start, m.'),
            b: vec3('Segment end, m.'),
            radius: number('Radius, m.', { exclusiveMinimum: 0 }),
            ...friction,
          },
        },
        {
          type: 'object',
          description:
            'Triangle mesh, inline (vertices and indices) or from a file (path, resolved by `softbody simulate`). Its front is where the triangles wind counter-clockwise.',
          required: ['type'],
          additionalProperties: false,
          properties: {
            type: { const: 'mesh' },
            vertices: {
              type: 'array',
              description: 'Vertex positions, m, x y z flat.',
              items: { type: 'number' },
              minItems: 9,
            },
            indices: {
              type: 'array',
              description: 'Vertex indices, 3 per triangle.',
              items: { type: 'integer', minimum: 0 },
              minItems: 3,
            },
            path: { type: 'string', description: 'Mesh file, relative to the scene file.', minLength: 1 },
            thicknessM: number('Particles are kept this far in front of the surface, m; default 0.', {
              minimum: 0,
            }),
            ...friction,
          },
        },
      ],
    },
  },
} as const;
