import { findBuiltInMaterial, type Material } from '../../../core/material/index.ts';
import { signedTetVolumeM3 } from '../../../core/math/mesh-measures.ts';
import { type Preset, presetFromScene } from '../../../core/preset/index.ts';
import type { BodySpecDocument, SceneDocument } from '../../../core/scene/scene.ts';
import type { SceneMeshes } from '../../../core/scene/scene-meshes.ts';

/**
 * Small scenes and presets for the preset tests: a box of tets and a cloth sheet (library
 * materials by name, pinned), and a tet cube mesh body with a render cube embedded in it.
 */

export function material(name: string): Material {
  const found = findBuiltInMaterial(name);
  if (!found) throw new Error(`no built-in material '${name}'`);
  return found;
}

/** A cube of `n`³ cells, each split into 6 positively oriented tets around its main diagonal. */
export function cubeTetMesh(n: number, sizeM: number): { positions: Float64Array; tets: Uint32Array } {
  const v = n + 1;
  const index = (i: number, j: number, k: number) => (k * v + j) * v + i;
  const positions = new Float64Array(3 * v ** 3);
  for (let k = 0; k < v; k++)
    for (let j = 0; j < v; j++)
      for (let i = 0; i < v; i++)
        positions.set([(sizeM * i) / n, (sizeM * j) / n, (sizeM * k) / n], 3 * index(i, j, k));
  const tets: number[] = [];
  const axes = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (let k = 0; k < n; k++)
    for (let j = 0; j < n; j++)
      for (let i = 0; i < n; i++) {
        for (const order of axes) {
          const corner = [i, j, k];
          const path = [index(i, j, k)];
          for (const axis of order) {
            corner[axis]++;
            path.push(index(corner[0], corner[1], corner[2]));
          }
          const [a, b, c, d] = path;
          tets.push(...(signedTetVolumeM3(positions, a, b, c, d) > 0 ? [a, b, c, d] : [a, c, b, d]));
        }
      }
  return { positions, tets: Uint32Array.from(tets) };
}

/** The render cube inside a tet cube of side `sizeM`: corners at 10% and 90%, faces outward. */
export function renderCube(sizeM: number): { positions: Float32Array; indices: Uint32Array } {
  const corners: number[] = [];
  for (const z of [0.1, 0.9])
    for (const y of [0.1, 0.9]) for (const x of [0.1, 0.9]) corners.push(x * sizeM, y * sizeM, z * sizeM);
  const faces = [
    0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7,
    5,
  ];
  return { positions: Float32Array.from(corners), indices: Uint32Array.from(faces) };
}

/** A box of tets (edges + volume by default), pinned on its top face. */
export function boxBody(
  materialName: string,
  model: 'neo-hookean' | 'edges-volume' = 'edges-volume',
): BodySpecDocument {
  return {
    name: 'block',
    shape: { type: 'box', size: [0.1, 0.1, 0.1], cells: [2, 2, 2], center: [0, 0.05, 0] },
    material: materialName,
    model,
    pins: [{ name: 'top', box: { min: [-1, 0.1, -1], max: [1, 0.1, 1] } }],
  };
}

/** A cloth sheet pinned along its z = −0.1 edge. */
export function sheetBody(materialName: string): BodySpecDocument {
  return {
    name: 'sheet',
    shape: { type: 'cloth', size: [0.2, 0.2], cells: [4, 4], center: [0, 0.5, 0] },
    material: materialName,
    model: 'cloth',
    pins: [{ name: 'edge', box: { min: [-1, -1, -0.1], max: [1, 1, -0.1] } }],
  };
}

/** A mesh body made of the tet cube, with the render cube, and the meshes to compile it with. */
export function cubeMeshScene(materialName: string, model: 'neo-hookean' | 'edges-volume' = 'neo-hookean') {
  const sizeM = 0.1;
  const { positions, tets } = cubeTetMesh(2, sizeM);
  const meshes: SceneMeshes = {
    surfaces: new Map(),
    solids: new Map([['/bodies/0/shape', { positions, tets, surface: renderCube(sizeM) }]]),
  };
  const scene: SceneDocument = {
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    colliders: [],
    bodies: [
      {
        name: 'cube',
        shape: { type: 'mesh', path: 'cube.obj' },
        material: materialName,
        model,
        pins: [{ name: 'top', box: { min: [-1, sizeM, -1], max: [1, sizeM, 1] } }],
      },
    ],
  };
  return { scene, meshes };
}

/** The scene of samplePreset: a box (edges + volume, silicone) and a cloth sheet (cotton), over a plane. */
export function sampleScene(): SceneDocument {
  return {
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 20 },
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: -1 }],
    bodies: [boxBody('silicone-shore-20a'), sheetBody('cotton')],
  };
}

/** A valid preset with one solid box (edges + volume) and one cloth sheet. */
export function samplePreset(): Preset {
  return presetFromScene(sampleScene(), { name: 'sample' });
}
