import type { Mesh } from 'three';
import { describe, expect, test } from 'vitest';
import { embedPoints } from '../../../core/tetra/embed.ts';
import type { BodyLayout, BodyRenderMesh } from '../../../renderer/src/sim/protocol.ts';
import { BodyMeshes } from '../../../renderer/src/viewport/body-meshes.ts';
import { skinRenderMesh } from '../../../renderer/src/viewport/skin-render-mesh.ts';

/** Two tets sharing the face 1-2-3, both positively oriented. */
const restTets = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 1);
const tets = Uint32Array.of(0, 1, 2, 3, 4, 3, 2, 1);
/** Render vertices inside each tet, on the shared face and at a tet corner. */
const renderRest = Float32Array.of(0.2, 0.2, 0.2, 0.6, 0.6, 0.6, 0.3, 0.3, 0.4, 1, 0, 0);
const indices = Uint32Array.of(0, 1, 2, 0, 2, 3);

function renderMesh(): BodyRenderMesh {
  const embedding = embedPoints(restTets, tets, renderRest);
  return { indices, elements: embedding.tet, weights: embedding.weights };
}

/** x ↦ A·x + b, a rotation about z by 30°, a stretch along x and a shift: skinning is exact for it. */
function affine(p: Float32Array): Float32Array {
  const c = Math.cos(Math.PI / 6);
  const s = Math.sin(Math.PI / 6);
  const out = new Float32Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    const x = 1.5 * p[i];
    out[i] = c * x - s * p[i + 1] + 0.25;
    out[i + 1] = s * x + c * p[i + 1] - 2;
    out[i + 2] = p[i + 2] + 0.5;
  }
  return out;
}

function expectClose(actual: Float32Array, expected: Float32Array): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i], 5);
}

describe('skinning a render mesh from the simulated particles', () => {
  test('the rest positions give back the render mesh', () => {
    const out = new Float32Array(renderRest.length);
    skinRenderMesh(renderMesh(), tets, restTets, out);
    expectClose(out, renderRest);
  });

  test('moved tets carry every render vertex by the same affine motion', () => {
    const out = new Float32Array(renderRest.length);
    skinRenderMesh(renderMesh(), tets, affine(restTets), out);
    expectClose(out, affine(renderRest));
  });

  test('a render vertex follows its own tet: moving the other tet leaves it where it was', () => {
    const moved = restTets.slice();
    moved[12] += 0.5; // vertex 4 belongs to the second tet only
    const out = new Float32Array(renderRest.length);
    skinRenderMesh(renderMesh(), tets, moved, out);
    expectClose(out.subarray(0, 3), renderRest.subarray(0, 3));
    expect(out[3]).toBeGreaterThan(renderRest[3]);
  });
});

describe('bodies with a render mesh in the viewport', () => {
  const layout: BodyLayout = {
    name: 'blob',
    kind: 'solid',
    particleOffset: 0,
    particleCount: 5,
    surfaceTriangles: Uint32Array.of(0, 2, 1, 0, 1, 3),
    edges: new Uint32Array(0),
    tets,
    render: renderMesh(),
  };

  test('draw the render mesh, skinned each update, and the simulation surface on request', () => {
    const meshes = new BodyMeshes();
    meshes.setBodies([layout], restTets);
    const [surface, render] = meshes.root.children as Mesh[];
    expect(render.visible).toBe(true);
    expect(surface.visible).toBe(false);
    expect(meshes.summary()).toEqual([
      expect.objectContaining({ name: 'blob', vertices: 4, minY: 0, maxY: expect.closeTo(0.6, 6) }),
    ]);
    const [drawn] = meshes.summary();
    expect(drawn.min[1]).toBe(drawn.minY);
    expect(drawn.max[1]).toBe(drawn.maxY);

    const moved = restTets.map((v, i) => (i % 3 === 1 ? v - 1 : v));
    meshes.update(moved);
    expect(meshes.summary()[0].minY).toBeCloseTo(-1, 6);
    expect(render.geometry.getAttribute('normal').count).toBe(4);

    meshes.setShowSimulationMesh(true);
    expect([surface.visible, render.visible]).toEqual([true, false]);
    // Shown again, the surface is shaded where it is now, though its normals waited while hidden.
    const normals = surface.geometry.getAttribute('normal');
    const fresh = surface.geometry.clone();
    fresh.computeVertexNormals();
    expect(Array.from(normals.array)).toEqual(Array.from(fresh.getAttribute('normal').array));
    expect(meshes.summary()[0].vertices).toBe(5);
    meshes.setShowSimulationMesh(false);
    expect([surface.visible, render.visible]).toEqual([false, true]);
    // Grabbing keeps hitting the simulation surface, whose triangles map to particles.
    expect(meshes.pickTargets().map((target) => target.object)).toEqual([surface]);
  });

  test('a colour mode, per simulation vertex, shows the simulation surface until it is turned off', () => {
    const meshes = new BodyMeshes();
    meshes.setBodies([layout], restTets);
    const [surface, render] = meshes.root.children as Mesh[];
    meshes.setVertexColours(0, new Float32Array(15).fill(0.5));
    expect([surface.visible, render.visible]).toEqual([true, false]);
    meshes.setVertexColours(0, null);
    expect([surface.visible, render.visible]).toEqual([false, true]);
  });
});
