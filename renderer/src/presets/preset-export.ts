/**
 * The preset of the open scene, or of one body, as file bytes for an export target of
 * core/export/targets.ts (the table `softbody export` uses): canonical preset JSON, a GLB with the
 * preset in its SOFTBODY_soft_body extension, or Jolt JSON, with what the target approximates.
 * Pure apart from the async writers.
 */
import { type FileFilter, fileFilters } from '../../../contract/host-api.ts';
import { DocumentError, formatProblem } from '../../../core/document/problem.ts';
import { type Approximation, type ExportTargetId, exportTarget } from '../../../core/export/targets.ts';
import { presetFromScene } from '../../../core/preset/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { type SceneMeshes, type SolidMesh, sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import { describeScope, type ExportScope, sceneOfScope, WHOLE_SCENE } from './export-scope.ts';

export interface PresetFile {
  name: string;
  bytes: Uint8Array;
  filters: FileFilter[];
  /** What the target does not carry exactly; empty when the file holds the preset exactly. */
  approximations: Approximation[];
  /** What the target's substep budget does to the material, per body (ExportResult.budgetNotes). */
  budgetNotes: string[];
  /** What the file holds: the body's name, or 'whole scene, N bodies'. */
  contents: string;
}

/** 'block.sbproj' → 'block'; what a whole-scene export is named after. */
export function presetBaseName(projectFileName: string): string {
  const base = projectFileName.replace(/\.sbproj$/i, '').trim();
  return base.length > 0 ? base : 'untitled';
}

/** A body name as a file name: characters file systems refuse become '-'. */
export function fileSafeName(name: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is replaced.
  const safe = name.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim();
  return safe.replace(/^\.+/, '').length > 0 ? safe : 'body';
}

/**
 * The meshes of the scene's mesh bodies as the preset builder takes them (by the JSON pointer
 * of each body's shape), from the editor's assets (by the shape's path).
 */
export function sceneMeshesOf(scene: Scene, assets: ReadonlyMap<string, SolidMesh>): SceneMeshes {
  return sceneMeshesFor(scene, assets);
}

/** The save dialog's filter: the app's own for presets (so Open knows them), the target's otherwise. */
function filtersFor(target: ExportTargetId): FileFilter[] {
  if (target === 'native') return [fileFilters.presets];
  const { label, extension } = exportTarget(target);
  return [
    { name: `${label} (*${extension})`, extensions: [extension.slice(extension.lastIndexOf('.') + 1)] },
  ];
}

export interface PresetFileOptions {
  /** The whole scene (default) or one body with the scene's colliders, gravity and solver. */
  scope?: ExportScope;
  /** The editor's tet meshes, by mesh shape path: mesh bodies take theirs from here. */
  assets?: ReadonlyMap<string, SolidMesh>;
}

/**
 * The export file of `scene` for `target`: a whole-scene export is named after the project, a
 * one-body export after the body. Throws DocumentError when the scene holds something a preset
 * cannot (rope bodies, a mesh body without its tet mesh), with the JSON pointer of each such body
 * in `scene`.
 */
export async function presetFileOf(
  scene: Scene,
  projectFileName: string,
  target: ExportTargetId,
  options: PresetFileOptions = {},
): Promise<PresetFile> {
  const scope = options.scope ?? WHOLE_SCENE;
  const exported = sceneOfScope(scene, scope);
  const base =
    scope.kind === 'body' ? fileSafeName(exported.bodies[0].name) : presetBaseName(projectFileName);
  let preset: ReturnType<typeof presetFromScene>;
  try {
    const source = sourceOf(exported, scope);
    preset = presetFromScene(exported, {
      name: base,
      meshes: sceneMeshesOf(exported, options.assets ?? new Map()),
      ...(source === undefined ? {} : { source }),
    });
  } catch (error) {
    throw scope.kind === 'body' ? pointingIntoScene(error, scope.index) : error;
  }
  const { bytes, approximations, budgetNotes } = await exportTarget(target).export(preset);
  return {
    name: `${base}${exportTarget(target).extension}`,
    bytes,
    filters: filtersFor(target),
    approximations,
    budgetNotes,
    contents: describeScope(scene, scope),
  };
}

/**
 * The provenance a one-body export of a mesh body records: the mesh file its shape names (the
 * imported file's name), as `softbody bake` records the file it baked. None for a whole scene
 * or another shape.
 */
function sourceOf(exported: Scene, scope: ExportScope): string | undefined {
  const shape = exported.bodies[0]?.shape;
  if (scope.kind !== 'body' || shape?.type !== 'mesh') return undefined;
  return shape.path.split(/[\\/]/).pop() || undefined;
}

/** A one-body scene's problems at /bodies/0 moved to the body's place in the editor's scene. */
function pointingIntoScene(error: unknown, index: number): unknown {
  if (!(error instanceof DocumentError) || error.kind !== 'scene') return error;
  return new DocumentError(
    'scene',
    error.problems.map((p) => ({
      ...p,
      pointer: p.pointer.replace(/^\/bodies\/0(?=\/|$)/, `/bodies/${index}`),
    })),
    error.file,
  );
}

/** Every problem of a refused export, one a line (scene pointers), for a notification's detail. */
export function exportProblemDetail(error: unknown): string | undefined {
  if (error instanceof DocumentError && error.kind === 'scene')
    return error.problems.map((p) => `scene${formatProblem(p)}`).join('\n');
  return undefined;
}
