import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { buildWorld } from '../../../core/sim/build-world.ts';

describe('body views', () => {
  test('a solid reports its tets (body-local, 4 each), cloth none', () => {
    const world = buildWorld(structuredClone(defaultSceneJson) as never);
    const [block, cloth] = world.bodies;
    // The 5×5×5-cell block: 5 tets per cell (geometry/box-tets.ts).
    expect(block.tets?.length).toBe(4 * 5 * 125);
    expect(Math.max(...block.tets!)).toBe(block.particleCount - 1);
    expect(cloth.tets?.length).toBe(0);
  });
});
