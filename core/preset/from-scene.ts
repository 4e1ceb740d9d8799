import { childPointer, DocumentError } from '../document/problem.ts';
import type { Material } from '../material/schema.ts';
import type { BodySpec, MaterialSpec, Scene, Vec3 } from '../scene/scene.ts';
import type { SceneMeshes } from '../scene/scene-meshes.ts';
import { boxTetGrid } from '../sim/geometry/box-tets.ts';
import { clothGrid } from '../sim/geometry/cloth-grid.ts';
import { compactVertices, weldTriangles } from '../sim/geometry/mesh-body.ts';
import { buildPreset } from './build.ts';
import type { PresetBodyInput } from './derive.ts';
import type { Preset } from './schema.ts';
import { type SelectableMesh, selectElements } from './selectors.ts';

/**
 * A preset holding a scene's bodies (box and cloth shapes meshed exactly as the engine meshes
 * them; mesh bodies from `meshes`, compacted or welded as the engine does, so particle indices
 * agree), its pins, and the scene's colliders and solver settings. Lets a scene that was tuned in
 * the editor or the CLI be exported, and lets tests compare a runtime with our own simulation of
 * the same body.
 *
 * Groups: the body's material becomes a group over everything ('all' selector, priority 0) and
 * scene group j a 'vertices' group with priority j + 1, so an element goes to the last group
 * holding all its vertices, as in the engine (core/sim/body-groups.ts); a group that holds no
 * whole element is left out. Pins: box pins as 'box' selectors, vertex pins as 'vertices'
 * selectors, all at priority 0 (the earlier pin wins a vertex). Names the preset needs unique
 * (materials, groups, pins) get a '-2', '-3' … suffix where they would clash.
 */
export function presetFromScene(scene: Scene, name: string, meshes?: SceneMeshes): Preset {
  const materials: Material[] = [];
  const addMaterial = (
    spec: MaterialSpec,
    kind: 'solid' | 'cloth',
    base: string,
    zeta: number,
    source: string,
  ) => {
    const materialName = uniqueName(base, new Set(materials.map((m) => m.name)), MATERIAL_NAME_MAX);
    materials.push({
      name: materialName,
      kind,
      youngModulusPa: spec.youngModulusPa,
      poissonRatio: spec.poissonRatio,
      densityKgM3: spec.densityKgM3,
      ...(spec.thicknessM === undefined ? {} : { thicknessM: spec.thicknessM }),
      dampingRatio: zeta,
      source,
    });
    return materialName;
  };
  const bodies = scene.bodies.map((body, i): PresetBodyInput => {
    const pointer = childPointer('/bodies', i);
    if (body.model === 'rope') {
      throw new DocumentError('scene', [
        { pointer: childPointer(pointer, 'model'), message: "'rope' bodies cannot go into a preset yet" },
      ]);
    }
    const model = body.model;
    const kind = model === 'cloth' ? 'cloth' : 'solid';
    const mesh = simulationMesh(body, pointer, meshes);
    const selectable: SelectableMesh = {
      positions: mesh.positions,
      elements: mesh.elements,
      arity: kind === 'solid' ? 4 : 3,
      importGroupNames: [],
    };
    const zeta = body.dampingRatio ?? 0;
    const bodyMaterial = addMaterial(
      body.material,
      kind,
      `${body.name}-material`,
      zeta,
      `scene body '${body.name}'`,
    );
    // The body-wide group avoids the scene's group names, which go in as they are (cut to length).
    const allName = uniqueName('all', new Set((body.groups ?? []).map((g) => g.name)), NAME_MAX);
    const groupNames = new Set([allName]);
    const pinNames = new Set<string>();
    const groups: PresetBodyInput['groups'] = [
      {
        name: allName,
        selector: { type: 'all' },
        material: bodyMaterial,
        model,
        dampingRatio: zeta,
        priority: 0,
      },
      ...(body.groups ?? []).flatMap((group, j) => {
        const selector = { type: 'vertices' as const, vertices: Uint32Array.from(group.vertices) };
        // A group holding no whole tet or triangle changes nothing a preset stores (the preset
        // refuses such a group), so it is left out.
        if (!selectElements(selector, selectable).includes(1)) return [];
        const groupZeta = group.dampingRatio ?? zeta;
        const material = group.material;
        if (typeof material === 'string') {
          throw new DocumentError('scene', [
            {
              pointer: childPointer(pointer, 'groups', j, 'material'),
              message: `material name '${material}' is not resolved; export the scene parseScene returns`,
            },
          ]);
        }
        return {
          name: uniqueName(group.name, groupNames, NAME_MAX),
          selector,
          material:
            material === undefined
              ? bodyMaterial
              : addMaterial(
                  material,
                  kind,
                  `${body.name}-${group.name}-material`,
                  groupZeta,
                  `scene body '${body.name}', group '${group.name}'`,
                ),
          model,
          dampingRatio: groupZeta,
          priority: j + 1,
        };
      }),
    ];
    return {
      name: body.name,
      kind,
      simulationMesh: mesh,
      groups,
      pins: (body.pins ?? []).map((pin, j) => ({
        name: uniqueName(pin.name ?? `pin-${j}`, pinNames, NAME_MAX),
        selector:
          'box' in pin
            ? { type: 'box' as const, min: [...pin.box.min] as Vec3, max: [...pin.box.max] as Vec3 }
            : { type: 'vertices' as const, vertices: Uint32Array.from(new Set(pin.vertices)) },
        complianceMPerN: pin.complianceMPerN ?? 0,
        priority: 0,
      })),
      ...(body.linearDampingPerS === undefined ? {} : { linearDampingPerS: body.linearDampingPerS }),
    };
  });
  return buildPreset({
    name,
    gravity: [...scene.gravity],
    solver: { dt: scene.solver.dt, substeps: scene.solver.substeps },
    materials,
    colliders: scene.colliders.map((c) => JSON.parse(JSON.stringify(c))),
    bodies,
  });
}

/** Longest names the preset schema takes: materials (core/material/schema.ts), groups and pins. */
const MATERIAL_NAME_MAX = 80;
const NAME_MAX = 120;

/**
 * `base` cut to `max` characters, with `-2`, `-3`, … when `taken` holds it already (scene pin
 * names need not be unique; preset names must). The name is added to `taken`.
 */
function uniqueName(base: string, taken: Set<string>, max: number): string {
  let name = base.slice(0, max);
  for (let n = 2; taken.has(name); n++) name = `${base.slice(0, max - `-${n}`.length)}-${n}`;
  taken.add(name);
  return name;
}

/** The body's simulation mesh, with the engine's vertex order (core/sim/body-geometry.ts). */
function simulationMesh(
  body: BodySpec,
  pointer: string,
  meshes: SceneMeshes | undefined,
): PresetBodyInput['simulationMesh'] {
  const shape = body.shape;
  const cloth = body.model === 'cloth';
  let positions: ArrayLike<number>;
  let elements: Uint32Array;
  if (shape.type === 'box')
    ({ positions, tets: elements } = boxTetGrid(shape.size, shape.cells, shape.center));
  else if (shape.type === 'cloth')
    ({ positions, triangles: elements } = clothGrid(shape.size, shape.cells, shape.center));
  else if (shape.type === 'mesh') {
    const shapePointer = childPointer(pointer, 'shape');
    const loaded = cloth ? meshes?.surfaces.get(shapePointer) : meshes?.solids.get(shapePointer);
    if (!loaded) {
      throw new DocumentError('scene', [
        {
          pointer: childPointer(shapePointer, 'path'),
          message: `mesh '${shape.path}' was not loaded; pass the scene's meshes to export mesh bodies`,
        },
      ]);
    }
    ({ positions, elements } =
      'tets' in loaded
        ? compactVertices(loaded.positions, loaded.tets)
        : weldTriangles(loaded.positions, loaded.indices));
  } else {
    throw new DocumentError('scene', [
      {
        pointer: childPointer(pointer, 'shape', 'type'),
        message: `'${shape.type}' bodies cannot go into a preset yet; use 'box', 'cloth' or 'mesh'`,
      },
    ]);
  }
  return {
    vertexCount: positions.length / 3,
    elementCount: elements.length / (cloth ? 3 : 4),
    positions: Float32Array.from(positions),
    elements,
    importGroupNames: [],
  };
}
