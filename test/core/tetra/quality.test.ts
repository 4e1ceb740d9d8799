import { describe, expect, it } from 'vitest';
import { closestOnTriangle } from '../../../core/tetra/closest-point.ts';
import { measureQuality, tetrahedralize } from '../../../core/tetra/index.ts';
import { prepareSurface } from '../../../core/tetra/prepare-input.ts';
import { TriangleBvh } from '../../../core/tetra/triangle-bvh.ts';
import { box, sphere } from './shapes.ts';

// Regular tet of edge √8 (alternate corners of a cube); ids (0, 1, 2, 3) are negatively oriented:
// det[b−a, c−a, d−a] = −16.
const regular = [1, 1, 1, 1, -1, -1, -1, 1, -1, -1, -1, 1];

describe('measureQuality', () => {
  it('scores a regular tet: mean ratio 1, dihedral angles acos(1/3), radius-edge √6/4', () => {
    const q = measureQuality({ positions: regular, tets: [1, 0, 2, 3] });
    expect(q.invertedTets).toBe(0);
    expect(q.meanQuality).toBeCloseTo(1, 12);
    expect(q.minDihedralDeg).toBeCloseTo((Math.acos(1 / 3) * 180) / Math.PI, 9);
    expect(q.maxDihedralDeg).toBeCloseTo((Math.acos(1 / 3) * 180) / Math.PI, 9);
    expect(q.maxRadiusEdge).toBeCloseTo(Math.sqrt(6) / 4, 12);
    expect(q.volume).toBeCloseTo(8 / 3, 12);
    // 70.5° falls in the 70–75° bin; 6 angles per tet.
    expect(q.dihedralHistogram.binDeg).toBe(5);
    expect(q.dihedralHistogram.counts[14]).toBe(6);
    expect(q.dihedralHistogram.counts.reduce((a, b) => a + b, 0)).toBe(6);
  });

  it('counts an inverted tet and scores it negative', () => {
    const q = measureQuality({ positions: regular, tets: [0, 1, 2, 3] });
    expect(q.invertedTets).toBe(1);
    expect(q.meanQuality).toBeCloseTo(-1, 12);
  });

  it('scores a sliver (four nearly coplanar corners) near zero with tiny dihedral angles', () => {
    const sliver = [0, 0, 0, 1, 0, 0, 1, 1, 0.01, 0, 1, 0];
    const q = measureQuality({ positions: sliver, tets: [0, 1, 3, 2] });
    expect(q.invertedTets).toBe(0);
    expect(q.meanQuality).toBeLessThan(0.1);
    expect(q.minDihedralDeg).toBeLessThan(2);
    expect(q.maxDihedralDeg).toBeGreaterThan(178);
  });

  it('measures volume ratio and surface distance against the input surface', () => {
    const surface = prepareSurface(box([0, 0, 0], [1, 1, 1]));
    const reference = { bvh: new TriangleBvh(surface), diagonal: surface.diagonal, enclosedVolume: 1 };
    // Half the cube (the tet fan of the lower x half is replaced by one corner tet, volume 1/6).
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const q = measureQuality(
      { positions, tets: [0, 1, 2, 3], surface: [0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3] },
      reference,
    );
    expect(q.volumeRatio).toBeCloseTo(1 / 6, 12);
    // The slanted face x + y + z = 1 has its centroid (⅓, ⅓, ⅓) ⅓ away from the nearest cube face.
    expect(q.surfaceDistance).toBeCloseTo(1 / 3 / Math.sqrt(3), 9);
  });
});

describe('surface distance of a meshed sphere', () => {
  it('is the largest distance of the boundary vertices and sample points, as a brute-force search finds it', async () => {
    const input = sphere(1, 2);
    const mesh = await tetrahedralize(input, { targetTetCount: 400 });
    const surface = prepareSurface(input);
    const reference = { bvh: new TriangleBvh(surface), diagonal: surface.diagonal, enclosedVolume: null };
    const q = measureQuality(
      { positions: mesh.positions, tets: mesh.tets, surface: mesh.surface },
      reference,
    );
    // Every triangle of the input against every point (the report's points: boundary vertices,
    // then per boundary triangle its edge midpoints, centroid and centroid-to-corner midpoints).
    const p = mesh.positions;
    const distance = (x: number, y: number, z: number) => {
      let best = Number.POSITIVE_INFINITY;
      const out = new Float64Array(3);
      for (let t = 0; t < surface.indices.length; t += 3) {
        const ix = surface.indices;
        const d2 = closestOnTriangle(
          surface.positions,
          3 * ix[t],
          3 * ix[t + 1],
          3 * ix[t + 2],
          x,
          y,
          z,
          out,
        );
        best = Math.min(best, Math.sqrt(d2));
      }
      return best;
    };
    const weights = [
      [0.5, 0.5, 0],
      [0, 0.5, 0.5],
      [0.5, 0, 0.5],
      [1 / 3, 1 / 3, 1 / 3],
      [2 / 3, 1 / 6, 1 / 6],
      [1 / 6, 2 / 3, 1 / 6],
      [1 / 6, 1 / 6, 2 / 3],
    ];
    let worst = 0;
    for (const v of mesh.surface) worst = Math.max(worst, distance(p[3 * v], p[3 * v + 1], p[3 * v + 2]));
    for (let f = 0; f < mesh.surface.length; f += 3) {
      const [a, b, c] = [0, 1, 2].map((k) => 3 * mesh.surface[f + k]);
      for (const [u, v, w] of weights)
        worst = Math.max(
          worst,
          distance(
            u * p[a] + v * p[b] + w * p[c],
            u * p[a + 1] + v * p[b + 1] + w * p[c + 1],
            u * p[a + 2] + v * p[b + 2] + w * p[c + 2],
          ),
        );
    }
    expect(worst).toBeGreaterThan(0);
    expect(q.surfaceDistance).toBe(worst / surface.diagonal);
  });
});
