import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInMaterials } from '../../../core/material/index.ts';
import { readMeshFile } from '../../../core/node/read-mesh.ts';
import { type Preset, presetFromScene, readPreset, writePreset } from '../../../core/preset/index.ts';
import type { BodySpecDocument, SceneDocument } from '../../../core/scene/scene.ts';
import type { SceneMeshes, SolidMesh } from '../../../core/scene/scene-meshes.ts';
import { tetrahedralize } from '../../../core/tetra/index.ts';
import { boxBody, cubeMeshScene, sheetBody } from './fixtures.ts';

const meshes = resolve(import.meta.dirname, '..', '..', '..', '..', 'shared', 'meshes');

function scene(body: BodySpecDocument): SceneDocument {
  return { gravity: [0, -9.81, 0], solver: { dt: 1 / 60, substeps: 20 }, colliders: [], bodies: [body] };
}

/** Writes, reads back and writes again; the two texts must be the same bytes. */
function expectByteIdentical(preset: Preset): string {
  const first = writePreset(preset);
  const second = writePreset(readPreset(first));
  expect(second).toBe(first);
  return first;
}

describe('preset round trip write → read → write', () => {
  for (const material of builtInMaterials()) {
    if (material.kind === 'solid') {
      it(`is byte-identical for ${material.name} on a box (edges + volume) and the cube mesh body (neo-Hookean, render mesh)`, () => {
        expectByteIdentical(presetFromScene(scene(boxBody(material.name)), { name: material.name }));
        const cube = cubeMeshScene(material.name);
        const text = expectByteIdentical(
          presetFromScene(cube.scene, { name: material.name, meshes: cube.meshes }),
        );
        // The render mesh and its embedding travel in the file.
        expect(JSON.parse(text).setup.bodies[0].render.embedding.weights.count).toBe(32);
      });
    } else {
      it(`is byte-identical for ${material.name} on a cloth sheet`, () => {
        expectByteIdentical(presetFromScene(scene(sheetBody(material.name)), { name: material.name }));
      });
    }
  }

  it('is byte-identical for every shipped material on a corpus mesh (spot.obj: its tets, or its surface as cloth)', async () => {
    const surface = (await readMeshFile(resolve(meshes, 'spot.obj'))).mesh;
    const tet = await tetrahedralize(surface, { targetTetCount: 1500 });
    // A pin over the top tenth of the body, so that every body is pinned somewhere.
    let minY = Number.POSITIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let v = 1; v < surface.positions.length; v += 3) {
      minY = Math.min(minY, surface.positions[v]);
      maxY = Math.max(maxY, surface.positions[v]);
    }
    const pins: BodySpecDocument['pins'] = [
      { name: 'top', box: { min: [-9, maxY - 0.1 * (maxY - minY), -9], max: [9, 9, 9] } },
    ];
    const spotBody = (material: string, model: BodySpecDocument['model']): BodySpecDocument => ({
      name: 'spot',
      shape: { type: 'mesh', path: 'spot.obj' },
      material,
      model,
      pins,
    });
    const tets = { positions: tet.positions, tets: tet.tets };
    const spot = (solid: SolidMesh): SceneMeshes => ({
      surfaces: new Map([['/bodies/0/shape', { positions: surface.positions, indices: surface.indices }]]),
      solids: new Map([['/bodies/0/shape', solid]]),
    });
    // Embedding the 2,930 render vertices costs seconds a compile and does not depend on the
    // material, so one material carries the render mesh and the others the tets alone.
    const rendered = expectByteIdentical(
      presetFromScene(scene(spotBody('natural-rubber', 'neo-hookean')), {
        name: 'spot',
        meshes: spot({ ...tets, surface: { positions: surface.positions, indices: surface.indices } }),
      }),
    );
    expect(JSON.parse(rendered).setup.bodies[0].render.positions.count).toBe(surface.positions.length);
    for (const material of builtInMaterials()) {
      const model = material.kind === 'solid' ? 'edges-volume' : 'cloth';
      const text = expectByteIdentical(
        presetFromScene(scene(spotBody(material.name, model)), { name: material.name, meshes: spot(tets) }),
      );
      expect(text.length).toBeGreaterThan(10_000);
      expect(JSON.parse(text).setup.bodies[0].kind).toBe(material.kind);
    }
  }, 120_000);

  it('keeps key order, formatting and numbers canonical', () => {
    const text = writePreset(presetFromScene(scene(boxBody('natural-rubber')), { name: 'rubber' }));
    expect(text.startsWith('{\n  "formatVersion": 3,\n  "name": "rubber",\n  "generator": ')).toBe(true);
    expect(text.endsWith('}\n')).toBe(true);
    const reverseKeys = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reverseKeys)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .reverse()
                .map(([k, v]) => [k, reverseKeys(v)]),
            )
          : value;
    const reordered = JSON.stringify(reverseKeys(JSON.parse(text)));
    expect(reordered.startsWith('{"setup"')).toBe(true);
    expect(writePreset(readPreset(reordered))).toBe(text);
  });
});
