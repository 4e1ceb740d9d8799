import { describe, expect, it } from 'vitest';
import { TET_EDGE_PAIRS } from '../../../core/material/compliance/edges-volume.ts';
import { signedTetVolumeM3 } from '../../../core/math/mesh-measures.ts';
import { createTetMeasures, measureTet, minDihedralDeg } from '../../../core/tetra/tet-geometry.ts';
import { seededRandom } from '../../seeded-random.ts';

type Point = [number, number, number];
const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const dot = (a: Point, b: Point) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Point, b: Point): Point => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/**
 * The dihedral angle at edge (i, j) measured another way than measureTet does: the other two
 * corners projected onto the plane normal to the edge, and the angle between the projections.
 */
function dihedralAtEdgeDeg(corners: Point[], i: number, j: number): number {
  const [k, l] = [0, 1, 2, 3].filter((n) => n !== i && n !== j);
  const e = sub(corners[j], corners[i]);
  const e2 = dot(e, e);
  const project = (q: Point): Point => {
    const r = sub(q, corners[i]);
    const s = dot(r, e) / e2;
    return [r[0] - s * e[0], r[1] - s * e[1], r[2] - s * e[2]];
  };
  const a = project(corners[k]);
  const b = project(corners[l]);
  return (Math.atan2(Math.hypot(...cross(a, b)), dot(a, b)) * 180) / Math.PI;
}

describe('measureTet', () => {
  it('gives the six dihedral angles, volume, circumradius ratio and mean ratio of 200 random tets', () => {
    const next = seededRandom(7);
    const m = createTetMeasures();
    let checked = 0;
    for (let n = 0; n < 200; n++) {
      const corners = Array.from({ length: 4 }, () => [next(), next(), next()] as Point);
      const volume =
        dot(sub(corners[1], corners[0]), cross(sub(corners[2], corners[0]), sub(corners[3], corners[0]))) / 6;
      if (Math.abs(volume) < 1e-4) continue; // near-flat: the angles are ill-conditioned
      // Positively oriented, as the mesher writes its tets.
      if (volume < 0) [corners[2], corners[3]] = [corners[3], corners[2]];
      measureTet(corners.flat(), 0, 1, 2, 3, m);
      expect(m.volume).toBeCloseTo(Math.abs(volume), 12);
      // The very float the inverted-tet check computes (tetrahedralize.ts throwIfInverted), so
      // the report and the check never disagree on a tet's sign.
      expect(m.volume).toBe(signedTetVolumeM3(corners.flat(), 0, 1, 2, 3));
      const angles = TET_EDGE_PAIRS.map(([i, j]) => dihedralAtEdgeDeg(corners, i, j));
      const degrees = (cos: number) => (Math.acos(cos) * 180) / Math.PI;
      for (let e = 0; e < 6; e++) expect(degrees(m.dihedralCosines[e])).toBeCloseTo(angles[e], 7);
      expect(degrees(m.minDihedralCosine)).toBeCloseTo(Math.min(...angles), 7);
      expect(degrees(m.maxDihedralCosine)).toBeCloseTo(Math.max(...angles), 7);
      expect(minDihedralDeg(corners.flat(), 0, 1, 2, 3)).toBeCloseTo(Math.min(...angles), 7);
      // Circumcentre: the point equidistant from the four corners (solved here by least squares
      // of the three bisector planes), radius over the shortest edge.
      const lengths2 = TET_EDGE_PAIRS.map(([i, j]) =>
        dot(sub(corners[j], corners[i]), sub(corners[j], corners[i])),
      );
      const rows = [1, 2, 3].map((k) => sub(corners[k], corners[0]));
      const rhs = rows.map((r) => dot(r, r) / 2);
      const det = dot(rows[0], cross(rows[1], rows[2]));
      const centre = [0, 1, 2].map((axis) => {
        const replaced = rows.map((r, k) => r.map((x, a) => (a === axis ? rhs[k] : x)) as Point);
        return dot(replaced[0], cross(replaced[1], replaced[2])) / det;
      }) as Point;
      const radius = Math.hypot(...centre);
      expect(m.radiusEdge).toBeCloseTo(radius / Math.sqrt(Math.min(...lengths2)), 6);
      const sum2 = lengths2.reduce((a, b) => a + b, 0);
      expect(m.meanRatio).toBeCloseTo((12 * (3 * Math.abs(volume)) ** (2 / 3)) / sum2, 10);
      checked++;
    }
    expect(checked).toBeGreaterThan(150);
  });
});
