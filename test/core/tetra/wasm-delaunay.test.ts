import { describe, expect, it } from 'vitest';
import { Delaunay, type Triangulation } from '../../../core/tetra/delaunay.ts';
import { TetrahedralizeError } from '../../../core/tetra/errors.ts';
import { brioOrder } from '../../../core/tetra/spatial-sort.ts';
import { newTriangulation, WasmDelaunay } from '../../../core/tetra/wasm-delaunay.ts';

/** Uniform points in the unit cube from a seeded generator. */
function randomPoints(n: number, seed: number): Float64Array {
  let s = seed;
  const p = new Float64Array(3 * n);
  for (let i = 0; i < 3 * n; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    p[i] = s / 4294967296;
  }
  return p;
}

/** Points of an n³ grid over the unit cube: co-spherical and co-planar sets everywhere. */
function gridPoints(n: number): Float64Array {
  const p = new Float64Array(3 * n * n * n);
  let k = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++)
      for (let l = 0; l < n; l++) {
        p[k++] = i / (n - 1);
        p[k++] = j / (n - 1);
        p[k++] = l / (n - 1);
      }
  return p;
}

/** Inserts the points in BRIO order (each twice, the second a duplicate); the results. */
function insertAll(dt: Triangulation, points: Float64Array): number[] {
  const n = points.length / 3;
  const results: number[] = [];
  for (const i of brioOrder(points, n))
    results.push(dt.insert(points[3 * i], points[3 * i + 1], points[3 * i + 2]));
  for (let i = 0; i < n; i += 7) results.push(dt.insert(points[3 * i], points[3 * i + 1], points[3 * i + 2]));
  return results;
}

/** Every array the mesher reads, up to what is in use. */
function state(dt: Triangulation) {
  const slots = dt.slotCount;
  return {
    vertexCount: dt.vertexCount,
    slotCount: slots,
    liveTetCount: dt.liveTetCount,
    coords: Array.from(dt.coords.subarray(0, 3 * dt.vertexCount)),
    vertexTet: Array.from(dt.vertexTet.subarray(0, dt.vertexCount)),
    tetVerts: Array.from(dt.tetVerts.subarray(0, 4 * slots)),
    tetNbrs: Array.from(dt.tetNbrs.subarray(0, 4 * slots)),
    tetAlive: Array.from(dt.tetAlive.subarray(0, slots)),
    tetStamp: Array.from(dt.tetStamp.subarray(0, slots)),
  };
}

describe('WebAssembly Delaunay', () => {
  it('is what newTriangulation makes here (Node has WebAssembly)', () => {
    expect(newTriangulation([0, 0, 0], [1, 1, 1], 8)).toBeInstanceOf(WasmDelaunay);
  });

  // Small capacities make every array grow (the memory too) while the points go in.
  for (const [name, points, capacity] of [
    ['random points', randomPoints(4000, 11), 4000],
    ['random points from a small capacity', randomPoints(3000, 5), 8],
    ['a 9³ grid (co-spherical, co-planar: exact predicates)', gridPoints(9), 16],
  ] as const) {
    it(`builds the same tets in the same slots as delaunay.ts: ${name}`, () => {
      const js = new Delaunay([0, 0, 0], [1, 1, 1], capacity);
      const wasm = newTriangulation([0, 0, 0], [1, 1, 1], capacity);
      expect(insertAll(wasm, points)).toEqual(insertAll(js, points));
      expect(state(wasm)).toEqual(state(js));
      // The queries agree as well: a walk from a fixed tet, a sphere test and an orientation.
      const c = js.coords;
      for (let v = 4; v < js.vertexCount; v += 97) {
        const x = c[3 * v] + 1e-3;
        expect(wasm.locate(x, c[3 * v + 1], c[3 * v + 2], 0)).toBe(
          js.locate(x, c[3 * v + 1], c[3 * v + 2], 0),
        );
        const t = js.vertexTet[v];
        expect(wasm.inSphere(t, 0.5, 0.5, 0.5)).toBe(js.inSphere(t, 0.5, 0.5, 0.5));
        // −0 from the JS class where the orientation is flat; 0 here.
        expect(wasm.orientSign(0, 1, v, v + 1) === js.orientSign(0, 1, v, v + 1)).toBe(true);
      }
    });
  }

  it('fails as delaunay.ts does for a point outside the super-tet, and is left as it was', () => {
    const wasm = newTriangulation([0, 0, 0], [1, 1, 1], 16);
    insertAll(wasm, randomPoints(50, 3));
    const before = state(wasm);
    expect(() => wasm.insert(1e9, 0, 0)).toThrow(TetrahedralizeError);
    expect(() => wasm.insert(1e9, 0, 0)).toThrow('A point lies outside the enclosing tetrahedron.');
    expect(() => new Delaunay([0, 0, 0], [1, 1, 1], 16).insert(1e9, 0, 0)).toThrow(
      'A point lies outside the enclosing tetrahedron.',
    );
    expect(state(wasm)).toEqual(before);
  });
});
