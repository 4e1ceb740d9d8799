import { describe, expect, it } from 'vitest';
import type { ColliderSpec, Vec3 } from '../../../core/scene/scene.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';
import { collideParticles, compileColliders } from '../../../core/sim/colliders.ts';
import { createParticleState } from '../../../core/sim/state.ts';
import { sceneWith } from './fixtures.ts';

/** A closed axis-aligned box as a triangle mesh, wound counter-clockwise seen from outside. */
function boxMesh(center: Vec3, half: Vec3): { vertices: number[]; indices: number[] } {
  const vertices: number[] = [];
  for (let i = 0; i < 8; i++) {
    vertices.push(
      center[0] + (i & 1 ? half[0] : -half[0]),
      center[1] + (i & 2 ? half[1] : -half[1]),
      center[2] + (i & 4 ? half[2] : -half[2]),
    );
  }
  // Faces as quads (outward counter-clockwise), split in two triangles each.
  const quads = [
    [0, 2, 3, 1], // −z
    [4, 5, 7, 6], // +z
    [0, 1, 5, 4], // −y
    [2, 6, 7, 3], // +y
    [0, 4, 6, 2], // −x
    [1, 3, 7, 5], // +x
  ];
  const indices = quads.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
  return { vertices, indices };
}

function pushOut(spec: ColliderSpec, at: number[], from: number[]): number[] {
  const state = createParticleState(Float64Array.from(at), Float64Array.of(1), Uint8Array.of(0));
  state.xPrev.set(from);
  collideParticles(state, compileColliders([spec]), 0, 1);
  return Array.from(state.x);
}

describe('triangle-mesh collider', () => {
  const box = { type: 'mesh' as const, ...boxMesh([0, 0, 0], [1, 1, 1]), friction: 0 };

  it('pushes a particle that entered through a face back out to the surface plus the thickness (1e-12 m)', () => {
    const out = pushOut({ ...box, thicknessM: 0.01 }, [0.2, 0.95, 0.3], [0.2, 1.1, 0.3]);
    expect(out[0]).toBeCloseTo(0.2, 12);
    expect(out[1]).toBeCloseTo(1.01, 12);
    expect(out[2]).toBeCloseTo(0.3, 12);
  });

  it('uses the pseudo-normal at edges and corners: outside stays outside, inside goes out the nearest way', () => {
    // Just outside an edge, within the thickness: moved straight away from the edge to the thickness.
    const nearEdge = pushOut({ ...box, thicknessM: 0.1 }, [1.03, 1.04, 0], [1.2, 1.2, 0]);
    const d = Math.hypot(nearEdge[0] - 1, nearEdge[1] - 1);
    expect(d).toBeCloseTo(0.1, 12);
    expect(nearEdge[0] - 1).toBeCloseTo((0.03 / 0.05) * 0.1, 12);
    // Just inside a corner: out through the nearest face.
    const nearCorner = pushOut(box, [0.99, 0.97, 0.98], [1.05, 1.05, 1.05]);
    expect(nearCorner).toEqual([1, 0.97, 0.98]);
    // Outside and beyond the thickness: untouched.
    expect(pushOut({ ...box, thicknessM: 0.01 }, [1.5, 0, 0], [1.6, 0, 0])).toEqual([1.5, 0, 0]);
  });

  for (const [degrees, slides] of [
    [20, false],
    [35, true],
  ] as const) {
    it(`a rope on a ${degrees}° mesh ramp with μ = 0.5 ${slides ? 'slides with a = g(sin θ − μ cos θ) within 5%' : 'stays put'}`, () => {
      const theta = (degrees * Math.PI) / 180;
      const down = [Math.cos(theta), -Math.sin(theta), 0];
      // A ramp through the origin: two triangles spanning ±2 m along the slope and across it.
      const p = (s: number, z: number) => [s * down[0], s * down[1], z];
      const ramp: ColliderSpec = {
        type: 'mesh',
        vertices: [...p(-2, -2), ...p(2, -2), ...p(2, 2), ...p(-2, 2)],
        indices: [0, 2, 1, 0, 3, 2],
        friction: 0.5,
      };
      const start = down.map((c) => c * 0.1) as Vec3;
      const end = down.map((c) => c * 0.3) as Vec3;
      const world = buildWorld(
        sceneWith(
          [
            {
              name: 'rope',
              shape: { type: 'rope', start, end, segments: 2, radiusM: 0.01 },
              material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: 1000 },
              model: 'rope',
            },
          ],
          { dt: 1 / 60, substeps: 10 },
          [ramp],
        ),
      );
      for (let f = 0; f < 60; f++) world.step(1 / 60);
      const travelled = (world.measureBodies()[0].centroid[0] - (start[0] + end[0]) / 2) / Math.cos(theta);
      const expected = slides ? 0.5 * 9.81 * (Math.sin(theta) - 0.5 * Math.cos(theta)) : 0;
      if (slides) expect(Math.abs(travelled / expected - 1)).toBeLessThan(0.05);
      else expect(Math.abs(travelled)).toBeLessThan(1e-6);
    });
  }

  it('a cloth dropped on a mesh box drapes over it and no particle ends inside (thickness 5 mm)', () => {
    const world = buildWorld(
      sceneWith(
        [
          {
            name: 'cloth',
            shape: { type: 'cloth', size: [1, 1], cells: [16, 16], center: [0, 0.6, 0] },
            material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
            model: 'cloth',
            dampingRatio: 0.3,
          },
        ],
        { dt: 1 / 60, substeps: 10 },
        [
          { type: 'mesh', ...boxMesh([0, 0.25, 0], [0.2, 0.25, 0.2]), thicknessM: 0.005, friction: 0.5 },
          { type: 'plane', normal: [0, 1, 0], offset: 0 },
        ],
      ),
    );
    for (let f = 0; f < 120; f++) expect(world.step(1 / 60).hasNaN).toBe(false);
    const x = world.state.x;
    let onTop = 0;
    for (let p = 0; p < world.particleCount; p++) {
      const [px, py, pz] = [x[3 * p], x[3 * p + 1], x[3 * p + 2]];
      const inside = Math.abs(px) < 0.2 && py > 0 && py < 0.5 && Math.abs(pz) < 0.2;
      expect(inside).toBe(false);
      if (Math.abs(px) < 0.15 && Math.abs(pz) < 0.15) {
        expect(py).toBeGreaterThan(0.5 + 0.005 - 1e-3);
        onTop++;
      }
    }
    expect(onTop).toBeGreaterThan(10);
  });
});
