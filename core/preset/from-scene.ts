import type { Material } from '../material/schema.ts';
import { boxTetGrid } from '../sim/geometry/box-tets.ts';
import { clothGrid } from '../sim/geometry/cloth-grid.ts';
import type { Scene } from '../sim/scene.ts';
import { buildPreset } from './build.ts';
import type { PresetBodyInput } from './derive.ts';
import { childPointer, PresetValidationError } from './problems.ts';
import type { Preset } from './schema.ts';

/**
 * A preset holding a scene's bodies (box and cloth shapes, meshed exactly as the engine meshes
 * them), each with one material and one group over the whole body, its pins as box pins, and the
 * scene's colliders and solver settings. Lets a scene that was tuned in the editor or the CLI be
 * exported, and lets tests compare a runtime with our own simulation of the same body.
 */
export function presetFromScene(scene: Scene, name: string): Preset {
  const materials: Material[] = [];
  const bodies = scene.bodies.map((body, i): PresetBodyInput => {
    const pointer = childPointer('/bodies', i);
    const shape = body.shape;
    if (shape.type !== 'box' && shape.type !== 'cloth') {
      throw new PresetValidationError([
        {
          pointer: childPointer(pointer, 'shape', 'type'),
          message: `'${shape.type}' bodies cannot go into a preset yet; use 'box' or 'cloth'`,
        },
      ]);
    }
    if (body.model === 'rope') {
      throw new PresetValidationError([
        { pointer: childPointer(pointer, 'model'), message: "'rope' bodies cannot go into a preset yet" },
      ]);
    }
    const kind = shape.type === 'box' ? 'solid' : 'cloth';
    const mesh =
      shape.type === 'box'
        ? boxTetGrid(shape.size, shape.cells, shape.center)
        : clothGrid(shape.size, shape.cells, shape.center);
    const elements = 'tets' in mesh ? mesh.tets : mesh.triangles;
    const materialName = `${body.name}-material`;
    materials.push({
      name: materialName,
      kind,
      youngModulusPa: body.material.youngModulusPa,
      poissonRatio: body.material.poissonRatio,
      densityKgM3: body.material.densityKgM3,
      ...(body.material.thicknessM === undefined ? {} : { thicknessM: body.material.thicknessM }),
      dampingRatio: body.dampingRatio ?? 0,
      source: `scene body '${body.name}'`,
    });
    return {
      name: body.name,
      kind,
      simulationMesh: {
        vertexCount: mesh.positions.length / 3,
        elementCount: elements.length / (kind === 'solid' ? 4 : 3),
        positions: Float32Array.from(mesh.positions),
        elements,
        importGroupNames: [],
      },
      groups: [
        {
          name: 'all',
          selector: { type: 'all' },
          material: materialName,
          model: body.model,
          dampingRatio: body.dampingRatio ?? 0,
          priority: 0,
        },
      ],
      pins: (body.pins ?? []).map((pin, j) => ({
        name: `pin-${j}`,
        selector: { type: 'box', min: [...pin.box.min], max: [...pin.box.max] },
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
