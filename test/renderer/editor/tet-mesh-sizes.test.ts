import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { neoHookeanTetCompliance } from '../../../core/material/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { solverView } from '../../../renderer/src/editor/compliance-range.ts';
import { addMeshBody } from '../../../renderer/src/editor/mesh-body.ts';
import { tetMeshSizes } from '../../../renderer/src/editor/tet-mesh-sizes.ts';
import { buildSceneWorld } from '../../../renderer/src/sim/build-scene-world.ts';
import { boxTetMesh } from './mesh-fixture.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('what the solver gets for a mesh body', () => {
  test('tet volumes and the mean distinct edge of a cube split in 5 tets', () => {
    const sizes = tetMeshSizes(boxTetMesh([1, 1, 1], [0, 0, 0]))!;
    // Four corner tets of 1/6 and a central one of 1/3; 12 cube edges and 6 face diagonals.
    expect(sizes.minVolumeM3).toBeCloseTo(1 / 6, 6);
    expect(sizes.maxVolumeM3).toBeCloseTo(1 / 3, 6);
    expect(sizes.meanEdgeM).toBeCloseTo((12 + 6 * Math.SQRT2) / 18, 6);
    expect(tetMeshSizes({ positions: new Float32Array(3), tets: new Uint32Array() })).toBeNull();
  });

  test('compliances from its smallest and largest tets, and the r the world reports', () => {
    const edit = addMeshBody(scene, new Map(), {
      fileName: 'cube.obj',
      mesh: boxTetMesh([0.2, 0.2, 0.2], [0, 0, 0]),
    });
    const body = edit.scene.bodies[2];
    const view = solverView(edit.scene, body, edit.mesh);
    const { youngModulusPa: E, poissonRatio: nu } = body.material;
    const small = neoHookeanTetCompliance(E, nu, 0.008 / 6);
    const large = neoHookeanTetCompliance(E, nu, 0.008 / 3);
    expect(view.lines[0]).toMatchObject({ name: 'deviatoric α_D', unit: '1/J' });
    expect(view.lines[0].max).toBeCloseTo(small.deviatoricPerJ, 3);
    expect(view.lines[0].min).toBeCloseTo(large.deviatoricPerJ, 3);
    const world = buildSceneWorld(edit.scene, new Map([[edit.path, edit.mesh]]));
    expect(view.resolution).toBeCloseTo(world.measureBodies()[2].resolution, 4);
    // Without the tet mesh there is nothing to measure.
    expect(solverView(edit.scene, body).note).toBe('depends on the tetrahedralization of the mesh');
  });
});
