import { describe, expect, it } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { readProject, writeProject } from '../../../core/project/index.ts';
import type { BodySpec, Scene } from '../../../core/scene/scene.ts';
import {
  isSurfaceAsset,
  type SolidMesh,
  sceneMeshesFor,
  simulationMeshOf,
} from '../../../core/scene/scene-meshes.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { tetrahedralize } from '../../../core/tetra/tetrahedralize.ts';
import { problemOf } from './problem-of.ts';

/** A unit-ish cube surface (m), tetrahedralized as the editor would. */
async function cubeTets(): Promise<SolidMesh> {
  const positions = Float32Array.of(
    0,
    0,
    0,
    0.2,
    0,
    0,
    0.2,
    0.2,
    0,
    0,
    0.2,
    0,
    0,
    0,
    0.2,
    0.2,
    0,
    0.2,
    0.2,
    0.2,
    0.2,
    0,
    0.2,
    0.2,
  );
  const indices = Uint32Array.of(
    0,
    2,
    1,
    0,
    3,
    2,
    4,
    5,
    6,
    4,
    6,
    7,
    0,
    1,
    5,
    0,
    5,
    4,
    1,
    2,
    6,
    1,
    6,
    5,
    2,
    3,
    7,
    2,
    7,
    6,
    3,
    0,
    4,
    3,
    4,
    7,
  );
  const tet = await tetrahedralize(
    { positions, indices, groupIds: new Uint32Array(12), report: undefined } as never,
    {
      targetTetCount: 60,
    },
  );
  return { positions: tet.positions, tets: tet.tets };
}

const block: BodySpec = {
  name: 'block',
  shape: { type: 'mesh', path: 'meshes/cube.obj' },
  material: { youngModulusPa: 5e4, poissonRatio: 0.3, densityKgM3: 1000 },
  model: 'neo-hookean',
  dampingRatio: 0.2,
  pins: [{ vertices: [0] }],
};

const scene: Scene = { ...(defaultSceneJson as unknown as Scene), bodies: [block] };

describe('projects carrying tet meshes (format 2)', () => {
  it('round-trips the meshes exactly, so the reopened project builds the same world', async () => {
    const mesh = await cubeTets();
    const text = writeProject(scene, { selectedBody: 0 }, new Map([['meshes/cube.obj', mesh]]));
    const read = readProject(text, 'p.sbproj');
    expect(read.formatVersion).toBe(2);
    const back = read.meshes.get('meshes/cube.obj');
    expect(back?.positions).toBeInstanceOf(Float64Array);
    expect(Array.from(back?.positions ?? [])).toEqual(Array.from(mesh.positions));
    expect(Array.from(back?.tets ?? [])).toEqual(Array.from(mesh.tets));
    const before = buildWorld(scene, { meshes: sceneMeshesFor(scene, new Map([['meshes/cube.obj', mesh]])) });
    const after = buildWorld(read.scene, { meshes: sceneMeshesFor(read.scene, read.meshes) });
    for (let f = 0; f < 10; f++) {
      before.step(1 / 60);
      after.step(1 / 60);
    }
    expect(after.particleCount).toBeGreaterThan(8);
    expect(Array.from(after.positions)).toEqual(Array.from(before.positions));
  });

  it('stores the arrays as base64 little-endian binary arrays', () => {
    const mesh: SolidMesh = {
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
      tets: Uint32Array.of(0, 1, 2, 3),
    };
    const doc = JSON.parse(writeProject(scene, { selectedBody: 0 }, new Map([['a.obj', mesh]])));
    expect(doc.meshes['a.obj'].tets).toEqual({
      dtype: 'uint32',
      count: 4,
      base64: 'AAAAAAEAAAACAAAAAwAAAA==',
    });
    expect(doc.meshes['a.obj'].positions).toMatchObject({ dtype: 'float64', count: 12 });
  });

  it('carries the imported surface (float32 positions, triangles, import groups) and names what is wrong in it', () => {
    const surface = {
      positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1),
      indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3),
      groups: { names: ['hide', 'horns'], triangleGroups: Uint16Array.of(0, 1, 1, 0) },
    };
    const mesh: SolidMesh = {
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
      tets: Uint32Array.of(0, 1, 2, 3),
      surface,
    };
    const write = (m: SolidMesh) => writeProject(scene, { selectedBody: 0 }, new Map([['spot.obj', m]]));
    const back = readProject(write(mesh), 'p.sbproj').meshes.get('spot.obj');
    expect(back?.surface).toEqual(surface);
    expect(back?.surface?.positions).toBeInstanceOf(Float32Array);
    const bare = readProject(
      write({ ...mesh, surface: { positions: surface.positions, indices: surface.indices } }),
      'p.sbproj',
    );
    expect(bare.meshes.get('spot.obj')?.surface).toEqual({
      positions: surface.positions,
      indices: surface.indices,
    });

    expect(
      problemOf(
        write({
          ...mesh,
          surface: { ...surface, indices: Uint32Array.of(0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 4) },
        }),
      ),
    ).toBe('p.sbproj: /meshes/spot.obj/surface/indices: index 11 is 4, past the 4 vertices');
    expect(
      problemOf(
        write({
          ...mesh,
          surface: { ...surface, groups: { names: ['hide'], triangleGroups: Uint16Array.of(0, 1, 0, 0) } },
        }),
      ),
    ).toBe('p.sbproj: /meshes/spot.obj/surface/groups/triangleGroups: value 1 is 1, past the 1 group names');
    expect(
      problemOf(
        write({
          ...mesh,
          surface: { ...surface, groups: { names: ['hide'], tetGroups: Uint16Array.of(0, 0) } },
        }),
      ),
    ).toBe('p.sbproj: /meshes/spot.obj/surface/groups/tetGroups: must hold one group per tet (1), not 2');
  });

  it('opens a format 1 project with no meshes', () => {
    const v1 = JSON.stringify({
      formatVersion: 1,
      kind: 'softbody-project',
      scene: defaultSceneJson,
      editor: { selectedBody: 1 },
    });
    const read = readProject(v1, 'old.sbproj');
    expect(read.formatVersion).toBe(2);
    expect(read.meshes.size).toBe(0);
    expect(read.scene).toEqual(defaultSceneJson);
  });

  it('names the mesh and array of a bad embedded mesh', () => {
    const mesh: SolidMesh = {
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
      tets: Uint32Array.of(0, 1, 2, 3),
    };
    const write = (m: SolidMesh, path = 'spot.obj') =>
      writeProject(scene, { selectedBody: 0 }, new Map([[path, m]]));
    expect(problemOf(write({ ...mesh, tets: Uint32Array.of(0, 1, 2, 4) }))).toBe(
      'p.sbproj: /meshes/spot.obj/tets: index 3 is 4, past the 4 vertices',
    );
    expect(problemOf(write({ ...mesh, tets: Uint32Array.of(0, 1, 2) }))).toBe(
      'p.sbproj: /meshes/spot.obj/tets: must hold 4 vertex indices per tet (a multiple of 4), not 3',
    );
    expect(problemOf(write({ ...mesh, positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 5] }))).toBe(
      'p.sbproj: /meshes/spot.obj/positions: must hold x y z per vertex (a multiple of 3 numbers), not 13',
    );
    expect(problemOf(write({ ...mesh, positions: [0, 0, 0, 1, Number.NaN, 0, 0, 1, 0, 0, 0, 1] }))).toBe(
      'p.sbproj: /meshes/spot.obj/positions: value 4 is NaN; positions must be finite (m)',
    );
    const doc = JSON.parse(write(mesh, 'dir/spot.obj'));
    doc.meshes['dir/spot.obj'].tets.base64 = 'AAAA';
    expect(problemOf(JSON.stringify(doc))).toBe(
      'p.sbproj: /meshes/dir~1spot.obj/tets/base64: holds 3 bytes but count 4 of uint32 needs 16 (truncated?)',
    );
    doc.meshes['dir/spot.obj'].tets = { dtype: 'float32', count: 0, base64: '' };
    expect(problemOf(JSON.stringify(doc))).toBe(
      "p.sbproj: /meshes/dir~1spot.obj/tets/dtype: must be 'uint32', got 'float32'",
    );
    doc.meshes = [];
    expect(problemOf(JSON.stringify(doc))).toBe('p.sbproj: /meshes: must be an object, got an array');
  });
});

describe('projects carrying inverted or flat tets', () => {
  // Tet 0 is positive; tet 1 lists the same corners with two swapped (inverted); tet 2 has a
  // fourth corner in the plane of the other three (flat).
  const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 1, 0];
  const write = (tets: Uint32Array, path = 'meshes/cube.obj') =>
    writeProject(scene, { selectedBody: 0 }, new Map([[path, { positions, tets }]]));

  it('refuses an inverted tet naming the file, the mesh, the tet, its signed volume and the body', () => {
    expect(problemOf(write(Uint32Array.of(0, 1, 2, 3, 0, 2, 1, 3)))).toBe(
      'p.sbproj: /meshes/meshes~1cube.obj/tets: tet 1 has signed volume -0.167 m³: it is inverted (its corners are in the wrong order); ' +
        "every tet must have positive volume (tetrahedralize the mesh again); used by body 'block' (/scene/bodies/0)",
    );
  });

  it('refuses a flat tet and counts every bad one', () => {
    expect(problemOf(write(Uint32Array.of(0, 1, 2, 4, 0, 1, 2, 3, 1, 0, 2, 3), 'spare.obj'))).toBe(
      'p.sbproj: /meshes/spare.obj/tets: tet 0 has signed volume 0 m³: it is flat (2 tets are inverted or flat); ' +
        'every tet must have positive volume (tetrahedralize the mesh again)',
    );
  });
});

describe('sceneMeshesFor', () => {
  it('keys each solid mesh body’s mesh by its shape pointer, and leaves out cloth and unknown paths', () => {
    const mesh: SolidMesh = {
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
      tets: Uint32Array.of(0, 1, 2, 3),
    };
    const bodies: BodySpec[] = [
      { ...block, name: 'box', shape: { type: 'box', size: [1, 1, 1], cells: [1, 1, 1], center: [0, 0, 0] } },
      { ...block, name: 'a' },
      { ...block, name: 'b', shape: { type: 'mesh', path: 'missing.obj' } },
      {
        ...block,
        name: 'c',
        model: 'cloth',
        material: { ...block.material, thicknessM: 1e-3 },
      },
      { ...block, name: 'd' },
    ];
    const meshes = sceneMeshesFor({ bodies }, new Map([['meshes/cube.obj', mesh]]));
    expect([...meshes.solids.keys()]).toEqual(['/bodies/1/shape', '/bodies/4/shape']);
    expect(meshes.solids.get('/bodies/4/shape')).toBe(mesh);
    expect(meshes.surfaces.size).toBe(0);
  });

  it('gives a cloth mesh body the surface of a surface asset (no tets), and solids only tets', () => {
    const surface = {
      positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 0, 1),
      indices: Uint32Array.of(0, 2, 1),
    };
    const sheet: SolidMesh = {
      positions: Float64Array.from(surface.positions),
      tets: new Uint32Array(0),
      surface,
    };
    const cloth: BodySpec = {
      ...block,
      name: 'sheet',
      shape: { type: 'mesh', path: 'sheet.obj' },
      model: 'cloth',
      material: { ...block.material, thicknessM: 1e-3 },
    };
    const meshes = sceneMeshesFor({ bodies: [cloth] }, new Map([['sheet.obj', sheet]]));
    expect(meshes.surfaces.get('/bodies/0/shape')).toBe(surface);
    expect(meshes.solids.size).toBe(0);
    expect(isSurfaceAsset(sheet)).toBe(true);
    expect(simulationMeshOf(sheet)).toBe(sheet);
    const solid: SolidMesh = {
      positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
      tets: Uint32Array.of(0, 1, 2, 3),
      surface,
    };
    expect(isSurfaceAsset(solid)).toBe(false);
    expect(simulationMeshOf(solid)).toEqual({ positions: solid.positions, tets: solid.tets });
  });
});
