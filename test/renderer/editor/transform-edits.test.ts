import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  movableTargets,
  targetCentre,
  targetLabel,
  translateTarget,
} from '../../../renderer/src/editor/transform-edits.ts';

const base = parseScene(structuredClone(defaultSceneJson));
/** The default scene plus one collider of each movable kind and a tilted plane. */
const scene: Scene = {
  ...base,
  colliders: [
    ...base.colliders,
    { type: 'sphere', center: [0, 0.5, 0], radius: 0.2 },
    { type: 'box', center: [1, 0.2, 0], halfExtents: [0.1, 0.2, 0.3] },
    { type: 'capsule', a: [0, 0.1, -1], b: [0, 0.1, 1], radius: 0.05 },
    { type: 'plane', normal: [1, 0, 0], offset: -2 },
  ],
};

describe('gizmo edits', () => {
  test('the movable targets are the colliders but the ground, then the box pins', () => {
    expect(movableTargets(scene).map((t) => targetLabel(scene, t))).toEqual([
      'collider 2 (sphere)',
      'collider 3 (box)',
      'collider 4 (capsule)',
      'collider 5 (plane)',
      'pin 1 of cloth',
      'pin 2 of cloth',
    ]);
  });

  test('a sphere moves by the drag, in one labelled edit, leaving the input scene alone', () => {
    const edit = translateTarget(scene, { kind: 'collider', index: 1 }, [0.1, -0.2, 0.3]);
    expect(edit.label).toBe('move collider 2 (sphere)');
    const moved = edit.scene.colliders[1];
    expect(moved.type === 'sphere' && moved.center.map((v) => +v.toFixed(9))).toEqual([0.1, 0.3, 0.3]);
    expect(scene.colliders[1]).toEqual({ type: 'sphere', center: [0, 0.5, 0], radius: 0.2 });
  });

  test('a capsule moves both ends; a plane moves along its normal only', () => {
    const capsule = translateTarget(scene, { kind: 'collider', index: 3 }, [1, 0, 0]).scene.colliders[3];
    expect(capsule.type === 'capsule' && [capsule.a, capsule.b]).toEqual([
      [1, 0.1, -1],
      [1, 0.1, 1],
    ]);
    const plane = translateTarget(scene, { kind: 'collider', index: 4 }, [0.5, 3, 3]).scene.colliders[4];
    expect(plane.type === 'plane' && plane.offset).toBe(-1.5);
    expect(targetCentre(scene, { kind: 'collider', index: 4 })).toEqual([-2, 0, 0]);
  });

  test('a box pin moves its box; the centre is the box centre', () => {
    const target = { kind: 'pin', body: 1, pin: 0 } as const;
    const edit = translateTarget(scene, target, [0, 0.5, 0]);
    expect(edit.label).toBe('move pin 1 of cloth');
    const pin = edit.scene.bodies[1].pins?.[0];
    expect(pin && 'box' in pin && pin.box.min[1]).toBeCloseTo(2.09, 9);
    expect(pin && 'box' in pin && pin.box.max[1]).toBeCloseTo(2.11, 9);
    const centre = targetCentre(scene, target)!;
    expect(centre[0]).toBeCloseTo(0.2, 9);
  });

  test('the ground, vertex pins, missing targets and non-finite moves are refused with a reason', () => {
    expect(() => translateTarget(scene, { kind: 'collider', index: 0 }, [0, 1, 0])).toThrow(
      'collider 1 (plane) does not exist or cannot be moved',
    );
    const withVertexPin: Scene = {
      ...scene,
      bodies: scene.bodies.map((b, i) => (i === 0 ? { ...b, pins: [{ vertices: [0, 1] }] } : b)),
    };
    expect(movableTargets(withVertexPin).some((t) => t.kind === 'pin' && t.body === 0)).toBe(false);
    expect(() => translateTarget(withVertexPin, { kind: 'pin', body: 0, pin: 0 }, [0, 1, 0])).toThrow(
      'pin 1 of soft block does not exist or cannot be moved',
    );
    expect(() => translateTarget(scene, { kind: 'collider', index: 9 }, [0, 1, 0])).toThrow(
      'collider 10 does not exist or cannot be moved',
    );
    expect(() => translateTarget(scene, { kind: 'collider', index: 1 }, [Number.NaN, 0, 0])).toThrow(
      /^the move of collider 2 \(sphere\) is not a finite vector/,
    );
  });
});
