/**
 * The preset of the open scene as file bytes: canonical preset JSON (what `softbody validate` and
 * `softbody export` read), or a GLB carrying it in the SOFTBODY_soft_body extension (what
 * `softbody export --target gltf` writes). Pure apart from the async GLB writer.
 */

import { type FileFilter, fileFilters } from '../../../contract/host-api.ts';
import { DocumentError, formatProblem } from '../../../core/document/problem.ts';
import { exportGlb, presetFromScene, writePreset } from '../../../core/preset/index.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import type { SceneMeshes, SolidMesh } from '../../../core/scene/scene-meshes.ts';

export type PresetExportFormat = 'json' | 'glb';

export interface PresetFile {
  name: string;
  bytes: Uint8Array;
  filters: FileFilter[];
}

export const PRESET_EXPORT_FORMATS: readonly { format: PresetExportFormat; text: string }[] = [
  { format: 'json', text: 'Preset JSON (.preset.json)' },
  { format: 'glb', text: 'glTF binary with the preset (.glb)' },
];

/** 'block.sbproj' → 'block'; what the exported files are named after. */
export function presetBaseName(projectFileName: string): string {
  const base = projectFileName.replace(/\.sbproj$/i, '').trim();
  return base.length > 0 ? base : 'untitled';
}

/**
 * The tet meshes of the scene's mesh bodies as the preset builder takes them (by the JSON pointer
 * of each body's shape), from the editor's assets (by the shape's path).
 */
export function sceneMeshesOf(scene: Scene, assets: ReadonlyMap<string, SolidMesh>): SceneMeshes {
  const solids = new Map<string, SolidMesh>();
  scene.bodies.forEach((body, i) => {
    const mesh = body.shape.type === 'mesh' ? assets.get(body.shape.path) : undefined;
    if (mesh) solids.set(`/bodies/${i}/shape`, mesh);
  });
  return { surfaces: new Map(), solids };
}

/**
 * The preset file for `scene`, named after the project; mesh bodies take their tet mesh from
 * `assets` (the editor's, by shape path). Throws DocumentError when the scene holds
 * something a preset cannot (rope bodies, a mesh body without its tet mesh) with the JSON pointer
 * of each such body.
 */
export async function presetFileOf(
  scene: Scene,
  projectFileName: string,
  format: PresetExportFormat,
  assets: ReadonlyMap<string, SolidMesh> = new Map(),
): Promise<PresetFile> {
  const base = presetBaseName(projectFileName);
  const preset = presetFromScene(scene, base, sceneMeshesOf(scene, assets));
  if (format === 'json') {
    return {
      name: `${base}.preset.json`,
      bytes: new TextEncoder().encode(writePreset(preset)),
      filters: [fileFilters.presets],
    };
  }
  return {
    name: `${base}.glb`,
    bytes: await exportGlb(preset),
    filters: [{ name: 'glTF binary with the SOFTBODY_soft_body extension', extensions: ['glb'] }],
  };
}

/** Every problem of a refused export, one a line (scene pointers), for a notification's detail. */
export function exportProblemDetail(error: unknown): string | undefined {
  if (error instanceof DocumentError && error.kind === 'scene')
    return error.problems.map((p) => `scene${formatProblem(p)}`).join('\n');
  return undefined;
}
