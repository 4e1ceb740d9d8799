import Type from 'typebox';
import { binaryArraySchema } from '../document/binary-array.ts';
import { SceneSchema } from '../scene/scene-schema.ts';
import { PROJECT_FORMAT_VERSION, PROJECT_KIND } from './format.ts';

/**
 * The project document (.sbproj) as TypeBox schemas, checked by core/document's checker: the
 * scene part is the scene schema itself, so a bad scene value is reported at /scene/…. The rules
 * a schema cannot say (the scene's own rules, whole vertices and tets, indices in range, the
 * selection within the bodies) are read.ts's.
 */

/**
 * The imported surface a tet mesh was made from: float32 positions, as imported meshes have them
 * (compiling skins them to the tets in float32 too), triangles and import groups.
 */
export const StoredSurfaceSchema = Type.Object(
  {
    positions: binaryArraySchema('float32', 'Surface vertex positions, m, x y z per vertex.'),
    indices: binaryArraySchema(
      'uint32',
      'Vertex indices, 3 per triangle, counter-clockwise seen from outside.',
    ),
    groups: Type.Optional(
      Type.Object(
        {
          names: Type.Array(Type.String(), {
            description: 'Import group names (OBJ o/g/usemtl, glTF mesh/material).',
          }),
          triangleGroups: Type.Optional(
            binaryArraySchema('uint16', 'Per surface triangle, an index into names.'),
          ),
          tetGroups: Type.Optional(binaryArraySchema('uint16', 'Per tet, an index into names.')),
        },
        { additionalProperties: false, description: 'Import groups of the surface.' },
      ),
    ),
  },
  {
    additionalProperties: false,
    description: 'The imported surface the tets were made from: the render mesh and its import groups.',
  },
);

/** One embedded tet mesh (format 2): float64 positions, so a reopened project builds the same world. */
export const StoredMeshSchema = Type.Object(
  {
    positions: binaryArraySchema('float64', 'Vertex positions, m, x y z per vertex.'),
    tets: binaryArraySchema('uint32', 'Vertex indices, 4 per tet, positively oriented.'),
    surface: Type.Optional(StoredSurfaceSchema),
  },
  { additionalProperties: false, description: 'A tet mesh carried by the project.' },
);

export const ProjectEditorSchema = Type.Object(
  {
    selectedBody: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
        description: 'Index of the selected body in scene.bodies; null when nothing is selected.',
      }),
    ),
  },
  { additionalProperties: false, description: "The editor's own state; a convenience." },
);

export const ProjectSchema = Type.Object(
  {
    formatVersion: Type.Literal(PROJECT_FORMAT_VERSION, { description: 'Project format version.' }),
    kind: Type.Literal(PROJECT_KIND, { description: 'Marks the file as a Softbody Studio project.' }),
    scene: SceneSchema,
    editor: Type.Optional(ProjectEditorSchema),
    meshes: Type.Optional(
      Type.Record(Type.String(), StoredMeshSchema, {
        description: "Tet meshes of the scene's mesh bodies, by the mesh shape's path; absent is none.",
      }),
    ),
  },
  { additionalProperties: false, title: 'Softbody Studio project' },
);
