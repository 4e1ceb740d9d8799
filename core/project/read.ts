import { migrateDocument } from '../document/migrations.ts';
import { DocumentError, nestProblems, type Problem } from '../document/problem.ts';
import { validateScene } from '../scene/scene-validate.ts';
import {
  PROJECT_FORMAT_VERSION,
  PROJECT_KIND,
  type ProjectDocument,
  type ProjectEditorState,
} from './format.ts';
import { decodeMeshes } from './mesh-arrays.ts';
import { PROJECT_VERSIONING } from './migrations.ts';

/**
 * Reads a project file: parse, check it is a project, migrate to the current format, validate
 * the scene and the embedded meshes (problems carry pointers into the project, e.g.
 * /scene/bodies/0/material, /meshes/spot.obj/tets). Throws DocumentError naming `file` and the
 * place; never returns a half-valid document. A mesh body whose path has no embedded mesh is the
 * caller's to resolve (a file beside the project, or an error).
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
  const fail = (pointer: string, message: string): never => {
    throw new DocumentError('project', [{ pointer, message }], file);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return fail('', 'a project is a JSON object');
  let doc = value as Record<string, unknown>;
  if (doc.kind !== PROJECT_KIND)
    return fail('/kind', `must be "${PROJECT_KIND}" (this file is not a Softbody Studio project)`);
  const migrated = migrateDocument(doc, PROJECT_VERSIONING);
  if (migrated.problems.length > 0) throw new DocumentError('project', migrated.problems, file);
  doc = migrated.value as Record<string, unknown>;
  const problems: Problem[] = nestProblems('/scene', validateScene(doc.scene));
  const meshes = decodeMeshes(doc.meshes);
  problems.push(...meshes.problems);
  if (problems.length > 0) throw new DocumentError('project', problems, file);
  const scene = doc.scene as ProjectDocument['scene'];
  return {
    formatVersion: PROJECT_FORMAT_VERSION,
    kind: PROJECT_KIND,
    scene,
    editor: parseEditorState(doc.editor, scene.bodies.length, file),
    meshes: meshes.meshes,
  };
}

/** The editor part is a convenience: absent is fine, a wrong type is reported. */
function parseEditorState(value: unknown, bodyCount: number, file: string): ProjectEditorState {
  if (value === undefined) return { selectedBody: bodyCount > 0 ? 0 : null };
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new DocumentError('project', [{ pointer: '/editor', message: 'must be an object' }], file);
  const selected = (value as Record<string, unknown>).selectedBody;
  if (selected === null || selected === undefined) return { selectedBody: null };
  if (typeof selected !== 'number' || !Number.isInteger(selected) || selected < 0 || selected >= bodyCount)
    throw new DocumentError(
      'project',
      [
        {
          pointer: '/editor/selectedBody',
          message: `must be null or a body index from 0 to ${bodyCount - 1}`,
        },
      ],
      file,
    );
  return { selectedBody: selected };
}
