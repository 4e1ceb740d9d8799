import { describe, expect, it } from 'vitest';
import type { BodySpec } from '../../../core/scene/scene.ts';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { tornSurface } from '../../../core/sim/torn-surface.ts';
import type { XpbdWorld } from '../../../core/sim/xpbd-world.ts';
import { hangingBar, hangingStrip, sceneWith, TEARABLE_BAR_M, tearableBar } from './fixtures.ts';

const g = 9.81;
const key = (corners: ArrayLike<number>) =>
  Array.from(corners)
    .sort((a, b) => a - b)
    .join(',');
const trianglesOf = (indices: Uint32Array) =>
  Array.from({ length: indices.length / 3 }, (_, t) => Array.from(indices.subarray(3 * t, 3 * t + 3)));

/** Torn element particle sets of the first body, local indices. */
function tornLocal(world: XpbdWorld): number[][] {
  const body = world.runtimes[0];
  return world.tearing!.tornElements(body).map((e) => e.map((p) => p - body.offset));
}

/**
 * Each directed edge a→b of the triangles appears as often as b→a: closed and consistently turned
 * (an edge where two parts of the boundary meet, as at a removed tet's edge, appears twice each way).
 */
function expectClosedAndConsistent(indices: Uint32Array): void {
  const directed = new Map<string, number>();
  for (const [a, b, c] of trianglesOf(indices)) {
    for (const [p, q] of [
      [a, b],
      [b, c],
      [c, a],
    ]) {
      directed.set(`${p}>${q}`, (directed.get(`${p}>${q}`) ?? 0) + 1);
    }
  }
  for (const [edge, count] of directed) {
    const [p, q] = edge.split('>');
    expect(directed.get(`${q}>${p}`), `${q}>${p}`).toBe(count);
  }
}

describe('the surface drawn after tearing', () => {
  it('a torn cloth strip drops exactly its torn membrane triangles; after reset it is whole (null)', () => {
    const lengthM = 0.3;
    const strip: BodySpec = {
      ...hangingStrip(0.1, lengthM, [4, 6]),
      groups: [
        {
          name: 'all',
          vertices: Array.from({ length: 35 }, (_, i) => i),
          breakingStressPa: 0.9 * 500 * g * lengthM,
        },
      ],
    };
    const scene = sceneWith([strip], { dt: 1 / 60, substeps: 20 });
    scene.gravity = [0, 0, g];
    const world = buildWorld(parseScene(scene));
    expect(world.tornSurfaces()).toEqual([null]);
    for (let f = 0; f < 120; f++) world.step(1 / 60);
    const torn = new Set(tornLocal(world).map(key));
    expect(torn.size).toBeGreaterThan(0);
    const whole = trianglesOf(world.bodies[0].surfaceTriangles);
    const drawn = world.tornSurfaces()[0]!;
    expect(drawn.length / 3).toBe(whole.length - torn.size);
    const kept = new Set(trianglesOf(drawn).map(key));
    for (const triangle of whole) expect(kept.has(key(triangle))).toBe(!torn.has(key(triangle)));
    world.reset();
    expect(world.tornSurfaces()).toEqual([null]);
  });

  it('a torn neo-Hookean bar is drawn as the closed, outward boundary of the tets left; its untorn faces keep their turn', () => {
    const bar = tearableBar({
      youngModulusPa: 2e5,
      poissonRatio: 0.3,
      breakingStressPa: 500 * g * TEARABLE_BAR_M,
    });
    const world = buildWorld(parseScene(sceneWith([bar], { dt: 1 / 60, substeps: 30 })));
    world.extraLinearDampingPerS = 20;
    for (let f = 0; f < 90; f++) world.step(1 / 60);
    const torn = tornLocal(world);
    expect(torn.length).toBeGreaterThan(0);
    const drawn = world.tornSurfaces()[0]!;
    expectClosedAndConsistent(drawn);
    // Faces of the built surface still drawn are drawn with the same turn (a cyclic shift of it).
    const turn = (t: number[]) => {
      const i = t.indexOf(Math.min(...t));
      return [t[i], t[(i + 1) % 3], t[(i + 2) % 3]].join(',');
    };
    const built = new Map(trianglesOf(world.bodies[0].surfaceTriangles).map((t) => [key(t), turn(t)]));
    let shared = 0;
    for (const t of trianglesOf(drawn)) {
      const was = built.get(key(t));
      if (was === undefined) continue;
      expect(turn(t)).toBe(was);
      shared++;
    }
    expect(shared).toBeGreaterThan(0);
    // Opened: more faces than the built surface minus what the torn tets took of it.
    expect(drawn.length).not.toBe(world.bodies[0].surfaceTriangles.length);
  });

  it("an element that is not the body's changes nothing drawn; one torn tet leaves a closed, consistently turned boundary", () => {
    const bar = hangingBar({
      model: 'neo-hookean',
      youngModulusPa: 2e5,
      poissonRatio: 0.3,
      densityKgM3: 1000,
      side: 0.1,
      length: 0.4,
      cells: [2, 3, 2],
    });
    const world = buildWorld(parseScene(sceneWith([bar])));
    const view = world.bodies[0];
    const rest = world.state.rest.subarray(0, 3 * view.particleCount);
    // A torn "element" that is no tet or tet edge of the body changes nothing drawn.
    expect(tornSurface(view, [[0, 1, 2, 3, 4]], rest)).toBeNull();
    // One tet torn: its boundary faces go or open, the rest are the built ones.
    const tets = view.tets!;
    const drawn = tornSurface(view, [Array.from(tets.subarray(0, 4))], rest)!;
    expectClosedAndConsistent(drawn);
    expectClosedAndConsistent(view.surfaceTriangles);
  });
});
