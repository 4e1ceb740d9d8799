import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import {
  addMeshBody,
  BODY_GAP_M,
  DROP_HEIGHT_M,
  fileStem,
  MESH_BODY_MATERIAL,
  meshesOfScene,
  missingMeshAssets,
  occupiedXRange,
  placementOf,
  uniqueName,
  uniquePath,
} from '../../../renderer/src/editor/mesh-body.ts';
import { boxTetMesh } from './mesh-fixture.ts';

const defaultScene = parseScene(structuredClone(defaultSceneJson));
const noAssets = new Map();

function bounds(positions: ArrayLike<number>) {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    min[i % 3] = Math.min(min[i % 3], positions[i]);
    max[i % 3] = Math.max(max[i % 3], positions[i]);
  }
  return { min, max };
}

/** Bounds of an asset where `position` (the mesh shape's, m) places it. */
function placedBounds(positions: ArrayLike<number>, position: readonly number[] = [0, 0, 0]) {
  const { min, max } = bounds(positions);
  return { min: min.map((c, k) => c + position[k]), max: max.map((c, k) => c + position[k]) };
}

function positionOf(scene: Scene, index: number): readonly number[] {
  const shape = scene.bodies[index].shape;
  if (shape.type !== 'mesh' || !shape.position) throw new Error(`body ${index} has no mesh position`);
  return shape.position;
}

describe('placing a tet mesh in the scene', () => {
  test('beside the bodies along x with a gap, centred on z, its lowest point the drop height above the ground', () => {
    const mesh = boxTetMesh([0.4, 0.6, 0.2], [10, -3, 5]);
    const { min, max } = placedBounds(mesh.positions, placementOf(mesh.positions, [-1, 1.2], 0.5));
    expect(min[0]).toBeCloseTo(1.2 + BODY_GAP_M, 5);
    expect(max[0] - min[0]).toBeCloseTo(0.4, 5);
    expect(min[1]).toBeCloseTo(0.5 + DROP_HEIGHT_M, 5);
    expect(max[1] - min[1]).toBeCloseTo(0.6, 5);
    expect((min[2] + max[2]) / 2).toBeCloseTo(0, 5);
  });

  test('in an empty scene it is centred on x = 0', () => {
    const mesh = boxTetMesh([2, 1, 1], [3, 3, 3]);
    const { min, max } = placedBounds(mesh.positions, placementOf(mesh.positions, null, 0));
    expect((min[0] + max[0]) / 2).toBeCloseTo(0, 5);
  });

  test('the occupied x range covers boxes, cloth, ropes and mesh bodies where their position puts the asset', () => {
    // Default scene: block at x −0.5 ± 0.15, cloth 0.2 … 1.2.
    expect(occupiedXRange(defaultScene, noAssets)).toEqual([-0.65, 1.2]);
    const first = addMeshBody(defaultScene, noAssets, {
      fileName: 'a.obj',
      mesh: boxTetMesh([1, 1, 1], [0, 0, 0]),
    });
    const assets = new Map([[first.path, first.mesh]]);
    const range = occupiedXRange(first.scene, assets)!;
    expect(range[1]).toBeCloseTo(1.2 + BODY_GAP_M + 1, 5);
    // A second body goes right of the first, not on top of it.
    const second = addMeshBody(first.scene, assets, {
      fileName: 'a.obj',
      mesh: boxTetMesh([1, 1, 1], [0, 0, 0]),
    });
    expect(placedBounds(second.mesh.positions, positionOf(second.scene, 3)).min[0]).toBeCloseTo(
      range[1] + BODY_GAP_M,
      5,
    );
  });
});

describe('the add-mesh-body edit', () => {
  test('adds a neo-Hookean body of the library silicone (by name) named after the file, placed by its position', () => {
    const mesh = boxTetMesh([0.5, 0.5, 0.5], [0, 0, 0]);
    const edit = addMeshBody(defaultScene, noAssets, { fileName: 'spot.obj', mesh });
    const material = findBuiltInMaterial(MESH_BODY_MATERIAL)!;
    expect(edit.index).toBe(2);
    expect(edit.path).toBe('spot.obj');
    expect(edit.label).toBe('add soft body spot');
    // Right of the cloth (x up to 1.2) with the gap, 0.3 m up, centred on z.
    const position = [1.2 + BODY_GAP_M, DROP_HEIGHT_M, -0.25];
    expect(edit.scene.bodies[2]).toEqual({
      name: 'spot',
      shape: { type: 'mesh', path: 'spot.obj', position },
      material: {
        youngModulusPa: material.youngModulusPa,
        poissonRatio: material.poissonRatio,
        densityKgM3: material.densityKgM3,
        name: MESH_BODY_MATERIAL,
      },
      model: 'neo-hookean',
      dampingRatio: material.dampingRatio,
    });
    // The scene it came from is untouched (history snapshots stay intact).
    expect(defaultScene.bodies).toHaveLength(2);
    expect(edit.scene.colliders).toEqual(defaultScene.colliders);
  });

  test('the asset is the tet mesh as the tetrahedralizer made it (own frame, array types), with the imported surface', () => {
    const mesh = boxTetMesh([1, 1, 1], [3, 4, 5]);
    const surface = {
      positions: Float32Array.of(3, 4, 5, 4, 4, 5, 3, 5, 5, 3, 4, 6),
      indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
      groupIds: Uint16Array.of(0, 0, 1, 1),
      groups: ['hide', 'horns'],
    };
    const edit = addMeshBody(defaultScene, noAssets, { fileName: 'spot.obj', mesh, surface });
    expect(edit.mesh.positions).toBeInstanceOf(Float32Array);
    expect(edit.mesh.positions).toEqual(mesh.positions);
    expect(edit.mesh.tets).toEqual(mesh.tets);
    // Copies: the tool's result and the open document stay as they were.
    expect(edit.mesh.positions).not.toBe(mesh.positions);
    expect(edit.mesh.surface).toEqual({
      positions: surface.positions,
      indices: surface.indices,
      groups: { names: ['hide', 'horns'], triangleGroups: surface.groupIds },
    });
    expect(edit.mesh.surface?.positions).not.toBe(surface.positions);
    // A surface without import groups carries none; a Float64 tet mesh stays Float64.
    const plain = addMeshBody(defaultScene, noAssets, {
      fileName: 'b.obj',
      mesh: { positions: Float64Array.from(mesh.positions), tets: mesh.tets },
      surface: { ...surface, groupIds: new Uint16Array(4), groups: [] },
    });
    expect(plain.mesh.surface?.groups).toBeUndefined();
    expect(plain.mesh.positions).toBeInstanceOf(Float64Array);
  });

  test('a scene without a ground plane gets one in the same edit', () => {
    const bare: Scene = { ...defaultScene, colliders: [], bodies: [] };
    const edit = addMeshBody(bare, noAssets, {
      fileName: 'cube.glb',
      mesh: boxTetMesh([1, 1, 1], [0, 5, 0]),
    });
    expect(edit.scene.colliders).toEqual([
      { type: 'plane', normal: [0, 1, 0], offset: 0, friction: 0.5, staticFriction: 0.6 },
    ]);
    expect(edit.label).toBe('add soft body cube and a ground plane');
    expect(placedBounds(edit.mesh.positions, positionOf(edit.scene, 0)).min[1]).toBeCloseTo(DROP_HEIGHT_M, 5);
  });

  test('names and paths stay unique against the scene and every asset the project holds', () => {
    const mesh = boxTetMesh([1, 1, 1], [0, 0, 0]);
    const first = addMeshBody(defaultScene, noAssets, { fileName: 'spot.obj', mesh });
    const assets = new Map([[first.path, first.mesh]]);
    const second = addMeshBody(first.scene, assets, { fileName: 'spot.obj', mesh });
    expect(second.scene.bodies[3].name).toBe('spot 2');
    expect(second.path).toBe('spot-2.obj');
    // After undo the body is gone but its asset stays: a new body must not take its key.
    const third = addMeshBody(defaultScene, assets, { fileName: 'spot.obj', mesh });
    expect(third.scene.bodies[2].name).toBe('spot');
    expect(third.path).toBe('spot-2.obj');
  });

  test('a mesh without tets is refused', () => {
    expect(() =>
      addMeshBody(defaultScene, noAssets, {
        fileName: 'flat.obj',
        mesh: { positions: new Float32Array(9), tets: new Uint32Array() },
      }),
    ).toThrow(/flat\.obj: the tet mesh has no tets/);
  });

  test('meshesOfScene keeps the assets the mesh bodies use; missingMeshAssets names the others', () => {
    const mesh = boxTetMesh([1, 1, 1], [0, 0, 0]);
    const edit = addMeshBody(defaultScene, noAssets, { fileName: 'spot.obj', mesh });
    const assets = new Map([
      [edit.path, edit.mesh],
      ['old.obj', mesh],
    ]);
    expect([...meshesOfScene(edit.scene, assets).keys()]).toEqual(['spot.obj']);
    expect(missingMeshAssets(edit.scene, assets)).toEqual([]);
    const renamed = structuredClone(edit.scene);
    renamed.bodies[2].shape = { type: 'mesh', path: 'nope.obj' };
    const problems = missingMeshAssets(renamed, assets);
    expect(problems).toHaveLength(1);
    expect(problems[0].pointer).toBe('/bodies/2/shape/path');
    expect(problems[0].message).toMatch(
      /^no tet mesh 'nope\.obj' in this project \(it has 'spot\.obj', 'old\.obj'\)/,
    );
  });

  test('file stems, unique names and paths', () => {
    expect(fileStem('spot.obj')).toBe('spot');
    expect(fileStem('dir/Fox.glb')).toBe('Fox');
    expect(fileStem('.obj')).toBe('.obj');
    expect(uniqueName('a', ['a', 'a 2'])).toBe('a 3');
    expect(uniquePath('a.obj', ['a.obj'])).toBe('a-2.obj');
    expect(uniquePath('noext', ['noext'])).toBe('noext-2');
  });
});
