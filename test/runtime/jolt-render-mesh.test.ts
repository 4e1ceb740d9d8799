import { describe, expect, it } from 'vitest';
import { exportTarget } from '../../core/export/targets.ts';
import { exportJolt, type JoltFile, presetFromScene } from '../../core/preset/index.ts';
import { deformEmbedded } from '../../core/tetra/embed.ts';
import { createRenderMesh } from '../../runtime/jolt/loader.mjs';
import { cubeMeshScene } from '../core/preset/fixtures.ts';
import { runSoftBody } from './jolt-harness.ts';

/**
 * The render mesh in the Jolt file: a mesh body (a 10 cm cube of 2 × 2 × 2 cells of tets hanging
 * from its top face, skinned render cube) exported, loaded into jolt-physics and stepped;
 * runtime/jolt/loader.mjs's createRenderMesh skins the render mesh from Jolt's vertices. Checked
 * against the preset's own embedding (tets and barycentric weights, core/tetra/embed.ts
 * deformEmbedded) applied to the same vertices: equal within float32 rounding (1e-6 m), and at rest
 * the render mesh as imported.
 */
const FRAME_S = 1 / 60;

async function cube() {
  const { scene, meshes } = cubeMeshScene('silicone-shore-10a', 'edges-volume');
  const preset = presetFromScene(scene, { name: 'skinned', meshes });
  const { bytes } = await exportTarget('jolt').export(preset);
  const file: JoltFile = JSON.parse(new TextDecoder().decode(bytes));
  const body = preset.setup.bodies[0];
  const render = body.render;
  if (!render || body.geometry.kind !== 'solid') throw new Error('the cube mesh body has no render mesh');
  const tets = body.geometry.tets;
  const skin = (x: ArrayLike<number>) => {
    const out = new Float64Array(render.positions.length);
    deformEmbedded({ tet: render.embedding.elements, weights: render.embedding.weights }, tets, x, out);
    return out;
  };
  return { preset, file, render, skin };
}

const maxDifference = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let max = 0;
  for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i] - b[i]));
  return max;
};

describe('Jolt export: the render mesh skinned by the loader', () => {
  it('starts as the imported render mesh, and skinning the rest vertices gives it back', async () => {
    const { file, render } = await cube();
    const mesh = createRenderMesh(file);
    if (!mesh) throw new Error('no render mesh in the file');
    expect(mesh.indices).toEqual(Uint32Array.from(render.indices));
    expect(mesh.restPositions).toEqual(render.positions);
    expect(mesh.positions).toEqual(render.positions);
    const run = await runSoftBody(file);
    try {
      expect(maxDifference(mesh.update(run.vertices()), render.positions)).toBeLessThan(1e-6);
    } finally {
      run.destroy();
    }
  });

  it("follows Jolt's vertices frame by frame as the preset's own embedding does", async () => {
    const { preset, file, render, skin } = await cube();
    const mesh = createRenderMesh(file);
    const list = createRenderMesh(JSON.parse(JSON.stringify(exportJolt(preset))));
    if (!mesh || !list) throw new Error('no render mesh in the file');
    const run = await runSoftBody(file);
    try {
      for (let frame = 1; frame <= 10; frame++) {
        run.step(1, FRAME_S);
        const x = run.positions();
        const expected = skin(x);
        expect(maxDifference(mesh.update(run.vertices()), expected)).toBeLessThan(1e-6);
        // Flat positions, and the list form (formatVersion 1), give the same.
        expect(maxDifference(list.update(x), expected)).toBeLessThan(1e-6);
      }
      // It hangs and sags: the render mesh moved with it.
      expect(maxDifference(mesh.positions, render.positions)).toBeGreaterThan(1e-4);
    } finally {
      run.destroy();
    }
  });

  it('refuses an embedding that names a vertex beyond the simulation vertices', async () => {
    const { preset } = await cube();
    const list = JSON.parse(JSON.stringify(exportJolt(preset)));
    const body = list.bodies[0];
    body.renderMesh.embedding.vertex[5] = body.simulationVertexCount;
    expect(() => createRenderMesh(list)).toThrow(
      `Softbody loader: body 'cube' render vertex 1 refers to simulation vertex ${body.simulationVertexCount}; there are ${body.simulationVertexCount}`,
    );
  });

  it('is absent for a body without one (draw the simulation surface)', async () => {
    const { file } = await cube();
    const { renderMesh: _, ...bare } = file.bodies[0];
    expect(createRenderMesh(bare as JoltFile['bodies'][number])).toBeUndefined();
  });
});
