import { dirname, resolve } from 'node:path';
import { DocumentError, type Problem } from '../core/document/problem.ts';
import { readMeshFile } from '../core/node/read-mesh.ts';
import {
  checkPresetText,
  checkPresetValue,
  type Preset,
  presetFromScene,
  readGlbPreset,
} from '../core/preset/index.ts';
import type { SceneDocument } from '../core/scene/scene.ts';
import { loadSceneMeshes } from '../core/scene/scene-meshes.ts';
import { parseScene } from '../core/scene/scene-validate.ts';
import { CliError, type CommandIo, ExitCode } from './command.ts';
import { asCliError } from './errors.ts';
import { readInputFile, STDIO, shownName } from './stdio.ts';

/**
 * Reading the files `softbody validate` and `softbody export` take: preset JSON, a GLB with the
 * preset in its SOFTBODY_soft_body extension (what the editor's Export GLB writes), and for
 * export a scene document, turned into a preset as the editor's Export Preset does.
 */

/** What a file held: a preset read from JSON or a GLB, or the problems that kept it from one. */
export interface PresetRead {
  format: 'json' | 'glb';
  preset?: Preset;
  problems: Problem[];
}

/** 'glTF', the first four bytes of every binary glTF file. */
const GLB_MAGIC = [0x67, 0x6c, 0x54, 0x46];

export function isGlb(bytes: Uint8Array): boolean {
  return GLB_MAGIC.every((byte, i) => bytes[i] === byte);
}

/**
 * A scene and a preset can both be JSON objects with bodies; a preset names itself and its
 * materials (the preset schema requires both), a scene has neither (the scene schema forbids them).
 */
export function isSceneDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  return !('name' in value) && !('materials' in value);
}

/** The preset in a GLB's extension, validated; problems carry the place in the glTF JSON. */
export async function checkGlbPreset(bytes: Uint8Array): Promise<PresetRead> {
  try {
    return { format: 'glb', preset: await readGlbPreset(bytes), problems: [] };
  } catch (error) {
    if (error instanceof DocumentError) return { format: 'glb', problems: [...error.problems] };
    // The glTF reader throws plain errors for a file that is not well-formed glTF.
    return {
      format: 'glb',
      problems: [{ pointer: '', message: `is not a readable GLB (${(error as Error).message})` }],
    };
  }
}

/** Preset JSON or a GLB carrying one, told apart by the GLB magic. */
export async function checkPresetBytes(bytes: Uint8Array): Promise<PresetRead> {
  if (isGlb(bytes)) return checkGlbPreset(bytes);
  return { format: 'json', ...checkPresetText(new TextDecoder().decode(bytes)) };
}

/** 'scenes/hanging-bar.scene.json' → 'hanging-bar': what a preset made from a scene is named. */
export function presetNameOf(file: string): string {
  const base = file
    .replace(/^.*[\\/]/, '')
    .replace(/(\.scene)?\.json$/i, '')
    .trim();
  return base.length > 0 ? base : 'scene';
}

/** The folder a document's relative mesh paths start from: its own, or the working folder for stdin. */
export function folderOf(file: string): string {
  return file === STDIO ? process.cwd() : dirname(resolve(file));
}

/**
 * The preset a preset file (JSON or GLB) or a scene file holds (`-`: standard input); a scene's
 * mesh files are read relative to it and its solid mesh bodies tetrahedralized, as `softbody
 * simulate` does. Throws CliError with every problem (scene problems point into the scene).
 */
export async function loadPresetOrScene(file: string, io: CommandIo): Promise<Preset> {
  const bytes = await readInputFile(file, io);
  const shown = shownName(file);
  if (isGlb(bytes)) return presetOf(await checkGlbPreset(bytes), shown);
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The preset reader names the line and column.
    return presetOf({ format: 'json', ...checkPresetText(text) }, shown);
  }
  if (!isSceneDocument(value)) return presetOf({ format: 'json', ...checkPresetValue(value) }, shown);
  try {
    const scene = parseScene(value);
    const folder = folderOf(file);
    const meshes = await loadSceneMeshes(
      scene,
      async (path) => (await readMeshFile(resolve(folder, path))).mesh,
    );
    // The document itself, not the parsed scene: its library material names go into the preset.
    return presetFromScene(value as SceneDocument, {
      name: presetNameOf(file === STDIO ? 'scene' : file),
      meshes,
      source: shown.replace(/^.*[\\/]/, ''),
    });
  } catch (error) {
    throw asCliError(error, shown) ?? error;
  }
}

function presetOf(read: PresetRead, file: string): Preset {
  if (read.preset) return read.preset;
  throw problemsError(file, read.problems);
}

/** Every problem of a document, each with the file and its JSON pointer. */
export function problemsError(
  file: string,
  problems: readonly Problem[],
  exitCode: number = ExitCode.badInput,
): CliError {
  return new CliError(
    problems.map((p) => ({ file, pointer: p.pointer, message: p.message })),
    exitCode,
  );
}
