import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DocumentError, formatProblem, type Problem } from '../core/document/problem.ts';
import { MeshImportError } from '../core/mesh/errors.ts';
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
import type { CommandIo } from './command.ts';

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

/** The file's bytes, or undefined after printing "softbody CMD: cannot read 'FILE': CODE". */
export async function readInput(
  file: string,
  command: string,
  io: CommandIo,
): Promise<Uint8Array | undefined> {
  try {
    return new Uint8Array(await readFile(file));
  } catch (error) {
    io.err(
      `softbody ${command}: cannot read '${file}': ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
    return undefined;
  }
}

/** Prints every problem as "softbody CMD: FILE: /pointer: message". */
export function printProblems(
  problems: readonly Problem[],
  file: string,
  command: string,
  io: CommandIo,
): void {
  for (const problem of problems) io.err(`softbody ${command}: ${file}: ${formatProblem(problem)}`);
}

/** 'scenes/hanging-bar.scene.json' → 'hanging-bar': what a preset made from a scene is named. */
export function presetNameOf(file: string): string {
  const base = file
    .replace(/^.*[\\/]/, '')
    .replace(/(\.scene)?\.json$/i, '')
    .trim();
  return base.length > 0 ? base : 'scene';
}

/**
 * The preset a preset file (JSON or GLB) or a scene file holds; a scene's mesh files are read
 * relative to it and its solid mesh bodies tetrahedralized, as `softbody simulate` does. Undefined
 * after printing every problem (scene problems point into the scene).
 */
export async function loadPresetOrScene(
  file: string,
  command: string,
  io: CommandIo,
): Promise<Preset | undefined> {
  const bytes = await readInput(file, command, io);
  if (!bytes) return undefined;
  if (isGlb(bytes)) return report(await checkGlbPreset(bytes), file, command, io);
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // The preset reader names the line and column.
    return report({ format: 'json', ...checkPresetText(text) }, file, command, io);
  }
  if (!isSceneDocument(value))
    return report({ format: 'json', ...checkPresetValue(value) }, file, command, io);
  try {
    const scene = parseScene(value);
    const folder = dirname(resolve(file));
    const meshes = await loadSceneMeshes(
      scene,
      async (path) => (await readMeshFile(resolve(folder, path))).mesh,
    );
    // The document itself, not the parsed scene: its library material names go into the preset.
    return presetFromScene(value as SceneDocument, {
      name: presetNameOf(file),
      meshes,
      source: file.replace(/^.*[\\/]/, ''),
    });
  } catch (error) {
    if (error instanceof DocumentError) printProblems(error.problems, file, command, io);
    else if (error instanceof MeshImportError) io.err(`softbody ${command}: ${file}: ${error.message}`);
    else throw error;
    return undefined;
  }
}

function report(read: PresetRead, file: string, command: string, io: CommandIo): Preset | undefined {
  printProblems(read.problems, file, command, io);
  return read.preset;
}
