import { childPointer, DocumentError, type Problem, showValue } from '../document/problem.ts';
import { materialListProblems } from '../material/validate.ts';
import type { SceneDocument } from '../scene/scene.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { validateScene } from '../scene/scene-validate.ts';
import { compileScene } from '../setup/compile-scene.ts';
import type { SoftBodySetup } from '../setup/setup.ts';
import { elementsOf, type Preset, presetToDocument } from './preset.ts';

/**
 * Checks of a schema-valid, decoded preset that the schema cannot express, in order, each only
 * once the ones before it pass:
 * 1. the materials (unique names, cloth thickness) and the scene document (`/scene`, validated as
 *    `softbody simulate` validates scenes, its material names resolving to `/materials`);
 * 2. the setup's meshes: array lengths, finite positions, element, render triangle and import
 *    group indices in range;
 * 3. the setup is exactly what the scene compiles to (core/setup): a runtime must get what the
 *    materials say, so a stale or hand-edited setup is refused at its first difference.
 * Returns every problem found at the first stage that has any.
 */
export function presetProblems(preset: Preset): Problem[] {
  const options = { library: preset.materials };
  const authoring = [
    ...materialListProblems(preset.materials, '/materials'),
    ...validateScene(preset.scene, options).map((p) => ({ ...p, pointer: `/scene${p.pointer}` })),
  ];
  if (authoring.length > 0) return authoring;
  const meshes = preset.setup.bodies.flatMap((_, i) => meshProblems(preset.setup, i));
  if (meshes.length > 0) return meshes;
  let compiled: SoftBodySetup;
  try {
    compiled = compileScene(placedScene(preset.scene), { ...options, meshes: setupMeshes(preset) });
  } catch (error) {
    if (!(error instanceof DocumentError)) throw error;
    return error.problems.map((p) => ({ ...p, pointer: `/scene${p.pointer}` }));
  }
  // Compared as the file holds them, so that pointers name the file's own keys.
  const stored = presetToDocument(preset).setup;
  return differences(stored, presetToDocument({ ...preset, setup: compiled }).setup, '/setup');
}

/**
 * The preset's scene as it compiles against setupMeshes: those meshes are already placed, so mesh
 * shapes lose their `position`, `rotationDeg` and `scale` (applying them again would place them twice).
 */
export function placedScene(scene: SceneDocument): SceneDocument {
  return {
    ...scene,
    bodies: scene.bodies.map((body) => {
      const shape = body.shape;
      if (shape.type !== 'mesh') return body;
      if (shape.position === undefined && shape.rotationDeg === undefined && shape.scale === undefined)
        return body;
      const { position: _p, rotationDeg: _r, scale: _s, ...own } = shape;
      return { ...body, shape: own };
    }),
  };
}

/**
 * The meshes a preset's scene refers to, from its own setup: mesh bodies get the compiled
 * geometry back (compiling it again is the identity: its vertices are already in first-use order),
 * with their render mesh and import groups; mesh colliders their inline triangles.
 */
export function setupMeshes(preset: Preset): SceneMeshes {
  const meshes: SceneMeshes = { surfaces: new Map(), solids: new Map() };
  preset.scene.bodies.forEach((body, i) => {
    const setup = preset.setup.bodies[i];
    if (body.shape.type !== 'mesh' || !setup) return;
    const pointer = `/bodies/${i}/shape`;
    const g = setup.geometry;
    if (g.kind === 'cloth') {
      meshes.surfaces.set(pointer, { positions: g.positions, indices: g.triangles });
      return;
    }
    const render = setup.render;
    meshes.solids.set(pointer, {
      positions: g.positions,
      tets: g.tets,
      ...(render
        ? {
            surface: {
              positions: render.positions,
              indices: render.indices,
              ...(setup.importGroups
                ? { groups: { names: setup.importGroups.names, tetGroups: setup.importGroups.elementGroups } }
                : {}),
            },
          }
        : {}),
    });
  });
  preset.scene.colliders.forEach((collider, i) => {
    const inline = preset.setup.colliders[i];
    if (collider.type === 'mesh' && collider.path !== undefined && inline?.type === 'mesh') {
      meshes.surfaces.set(`/colliders/${i}`, {
        positions: inline.vertices ?? [],
        indices: Uint32Array.from(inline.indices ?? []),
      });
    }
  });
  return meshes;
}

/** Lengths and indices of body i's mesh arrays, and finite coordinates. */
function meshProblems(setup: SoftBodySetup, i: number): Problem[] {
  const body = setup.bodies[i];
  const at = childPointer('/setup/bodies', i);
  const g = body.geometry;
  const count = g.mass.length;
  const arity = g.kind === 'solid' ? 4 : g.kind === 'cloth' ? 3 : 2;
  const elements = elementsOf(body);
  const problems: Problem[] = [];
  if (g.positions.length !== 3 * count)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `holds ${g.positions.length} numbers; massKg gives ${count} particles, so 3 × ${count} = ${3 * count}`,
    });
  const nonFinite = g.positions.findIndex((c) => !Number.isFinite(c));
  if (nonFinite >= 0)
    problems.push({
      pointer: childPointer(at, 'positions'),
      message: `particle ${Math.floor(nonFinite / 3)} has a coordinate that is not a finite number`,
    });
  if (elements.length % arity !== 0 || elements.length === 0)
    problems.push({
      pointer: childPointer(at, 'elements'),
      message: `holds ${elements.length} indices, not a positive multiple of ${arity} (${g.kind})`,
    });
  const out = elements.findIndex((v) => v >= count);
  if (out >= 0)
    problems.push({
      pointer: childPointer(at, 'elements'),
      message: `entry ${out} is particle ${elements[out]}, beyond the ${count} particles`,
    });
  // The render mesh and the import groups are copied into the compiled setup as stored, so comparing
  // with it cannot find a dangling index in them: a runtime would read past their arrays.
  const render = body.render;
  if (render) {
    const vertices = Math.floor(render.positions.length / 3);
    if (render.positions.length % 3 !== 0)
      problems.push({
        pointer: childPointer(at, 'render', 'positions'),
        message: `holds ${render.positions.length} numbers, not a multiple of 3 (xyz per render vertex)`,
      });
    if (render.indices.length % 3 !== 0)
      problems.push({
        pointer: childPointer(at, 'render', 'indices'),
        message: `holds ${render.indices.length} indices, not a multiple of 3 (triangles)`,
      });
    const beyond = render.indices.findIndex((v) => v >= vertices);
    if (beyond >= 0)
      problems.push({
        pointer: childPointer(at, 'render', 'indices'),
        message: `entry ${beyond} is render vertex ${render.indices[beyond]}, beyond the ${vertices} render vertices`,
      });
  }
  const groups = body.importGroups;
  if (groups) {
    const pointer = childPointer(at, 'importGroups', 'elementGroups');
    const elementCount = Math.floor(elements.length / arity);
    if (groups.elementGroups.length !== elementCount)
      problems.push({
        pointer,
        message: `holds ${groups.elementGroups.length} entries, not one per element (${elementCount})`,
      });
    const unnamed = groups.elementGroups.findIndex((g) => g >= groups.names.length);
    if (unnamed >= 0)
      problems.push({
        pointer,
        message: `entry ${unnamed} is import group ${groups.elementGroups[unnamed]}, beyond the ${groups.names.length} names`,
      });
  }
  return problems;
}

/**
 * Where `stored` and `compiled` differ, one problem per body at most (the first difference):
 * values compare exactly, as both come from the same compile in double precision.
 */
function differences(stored: unknown, compiled: unknown, pointer: string): Problem[] {
  const first = firstDifference(stored, compiled, pointer);
  if (!first) return [];
  return [
    {
      pointer: first.pointer,
      message: `${first.detail}: the setup is not what the scene and materials compile to (stale or edited by hand); export the preset again`,
    },
  ];
}

function firstDifference(
  a: unknown,
  b: unknown,
  pointer: string,
): { pointer: string; detail: string } | null {
  if (ArrayBuffer.isView(a) && ArrayBuffer.isView(b)) {
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length)
      return { pointer, detail: `holds ${x.length} entries where ${y.length} are compiled` };
    for (let i = 0; i < x.length; i++)
      if (!Object.is(x[i], y[i]))
        return { pointer, detail: `entry ${i} is ${showValue(x[i])} where ${showValue(y[i])} is compiled` };
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length)
      return { pointer, detail: `holds ${a.length} entries where ${b.length} are compiled` };
    for (let i = 0; i < a.length; i++) {
      const found = firstDifference(a[i], b[i], childPointer(pointer, i));
      if (found) return found;
    }
    return null;
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set(
      [...Object.keys(a), ...Object.keys(b)].filter((k) => a[k] !== undefined || b[k] !== undefined),
    );
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], childPointer(pointer, key));
      if (found) return found;
    }
    return null;
  }
  return Object.is(a, b) ? null : { pointer, detail: `is ${showValue(a)} where ${showValue(b)} is compiled` };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
