import { describe, expect, it } from 'vitest';
import {
  anyTriangleWithin,
  closestOnTriangle,
  segmentWindingChange,
} from '../../../core/tetra/closest-point.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { TriangleGrid } from '../../../core/tetra/triangle-grid.ts';
import { windingNumber } from '../../../core/tetra/winding-number.ts';
import { concat, sphere } from './shapes.ts';

/** Nested spheres (winding number 2 in the middle), 256 triangles: a short segment spans a few cells. */
const bvh = new TriangleBvh(prepareSurface(concat(sphere(1, 2), sphere(0.5, 2))));
let seed = 11;
const random = (scale: number) => {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return scale * (seed / 4294967296 - 0.5);
};

describe('TriangleGrid', () => {
  it('lists every triangle in every cell its bounding box overlaps, and in no other', () => {
    const grid = new TriangleGrid(bvh);
    const [nx, ny, nz] = grid.cells;
    const p = bvh.positions;
    const ix = bvh.indices;
    for (let t = 0; t < ix.length / 3; t += 7) {
      const lo = [0, 1, 2].map((a) =>
        grid.cellOf(Math.min(...[0, 1, 2].map((c) => p[3 * ix[3 * t + c] + a])), a),
      );
      const hi = [0, 1, 2].map((a) =>
        grid.cellOf(Math.max(...[0, 1, 2].map((c) => p[3 * ix[3 * t + c] + a])), a),
      );
      for (let k = 0; k < nz; k++)
        for (let j = 0; j < ny; j++)
          for (let i = 0; i < nx; i++) {
            const cell = (k * ny + j) * nx + i;
            const listed = grid.list.subarray(grid.start[cell], grid.start[cell + 1]).includes(t);
            const inside = i >= lo[0] && i <= hi[0] && j >= lo[1] && j <= hi[1] && k >= lo[2] && k <= hi[2];
            expect(listed).toBe(inside);
          }
    }
  });
});

describe('the grid-answered queries', () => {
  it('segmentWindingChange on short segments (answered from the grid) adds up to the winding numbers', () => {
    let checked = 0;
    for (let k = 0; k < 2000; k++) {
      const p: [number, number, number] = [random(2.4), random(2.4), random(2.4)];
      const q: [number, number, number] = [p[0] + random(0.12), p[1] + random(0.12), p[2] + random(0.12)];
      const change = segmentWindingChange(bvh, ...p, ...q);
      if (Number.isNaN(change)) continue;
      const exact = (r: number[]) =>
        Math.round(windingNumber(bvh, r[0], r[1], r[2], Number.POSITIVE_INFINITY));
      expect(change).toBe(exact(q) - exact(p) + 0);
      checked++;
    }
    expect(checked).toBeGreaterThan(1980);
  });

  it('anyTriangleWithin agrees with the nearest triangle found one by one, for small and large radii', () => {
    const ix = bvh.indices;
    const out = new Float64Array(3);
    for (let k = 0; k < 300; k++) {
      const [x, y, z] = [random(2.4), random(2.4), random(2.4)];
      let nearest = Number.POSITIVE_INFINITY;
      for (let t = 0; t < ix.length / 3; t++) {
        const d2 = closestOnTriangle(
          bvh.positions,
          3 * ix[3 * t],
          3 * ix[3 * t + 1],
          3 * ix[3 * t + 2],
          x,
          y,
          z,
          out,
        );
        nearest = Math.min(nearest, Math.sqrt(d2));
      }
      for (const factor of [0.5, 0.9, 1.1]) {
        expect(anyTriangleWithin(bvh, x, y, z, factor * nearest)).toBe(factor > 1);
      }
    }
  });
});
