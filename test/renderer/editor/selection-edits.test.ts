import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import {
  addToGroup,
  pinnedVertices,
  pinVertices,
  removeGroup,
  removePin,
  setGroupBreakingStress,
  verticesInBox,
} from '../../../renderer/src/editor/selection-edits.ts';

const scene = parseScene(structuredClone(defaultSceneJson));
/** Rest positions of each body of the default scene, body-local, m. */
const rest = (() => {
  const world = buildWorld(scene);
  return world.bodies.map((b) =>
    world.positions.slice(3 * b.particleOffset, 3 * (b.particleOffset + b.particleCount)),
  );
})();

/** The block's top layer at rest (cells 5 × 5 × 5 → 36 vertices). */
const topLayer = (() => {
  const block = rest[0];
  let top = -Infinity;
  for (let v = 0; 3 * v < block.length; v++) top = Math.max(top, block[3 * v + 1]);
  const out: number[] = [];
  for (let v = 0; 3 * v < block.length; v++) if (Math.abs(block[3 * v + 1] - top) < 1e-6) out.push(v);
  return out;
})();

/** Lowest rest-relative y of body `index` after `seconds` of simulated time, m. */
function lowestAfter(edited: Scene, index: number, seconds: number): number {
  const world = buildWorld(edited);
  for (let t = 0; t < seconds; t += edited.solver.dt) world.step(edited.solver.dt);
  return world.measureBodies()[index].bboxMin[1];
}

describe('selection edits', () => {
  test('pinning a selection appends a vertex pin, leaving the input scene alone', () => {
    const { label, scene: next } = pinVertices(scene, 0, [5, 3, 3, 4], rest[0]);
    expect(label).toBe('pin 3 vertices of soft block');
    expect(next.bodies[0].pins).toEqual([{ vertices: [3, 4, 5] }]);
    expect(scene.bodies[0].pins).toBeUndefined();
    // Only the vertices not yet pinned go into a second pin.
    const again = pinVertices(next, 0, [4, 5, 6, 7], rest[0]);
    expect(again.label).toBe('pin 2 vertices of soft block');
    expect(again.scene.bodies[0].pins?.[1]).toEqual({ vertices: [6, 7] });
  });

  test('pinning nothing or an already pinned set changes nothing and says why', () => {
    expect(() => pinVertices(scene, 0, [], rest[0])).toThrow(
      'Nothing to pin: select vertices of soft block first.',
    );
    const { scene: pinned } = pinVertices(scene, 0, [3, 4], rest[0]);
    expect(() => pinVertices(pinned, 0, [4, 3], rest[0])).toThrow(
      '2 vertices of soft block are already pinned.',
    );
    // The cloth's box pins hold its two far corners: pinning one of them again is refused.
    const held = [...pinnedVertices(scene.bodies[1], rest[1])];
    expect(held).toHaveLength(2);
    expect(() => pinVertices(scene, 1, [held[0]], rest[1])).toThrow('1 vertex of cloth is already pinned.');
    // Without rest positions, box pins are unknown and the vertex is pinned by list as well.
    expect(pinVertices(scene, 1, [held[0]]).scene.bodies[1].pins).toHaveLength(3);
  });

  test('a vertex beyond the body is refused by the validator with its pointer', () => {
    expect(() => pinVertices(scene, 0, [216])).toThrow(
      /^\/bodies\/0\/pins\/0\/vertices\/0: particle 216 is out of range/,
    );
  });

  test('the top layer pinned, the block hangs where it was; unpinned it falls to the ground', () => {
    expect(topLayer).toHaveLength(36);
    const pinned = pinVertices(scene, 0, topLayer, rest[0]).scene;
    // Rest: lowest point 0.85 m. Pinned at the top, the 0.3 m jelly block stretches a few mm;
    // unpinned, it lands on the ground (y = 0) within 2 s.
    const hanging = lowestAfter(pinned, 0, 2);
    expect(hanging).toBeGreaterThan(0.8);
    expect(hanging).toBeLessThan(0.85);
    expect(lowestAfter(removePin(pinned, 0, 0).scene, 0, 2)).toBeLessThan(0.01);
  });

  test('a compliance makes the pin soft: the block hangs lower on it by about weight share × compliance', () => {
    const soft = pinVertices(scene, 0, topLayer, rest[0], 1e-3);
    expect(soft.label).toBe('pin softly (0.001 m/N) 36 vertices of soft block');
    expect(soft.scene.bodies[0].pins).toEqual([{ vertices: topLayer, complianceMPerN: 1e-3 }]);
    const rigid = lowestAfter(pinVertices(scene, 0, topLayer, rest[0]).scene, 0, 2);
    // 27 kg over 36 pinned vertices is about 7.4 N each: 1e-3 m/N lets them down about 7 mm.
    const hanging = lowestAfter(soft.scene, 0, 2);
    expect(rigid - hanging).toBeGreaterThan(0.004);
    expect(rigid - hanging).toBeLessThan(0.012);
    expect(() => pinVertices(scene, 0, topLayer, rest[0], -1)).toThrow(
      "A pin's compliance is a number of m/N, 0 or more (0: rigid); got -1.",
    );
  });

  test('add to group creates the group, then extends it; the same set again is refused', () => {
    const first = addToGroup(scene, 0, '  top ', [2, 1]);
    expect(first.label).toBe("add 2 vertices to group 'top' of soft block");
    expect(first.scene.bodies[0].groups).toEqual([{ name: 'top', vertices: [1, 2] }]);
    const second = addToGroup(first.scene, 0, 'top', [2, 3]);
    expect(second.label).toBe("add 1 vertex to group 'top' of soft block");
    expect(second.scene.bodies[0].groups).toEqual([{ name: 'top', vertices: [1, 2, 3] }]);
    expect(() => addToGroup(second.scene, 0, 'top', [1, 3])).toThrow(
      "2 vertices of soft block are already in group 'top'.",
    );
    expect(() => addToGroup(scene, 0, ' ', [1])).toThrow('Name the group first.');
    expect(() => addToGroup(scene, 0, 'top', [])).toThrow(
      'Nothing to add: select vertices of soft block first.',
    );
  });

  test('removing a pin or a group is an edit with its own label; the last one removes the list', () => {
    const { scene: two } = pinVertices(pinVertices(scene, 0, [1]).scene, 0, [2]);
    const removed = removePin(two, 0, 0);
    expect(removed.label).toBe('remove pin 1 of soft block');
    expect(removed.scene.bodies[0].pins).toEqual([{ vertices: [2] }]);
    expect('pins' in removePin(removed.scene, 0, 0).scene.bodies[0]).toBe(false);
    expect(() => removePin(scene, 0, 0)).toThrow('soft block has no pin 1.');

    const grouped = addToGroup(scene, 0, 'core', [7]).scene;
    const ungrouped = removeGroup(grouped, 0, 0);
    expect(ungrouped.label).toBe("remove group 'core' of soft block");
    expect('groups' in ungrouped.scene.bodies[0]).toBe(false);
    expect(() => removeGroup(scene, 0, 0)).toThrow('soft block has no group 1.');
  });

  test('setGroupBreakingStress sets and takes away a group breaking stress, Pa', () => {
    const grouped = addToGroup(scene, 0, 'core', [0, 1, 2]).scene;
    const tearing = setGroupBreakingStress(grouped, 0, 0, 2e5);
    expect(tearing.label).toBe("breaking stress 200000 Pa for group 'core' of soft block");
    expect(tearing.scene.bodies[0].groups?.[0].breakingStressPa).toBe(2e5);
    const whole = setGroupBreakingStress(tearing.scene, 0, 0, null);
    expect('breakingStressPa' in (whole.scene.bodies[0].groups?.[0] ?? {})).toBe(false);
    expect(() => setGroupBreakingStress(grouped, 0, 0, 0)).toThrow('above 0');
    expect(() => setGroupBreakingStress(scene, 0, 0, 1)).toThrow('soft block has no group 1.');
  });

  test('verticesInBox finds the vertices at rest in a box, boundary included', () => {
    const positions = [0, 0, 0, 1, 1, 1, 0.5, 0.5, 0.5, 2, 0, 0];
    expect(verticesInBox({ min: [0, 0, 0], max: [1, 1, 1] }, positions)).toEqual([0, 1, 2]);
    expect(verticesInBox({ min: [0.6, 0, 0], max: [0.9, 1, 1] }, positions)).toEqual([]);
  });
});
