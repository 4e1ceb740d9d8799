import { describe, expect, it } from 'vitest';
import { segmentWindingChange } from '../../../core/tetra/closest-point.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { windingNumber } from '../../../core/tetra/winding-number.ts';
import { box, concat, sphere } from './shapes.ts';

function bvhOf(mesh: Parameters<typeof prepareSurface>[0]): TriangleBvh {
  return new TriangleBvh(prepareSurface(mesh));
}

type Point = [number, number, number];
const change = (bvh: TriangleBvh, p: Point, q: Point) => segmentWindingChange(bvh, ...p, ...q);

describe('segmentWindingChange', () => {
  const cube = bvhOf(box([0, 0, 0], [1, 1, 1]));

  it('is +1 entering a closed surface, −1 leaving it and 0 passing through or staying clear', () => {
    expect(change(cube, [-0.5, 0.31, 0.42], [0.5, 0.37, 0.44])).toBe(1);
    expect(change(cube, [0.5, 0.37, 0.44], [-0.5, 0.31, 0.42])).toBe(-1);
    expect(change(cube, [-0.5, 0.31, 0.42], [1.5, 0.37, 0.44])).toBe(0);
    expect(change(cube, [0.2, 0.31, 0.42], [0.8, 0.37, 0.44])).toBe(0);
    expect(change(cube, [2, 2, 2], [3, 2.5, 2])).toBe(0);
  });

  it('is NaN where a crossing cannot be told from a near miss: across an edge, or ending on the surface', () => {
    // Through the edge x = 0, y = 0 of the cube (two triangles meet there, or two faces).
    expect(change(cube, [-0.5, -0.5, 0.42], [0.5, 0.5, 0.44])).toBeNaN();
    // Ending on the face x = 0.
    expect(change(cube, [-0.5, 0.31, 0.42], [0, 0.37, 0.44])).toBeNaN();
    // Lying in the plane of the face z = 0.
    expect(change(cube, [-0.5, 0.3, 0], [0.5, 0.4, 0])).toBeNaN();
  });

  it('adds up to the winding number between the ends, on a nested pair of spheres (winding 2 in the middle)', () => {
    const nested = bvhOf(concat(sphere(1, 3), sphere(0.5, 3)));
    let s = 7;
    const random = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return 3 * (s / 4294967296 - 0.5);
    };
    let checked = 0;
    for (let k = 0; k < 300; k++) {
      const p: Point = [random(), random(), random()];
      const q: Point = [random(), random(), random()];
      const c = change(nested, p, q);
      if (Number.isNaN(c)) continue;
      const exact = (r: Point) => windingNumber(nested, ...r, Number.POSITIVE_INFINITY);
      // + 0: Math.round of a winding number a hair below 0 is −0.
      expect(c).toBe(Math.round(exact(q)) - Math.round(exact(p)) + 0);
      checked++;
    }
    expect(checked).toBeGreaterThan(290);
  });
});
