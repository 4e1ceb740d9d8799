/**
 * A progressive body's refined mesh replacing its preview (Editor.refineMeshBody, editor-state.ts
 * withRefinedMesh): no undo step of its own, edits made meanwhile kept, the lowest point kept
 * 0.3 m above the ground. The preview is a 1.2 m cube cage from −0.1 m (as an embedded cage
 * encloses the surface), the refined mesh the 1 m cube from 0 it encloses.
 */
import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import type { HostApi } from '../../../contract/host-api.ts';
import type { Scene, Vec3 } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { Editor } from '../../../renderer/src/editor/editor.ts';
import { withRefinedMesh } from '../../../renderer/src/editor/editor-state.ts';
import { replaceScene, setMaterialField } from '../../../renderer/src/editor/scene-edits.ts';
import { boxTetMesh } from './mesh-fixture.ts';

const scene = parseScene(structuredClone(defaultSceneJson));
const cage = () => boxTetMesh([1.2, 1.2, 1.2], [-0.1, -0.1, -0.1]);
const fine = () => boxTetMesh([1, 1, 1], [0, 0, 0]);

function setup() {
  const loaded: { scene: Scene; meshes: ReadonlyMap<string, SolidMesh> }[] = [];
  const notes: string[] = [];
  const editor = new Editor(
    {
      sim: { loadScene: (s, meshes) => loaded.push({ scene: s, meshes }) },
      host: { kind: 'browser' } as unknown as HostApi,
      notify: (level, text) => notes.push(`${level}: ${text}`),
      confirm: () => true,
    },
    scene,
  );
  const index = editor.addMeshBody({ fileName: 'spot.obj', mesh: cage() }) as number;
  const preview = editor.state.meshes.get('spot.obj') as SolidMesh;
  const shape = editor.state.scene.bodies[index].shape;
  const from = (shape.type === 'mesh' ? shape.position : undefined) as Vec3;
  return { editor, loaded, notes, index, preview, from };
}

const positionOf = (s: Scene, index: number) => {
  const shape = s.bodies[index].shape;
  return shape.type === 'mesh' ? shape.position : undefined;
};

describe('Editor: refining a progressive body', () => {
  test('the refined mesh replaces the preview with no undo step of its own, lowest point 0.3 m up', () => {
    const { editor, loaded, notes, index, preview, from } = setup();
    // The cage's lowest point (−0.1 m in its frame) is placed 0.3 m above the ground.
    // (Float32 positions: within 1e-6 m.)
    expect(from[1]).toBeCloseTo(0.4, 6);
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() })).toBe(true);
    expect(editor.state.history.past.map((e) => e.label)).toEqual(['add soft body spot']);
    const refined = editor.state.meshes.get('spot.obj') as SolidMesh;
    expect(refined).not.toBe(preview);
    expect(refined.tets.length).toBe(fine().tets.length);
    // x and z stay (the surface does not jump sideways); y so that the lowest point is 0.3 m up.
    const to = positionOf(editor.state.scene, index) as Vec3;
    expect(to[0]).toBe(from[0]);
    expect(to[2]).toBe(from[2]);
    expect(to[1] + 0).toBeCloseTo(0.3, 6);
    // The worker rebuilt the scene with the refined mesh.
    expect(loaded.at(-1)?.meshes.get('spot.obj')).toBe(refined);
    expect(notes.at(-1)).toBe(
      'info: Refined spot.obj: 5 tets replace the 5-tet preview. Undo still removes the body in one step.',
    );
    // One undo removes the body; redo brings it back refined and at the refined placement.
    editor.undo();
    expect(editor.state.scene).toBe(scene);
    editor.redo();
    expect(positionOf(editor.state.scene, index)).toEqual(to);
    expect(loaded.at(-1)?.meshes.get('spot.obj')).toBe(refined);
  });

  test('edits made while it refined are kept, in the scene and in every snapshot of the history', () => {
    const { editor, index, preview, from } = setup();
    expect(editor.edit((s) => setMaterialField(s, index, 'youngModulusPa', 50_000))).toBe(true);
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() })).toBe(true);
    expect(editor.state.history.past.map((e) => e.label)).toEqual([
      'add soft body spot',
      "Young's modulus of spot",
    ]);
    expect(editor.state.scene.bodies[index].material.youngModulusPa).toBe(50_000);
    const to = positionOf(editor.state.scene, index);
    expect(to).not.toEqual(from);
    // The material undo keeps the refined placement; the next undo removes the body.
    editor.undo();
    expect(editor.state.scene.bodies[index].material.youngModulusPa).not.toBe(50_000);
    expect(positionOf(editor.state.scene, index)).toEqual(to);
    editor.undo();
    expect(editor.state.scene.bodies).toHaveLength(2);
  });

  test('a body the user moved meanwhile keeps its place; the worker still gets the refined mesh', () => {
    const { editor, loaded, index, preview, from } = setup();
    const moved = structuredClone(editor.state.scene);
    const shape = moved.bodies[index].shape;
    if (shape.type === 'mesh') shape.position = [5, 1, 0];
    expect(editor.edit(() => replaceScene(moved))).toBe(true);
    const before = editor.state.scene;
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() })).toBe(true);
    expect(editor.state.scene).toBe(before);
    expect(positionOf(editor.state.scene, index)).toEqual([5, 1, 0]);
    expect(loaded.at(-1)?.meshes.get('spot.obj')).toBe(editor.state.meshes.get('spot.obj'));
  });

  test('once the preview is no longer the project’s mesh, nothing changes', () => {
    const { editor, index, preview, from } = setup();
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() })).toBe(true);
    const state = editor.state;
    // A second result for the same preview (already replaced) is dropped.
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: fine() })).toBe(false);
    expect(editor.state).toBe(state);
    expect(withRefinedMesh(state, 'spot.obj', preview, preview, from, from)).toBeNull();
    expect(state.scene.bodies[index].name).toBe('spot');
  });

  test('a refined mesh with inverted tets is refused and reported; the preview stays', () => {
    const { editor, notes, preview, from } = setup();
    const bad = fine();
    // Swap two corners of the first tet: it turns inside out.
    [bad.tets[0], bad.tets[1]] = [bad.tets[1], bad.tets[0]];
    const state = editor.state;
    expect(editor.refineMeshBody('spot.obj', preview, from, { mesh: bad })).toBe(false);
    expect(editor.state).toBe(state);
    expect(notes.at(-1)).toMatch(
      /^error: The refined mesh of spot\.obj was not used: .*; the preview stays\.$/,
    );
  });
});
