import type { Static } from 'typebox';
import { migrateDocument } from '../document/migrations.ts';
import { DocumentError, nestProblems } from '../document/problem.ts';
import { checkSchema } from '../document/schema-check.ts';
import { validateScene } from '../scene/scene-validate.ts';
import { PROJECT_FORMAT_VERSION, PROJECT_KIND, type ProjectDocument } from './format.ts';
import { decodeMeshes } from './mesh-arrays.ts';
import { PROJECT_VERSIONING } from './migrations.ts';
import { ProjectSchema } from './schema.ts';

/**
 * Reads a project file: parse, check it is a project, migrate to the current format, check the
 * schema (schema.ts; the scene part is the scene schema), then the rules a schema cannot say: the
 * scene's own rules, the embedded meshes, the selection within the bodies. Problems carry
 * pointers into the project (/scene/bodies/0/material, /meshes/spot.obj/tets). Throws
 * DocumentError naming `file`; never returns a half-valid document. A mesh body whose path has no
 * embedded mesh is the caller's to resolve (a file beside the project, or an error).
 */
export function readProject(text: string, file: string): ProjectDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new DocumentError(
      'project',
      [{ pointer: '', message: `not JSON (${(error as Error).message})` }],
      file,
    );
  }
  return parseProject(value, file);
}

export function parseProject(value: unknown, file: string): ProjectDocument {
  const fail = (problems: { pointer: string; message: string }[]): never => {
    throw new DocumentError('project', problems, file);
  };
  // The kind first: a scene or a preset opened as a project is told so, not given a list of keys.
  const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  if (kind !== PROJECT_KIND)
    fail([
      { pointer: '/kind', message: `must be "${PROJECT_KIND}" (this file is not a Softbody Studio project)` },
    ]);
  const migrated = migrateDocument(value, PROJECT_VERSIONING);
  if (migrated.problems.length > 0) fail(migrated.problems);
  const schemaProblems = checkSchema(migrated.value, ProjectSchema);
  if (schemaProblems.length > 0) fail(schemaProblems);
  const project = migrated.value as Static<typeof ProjectSchema>;
  const meshes = decodeMeshes(project.meshes, (path) => bodiesUsing(project.scene.bodies, path));
  const problems = [...nestProblems('/scene', validateScene(project.scene)), ...meshes.problems];
  const bodyCount = project.scene.bodies.length;
  const selected =
    project.editor === undefined ? (bodyCount > 0 ? 0 : null) : (project.editor.selectedBody ?? null);
  if (selected !== null && selected >= bodyCount)
    problems.push({
      pointer: '/editor/selectedBody',
      message: `must be null or a body index from 0 to ${bodyCount - 1}`,
    });
  if (problems.length > 0) fail(problems);
  return {
    formatVersion: PROJECT_FORMAT_VERSION,
    kind: PROJECT_KIND,
    scene: project.scene as ProjectDocument['scene'],
    editor: { selectedBody: selected },
    meshes: meshes.meshes,
  };
}

/** "body 'spot' (/scene/bodies/2)" for each body whose shape is the mesh at `path`, joined. */
function bodiesUsing(bodies: readonly { name: string; shape: { type: string } }[], path: string): string {
  return bodies
    .flatMap((body, i) =>
      body.shape.type === 'mesh' && (body.shape as { path?: string }).path === path
        ? [`body '${body.name}' (/scene/bodies/${i})`]
        : [],
    )
    .join(', ');
}
