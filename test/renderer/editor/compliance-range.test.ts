import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { neoHookeanTetCompliance } from '../../../core/material/index.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { solverView } from '../../../renderer/src/editor/compliance-range.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('what the solver gets', () => {
  test('the block gets the neo-Hookean compliances of its smallest and largest tets', () => {
    const view = solverView(scene, scene.bodies[0]);
    // 0.3 m box in 5 cells: 6 cm cells, tets of V/6 and V/3 (box-tets.ts).
    const cellVolume = 0.06 ** 3;
    const small = neoHookeanTetCompliance(100_000, 0.4, cellVolume / 6);
    expect(view.lines[0]).toMatchObject({ name: 'deviatoric α_D', unit: '1/J' });
    expect(view.lines[0].max).toBeCloseTo(small.deviatoricPerJ, 10);
    expect(view.lines[0].min).toBeCloseTo(small.deviatoricPerJ / 2, 10);
    // r = h·c/l: h = (1/60)/15 s, c = √(E/ρ) = 10 m/s, l = 0.06 m.
    expect(view.resolution).toBeCloseTo(((1 / 60 / 15) * 10) / 0.06, 10);
  });

  test('a tenfold softer material gets tenfold larger compliances', () => {
    const stiff = solverView(scene, scene.bodies[1]);
    const softBody = { ...scene.bodies[1], material: { ...scene.bodies[1].material, youngModulusPa: 5e5 } };
    const soft = solverView(scene, softBody);
    expect(soft.lines[0].min / stiff.lines[0].min).toBeCloseTo(10, 10);
    expect(soft.lines[0].unit).toBe('m/N');
  });
});
