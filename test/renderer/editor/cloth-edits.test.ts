import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { addClothBody } from '../../../renderer/src/editor/cloth-body.ts';
import { setPressure, setTethers } from '../../../renderer/src/editor/scene-edits.ts';
import { seamedSphere } from './surface-fixtures.ts';

const scene = parseScene(structuredClone(defaultSceneJson));
const cloth = scene.bodies.findIndex((body) => body.model === 'cloth');

describe('the cloth fields of the properties panel', () => {
  test('pressure on a cloth made from a closed surface: off, on at the rest volume, inflated, on again', () => {
    const ball = addClothBody(scene, new Map(), {
      fileName: 'ball.obj',
      surface: seamedSphere(0.25, 6, 10),
      pinTopEdge: false,
      tethers: false,
      pressure: false,
    });
    const i = ball.index;
    expect(ball.scene.bodies[i].pressure).toBeUndefined();
    const on = setPressure(ball.scene, i, 1);
    expect(on.label).toBe('pressure of ball');
    expect(on.scene.bodies[i].pressure).toEqual({});
    const inflated = setPressure(on.scene, i, 1.2).scene;
    expect(inflated.bodies[i].pressure).toEqual({ volumeScale: 1.2 });
    expect(setPressure(inflated, i, 1).scene.bodies[i].pressure).toEqual({});
    expect(setPressure(inflated, i, null).scene.bodies[i].pressure).toBeUndefined();
  });

  test('pressure on a cloth grid (an open sheet) is refused by the scene validator', () => {
    expect(() => setPressure(scene, cloth, 1)).toThrow(
      "/bodies/1/pressure: needs a closed surface: use a 'mesh' shape",
    );
  });

  test('tethers: on keeps their settings, off removes them', () => {
    const on = setTethers(scene, cloth, true).scene;
    expect(on.bodies[cloth].tethers).toEqual(scene.bodies[cloth].tethers ?? {});
    expect(setTethers(on, cloth, false).scene.bodies[cloth].tethers).toBeUndefined();
  });
});
