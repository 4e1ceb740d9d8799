import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { builtInMaterials } from '../../../core/material/library.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  applyLibraryMaterial,
  modelsForShape,
  setAerodynamics,
  setAirField,
  setCompensation,
  setConstraintModel,
  setGroupPlasticity,
  setMaterialField,
  setOrthotropicField,
  setShapeMatching,
  setSolverField,
  setWarpDirection,
} from '../../../renderer/src/editor/scene-edits.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('scene edits', () => {
  test("budget compensation 'off' is written into the solver and 'auto' leaves it out (the default)", () => {
    const off = setCompensation(scene, 'off');
    expect(off.label).toBe('budget compensation');
    expect(off.scene.solver).toEqual({ ...scene.solver, compensation: 'off' });
    expect(setCompensation(off.scene, 'auto').scene.solver).toEqual(scene.solver);
    expect('compensation' in setCompensation(off.scene, 'auto').scene.solver).toBe(false);
  });

  test('a library material sets E, ν, ρ and damping on a solid, leaving the input scene alone', () => {
    const material = builtInMaterials().find((m) => m.kind === 'solid')!;
    const { scene: next, label } = applyLibraryMaterial(scene, 0, material);
    expect(label).toBe(`material ${material.name} on soft block`);
    // The library name rides along while the numbers are the entry's (presets record it).
    expect(next.bodies[0].material).toEqual({
      youngModulusPa: material.youngModulusPa,
      poissonRatio: material.poissonRatio,
      densityKgM3: material.densityKgM3,
      name: material.name,
    });
    expect(next.bodies[0].dampingRatio).toBe(material.dampingRatio);
    // Editing a number drops the name: the numbers are no longer the library's.
    expect(setMaterialField(next, 0, 'youngModulusPa', 5e4).scene.bodies[0].material.name).toBeUndefined();
    expect(scene.bodies[0].material.youngModulusPa).toBe(100_000);
  });

  test('warp/weft: a constant starts from the isotropic E and ν, the warp direction is set and cleared, cotton brings its constants', () => {
    const cloth = scene.bodies.findIndex((b) => b.model === 'cloth');
    const { youngModulusPa: e, poissonRatio: nu } = scene.bodies[cloth].material;
    const set = setOrthotropicField(scene, cloth, 'weftYoungModulusPa', 2e6);
    expect(set.label).toBe('weft modulus of cloth');
    expect(set.scene.bodies[cloth].material.orthotropic).toEqual({
      warpYoungModulusPa: e,
      weftYoungModulusPa: 2e6,
      shearModulusPa: e / (2 * (1 + nu)),
      poissonRatioWarpWeft: nu,
    });
    const oriented = setWarpDirection(set.scene, cloth, [0, 0, 1]).scene;
    expect(oriented.bodies[cloth].warpDirection).toEqual([0, 0, 1]);
    expect('warpDirection' in setWarpDirection(oriented, cloth, null).scene.bodies[cloth]).toBe(false);
    // The warp direction is cloth only: the validator refuses it on the block.
    expect(() => setWarpDirection(scene, 0, [1, 0, 0])).toThrow(/warpDirection/);
    const cotton = builtInMaterials().find((m) => m.name === 'cotton')!;
    expect(applyLibraryMaterial(scene, cloth, cotton).scene.bodies[cloth].material.orthotropic).toEqual(
      cotton.orthotropic,
    );
  });

  test('group plasticity: a field on an elastic group starts from the defaults, creep rate 0 makes it elastic again', () => {
    const grouped = {
      ...scene,
      bodies: scene.bodies.map((b, i) =>
        i === 0 ? { ...b, groups: [{ name: 'core', vertices: [0, 1, 2] }] } : b,
      ),
    };
    const set = setGroupPlasticity(grouped, 0, 0, 'yieldStrain', 0.05);
    expect(set.label).toBe("yield strain of group 'core' of soft block");
    expect(set.scene.bodies[0].groups?.[0].plasticity).toEqual({
      yieldStrain: 0.05,
      creepRatePerS: 10,
      maxPlasticStrain: 0.2,
    });
    const off = setGroupPlasticity(set.scene, 0, 0, 'creepRatePerS', 0);
    expect(off.scene.bodies[0].groups?.[0]).toEqual({ name: 'core', vertices: [0, 1, 2] });
    expect(() => setGroupPlasticity(set.scene, 0, 0, 'yieldStrain', -1)).toThrow(
      /^\/bodies\/0\/groups\/0\/plasticity\/yieldStrain: /,
    );
  });

  test('a cloth material brings its thickness to a cloth body', () => {
    const cloth = builtInMaterials().find((m) => m.kind === 'cloth')!;
    const { scene: next } = applyLibraryMaterial(scene, 1, cloth);
    expect(next.bodies[1].material.thicknessM).toBe(cloth.thicknessM);
  });

  test('the model picker offers only models that fit the shape, and the validator agrees', () => {
    expect(modelsForShape(scene.bodies[0].shape)).toEqual(['neo-hookean', 'edges-volume']);
    // A mesh body keeps the kind of its asset: a tet mesh the tet models, a surface cloth alone.
    expect(modelsForShape({ type: 'mesh', path: 'spot.obj' })).toEqual(['neo-hookean', 'edges-volume']);
    expect(modelsForShape({ type: 'mesh', path: 'spot.obj' }, 'edges-volume')).toEqual([
      'neo-hookean',
      'edges-volume',
    ]);
    expect(modelsForShape({ type: 'mesh', path: 'shirt.obj' }, 'cloth')).toEqual(['cloth']);
    expect(
      modelsForShape({ type: 'rope', start: [0, 0, 0], end: [1, 0, 0], segments: 2, radiusM: 0.01 }),
    ).toEqual(['rope']);
    expect(setConstraintModel(scene, 0, 'edges-volume').scene.bodies[0].model).toBe('edges-volume');
    expect(() => setConstraintModel(scene, 0, 'cloth')).toThrow(/^\/bodies\/0\/model: /);
  });

  test('shape matching is switched on with its τ, off by removing it, and τ ≤ 0 is refused with its pointer', () => {
    const on = setShapeMatching(scene, 0, 0.02);
    expect(on.label).toBe('shape matching of soft block');
    expect(on.scene.bodies[0].shapeMatching).toEqual({ timeConstantS: 0.02 });
    expect('shapeMatching' in setShapeMatching(on.scene, 0, null).scene.bodies[0]).toBe(false);
    expect(() => setShapeMatching(scene, 0, 0)).toThrow(/^\/bodies\/0\/shapeMatching\/timeConstantS: /);
  });

  test('solver settings out of range are refused with their pointer', () => {
    expect(() => setSolverField(scene, 'substeps', 0)).toThrow(/^\/solver\/substeps: /);
    expect(setSolverField(scene, 'dt', 0.01).scene.solver.dt).toBe(0.01);
  });

  test('wind puts the scene in air, and still default air leaves the document again', () => {
    const windy = setAirField(scene, 'wind', 4, 0);
    expect(windy.label).toBe('wind');
    expect(windy.scene.air).toEqual({ windMPerS: [4, 0, 0] });
    expect(setAirField(windy.scene, 'density', 1.0).scene.air).toEqual({
      windMPerS: [4, 0, 0],
      densityKgM3: 1,
    });
    expect('air' in setAirField(windy.scene, 'wind', 0, 0).scene).toBe(false);
    expect(() => setAirField(scene, 'density', -1)).toThrow(/^\/air\/densityKgM3: /);
  });

  test("a body's drag and lift coefficients are written into its aerodynamics", () => {
    const drag = setAerodynamics(scene, 0, 'dragCoefficient', 0.8);
    expect(drag.label).toBe('drag coefficient of soft block');
    const both = setAerodynamics(drag.scene, 0, 'liftCoefficient', 0.3);
    expect(both.scene.bodies[0].aerodynamics).toEqual({ dragCoefficient: 0.8, liftCoefficient: 0.3 });
    expect(scene.bodies[0].aerodynamics).toBeUndefined();
  });
});
