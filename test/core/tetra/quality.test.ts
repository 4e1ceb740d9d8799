import { describe, expect, it } from 'vitest';
import { TET_EDGE_PAIRS } from '../../../core/material/compliance/edges-volume.ts';
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

describe('dihedral histogram', () => {
  it('bins every angle of a meshed sphere as flooring its degrees by 5 does, and angles on the bin edges', async () => {
    const mesh = await tetrahedralize(sphere(1, 2), { targetTetCount: 400 });
    const q = measureQuality({ positions: mesh.positions, tets: mesh.tets });
    // The angles measured another way: the other two corners projected onto the plane normal to each edge.
    const expected = new Array<number>(36).fill(0);
    const p = mesh.positions;
    const corner = (v: number) => [p[3 * v], p[3 * v + 1], p[3 * v + 2]];
    for (let t = 0; t < mesh.tets.length; t += 4) {
      const c = [0, 1, 2, 3].map((k) => corner(mesh.tets[t + k]));
      for (const [i, j] of TET_EDGE_PAIRS) {
        const [k, l] = [0, 1, 2, 3].filter((n) => n !== i && n !== j);
        const e = c[j].map((x, a) => x - c[i][a]);
        const project = (q: number[]) => {
          const r = q.map((x, a) => x - c[i][a]);
          const s = (r[0] * e[0] + r[1] * e[1] + r[2] * e[2]) / (e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
          return r.map((x, a) => x - s * e[a]);
        };
        const [a, b] = [project(c[k]), project(c[l])];
        const cross = Math.hypot(
          a[1] * b[2] - a[2] * b[1],
          a[2] * b[0] - a[0] * b[2],
          a[0] * b[1] - a[1] * b[0],
        );
        const degrees = (Math.atan2(cross, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]) * 180) / Math.PI;
        expected[Math.min(35, Math.floor(degrees / 5))]++;
      }
    }
    // An angle within 1e-9° of a bin edge may fall either side; the sphere's angles are not that close.
    expect(q.dihedralHistogram.counts).toEqual(expected);
    expect(expected.filter((n) => n > 0).length).toBeGreaterThan(10);
  });

  it('puts right angles, flat angles and the regular angle in their bins', () => {
    // A corner tet of the cube: right dihedrals at the three edges through the origin, and
    // acos(1/√3) ≈ 54.7° at the other three; a flat tet (coplanar corners) reports 0° and 180°.
    const corner = measureQuality({ positions: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1], tets: [0, 1, 2, 3] });
    expect(corner.dihedralHistogram.counts[18]).toBe(3); // 90° opens the 90–95° bin
    expect(corner.dihedralHistogram.counts[10]).toBe(3); // 54.7° in 50–55°
    const flat = measureQuality({ positions: [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0], tets: [0, 1, 2, 3] });
    expect(flat.dihedralHistogram.counts.reduce((a, b) => a + b, 0)).toBe(6);
    expect(flat.dihedralHistogram.counts[0] + flat.dihedralHistogram.counts[35]).toBe(6);
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
