import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { neoHookeanTetCompliance } from '../../../core/material/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileBody } from '../../../core/setup/compile-scene.ts';
import { complianceRanges } from '../../../core/setup/summary.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { solverView } from '../../../renderer/src/editor/compliance-range.ts';
import { addMeshBody } from '../../../renderer/src/editor/mesh-body.ts';
import { buildSceneWorld } from '../../../renderer/src/sim/build-scene-world.ts';
import { boxTetMesh } from './mesh-fixture.ts';

// The plain mappings: budget compensation scales them by the body's own factors (compensate.ts).
const scene = parseScene({
  ...structuredClone(defaultSceneJson),
  solver: { ...defaultSceneJson.solver, compensation: 'off' },
});

/**
 * "What the solver gets" is read from the body's compiled setup: the compliances the world's
 * blocks hold (checked against the formulas on known tets) and the resolution the world reports.
 */
describe('what the solver gets', () => {
  test('the block gets the neo-Hookean compliances of its smallest and largest tets, and the world’s r', () => {
    const view = solverView(scene, scene.bodies[0]);
    // 0.3 m box in 5 cells: 6 cm cells, tets of V/6 and V/3 (box-tets.ts).
    const cellVolume = 0.06 ** 3;
    const small = neoHookeanTetCompliance(100_000, 0.4, cellVolume / 6);
    expect(view.lines[0]).toMatchObject({ name: 'neo-Hookean deviatoric α', unit: '1/J' });
    expect(view.lines[0].max).toBeCloseTo(small.deviatoricPerJ, 10);
    expect(view.lines[0].min).toBeCloseTo(small.deviatoricPerJ / 2, 10);
    expect(view.resolution).toBeCloseTo(buildWorld(scene).measureBodies()[0].resolution, 12);
  });

  test('a tenfold softer material gets tenfold larger compliances', () => {
    // The plain mappings: budget compensation would stiffen the two by different factors.
    const plain = { ...scene, solver: { ...scene.solver, compensation: 'off' as const } };
    const stiff = solverView(plain, scene.bodies[1]);
    const softBody = { ...scene.bodies[1], material: { ...scene.bodies[1].material, youngModulusPa: 5e5 } };
    const soft = solverView(plain, softBody);
    expect(soft.lines[0].min / stiff.lines[0].min).toBeCloseTo(10, 10);
    expect(soft.lines[0].unit).toBe('1/J'); // the cloth's membrane triangles
  });

  test('a mesh body: compliances of its smallest and largest tets, and the r the world reports', () => {
    const edit = addMeshBody(scene, new Map(), {
      fileName: 'cube.obj',
      mesh: boxTetMesh([0.2, 0.2, 0.2], [0, 0, 0]),
    });
    const body = edit.scene.bodies[2];
    const view = solverView(edit.scene, body, edit.mesh);
    const { youngModulusPa: E, poissonRatio: nu } = body.material;
    // Float32 positions of the editor's asset: tet volumes to about 1e-7 relative.
    expect(view.lines[0].max / neoHookeanTetCompliance(E, nu, 0.008 / 6).deviatoricPerJ).toBeCloseTo(1, 5);
    expect(view.lines[0].min / neoHookeanTetCompliance(E, nu, 0.008 / 3).deviatoricPerJ).toBeCloseTo(1, 5);
    const world = buildSceneWorld(edit.scene, new Map([[edit.path, edit.mesh]]));
    expect(view.resolution).toBeCloseTo(world.measureBodies()[2].resolution, 12);
    // Without the tet mesh there is nothing to compile.
    expect(solverView(edit.scene, body).note).toBe('depends on the tetrahedralization of the mesh');
  });

  test('a damped body: the view equals the ranges of its full compile (damping calibration included)', () => {
    // The default scene's block is damped (ζ 0.3): its full compile estimates the fundamental mode.
    const body = scene.bodies[0];
    const full = compileBody(body, '/bodies/0', scene.solver);
    expect(body.dampingRatio).toBeGreaterThan(0);
    expect(full.fundamentalRadPerS).toBeGreaterThan(0);
    const view = solverView(scene, body);
    expect(view.lines.map((l) => [l.name, l.min, l.max])).toEqual(
      complianceRanges(full).map((row) => [`${row.constraint} α`, row.min, row.max]),
    );
    // With budget compensation on, its scales too.
    const compensated = { ...scene, solver: { ...scene.solver, compensation: 'auto' as const } };
    const fullAuto = compileBody(body, '/bodies/0', compensated.solver);
    expect(solverView(compensated, body).compensation.map((c) => c.stiffnessScale)).toEqual(
      fullAuto.compensation.map((c) => c.stiffnessScale),
    );
  });
});
