import { describe, expect, it } from 'vitest';
import { MeshingState, VertexKind } from '../../../core/tetra/meshing-state.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { windingNumber } from '../../../core/tetra/winding-number.ts';
import { concat, sphere, triMesh } from './shapes.ts';

/** A deterministic generator of numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * A MeshingState over `mesh` with its surface points and 400 random inside points, each
 * inserted with its winding number summed exactly (no far-field approximation).
 */
function stateOf(mesh: Parameters<typeof prepareSurface>[0]) {
  const surface = prepareSurface(mesh);
  const bvh = new TriangleBvh(surface);
  const exact = (x: number, y: number, z: number) => windingNumber(bvh, x, y, z, Number.POSITIVE_INFINITY);
  const state = new MeshingState(bvh, surface.watertight, surface.min, surface.max, 2000);
  state.insertAll(Float64Array.from(surface.positions), VertexKind.surface);
  const next = random(7);
  const points: number[] = [];
  const windings: number[] = [];
  while (windings.length < 400) {
    const [x, y, z] = [2 * next() - 1, 2 * next() - 1, 2 * next() - 1];
    const w = Math.round(exact(x, y, z));
    if (w < 1) continue;
    points.push(x, y, z);
    windings.push(w);
  }
  state.insertAll(Float64Array.from(points), VertexKind.lattice, undefined, 0, Float64Array.from(windings));
  return { state, exact, next };
}

const outer = sphere(1, 3);
const inner = sphere(0.5, 3);

describe('MeshingState winding numbers (watertight input, carried across crossings)', () => {
  for (const [name, mesh] of [
    // Both shells facing out: winding number 2 inside the inner one.
    ['nested spheres', concat(outer, inner)],
    // The inner shell facing in: winding number 0 in the cavity.
    [
      'a hollow sphere',
      concat(outer, triMesh(Array.from(inner.positions), Array.from(inner.indices).reverse())),
    ],
  ] as const) {
    it(`classifies every tet and point as the summed winding number does, on ${name}`, () => {
      const { state, exact, next } = stateOf(mesh);
      const dt = state.dt;
      let tets = 0;
      let checkedPoints = 0;
      const seen = new Set<number>();
      for (let t = 0; t < dt.slotCount; t++) {
        if (!dt.tetAlive[t] || state.touchesSuper(t)) continue;
        tets++;
        const c = [0, 0, 0];
        for (let k = 0; k < 4; k++)
          for (let a = 0; a < 3; a++) c[a] += dt.coords[3 * dt.tetVerts[4 * t + k] + a] / 4;
        expect(state.isInside(t)).toBe(exact(c[0], c[1], c[2]) > 0.5);
        // A point up to 0.2 m from the centroid: its winding number carried from the tet's.
        const q = c.map((v) => v + 0.4 * (next() - 0.5));
        const w = state.windingNear(t, q[0], q[1], q[2]);
        expect(w).toBe(Math.round(exact(q[0], q[1], q[2])) + 0); // + 0: not −0
        seen.add(w);
        checkedPoints++;
      }
      expect(tets).toBeGreaterThan(1000);
      expect(checkedPoints).toBe(tets);
      // Every winding number of the input was met.
      expect([...seen].sort()).toEqual(name === 'nested spheres' ? [0, 1, 2] : [0, 1]);
    });
  }
});
