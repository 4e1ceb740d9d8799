import { describe, expect, it } from 'vitest';
import {
  closestPoint,
  closestPointJs,
  createClosestPoint,
  NearbyTriangleWithin,
  segmentWindingChange,
  segmentWindingChangeJs,
  triangleWithin,
  triangleWithinJs,
} from '../../../core/tetra/closest-point.ts';
import { interiorLatticeJs } from '../../../core/tetra/conforming.ts';
import { TetrahedralizeError } from '../../../core/tetra/errors.ts';
import { latticeBox } from '../../../core/tetra/lattice.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { boundaryDistanceJs } from '../../../core/tetra/quality.ts';
import { tetrahedralize } from '../../../core/tetra/tetrahedralize.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import {
  type BvhHost,
  copyBvhInto,
  surfaceQueriesOf,
  WasmSurfaceQueries,
} from '../../../core/tetra/wasm-surface-queries.ts';
import { windingNumber, windingNumberJs } from '../../../core/tetra/winding-number.ts';
import { type CorpusName, loadCorpusMesh } from './corpus.ts';
import { box } from './shapes.ts';

/** A seeded generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/**
 * Query points over the surface's box widened by half its size: random ones, its vertices (on the
 * surface: exact hits, NaN crossings), its edges' midpoints, and copies of some on the grid's lines
 * (axis-aligned segments: the BVH's slab test divides by zero there).
 */
function queryPoints(bvh: TriangleBvh, count: number, seed: number): number[][] {
  const rand = generator(seed);
  const lo = [bvh.box[0], bvh.box[1], bvh.box[2]];
  const size = [bvh.box[3] - lo[0], bvh.box[4] - lo[1], bvh.box[5] - lo[2]];
  const points: number[][] = [];
  for (let k = 0; k < count; k++)
    points.push([0, 1, 2].map((a) => lo[a] - 0.25 * size[a] + 1.5 * size[a] * rand()));
  const p = bvh.positions;
  const ix = bvh.indices;
  for (let t = 0; t < ix.length / 3; t += 3) {
    const a = 3 * ix[3 * t];
    const b = 3 * ix[3 * t + 1];
    points.push([p[a], p[a + 1], p[a + 2]]);
    points.push([0.5 * (p[a] + p[b]), 0.5 * (p[a + 1] + p[b + 1]), 0.5 * (p[a + 2] + p[b + 2])]);
  }
  return points;
}

/** Every query both ways on one surface; the answers that differ (none expected). */
function differences(bvh: TriangleBvh, seed: number): { queries: number; differing: string[] } {
  const wasm = surfaceQueriesOf(bvh);
  expect(wasm).toBeInstanceOf(WasmSurfaceQueries);
  const points = queryPoints(bvh, 3000, seed);
  const diagonal = Math.hypot(bvh.box[3] - bvh.box[0], bvh.box[4] - bvh.box[1], bvh.box[5] - bvh.box[2]);
  const differing: string[] = [];
  let queries = 0;
  const same = (what: string, a: unknown, b: unknown) => {
    queries++;
    if (!Object.is(a, b) && differing.length < 10) differing.push(`${what}: ${String(a)} vs ${String(b)}`);
  };
  const fromWasm = createClosestPoint();
  const fromJs = createClosestPoint();
  const nearbyWasm = new NearbyTriangleWithin(bvh);
  const nearbyJs = new NearbyTriangleWithin(bvh);
  for (let k = 0; k < points.length; k++) {
    const [x, y, z] = points[k];
    const [u, v, w] = points[(k * 7 + 1) % points.length];
    for (const reach of [Infinity, 1e-3 * diagonal, 0.05 * diagonal]) {
      closestPoint(bvh, x, y, z, fromWasm, reach);
      closestPointJs(bvh, x, y, z, fromJs, reach);
      same(`closestPoint ${k} within ${reach}`, JSON.stringify(fromWasm), JSON.stringify(fromJs));
      same(`distance ${k}`, fromWasm.distance, fromJs.distance);
    }
    for (const radius of [0, 1e-4 * diagonal, 0.02 * diagonal, 0.3 * diagonal]) {
      same(
        `triangleWithin ${k} ${radius}`,
        triangleWithin(bvh, x, y, z, radius),
        triangleWithinJs(bvh, x, y, z, radius),
      );
    }
    for (const accuracy of [2, 0.5, 8]) {
      same(
        `windingNumber ${k} ${accuracy}`,
        windingNumber(bvh, x, y, z, accuracy),
        windingNumberJs(bvh, x, y, z, accuracy),
      );
    }
    // A run of nearby queries from a hint (quality's probe, refinement's face checks).
    for (const radius of [1e-3 * diagonal, 0.02 * diagonal]) {
      const ra = nearbyWasm.find(x, y, z, radius);
      const rb = nearbyJs.findJs(x, y, z, radius);
      same(
        `NearbyTriangleWithin ${k} ${radius}`,
        `${ra} ${nearbyWasm.hintDistance} ${nearbyWasm.triangle}`,
        `${rb} ${nearbyJs.hintDistance} ${nearbyJs.triangle}`,
      );
    }
    // Long segments (the BVH's walk), short ones (the grid's cells) and axis-aligned ones.
    const s = 0.03;
    for (const [qx, qy, qz] of [
      [u, v, w],
      [x + s * (u - x), y + s * (v - y), z + s * (w - z)],
      [u, y, z],
      [x, y, z + s * diagonal],
    ]) {
      same(
        `segmentWindingChange ${k}`,
        segmentWindingChange(bvh, x, y, z, qx, qy, qz),
        segmentWindingChangeJs(bvh, x, y, z, qx, qy, qz),
      );
    }
  }
  return { queries, differing };
}

describe('WebAssembly surface queries', () => {
  it('answer as the JS ones do, float for float, on a cube (exact hits on its faces and edges)', () => {
    const bvh = new TriangleBvh(prepareSurface(box([0, 0, 0], [1, 1, 1])));
    const { queries, differing } = differences(bvh, 3);
    expect(differing).toEqual([]);
    expect(queries).toBeGreaterThan(30_000);
  });

  for (const name of ['Fox', 'spot'] as CorpusName[]) {
    it(`answer as the JS ones do, float for float, on ${name}`, async () => {
      const bvh = new TriangleBvh(prepareSurface(await loadCorpusMesh(name)));
      const { queries, differing } = differences(bvh, 17);
      expect(differing).toEqual([]);
      expect(queries).toBeGreaterThan(30_000);
    });
  }

  for (const name of ['Fox', 'spot', 'Cubes'] as CorpusName[]) {
    it(`fill the interior lattice as conforming.ts's JS does, float for float: ${name}`, async () => {
      const surface = prepareSurface(await loadCorpusMesh(name));
      const bvh = new TriangleBvh(surface);
      const size = Math.max(...[0, 1, 2].map((k) => surface.max[k] - surface.min[k]));
      const box = latticeBox(surface.min, surface.max, size / 40, 0);
      const clearance = size / 80;
      for (const watertight of [surface.watertight, false]) {
        const js = interiorLatticeJs(box, bvh, clearance, watertight);
        const wasm = surfaceQueriesOf(bvh)!.interiorLattice(box, clearance, watertight, 1e-4 * box.a);
        expect(js.points.length).toBeGreaterThan(3 * 500);
        expect(wasm.points).toEqual(js.points);
        expect(wasm.windings).toEqual(js.windings);
      }
      // The queries after the lattice (which grew the module's memory) still answer as the JS ones.
      const out = closestPoint(bvh, 0, 0, 0, createClosestPoint());
      expect(out).toEqual(closestPointJs(bvh, 0, 0, 0, createClosestPoint()));
    });
  }

  for (const name of ['Fox', 'spot'] as CorpusName[]) {
    it(`measure a mesh's boundary distance as quality.ts's JS does, float for float: ${name}`, async () => {
      const input = await loadCorpusMesh(name);
      const surface = prepareSurface(input);
      const mesh = await tetrahedralize(input, { targetTetCount: 4000 });
      const next = generator(5);
      const reference = { bvh: new TriangleBvh(surface), diagonal: surface.diagonal, enclosedVolume: null };
      // As made, and shaken by up to a hundredth of the diagonal (float32, as the mesher hands over).
      const shaken = Float32Array.from(mesh.positions, (x) => x + 0.01 * surface.diagonal * (next() - 0.5));
      for (const positions of [mesh.positions, shaken]) {
        const js = boundaryDistanceJs(positions, mesh.surface, reference);
        const wasm =
          surfaceQueriesOf(reference.bvh)!.boundaryDistance(positions, mesh.surface) / surface.diagonal;
        expect(js).toBeGreaterThan(0);
        expect(wasm).toBe(js);
      }
    });
  }

  it('give NaN and nothing found for a NaN query, as the JS ones do', () => {
    const bvh = new TriangleBvh(prepareSurface(box([0, 0, 0], [1, 1, 1])));
    expect(segmentWindingChange(bvh, Number.NaN, 0.5, 0.5, 2, 0.5, 0.5)).toBe(
      segmentWindingChangeJs(bvh, Number.NaN, 0.5, 0.5, 2, 0.5, 0.5),
    );
    expect(triangleWithin(bvh, Number.NaN, 0.5, 0.5, 0.1)).toBe(
      triangleWithinJs(bvh, Number.NaN, 0.5, 0.5, 0.1),
    );
    const out = createClosestPoint();
    expect(closestPoint(bvh, Number.NaN, 0, 0, out).triangle).toBe(
      closestPointJs(bvh, Number.NaN, 0, 0, createClosestPoint()).triangle,
    );
  });
});

describe('a module whose memory cannot grow', () => {
  it('stops the run with the one error type, naming what outgrew it', () => {
    const bvh = new TriangleBvh(prepareSurface(box([0, 0, 0], [1, 1, 1])));
    // A module at the 4 GiB WebAssembly can address: every reservation fails.
    const full = {
      memory: { buffer: new ArrayBuffer(0) },
      reserve: () => 0,
      setBvh: () => {
        throw new Error('not reached');
      },
    } as unknown as BvhHost;
    let thrown: unknown;
    try {
      copyBvhInto(full, bvh);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TetrahedralizeError);
    expect((thrown as TetrahedralizeError).reason).toBe('failed');
    expect((thrown as TetrahedralizeError).message).toBe(
      'The copy of the surface BVH outgrew the memory WebAssembly can address.',
    );
  });
});
