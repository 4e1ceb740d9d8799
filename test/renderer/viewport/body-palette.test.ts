import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { BODY_PALETTE, bodyColours } from '../../../renderer/src/viewport/body-palette.ts';

describe('body colours', () => {
  test('the default scene keeps its orange block and teal cloth (the e2e tests find the block by its orange)', () => {
    expect(bodyColours(defaultSceneJson.bodies.map((b) => b.name))).toEqual([0xe8833a, 0x3fb0c0]);
  });

  test('bodies imported from different files into the default scene get different colours', () => {
    const scene = defaultSceneJson.bodies.map((b) => b.name);
    const imported = ['spot', 'stanford-bunny', 'suzanne', 'Fox'].map(
      (name) => bodyColours([...scene, name])[2],
    );
    expect(new Set(imported).size).toBeGreaterThan(1);
  });

  test('no two bodies of a scene alike while the palette lasts; a body keeps its colour when others are added', () => {
    const names = ['soft block', 'cloth', 'spot', 'bar', 'cantilever', 'Box'];
    const colours = bodyColours(names);
    expect(new Set(colours).size).toBe(BODY_PALETTE.length);
    for (let n = 1; n <= names.length; n++)
      expect(bodyColours(names.slice(0, n))).toEqual(colours.slice(0, n));
    // Deterministic: the same names, the same colours.
    expect(bodyColours(names)).toEqual(colours);
    // Past the palette, colours repeat rather than fail.
    expect(bodyColours([...names, 'seventh'])).toHaveLength(7);
  });
});
