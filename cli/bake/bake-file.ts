import { rename, rm, writeFile } from 'node:fs/promises';
import { DocumentError, formatProblem } from '../../core/document/problem.ts';
import type { Material } from '../../core/material/schema.ts';
import { MeshImportError } from '../../core/mesh/errors.ts';
import { repairMesh } from '../../core/mesh/repair/repair-mesh.ts';
import type { TriMesh } from '../../core/mesh/types.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { buildPreset, materialsUsed, type PresetBodyInput, writePreset } from '../../core/preset/index.ts';
import type { Vec3 } from '../../core/scene/scene.ts';
import { embedPoints, TetrahedralizeError, tetrahedralize } from '../../core/tetra/index.ts';
import { clothRenderEmbedding } from './cloth-embedding.ts';
import { tetImportGroups } from './element-groups.ts';

/**
 * One file of a bake: import → (solids) tetrahedralize, carry the import groups to the tets and
 * embed the render mesh → preset format 1 with the materials, groups and pins → DIR/NAME.preset.json.
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
  /** Constraint group names of the preset. */
  groups: string[];
  /** Things to know that did not stop the bake. */
  notes: string[];
  /** Wall-clock time, s. */
  seconds: number;
  /** Why the file failed; absent on success. */
  error?: string;
}

/** Called when a stage starts or advances, with the fraction of the whole file done, in [0, 1]. */
export type StageCallback = (stage: string, fraction: number) => void;

/** Name of the group over the whole body; a mapped import group of that name is renamed. */
export const BASE_GROUP_NAME = 'base';

/** The preset group name of `--group NAME=…`: NAME, unless it clashes with the base group. */
export function presetGroupName(importGroup: string): string {
  return importGroup === BASE_GROUP_NAME ? `${importGroup} (import group)` : importGroup;
}

/** Standard gravity written into baked presets, m/s². */
const GRAVITY: Vec3 = [0, -9.81, 0];

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
    const body = await bodyFromMesh(stemOf(file), imported.mesh, plan, onStage, result);
    onStage('deriving compliances', 0.92);
    const preset = buildPreset({
      name: stemOf(file),
      gravity: [...GRAVITY],
      solver: { dt: plan.frameDtS, substeps: plan.substeps },
      materials: materialsUsed(plan.library, [body]),
      colliders: [],
      bodies: [body],
    });
    onStage('writing', 0.97);
    await writeWhole(output, writePreset(preset));
    result.output = output;
    result.groups = body.groups.map((g) => g.name);
  } catch (error) {
    result.error = describeFailure(file, error);
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

async function bodyFromMesh(
  name: string,
  mesh: TriMesh,
  plan: BakePlan,
  onStage: StageCallback,
  result: BakeResult,
): Promise<PresetBodyInput> {
  const kind = plan.material.kind;
  result.kind = kind;
  const model = kind === 'cloth' ? 'cloth' : plan.solidModel;
  let body: Omit<PresetBodyInput, 'groups' | 'pins'>;
  let elementGroups: Uint16Array;
  if (kind === 'solid') {
    const tets = await tetrahedralize(
      mesh,
      { edgeLengthM: plan.edgeLengthM, targetTetCount: plan.targetTetCount },
      (fraction, stage) => onStage(`tetrahedralizing: ${stage}`, 0.05 + 0.85 * fraction),
    );
    onStage('assigning groups and embedding', 0.9);
    elementGroups = tetImportGroups(tets.positions, tets.tets, mesh);
    const embedding = embedPoints(tets.positions, tets.tets, mesh.positions);
    body = {
      name,
      kind,
      simulationMesh: {
        vertexCount: tets.positions.length / 3,
        elementCount: tets.tets.length / 4,
        positions: tets.positions,
        elements: tets.tets,
        ...(mesh.groups.length > 0 ? { elementGroups } : {}),
        importGroupNames: [...mesh.groups],
      },
      renderMesh: {
        vertexCount: mesh.positions.length / 3,
        triangleCount: mesh.indices.length / 3,
        positions: mesh.positions,
        indices: mesh.indices,
      },
      embedding: { elements: embedding.tet, weights: embedding.weights },
    };
  } else {
    // Cloth simulates the surface itself, repaired: a seam left open would tear the cloth there.
    onStage('repairing the surface', 0.1);
    const repaired = repairMesh(mesh);
    for (const step of repaired.steps)
      if (step.changed > 0) result.notes.push(`cloth surface: ${step.summary}`);
    const surface = repaired.mesh;
    elementGroups = surface.groupIds;
    const vertexCount = surface.positions.length / 3;
    const embedding = clothRenderEmbedding(repaired.vertexOf, surface.indices, vertexCount);
    const changed = repaired.steps.some((step) => step.changed > 0);
    body = {
      name,
      kind,
      simulationMesh: {
        vertexCount,
        elementCount: surface.indices.length / 3,
        positions: surface.positions,
        elements: surface.indices,
        ...(surface.groups.length > 0 ? { elementGroups } : {}),
        importGroupNames: [...surface.groups],
      },
      // The file's own mesh is worth keeping only where the repair changed it.
      ...(changed && embedding
        ? {
            renderMesh: {
              vertexCount: mesh.positions.length / 3,
              triangleCount: mesh.indices.length / 3,
              positions: mesh.positions,
              indices: mesh.indices,
            },
            embedding,
          }
        : {}),
    };
  }
  result.vertices = body.simulationMesh.vertexCount;
  result.elements = body.simulationMesh.elementCount;
  const groups: PresetBodyInput['groups'] = [
    {
      name: BASE_GROUP_NAME,
      selector: { type: 'all' },
      material: plan.material.name,
      model,
      dampingRatio: plan.material.dampingRatio,
      priority: 0,
    },
  ];
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
    groups.push({
      name: presetGroupName(importGroup),
      selector: { type: 'import-groups', names: matches.map((index) => mesh.groups[index]) },
      material: material.name,
      model,
      dampingRatio: material.dampingRatio,
      priority: 1,
    });
  }
  checkPinsHoldVertices(plan.pins, body.simulationMesh.positions);
  const pins: PresetBodyInput['pins'] = plan.pins.map((box, j) => ({
    name: `pin-${j + 1}`,
    selector: { type: 'box', min: [...box.min], max: [...box.max] },
    complianceMPerN: 0,
    priority: 0,
  }));
  return { ...body, groups, pins };
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

/** Slack of a pin box test, m (as the preset's region selectors: float32 positions). */
const PIN_SLACK_M = 1e-6;

/** A pin box that holds no vertex fails the file, with the body's extent to aim better. */
function checkPinsHoldVertices(pins: BakePlan['pins'], positions: Float32Array): void {
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
    return `${file}: the preset would be invalid: ${problems.slice(0, 3).join('; ')}${more}`;
  }
  // Anything else is a bug; the batch still goes on, and the message says what broke.
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `${file}: internal error: ${message}`;
}
