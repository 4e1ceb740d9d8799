import { describe, expect, test } from 'vitest';
import type { Scene } from '../../core/scene/scene.ts';
import type { SolidMesh } from '../../core/scene/scene-meshes.ts';
import { RenderMeshes } from '../../renderer/src/sim/render-meshes.ts';

const asset = (): SolidMesh => ({
  positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
  tets: Uint32Array.of(0, 1, 2, 3),
  surface: {
    positions: Float32Array.of(0.1, 0.1, 0.1, 0.5, 0.1, 0.1, 0.1, 0.5, 0.1),
    indices: Uint32Array.of(0, 1, 2),
  },
});

const scene = {
  bodies: [
    { name: 'box', shape: { type: 'box' } },
    { name: 'blob', shape: { type: 'mesh', path: 'blob.obj', position: [3, 0, 0] }, model: 'neo-hookean' },
    { name: 'bare', shape: { type: 'mesh', path: 'bare.obj' }, model: 'neo-hookean' },
  ],
} as unknown as Pick<Scene, 'bodies'>;

describe('render meshes of a scene', () => {
  test('a mesh body with its surface gets it, embedded in its tets; others get none', () => {
    const renders = new RenderMeshes().of(
      scene,
      new Map([
        ['blob.obj', asset()],
        ['bare.obj', { positions: asset().positions, tets: asset().tets }],
      ]),
    );
    expect(renders[0]).toBeUndefined();
    expect(renders[2]).toBeUndefined();
    const render = renders[1];
    expect(Array.from(render?.indices ?? [])).toEqual([0, 1, 2]);
    expect(Array.from(render?.elements ?? [])).toEqual([0, 0, 0]);
    // Barycentric weights of (0.5, 0.1, 0.1) in the corner tet: 1 − Σ, then x, y, z.
    expect(Array.from(render?.weights.subarray(4, 8) ?? []).map((w) => Number(w.toFixed(6)))).toEqual([
      0.3, 0.5, 0.1, 0.1,
    ]);
  });

  test('the same asset sent again reuses its embedding; a changed one is embedded again', () => {
    const renderMeshes = new RenderMeshes();
    const first = renderMeshes.of(scene, new Map([['blob.obj', asset()]]))[1];
    expect(renderMeshes.of(scene, new Map([['blob.obj', asset()]]))[1]).toBe(first);
    const changed = asset();
    (changed.surface?.positions as Float32Array)[0] = 0.2;
    const again = renderMeshes.of(scene, new Map([['blob.obj', changed]]))[1];
    expect(again).not.toBe(first);
    expect(again?.weights[1]).toBeCloseTo(0.2, 6);
  });
});
