import { rename, rm, writeFile } from 'node:fs/promises';
import {
  type BodyFrameCost,
  measureFrameCost,
  type RuntimeFrameTimer,
} from '../../core/budget/frame-cost.ts';
import { DocumentError, formatProblem } from '../../core/document/problem.ts';
import type { Material } from '../../core/material/schema.ts';
import { MeshImportError } from '../../core/mesh/errors.ts';
import { repairMesh } from '../../core/mesh/repair/repair-mesh.ts';
import type { TriMesh } from '../../core/mesh/types.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { presetFromScene, writePreset } from '../../core/preset/index.ts';
import type {
  BodySpecDocument,
  FrameBudget,
  GroupSpec,
  SceneDocument,
  Vec3,
} from '../../core/scene/scene.ts';
import type { SceneMeshes } from '../../core/scene/scene-meshes.ts';
import { tetImportGroups } from '../../core/setup/import-groups.ts';
import { compensationNotes } from '../../core/setup/summary.ts';
import { firstNonFinite } from '../../core/sim/finite-check.ts';
import { compactVertices } from '../../core/sim/geometry/mesh-body.ts';
import { TetrahedralizeError, tetrahedralize } from '../../core/tetra/index.ts';

/**
 * One file of a bake: import → (solids) tetrahedralize and carry the import groups to the tets →
 * a scene of that one mesh body with the materials, groups and pins → the preset of that scene
 * (core/preset presetFromScene, as the editor's Export Preset makes it) → DIR/NAME.preset.json.
 * Every failure comes back as a sentence in the result (the batch goes on); the preset file is
 * written whole or not at all (a temporary file renamed into place).
 */

export interface BakePlan {
  library: readonly Material[];
  /** The material of the whole body. */
  material: Material;
  /** Import group → material, for the groups that get their own. */
  groups: { importGroup: string; material: Material }[];
  pins: { min: Vec3; max: Vec3 }[];
  edgeLengthM?: number;
  targetTetCount?: number;
  solidModel: 'neo-hookean' | 'edges-volume';
  scale: number;
  upAxis: 'y' | 'z';
  frameDtS: number;
  substeps: number;
  /** Written into the preset's scene; absent: the default budget. */
  budget?: FrameBudget;
  /** Times each baked body here and in this runtime (core/budget); absent: no readout. */
  frameCostRuntime?: RuntimeFrameTimer | Promise<RuntimeFrameTimer>;
}

export interface BakeResult {
  file: string;
  /** The preset written, when it was. */
  output?: string;
  kind?: Material['kind'];
  /** Simulation vertices. */
  vertices?: number;
  /** Tets (solids) or triangles (cloth) of the simulation mesh. */
  elements?: number;
  /** Material group names of the body. */
  groups: string[];
  /** Things to know that did not stop the bake. */
  notes: string[];
  /** Each body's cost per 60 Hz frame, here and in the budget's runtime (when timed). */
  frameCost?: BodyFrameCost[];
  /** Wall-clock time, s. */
  seconds: number;
  /** Why the file failed; absent on success. */
  error?: string;
}

/** Called when a stage starts or advances, with the fraction of the whole file done, in [0, 1]. */
export type StageCallback = (stage: string, fraction: number) => void;

/** Name of the group over the whole body (the body's own material); a mapped import group of that name is renamed. */
export const BASE_GROUP_NAME = 'base';

/** The material group name of `--group NAME=…`: NAME, unless it clashes with the base group. */
export function presetGroupName(importGroup: string): string {
  return importGroup === BASE_GROUP_NAME ? `${importGroup} (import group)` : importGroup;
}

/** Standard gravity of baked presets, m/s² (the editor's default scene's). */
export const BAKE_GRAVITY: Vec3 = [0, -9.81, 0];

export async function bakeFile(
  file: string,
  output: string,
  plan: BakePlan,
  onStage: StageCallback,
): Promise<BakeResult> {
  const started = performance.now();
  const result: BakeResult = { file, groups: [], notes: [], seconds: 0 };
  try {
    onStage('importing', 0);
    const imported = await readMeshFile(file, { scale: plan.scale, upAxis: plan.upAxis });
    result.notes.push(...imported.notes.map((note) => `import: ${note}`));
    const { scene, meshes } = await sceneFromMesh(file, imported.mesh, plan, onStage, result);
    onStage('compiling the setup', 0.92);
    const preset = presetFromScene(scene, {
      name: stemOf(file),
      meshes,
      userMaterials: plan.library,
      source: baseName(file),
    });
    // Masses, compliances, the fundamental mode and the compensation figures the notes quote:
    // a preset with a non-finite number in them would load as a body that blows up at once.
    const figure = firstNonFinite(preset.setup);
    if (figure !== undefined)
      throw new BakeInputError(
        `/setup${figure} of its preset is not a finite number; the material and this mesh give no usable body`,
      );
    for (const body of preset.setup.bodies)
      result.notes.push(...compensationNotes(body, preset.setup.solver.substeps).map((n) => `budget: ${n}`));
    onStage('writing', 0.97);
    await writeWhole(output, writePreset(preset));
    result.output = output;
    result.groups = [BASE_GROUP_NAME, ...(scene.bodies[0].groups ?? []).map((g) => g.name)];
    if (plan.frameCostRuntime) {
      onStage('timing a frame', 0.98);
      // The preset is written: a readout that cannot be made is a note, not a failed file.
      try {
        result.frameCost = await measureFrameCost(preset, { runtime: plan.frameCostRuntime });
      } catch (error) {
        result.notes.push(`frame cost not measured: ${(error as Error).message}`);
      }
    }
  } catch (error) {
    result.error = describeFailure(file, error);
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/**
 * The one-body scene of a mesh: a solid is tetrahedralized (its vertices numbered in first use,
 * as compiling numbers them, so group and pin lists refer to the body's particles) and keeps the
 * file's surface as its render mesh; a cloth simulates its repaired surface. `--group` import
 * groups become material groups over the vertices of their elements.
 */
async function sceneFromMesh(
  file: string,
  mesh: TriMesh,
  plan: BakePlan,
  onStage: StageCallback,
  result: BakeResult,
): Promise<{ scene: SceneDocument; meshes: SceneMeshes }> {
  const kind = plan.material.kind;
  result.kind = kind;
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  const pointer = '/bodies/0/shape';
  let positions: Float64Array;
  let elements: Uint32Array;
  let elementGroups: Uint16Array;
  if (kind === 'solid') {
    const tets = await tetrahedralize(
      mesh,
      { edgeLengthM: plan.edgeLengthM, targetTetCount: plan.targetTetCount },
      (fraction, stage) => onStage(`tetrahedralizing: ${stage}`, 0.05 + 0.85 * fraction),
    );
    onStage('assigning groups', 0.9);
    ({ positions, elements } = compactVertices(tets.positions, tets.tets));
    elementGroups = tetImportGroups(positions, elements, mesh);
    meshes.solids.set(pointer, {
      positions,
      tets: elements,
      surface: {
        positions: mesh.positions,
        indices: mesh.indices,
        ...(mesh.groups.length > 0
          ? { groups: { names: [...mesh.groups], triangleGroups: mesh.groupIds } }
          : {}),
      },
    });
  } else {
    // Cloth simulates the surface itself, repaired: a seam left open would tear the cloth there.
    onStage('repairing the surface', 0.1);
    const repaired = repairMesh(mesh);
    for (const step of repaired.steps)
      if (step.changed > 0) result.notes.push(`cloth surface: ${step.summary}`);
    const surface = repaired.mesh;
    ({ positions, elements } = compactVertices(surface.positions, surface.indices));
    elementGroups = surface.groupIds;
    meshes.surfaces.set(pointer, { positions, indices: elements });
  }
  const arity = kind === 'solid' ? 4 : 3;
  result.vertices = positions.length / 3;
  result.elements = elements.length / arity;
  const groups: GroupSpec[] = [];
  const used = new Set(elementGroups);
  for (const { importGroup, material } of plan.groups) {
    const matches = matchImportGroups(importGroup, mesh.groups);
    if (matches.length === 0) {
      result.notes.push(
        `--group '${importGroup}': no such import group (the file has ${listNames(mesh.groups)})`,
      );
      continue;
    }
    if (!matches.some((index) => used.has(index))) {
      result.notes.push(
        `--group '${importGroup}': no element lies in it (smaller than the elements); not used`,
      );
      continue;
    }
    const vertices = new Set<number>();
    for (let e = 0; e < elementGroups.length; e++)
      if (matches.includes(elementGroups[e]))
        for (let k = 0; k < arity; k++) vertices.add(elements[arity * e + k]);
    groups.push({
      name: presetGroupName(importGroup),
      vertices: [...vertices].sort((a, b) => a - b),
      material: material.name,
      dampingRatio: material.dampingRatio,
    } as GroupSpec);
  }
  checkPinsHoldVertices(plan.pins, positions);
  const body: BodySpecDocument = {
    name: stemOf(file),
    shape: { type: 'mesh', path: baseName(file) },
    material: plan.material.name,
    model: kind === 'cloth' ? 'cloth' : plan.solidModel,
    dampingRatio: plan.material.dampingRatio,
    ...(plan.pins.length > 0
      ? {
          pins: plan.pins.map((box, j) => ({
            name: `pin-${j + 1}`,
            box: { min: [...box.min], max: [...box.max] },
          })),
        }
      : {}),
    ...(groups.length > 0 ? { groups } : {}),
  };
  const scene: SceneDocument = {
    gravity: [...BAKE_GRAVITY],
    solver: { dt: plan.frameDtS, substeps: plan.substeps },
    colliders: [],
    bodies: [body],
    ...(plan.budget ? { budget: { ...plan.budget } } : {}),
  };
  return { scene, meshes };
}

/**
 * The import groups `name` stands for: the group of that exact name, else every group with a
 * '/'-separated part of that name (glTF groups are 'mesh/material', so `metal` finds
 * 'Ship/metal' and `Cube.001` finds 'Cube.001/Material.001').
 */
export function matchImportGroups(name: string, groups: readonly string[]): number[] {
  const exact = groups.indexOf(name);
  if (exact >= 0) return [exact];
  const out: number[] = [];
  groups.forEach((group, i) => {
    if (group.split('/').includes(name)) out.push(i);
  });
  return out;
}

/** Slack of a pin box test, m (as compiling a scene's box pins). */
const PIN_SLACK_M = 1e-9;

/** A pin box that holds no vertex fails the file, with the body's extent to aim better. */
function checkPinsHoldVertices(pins: BakePlan['pins'], positions: ArrayLike<number>): void {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  pins.forEach((box, j) => {
    for (let v = 0; 3 * v < positions.length; v++) {
      let inside = true;
      for (let a = 0; a < 3 && inside; a++) {
        const c = positions[3 * v + a];
        inside = c >= box.min[a] - PIN_SLACK_M && c <= box.max[a] + PIN_SLACK_M;
      }
      if (inside) return;
    }
    const show = (p: number[]) => p.map((c) => Number(c.toPrecision(4))).join(', ');
    throw new BakeInputError(
      `--pin #${j + 1} (${show([...box.min, ...box.max])}) holds no vertex; the body spans (${show(min)}) to (${show(max)}) m`,
    );
  });
}

/** The file name without folder: 'meshes/spot.obj' → 'spot.obj'. */
export function baseName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** The file name without folder and extension: 'meshes/spot.obj' → 'spot'. */
export function stemOf(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

function listNames(names: readonly string[]): string {
  if (names.length === 0) return 'none';
  const shown = names.slice(0, 8).map((n) => `'${n}'`);
  return names.length > 8 ? `${shown.join(', ')} and ${names.length - 8} more` : shown.join(', ');
}

/** Writes `text` to `path` whole: a temporary file next to it, renamed into place. */
async function writeWhole(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.partial`;
  try {
    await writeFile(temporary, text);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw new WriteError(`cannot write ${path}: ${(error as Error).message}`);
  }
}

class WriteError extends Error {}
/** Arguments that do not fit this file (a pin box beside the body). */
class BakeInputError extends Error {}

/** A pin's pointer in the preset, e.g. '/bodies/0/pins/1/selector', told as the argument it came from. */
const PIN_POINTER = /^\/bodies\/0\/pins\/(\d+)(\/selector)?/;
const pinName = (_: string, index: string) => `--pin #${Number(index) + 1}`;

/** One line for the summary: the file and place where the error knows them. */
function describeFailure(file: string, error: unknown): string {
  if (error instanceof MeshImportError || error instanceof WriteError) return error.message;
  if (error instanceof BakeInputError) return `${file}: ${error.message}`;
  if (error instanceof TetrahedralizeError) return `${file}: tetrahedralization failed: ${error.message}`;
  if (error instanceof DocumentError) {
    const problems = error.problems.map((problem) => formatProblem(problem).replace(PIN_POINTER, pinName));
    const more = problems.length > 3 ? ` (and ${problems.length - 3} more)` : '';
    return `${file}: the body would be invalid: ${problems.slice(0, 3).join('; ')}${more}`;
  }
  // Anything else is a bug; the batch still goes on, and the message says what broke.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${file}: internal error: ${message}`;
}
