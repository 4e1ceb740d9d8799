import { anyTriangleWithin, closestPoint, createClosestPoint } from './closest-point.ts';
import { createTetMeasures, measureTet } from './tet-geometry.ts';
import type { TriangleBvh } from './triangle-bvh.ts';

/** Quality of a tet mesh; every angle in degrees, volumes in m³, distances relative. */
export interface QualityReport {
  tetCount: number;
  vertexCount: number;
  minDihedralDeg: number;
  maxDihedralDeg: number;
  /** Largest circumradius / shortest-edge ratio (0.612 for the regular tet). */
  maxRadiusEdge: number;
  /** Mean of the normalised mean-ratio quality 12 (3V)^(2/3) / Σ edge²: 1 for a regular tet. */
  meanQuality: number;
  /** Smallest normalised mean ratio of any tet. */
  minQuality: number;
  /** Tets with signed volume ≤ 0 (must be 0). */
  invertedTets: number;
  /** Total tet volume, m³. */
  volume: number;
  /** volume / enclosed volume of the input surface; null unless the input is watertight. */
  volumeRatio: number | null;
  /**
   * Largest distance from the tet boundary (its vertices and points sampled on its triangles)
   * to the input surface, divided by the input's bounding-box diagonal; null without input.
   */
  surfaceDistance: number | null;
  /** Dihedral angles of all tets binned by `binDeg` from 0° to 180°. */
  dihedralHistogram: { binDeg: number; counts: number[] };
}

export interface QualityInput {
  /** Vertex positions, m, xyz interleaved. */
  positions: ArrayLike<number>;
  /** 4 vertex ids per tet. */
  tets: ArrayLike<number>;
  /** Boundary triangles, 3 ids each (for surfaceDistance). */
  surface?: ArrayLike<number>;
}

export interface ReferenceSurface {
  bvh: TriangleBvh;
  /** Bounding-box diagonal of the input surface, m. */
  diagonal: number;
  /** Enclosed volume, m³, when the input is watertight; otherwise null. */
  enclosedVolume: number | null;
}

const HISTOGRAM_BIN_DEG = 5;

/** Measures every tet; with a reference surface also the volume ratio and surface distance. */
export function measureQuality(mesh: QualityInput, reference?: ReferenceSurface): QualityReport {
  const p = mesh.positions;
  const t = mesh.tets;
  const tetCount = Math.floor(t.length / 4);
  const m = createTetMeasures();
  const counts = new Array<number>(Math.ceil(180 / HISTOGRAM_BIN_DEG)).fill(0);
  let minD = 180;
  let maxD = 0;
  let maxRE = 0;
  let sumQ = 0;
  let minQ = 1;
  let inverted = 0;
  let volume = 0;
  for (let k = 0; k < tetCount; k++) {
    measureTet(p, t[4 * k], t[4 * k + 1], t[4 * k + 2], t[4 * k + 3], m);
    if (!(m.volume > 0)) inverted++;
    volume += m.volume;
    minD = Math.min(minD, m.minDihedralDeg);
    maxD = Math.max(maxD, m.maxDihedralDeg);
    maxRE = Math.max(maxRE, m.radiusEdge);
    sumQ += m.meanRatio;
    minQ = Math.min(minQ, m.meanRatio);
    for (let e = 0; e < 6; e++) {
      const bin = Math.min(counts.length - 1, Math.floor(m.dihedralsDeg[e] / HISTOGRAM_BIN_DEG));
      counts[bin]++;
    }
  }
  let volumeRatio: number | null = null;
  let surfaceDistance: number | null = null;
  if (reference) {
    if (reference.enclosedVolume !== null && reference.enclosedVolume > 0) {
      volumeRatio = volume / reference.enclosedVolume;
    }
    if (mesh.surface) surfaceDistance = boundaryDistance(p, mesh.surface, reference);
  }
  return {
    tetCount,
    vertexCount: Math.floor(p.length / 3),
    minDihedralDeg: tetCount > 0 ? minD : 0,
    maxDihedralDeg: tetCount > 0 ? maxD : 0,
    maxRadiusEdge: maxRE,
    meanQuality: tetCount > 0 ? sumQ / tetCount : 0,
    minQuality: tetCount > 0 ? minQ : 0,
    invertedTets: inverted,
    volume,
    volumeRatio,
    surfaceDistance,
    dihedralHistogram: { binDeg: HISTOGRAM_BIN_DEG, counts },
  };
}

/** Barycentric sample points per boundary triangle: corners, edge midpoints, centroid, and more. */
const SAMPLES: readonly (readonly [number, number, number])[] = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
  [0.5, 0.5, 0],
  [0, 0.5, 0.5],
  [0.5, 0, 0.5],
  [1 / 3, 1 / 3, 1 / 3],
  [2 / 3, 1 / 6, 1 / 6],
  [1 / 6, 2 / 3, 1 / 6],
  [1 / 6, 1 / 6, 2 / 3],
];

/** Max distance from sample points of the boundary triangles to the reference, ÷ diagonal. */
function boundaryDistance(
  p: ArrayLike<number>,
  surface: ArrayLike<number>,
  reference: ReferenceSurface,
): number {
  const cp = createClosestPoint();
  let worst = 0;
  for (let f = 0; f + 2 < surface.length; f += 3) {
    const a = 3 * surface[f];
    const b = 3 * surface[f + 1];
    const c = 3 * surface[f + 2];
    for (const [u, v, w] of SAMPLES) {
      const x = u * p[a] + v * p[b] + w * p[c];
      const y = u * p[a + 1] + v * p[b + 1] + w * p[c + 1];
      const z = u * p[a + 2] + v * p[b + 2] + w * p[c + 2];
      // Only a point farther than the current worst matters: skip the exact query otherwise.
      if (anyTriangleWithin(reference.bvh, x, y, z, worst)) continue;
      closestPoint(reference.bvh, x, y, z, cp);
      if (cp.distance > worst) worst = cp.distance;
    }
  }
  return worst / reference.diagonal;
}
