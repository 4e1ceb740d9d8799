import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  movableTargets,
  setMeshTransform,
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

  const withMesh: Scene = {
    ...scene,
    bodies: [
      ...scene.bodies,
      {
        ...scene.bodies[0],
        name: 'spot',
        pins: [],
        shape: { type: 'mesh', path: 'spot.obj', position: [1, 0.5, 0] },
      },
    ],
  };

  test('a mesh body is movable by its origin, listed first; a move shifts its position in one edit', () => {
    const target = { kind: 'body', index: 2 } as const;
    expect(movableTargets(withMesh)[0]).toEqual(target);
    expect(targetLabel(withMesh, target)).toBe('spot');
    expect(targetCentre(withMesh, target)).toEqual([1, 0.5, 0]);
    const edit = translateTarget(withMesh, target, [0.25, 0, -0.5]);
    expect(edit.label).toBe('move spot');
    expect(edit.scene.bodies[2].shape).toEqual({
      type: 'mesh',
      path: 'spot.obj',
      position: [1.25, 0.5, -0.5],
    });
  });

  test('setMeshTransform writes rotation and scale, leaves them out at identity, and refuses other bodies', () => {
    const turned = setMeshTransform(withMesh, 2, { rotationDeg: [0, 90, 0], scale: [2, 2, 2] });
    expect(turned.label).toBe('rotate spot');
    expect(turned.scene.bodies[2].shape).toEqual({
      type: 'mesh',
      path: 'spot.obj',
      position: [1, 0.5, 0],
      rotationDeg: [0, 90, 0],
      scale: [2, 2, 2],
    });
    const back = setMeshTransform(turned.scene, 2, { rotationDeg: [0, 0, 0], scale: [1, 1, 1] });
    expect(back.scene.bodies[2].shape).toEqual(withMesh.bodies[2].shape);
    expect(() => setMeshTransform(withMesh, 2, { scale: [0, 1, 1] })).toThrow(
      /scale\/0: must be greater than 0/,
    );
    expect(() => setMeshTransform(withMesh, 0, { position: [0, 0, 0] })).toThrow('body 1 is not a mesh body');
  });
});
