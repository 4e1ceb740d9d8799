import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { biasCoefficient } from '../../../core/material/compliance/substep-bias.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import {
  PreviewStiffnessCache,
  previewStiffnessRatios,
  stiffnessRatioOf,
} from '../../../renderer/src/editor/preview-stiffness.ts';

const withCompensation = (compensation: 'auto' | 'off') =>
  parseScene({ ...structuredClone(defaultSceneJson), solver: { ...defaultSceneJson.solver, compensation } });

/** E_eff/E of the preview per body, as the overlay warns on it (either way). */
describe('preview stiffness against the material', () => {
  test('the worst family speaks for the body: uncompensated 1/(1 + β·r²), compensated its predicted ratio', () => {
    const records = [
      { beta: 1, resolution: 0.2, predictedRatio: 1 },
      { beta: -0.3, resolution: 0.5, predictedRatio: 0.9 },
    ];
    expect(stiffnessRatioOf(records, false)).toBeCloseTo(1 / (1 - 0.3 * 0.25), 12);
    expect(stiffnessRatioOf(records, true)).toBe(0.9);
    expect(stiffnessRatioOf([], false)).toBeNull();
  });

  test('uncompensated, the ν = 0.4 neo-Hookean block is stiffer than its material (β < 0) and the cloth softer', () => {
    const scene = withCompensation('off');
    const [block, cloth] = previewStiffnessRatios(scene, new Map());
    const r = buildWorld(scene).measureBodies()[0].resolution;
    const beta = biasCoefficient('solid-neo-hookean', scene.bodies[0].material.poissonRatio);
    expect(beta).toBeLessThan(0);
    expect(block).toBeCloseTo(1 / (1 + beta * r * r), 6);
    expect(block).toBeGreaterThan(1);
    expect(cloth).toBeLessThan(1);
  });

  test('compensated, a body within reach is at its material', () => {
    const [block] = previewStiffnessRatios(withCompensation('auto'), new Map());
    expect(block).toBe(1);
  });

  test('asked on every scene change, only the bodies that changed are compiled again', () => {
    const compiled: string[] = [];
    const cache = new PreviewStiffnessCache((scene, index) => {
      compiled.push(scene.bodies[index].name);
      return scene.bodies[index].material.youngModulusPa / 1e6;
    });
    const scene = withCompensation('off');
    expect(cache.ratios(scene, new Map())).toEqual([0.1, scene.bodies[1].material.youngModulusPa / 1e6]);
    expect(compiled).toEqual(['soft block', 'cloth']);
    // A copy of the same scene (a parse makes new objects): nothing to compile.
    cache.ratios(structuredClone(scene), new Map());
    expect(compiled).toHaveLength(2);
    // The block edited: the block alone.
    const edited = structuredClone(scene);
    edited.bodies[0].material.youngModulusPa = 2e5;
    expect(cache.ratios(edited, new Map())[0]).toBe(0.2);
    expect(compiled).toEqual(['soft block', 'cloth', 'soft block']);
    // Other solver settings reach every body.
    cache.ratios(
      { ...edited, solver: { ...edited.solver, substeps: edited.solver.substeps + 1 } },
      new Map(),
    );
    expect(compiled).toHaveLength(5);
  });
});
