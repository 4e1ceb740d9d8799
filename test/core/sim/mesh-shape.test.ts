import { describe, expect, it } from 'vitest';
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { loadSceneMeshes } from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { enclosedVolume } from '../../../core/sim/constraints/pressure.ts';
import { sceneWith } from './fixtures.ts';
import { sphereMesh } from './shapes.ts';

function triMesh(positions: ArrayLike<number>, indices: Uint32Array): TriMesh {
  return {
    positions: Float32Array.from(positions),
    indices,
    groupIds: new Uint16Array(indices.length / 3),
    groups: ['default'],
  };
}

const material = { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000, thicknessM: 0.001 };

describe("the 'mesh' shape", () => {
  it('tetrahedralizes a closed surface for a solid body, with the mass of the enclosed volume (2%)', async () => {
    const sphere = sphereMesh(0.2, [0, 0.5, 0], 2);
    const body: BodySpec = {
      name: 'ball',
      shape: { type: 'mesh', path: 'ball.obj', targetTetCount: 400 },
      material,
      model: 'neo-hookean',
    };
    const scene = sceneWith([body], { dt: 1 / 60, substeps: 10 }, [
      { type: 'plane', normal: [0, 1, 0], offset: 0 },
    ]);
    const asked: string[] = [];
    const meshes = await loadSceneMeshes(scene, async (path) => {
      asked.push(path);
      return triMesh(sphere.positions, sphere.indices);
    });
    expect(asked).toEqual(['ball.obj']);
    const world = buildWorld(scene, { meshes });
    expect(world.bodies[0].kind).toBe('solid');
    const all = Uint32Array.from({ length: sphere.positions.length / 3 }, (_, i) => i);
    const volume = enclosedVolume(Float64Array.from(sphere.positions), all, sphere.indices);
    const m = world.measureBodies()[0];
    expect(Math.abs(m.massKg / (1000 * volume) - 1)).toBeLessThan(0.02);
    for (let f = 0; f < 90; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    const landed = world.measureBodies()[0];
    expect(landed.bboxMin[1]).toBeGreaterThan(-0.005);
    expect(Math.abs(landed.volumeRatio - 1)).toBeLessThan(0.05);
  });

  it('uses the surface itself for cloth, welding vertices that the file split along seams', async () => {
    // A cube with 4 vertices per face (24), as exporters write it for per-face normals.
    const corners = [
      [0, 1, 3, 2],
      [4, 6, 7, 5],
      [0, 4, 5, 1],
      [2, 3, 7, 6],
      [0, 2, 6, 4],
      [1, 5, 7, 3],
    ];
    const at = (i: number) => [i & 1 ? 0.5 : -0.5, i & 2 ? 1.5 : 0.5, i & 4 ? 0.5 : -0.5];
    const positions = corners.flatMap((face) => face.flatMap(at));
    const indices = Uint32Array.from(
      corners.flatMap((_, f) => [4 * f, 4 * f + 1, 4 * f + 2, 4 * f, 4 * f + 2, 4 * f + 3]),
    );
    const body: BodySpec = {
      name: 'bag',
      shape: { type: 'mesh', path: 'cube.gltf' },
      material,
      model: 'cloth',
      pressure: {},
    };
    const scene = sceneWith([body]);
    const meshes = await loadSceneMeshes(scene, async () => triMesh(positions, indices));
    const world = buildWorld(scene, { meshes });
    expect(world.particleCount).toBe(8);
    expect(world.bodies[0].surfaceTriangles.length).toBe(36);
    // Welded into a closed surface: the pressure constraint accepted it.
    expect(world.runtimes[0].blocks.some((b) => b.kind === 'pressure')).toBe(true);
  });

  it('turns a surface that cannot be tetrahedralized into an error at the shape', async () => {
    const body: BodySpec = {
      name: 'flat',
      shape: { type: 'mesh', path: 'flat.obj' },
      material,
      model: 'edges-volume',
    };
    const flat = triMesh([0, 0, 0, 1, 0, 0, 0, 0, 1], Uint32Array.of(0, 1, 2));
    await expect(loadSceneMeshes(sceneWith([body]), async () => flat)).rejects.toThrow(
      "/bodies/0/shape/path: cannot tetrahedralize 'flat.obj'",
    );
  });
});
