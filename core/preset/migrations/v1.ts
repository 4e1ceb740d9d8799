import { decodeDocument, encodeDocument } from '../../document/binary-array.ts';
import { childPointer, DocumentError, type Problem } from '../../document/problem.ts';
import { checkSchema } from '../../document/schema-check.ts';
import type { BodySpecDocument, GroupSpec, PinSpec, SceneDocument } from '../../scene/scene.ts';
import type { SceneMeshes } from '../../scene/scene-meshes.ts';
import { presetFromScene } from '../from-scene.ts';
import { presetToDocument } from '../preset.ts';
import { type PresetV1, type PresetV1Body, type PresetV1Json, PresetV1Schema } from './v1-schema.ts';
import { type SelectableMesh, selectElements, selectVertices } from './v1-selectors.ts';

/**
 * Format 1 → 2. Format 1 chose groups and pins with selectors and priorities and stored float32
 * compliances derived from them; format 2 keeps the authoring inputs as a scene document and
 * compiles the setup from it (the stored compliances are not read). Each body becomes a mesh body:
 * - its model is its groups' model (format 2 has one model per body: mixed models are refused);
 * - the lowest-priority group gives the body's material and damping; the others, from low to high
 *   priority (the later of equal priority first, so that the earlier wins as it did), become
 *   material groups over the vertices of the elements their selector chose (a scene group holds
 *   an element when it holds all its vertices);
 * - pins, from high to low priority (the first pin holds a vertex), list the vertices they chose;
 * - vertices are renumbered in first-use order, as compiling does.
 */
export function migrateV1(value: unknown): { value: unknown; problems: Problem[] } {
  const problems = checkSchema(value, PresetV1Schema);
  if (problems.length > 0) return { value, problems };
  const v1 = decodeDocument(value as PresetV1Json, problems);
  if (problems.length > 0) return { value, problems };
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  for (const [i, body] of v1.bodies.entries()) problems.push(...bodyProblems(body, i, v1.materials));
  if (problems.length > 0) return { value, problems };
  const bodies = v1.bodies.map((body, i) => sceneBody(body, i, meshes, problems));
  if (problems.length > 0) return { value, problems };
  const scene: SceneDocument = {
    gravity: [...v1.gravity],
    // Format 1 presets ran the plain material compliances.
    solver: { ...v1.solver, compensation: 'off' },
    colliders: v1.colliders.map((c) => JSON.parse(JSON.stringify(c))),
    bodies,
  };
  try {
    const preset = presetFromScene(scene, { name: v1.name, meshes, library: v1.materials });
    return { value: encodeDocument(presetToDocument(preset)), problems: [] };
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return { value, problems: [...error.problems] };
  }
}

/**
 * What format 1 checked of a body beyond its schema and compiling cannot see, reported at the
 * format 1 document's own pointers: array lengths against the declared counts, finite positions,
 * indices in range, and group material names (compiling would report those at the pointers of the
 * scene it makes, whose groups are in another order).
 */
function bodyProblems(body: PresetV1Body, index: number, materials: readonly { name: string }[]): Problem[] {
  const at = childPointer('/bodies', index, 'simulationMesh');
  const mesh = body.simulationMesh;
  const arity = body.kind === 'solid' ? 4 : 3;
  const noun = body.kind === 'solid' ? 'tet' : 'triangle';
  const problems: Problem[] = [];
  if (mesh.positions.length !== 3 * mesh.vertexCount)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `holds ${mesh.positions.length} numbers; 3 × vertexCount = ${3 * mesh.vertexCount}`,
    });
  if (mesh.elements.length !== arity * mesh.elementCount)
    problems.push({
      pointer: childPointer(at, 'elements'),
      message: `holds ${mesh.elements.length} indices; ${arity} × elementCount = ${arity * mesh.elementCount}`,
    });
  if (mesh.elementGroups && mesh.elementGroups.length !== mesh.elementCount)
    problems.push({
      pointer: childPointer(at, 'elementGroups'),
      message: `holds ${mesh.elementGroups.length} entries; elementCount = ${mesh.elementCount}`,
    });
  if (problems.length > 0) return problems;
  const nonFinite = mesh.positions.findIndex((c) => !Number.isFinite(c));
  if (nonFinite >= 0)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `vertex ${Math.floor(nonFinite / 3)} has a coordinate that is not a finite number`,
    });
  const dangling = mesh.elements.findIndex((v) => v >= mesh.vertexCount);
  if (dangling >= 0)
    problems.push({
      pointer: childPointer(at, 'elements'),
      message: `${noun} ${Math.floor(dangling / arity)} refers to vertex ${mesh.elements[dangling]}, but vertexCount is ${mesh.vertexCount} (dangling index)`,
    });
  const unnamed = mesh.elementGroups?.findIndex((g) => g >= mesh.importGroupNames.length) ?? -1;
  if (unnamed >= 0)
    problems.push({
      pointer: childPointer(at, 'elementGroups'),
      message: `${noun} ${unnamed} has import group ${mesh.elementGroups?.[unnamed]}, but importGroupNames has ${mesh.importGroupNames.length} entries`,
    });
  body.groups.forEach((group, g) => {
    if (!materials.some((m) => m.name === group.material))
      problems.push({
        pointer: childPointer('/bodies', index, 'groups', g, 'material'),
        message: `names no material of /materials ('${group.material}')`,
      });
  });
  return problems;
}

function sceneBody(
  body: PresetV1Body,
  index: number,
  meshes: SceneMeshes,
  problems: Problem[],
): BodySpecDocument {
  const at = childPointer('/bodies', index);
  const mesh = body.simulationMesh;
  const arity = body.kind === 'solid' ? 4 : 3;
  const models = new Set(body.groups.map((g) => g.model));
  if (models.size > 1) {
    problems.push({
      pointer: childPointer(at, 'groups'),
      message: `mixes constraint models (${[...models].join(', ')}); format 2 has one model per body: split the body or choose one model`,
    });
  }
  const remap = firstUseOrder(mesh.elements, mesh.vertexCount);
  const selectable: SelectableMesh = {
    positions: mesh.positions,
    elements: mesh.elements,
    arity,
    elementGroups: mesh.elementGroups,
    importGroupNames: mesh.importGroupNames,
  };
  // Low to high priority; among equals the later first, so that the earlier is applied last.
  const byPriority = body.groups
    .map((group, g) => ({ group, g }))
    .sort((a, b) => a.group.priority - b.group.priority || b.g - a.g);
  const [base, ...rest] = byPriority.map((entry) => entry.group);
  const groups: GroupSpec[] = rest.flatMap((group) => {
    const chosen = selectElements(group.selector, selectable);
    const vertices = new Set<number>();
    chosen.forEach((on, e) => {
      if (on) for (let k = 0; k < arity; k++) vertices.add(remap[mesh.elements[arity * e + k]]);
    });
    // A group that chose no element owned nothing in format 1; a scene group needs vertices.
    if (vertices.size === 0) return [];
    return [
      {
        name: group.name,
        vertices: [...vertices].sort((a, b) => a - b),
        material: group.material,
        dampingRatio: group.dampingRatio,
      } as GroupSpec,
    ];
  });
  const pins: PinSpec[] = body.pins
    .map((pin, j) => ({ pin, j }))
    .sort((a, b) => b.pin.priority - a.pin.priority || a.j - b.j)
    .map(({ pin, j }) => {
      const chosen = selectVertices(pin.selector, selectable);
      const vertices: number[] = [];
      chosen.forEach((on, v) => {
        if (on && remap[v] >= 0) vertices.push(remap[v]);
      });
      if (vertices.length === 0)
        problems.push({ pointer: childPointer(at, 'pins', j, 'selector'), message: 'selects no vertex' });
      return {
        name: pin.name,
        vertices: vertices.sort((a, b) => a - b),
        complianceMPerN: pin.complianceMPerN,
      };
    });
  const pointer = `/bodies/${index}/shape`;
  if (body.kind === 'cloth') {
    meshes.surfaces.set(pointer, { positions: mesh.positions, indices: mesh.elements });
  } else {
    const render = body.renderMesh;
    meshes.solids.set(pointer, {
      positions: mesh.positions,
      tets: mesh.elements,
      ...(render
        ? {
            surface: {
              positions: render.positions,
              indices: render.indices,
              ...(mesh.elementGroups
                ? { groups: { names: mesh.importGroupNames, tetGroups: mesh.elementGroups } }
                : {}),
            },
          }
        : {}),
    });
  }
  return {
    name: body.name,
    shape: { type: 'mesh', path: `${body.name}.mesh` },
    material: base.material,
    model: base.model,
    dampingRatio: base.dampingRatio,
    ...(body.linearDampingPerS === undefined ? {} : { linearDampingPerS: body.linearDampingPerS }),
    ...(pins.length > 0 ? { pins } : {}),
    ...(groups.length > 0 ? { groups } : {}),
  };
}

/** New index of each vertex in first-use order over the elements (−1 for unused vertices). */
function firstUseOrder(elements: Uint32Array, vertexCount: number): Int32Array {
  const remap = new Int32Array(vertexCount).fill(-1);
  let next = 0;
  for (const v of elements) if (v < vertexCount && remap[v] < 0) remap[v] = next++;
  return remap;
}

export type { PresetV1 };
