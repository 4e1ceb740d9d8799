import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { DocumentError } from '../../../core/document/problem.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { DROP_HEIGHT_M } from '../../../renderer/src/editor/mesh-body.ts';
import { addRagdoll, RAGDOLL_HEIGHT_M, setRagdollSize } from '../../../renderer/src/editor/ragdoll-body.ts';

const defaultScene = parseScene(structuredClone(defaultSceneJson));
const noAssets = new Map();
const empty: Scene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 20 },
  colliders: [],
  bodies: [],
};

describe('adding a ragdoll', () => {
  test('adds the humanoid above the ground, selected by index, in one edit that compiles', () => {
    const edit = addRagdoll(defaultScene, noAssets);
    expect(edit.scene.bodies.length).toBe(defaultScene.bodies.length + 1);
    const body = edit.scene.bodies[edit.index];
    expect(body.model).toBe('ragdoll');
    expect(body.shape.type === 'ragdoll' && body.shape.heightM).toBe(RAGDOLL_HEIGHT_M);
    expect(body.shape.type === 'ragdoll' && body.shape.position[1]).toBeCloseTo(1 + DROP_HEIGHT_M, 12);
    expect(edit.scene.colliders).toEqual(defaultScene.colliders);
    expect(edit.label).toBe(`add ragdoll ${body.name}`);
    const setup = compileScene(edit.scene);
    expect(setup.bodies[edit.index].constraints.map((s) => s.kind)).toEqual([
      'distance',
      'joint-cone',
      'joint-hinge',
    ]);
  });

  test('adds a ground plane with it to a scene that has none, and a second one beside the first', () => {
    const first = addRagdoll(empty, noAssets);
    expect(first.scene.colliders.map((c) => c.type)).toEqual(['plane']);
    expect(first.label).toBe('add ragdoll ragdoll and a ground plane');
    const second = addRagdoll(first.scene, noAssets);
    const [a, b] = second.scene.bodies;
    expect(b.name).toBe('ragdoll 2');
    const xOf = (body: typeof a) => (body.shape.type === 'ragdoll' ? body.shape.position[0] : Number.NaN);
    // 0.15·H either side of each, with the 0.2 m gap between.
    expect(xOf(b) - xOf(a)).toBeCloseTo(2 * 0.15 * RAGDOLL_HEIGHT_M + 0.2, 12);
  });

  test('edits height and mass through the validator: a negative mass is refused at its pointer', () => {
    const { scene, index } = addRagdoll(empty, noAssets);
    const taller = setRagdollSize(scene, index, 'heightM', 1.9);
    expect(taller.scene.bodies[index].shape).toMatchObject({ heightM: 1.9 });
    expect(scene.bodies[index].shape).toMatchObject({ heightM: RAGDOLL_HEIGHT_M }); // input unchanged
    let error: unknown;
    try {
      setRagdollSize(scene, index, 'massKg', -5);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DocumentError);
    expect((error as DocumentError).problems[0].pointer).toBe(`/bodies/${index}/shape/massKg`);
  });
});
