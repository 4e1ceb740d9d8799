import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  describeScope,
  exportScopeChoices,
  sceneOfScope,
  WHOLE_SCENE,
} from '../../../renderer/src/presets/export-scope.ts';

const scene = parseScene(structuredClone(defaultSceneJson));

describe('export scope', () => {
  test('with a body selected, the choices are that body, then the whole scene', () => {
    expect(exportScopeChoices(scene, 1)).toEqual([
      { scope: { kind: 'body', index: 1 }, label: 'cloth' },
      { scope: WHOLE_SCENE, label: 'Whole scene (2 bodies)' },
    ]);
  });

  test('with nothing selected there is nothing to ask: only the whole scene', () => {
    expect(exportScopeChoices(scene, null)).toEqual([
      { scope: WHOLE_SCENE, label: 'Whole scene (2 bodies)' },
    ]);
    expect(exportScopeChoices({ ...scene, bodies: [scene.bodies[0]] }, 5).map((c) => c.label)).toEqual([
      'Whole scene (1 body)',
    ]);
  });

  test('a one-body scene is the body alone as an asset: unplaced, no colliders, the scene’s gravity and solver', () => {
    const one = sceneOfScope(scene, { kind: 'body', index: 0 });
    expect(one.bodies).toEqual([scene.bodies[0]]);
    expect(one.colliders).toEqual([]);
    // A mesh body loses its placement: the asset is in its own frame.
    const placed = {
      ...scene,
      bodies: [
        {
          ...scene.bodies[0],
          shape: { type: 'mesh' as const, path: 'spot.obj', position: [1, 2, 3] as [number, number, number] },
        },
      ],
    };
    expect(sceneOfScope(placed, { kind: 'body', index: 0 }).bodies[0].shape).toEqual({
      type: 'mesh',
      path: 'spot.obj',
    });
    expect(one.gravity).toBe(scene.gravity);
    expect(one.solver).toBe(scene.solver);
    expect(sceneOfScope(scene, WHOLE_SCENE)).toBe(scene);
    expect(() => sceneOfScope(scene, { kind: 'body', index: 9 })).toThrow(RangeError);
  });

  test('box pins of a placed mesh body move with it into its own frame; vertex pins stay', () => {
    const placed: typeof scene = {
      ...scene,
      bodies: [
        {
          ...scene.bodies[0],
          shape: { type: 'mesh', path: 'spot.obj', position: [1, 2, 3] },
          pins: [{ box: { min: [0.5, 2, 3], max: [1.5, 2.25, 4] } }, { vertices: [4] }],
        },
      ],
    };
    expect(sceneOfScope(placed, { kind: 'body', index: 0 }).bodies[0].pins).toEqual([
      { box: { min: [-0.5, 0, 0], max: [0.5, 0.25, 1] } },
      { vertices: [4] },
    ]);
  });

  test('the notification names the body, or the whole scene with its body count', () => {
    expect(describeScope(scene, { kind: 'body', index: 0 })).toBe('soft block');
    expect(describeScope(scene, WHOLE_SCENE)).toBe('whole scene, 2 bodies');
  });
});
