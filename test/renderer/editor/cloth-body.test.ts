import { describe, expect, test } from 'vitest';
import defaultSceneJson from '../../../assets/default-scene.json' with { type: 'json' };
import { DocumentError } from '../../../core/document/problem.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import { readProject } from '../../../core/project/read.ts';
import { writeProject } from '../../../core/project/write.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { sceneMeshesFor } from '../../../core/scene/scene-meshes.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { enclosedVolume } from '../../../core/sim/constraints/pressure.ts';
import { isClosedSurface } from '../../../core/sim/geometry/mesh-body.ts';
import {
  addClothBody,
  CLOTH_BODY_MATERIAL,
  type ClothBodyRequest,
} from '../../../renderer/src/editor/cloth-body.ts';
import { compileProblems } from '../../../renderer/src/editor/compile-problems.ts';
import type { MeshAssets, MeshBodyEdit } from '../../../renderer/src/editor/mesh-body.ts';
import { finSurface, openCylinder, seamedSphere } from './surface-fixtures.ts';

const defaultScene = parseScene(structuredClone(defaultSceneJson));
const cotton = findBuiltInMaterial(CLOTH_BODY_MATERIAL);
const request = (
  fileName: string,
  surface: ClothBodyRequest['surface'],
  choices: Partial<ClothBodyRequest> = {},
) => ({
  fileName,
  surface,
  pinTopEdge: true,
  tethers: true,
  pressure: true,
  ...choices,
});

/** The setup of the edited scene as the editor's preview compiles it (assets by path). */
function compiled(edit: MeshBodyEdit, assets: MeshAssets = new Map()) {
  const meshes = new Map(assets).set(edit.path, edit.mesh);
  return compileScene(edit.scene, { meshes: sceneMeshesFor(edit.scene, meshes) });
}

describe('Simulate as cloth: a surface becomes a cloth body', () => {
  // 24 around, 8 rows of a 0.2 m radius, 0.5 m tall open cylinder: not flat, with a UV seam.
  const [radius, height, segments, rows] = [0.2, 0.5, 24, 8];
  const tube = openCylinder(radius, height, segments, rows, true);

  test('an open, non-flat surface compiles as cloth: welded particles, mass ρ·t·A of the polyhedral area, top ring pinned', () => {
    const edit = addClothBody(defaultScene, new Map(), request('tube.obj', tube));
    expect(edit.label).toBe('add cloth tube');
    expect(edit.scene.bodies).toHaveLength(defaultScene.bodies.length + 1);
    const body = edit.scene.bodies[edit.index];
    expect(body).toMatchObject({
      name: 'tube',
      model: 'cloth',
      shape: { type: 'mesh', path: 'tube.obj' },
      tethers: {},
    });
    expect(body.pressure).toBeUndefined();
    // The asset is the surface alone, kept as imported (seam and all).
    expect(edit.mesh.tets.length).toBe(0);
    expect(Array.from(edit.mesh.surface?.indices ?? [])).toEqual(Array.from(tube.indices));

    const setup = compiled(edit).bodies[edit.index];
    // Welded: the seam's second column is gone, (rows + 1) rings of `segments` vertices remain.
    expect(setup.geometry.mass.length).toBe((rows + 1) * segments);
    expect(setup.geometry.triangles.length / 3).toBe(2 * rows * segments);
    // Area of the prism the tube is made of: segments chords of 2r·sin(π/segments), times the height.
    const areaM2 = segments * 2 * radius * Math.sin(Math.PI / segments) * height;
    expect(Math.abs(setup.geometry.restMeasure / areaM2 - 1)).toBeLessThan(1e-6);
    const massKg = setup.geometry.mass.reduce((sum, m) => sum + m, 0);
    const material = cotton!;
    const expectedKg = material.densityKgM3 * (material.thicknessM ?? 0) * areaM2;
    expect(Math.abs(massKg / expectedKg - 1)).toBeLessThan(1e-6);
    // The top edge is the top ring: exactly its `segments` vertices, all at the top.
    expect(setup.pins).toHaveLength(1);
    expect(setup.pins[0].particles.length).toBe(segments);
    const topY = Math.max(
      ...Array.from({ length: setup.geometry.mass.length }, (_, v) => setup.geometry.positions[3 * v + 1]),
    );
    for (const p of setup.pins[0].particles) expect(setup.geometry.positions[3 * p + 1]).toBeCloseTo(topY, 6);
    expect(setup.constraints.some((set) => set.kind === 'tether')).toBe(true);
  });

  test('a UV seam is welded: the seamed tube compiles to the same particles, edges and hinges as the seamless one', () => {
    const seamed = compiled(addClothBody(defaultScene, new Map(), request('tube.obj', tube)));
    const seamless = compiled(
      addClothBody(
        defaultScene,
        new Map(),
        request('tube.obj', openCylinder(radius, height, segments, rows, false)),
      ),
    );
    const last = (setup: typeof seamed) => setup.bodies[setup.bodies.length - 1];
    expect(last(seamed).geometry.mass.length).toBe(last(seamless).geometry.mass.length);
    expect(last(seamed).geometry.edges.length).toBe(last(seamless).geometry.edges.length);
    const counts = (setup: typeof seamed) =>
      last(setup).constraints.map((set) => `${set.kind}:${'particles' in set ? set.particles.length : 0}`);
    expect(counts(seamed)).toEqual(counts(seamless));
    // Unwelded, the seam would add a second column of (rows + 1) particles and no edge across it.
    expect(last(seamed).geometry.edges.length / 2).toBe(
      segments * (rows + 1) + segments * rows + segments * rows,
    );
  });

  test('a flat sheet lying level is pinned along its far edge (least z)', () => {
    const sheet = {
      positions: Float32Array.of(0, 0, 0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0.5, 0, 0.5),
      indices: Uint32Array.of(0, 4, 1, 1, 4, 2, 2, 4, 3, 3, 4, 0),
      groupIds: new Uint16Array(4),
      groups: [],
    };
    const edit = addClothBody(defaultScene, new Map(), request('sheet.obj', sheet));
    const setup = compiled(edit).bodies[edit.index];
    const minZ = Math.min(...Array.from({ length: 5 }, (_, v) => setup.geometry.positions[3 * v + 2]));
    expect(setup.pins[0].particles.length).toBe(2);
    for (const p of setup.pins[0].particles) expect(setup.geometry.positions[3 * p + 2]).toBeCloseTo(minZ, 6);
  });

  test('unpinned when asked: no pins, no tethers', () => {
    const edit = addClothBody(defaultScene, new Map(), request('tube.obj', tube, { pinTopEdge: false }));
    const body = edit.scene.bodies[edit.index];
    expect(body.pins).toBeUndefined();
    expect(body.tethers).toBeUndefined();
  });

  test('a closed surface is left free and given pressure; without the weld its seam would leave it open', () => {
    const ball = seamedSphere(0.25, 10, 16);
    // As imported, the seam's two columns each border one triangle per edge: an open surface.
    expect(isClosedSurface(ball.indices, ball.positions.length / 3)).toBe(false);
    const edit = addClothBody(defaultScene, new Map(), request('ball.obj', ball));
    const body = edit.scene.bodies[edit.index];
    expect(body.pins).toBeUndefined();
    expect(body.pressure).toEqual({});
    const setup = compiled(edit).bodies[edit.index];
    expect(setup.constraints.some((set) => set.kind === 'pressure')).toBe(true);
    // Pressure off when not chosen.
    expect(
      addClothBody(defaultScene, new Map(), request('ball.obj', ball, { pressure: false })).scene.bodies.at(
        -1,
      )?.pressure,
    ).toBeUndefined();
  });

  test('an edge on three triangles is refused, naming the file and the edge, and the scene is left as it was', () => {
    const before = structuredClone(defaultScene);
    let error: unknown;
    try {
      addClothBody(defaultScene, new Map(), request('fin.obj', finSurface()));
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(DocumentError);
    const problem = (error as DocumentError).problems[0];
    expect(problem.pointer).toBe(`/bodies/${defaultScene.bodies.length}/shape/path`);
    expect(problem.message).toBe(
      "body 'fin': 'fin.obj' is not a manifold surface: the edge from (0, 0, 0) to (0, 1, 0) m is shared by 3 triangles; a cloth needs every edge on one or two triangles (split the sheets or remove the extra faces)",
    );
    expect(defaultScene).toEqual(before);
  });
});

describe('a closed cloth surface with pressure keeps its volume', () => {
  test('the seamed sphere added by the editor settles on the ground at its rest volume (within 1%)', () => {
    // The gas wants the rest volume V0 (pressure {} : s = 1), bulk K = 101 kPa, against the
    // ball's weight (cotton, 0.79 m² at 120 g/m² is 0.09 kg on a 0.065 m³ ball): ΔV/V ≈ ρgh/K, far
    // below 1%. The membrane is near rest too, so the tolerance is the solver's own error.
    const empty: Scene = { ...defaultScene, bodies: [] };
    const edit = addClothBody(empty, new Map(), request('ball.obj', seamedSphere(0.25, 10, 16)));
    const meshes = sceneMeshesFor(edit.scene, new Map([[edit.path, edit.mesh]]));
    const world = buildWorld(edit.scene, { meshes });
    const dt = edit.scene.solver.dt;
    for (let t = 0; t < 1.5; t += dt) expect(world.step(dt).hasNaN).toBe(false);
    const all = Uint32Array.from({ length: world.particleCount }, (_, i) => i);
    const triangles = world.runtimes[0].geometry.triangles;
    const ratio =
      enclosedVolume(world.state.x, all, triangles) / enclosedVolume(world.state.rest, all, triangles);
    // On the ground (fell from 0.3 m up, came to rest on it).
    let lowest = Number.POSITIVE_INFINITY;
    for (let v = 0; v < world.particleCount; v++) lowest = Math.min(lowest, world.state.x[3 * v + 1]);
    expect(lowest).toBeLessThan(0.02);
    console.log(`cloth-body: settled volume / rest volume = ${ratio.toFixed(4)}`);
    expect(Math.abs(ratio - 1)).toBeLessThan(0.01);
  });
});

describe('a project keeps the surface of a cloth body', () => {
  test('written and read back, the project builds the same cloth', () => {
    const edit = addClothBody(defaultScene, new Map(), request('ball.obj', seamedSphere(0.25, 8, 12)));
    const assets = new Map([[edit.path, edit.mesh]]);
    const read = readProject(writeProject(edit.scene, { selectedBody: edit.index }, assets), 'ball.sbproj');
    expect(read.scene).toEqual(edit.scene);
    const again = read.meshes.get('ball.obj');
    expect(again?.tets.length).toBe(0);
    expect(Array.from(again?.surface?.positions ?? [])).toEqual(
      Array.from(edit.mesh.surface?.positions ?? []),
    );
    const before = compileScene(edit.scene, { meshes: sceneMeshesFor(edit.scene, assets) });
    const after = compileScene(read.scene, { meshes: sceneMeshesFor(read.scene, read.meshes) });
    expect(Array.from(after.bodies[edit.index].geometry.positions)).toEqual(
      Array.from(before.bodies[edit.index].geometry.positions),
    );
  });
});

describe('the JSON editor is told what only compiling finds', () => {
  test('a cloth mesh body without its surface, and pressure inside an open surface, with their pointers', () => {
    const edit = addClothBody(
      defaultScene,
      new Map(),
      request('tube.obj', openCylinder(0.2, 0.5, 12, 4, true)),
    );
    const assets = new Map([[edit.path, edit.mesh]]);
    expect(compileProblems(edit.scene, assets)).toEqual([]);
    const i = edit.index;
    expect(compileProblems(edit.scene, new Map())[0].pointer).toBe(`/bodies/${i}/shape/path`);
    const inflated = structuredClone(edit.scene);
    inflated.bodies[i].pressure = {};
    expect(compileProblems(inflated, assets)[0]).toMatchObject({
      pointer: `/bodies/${i}/pressure`,
      message: expect.stringContaining('pressure needs a closed'),
    });
  });
});
