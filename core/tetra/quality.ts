import { closestPoint, createClosestPoint, NearbyTriangleWithin } from './closest-point.ts';
import { createTetMeasures, measureTet } from './tet-geometry.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { surfaceQueriesOf } from './wasm-surface-queries.ts';
import { measureTetsInWasm, type TetAggregates } from './wasm-tet-quality.ts';

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
const HISTOGRAM_BINS = Math.ceil(180 / HISTOGRAM_BIN_DEG);

/**
 * The histogram bin of a dihedral angle from its cosine, with no arccosine (a third of the
 * report's time went to six of them per tet). An angle θ is in bin k when k·5° ≤ θ < (k+1)·5°
 * (180° in the last): the number of bin edges k·5°, k = 1…35, with cos θ ≤ cos(k·5°). The
 * cosine axis [−1, 1] is cut into COSINE_BUCKETS equal buckets, each narrower than the narrowest
 * bin (1 − cos 5° ≈ 0.0038 wide in cosine), so a bucket holds at most one edge: the bin is the
 * count of the edges in the buckets above, plus one when the cosine is at or below the edge in
 * its own bucket.
 */
const COSINE_BUCKETS = 2048;
/**
 * Bucket of a cosine in [−1, 1] (truncation is the floor there); monotone, so an edge in a higher
 * bucket has a higher cosine.
 */
function cosineBucket(cos: number): number {
  const bucket = ((cos + 1) * (COSINE_BUCKETS / 2)) | 0;
  return bucket < COSINE_BUCKETS ? bucket : COSINE_BUCKETS - 1;
}
/** Per bucket: the bin edges in the buckets above it, and the cosine of its own edge (or −∞). */
const edgesAbove = new Uint8Array(COSINE_BUCKETS);
const bucketEdgeCosine = new Float64Array(COSINE_BUCKETS).fill(-Infinity);
for (let k = 1; k < HISTOGRAM_BINS; k++) {
  const cos = Math.cos(((k * HISTOGRAM_BIN_DEG) / 180) * Math.PI);
  const bucket = cosineBucket(cos);
  if (bucketEdgeCosine[bucket] !== -Infinity) throw new Error('quality: two histogram edges share a bucket');
  bucketEdgeCosine[bucket] = cos;
  for (let below = 0; below < bucket; below++) edgesAbove[below]++;
}

const degreesOfCosine = (cos: number) => (Math.acos(cos) * 180) / Math.PI;

function histogramBinOfCosine(cos: number): number {
  const bucket = cosineBucket(cos);
  return edgesAbove[bucket] + (cos <= bucketEdgeCosine[bucket] ? 1 : 0);
}

/**
 * The pass over every tet: quality.ts's JS loop, the reference that wasm-tet-quality.ts follows
 * float for float and the fallback where WebAssembly is missing.
 */
export function measureTetsJs(p: ArrayLike<number>, t: ArrayLike<number>, tetCount: number): TetAggregates {
  const m = createTetMeasures();
  const counts = new Int32Array(HISTOGRAM_BINS);
  // Cosines of the smallest and the largest angle so far.
  let maxCos = -1;
  let minCos = 1;
  let maxRE = 0;
  let sumQ = 0;
  let minQ = 1;
  let inverted = 0;
  let volume = 0;
  for (let k = 0; k < tetCount; k++) {
    measureTet(p, t[4 * k], t[4 * k + 1], t[4 * k + 2], t[4 * k + 3], m);
    if (!(m.volume > 0)) inverted++;
    volume += m.volume;
    if (m.minDihedralCosine > maxCos) maxCos = m.minDihedralCosine;
    if (m.maxDihedralCosine < minCos) minCos = m.maxDihedralCosine;
    maxRE = Math.max(maxRE, m.radiusEdge);
    sumQ += m.meanRatio;
    minQ = Math.min(minQ, m.meanRatio);
    for (let e = 0; e < 6; e++) counts[histogramBinOfCosine(m.dihedralCosines[e])]++;
  }
  return {
    volume,
    maxCos,
    minCos,
    maxRadiusEdge: maxRE,
    sumQuality: sumQ,
    minQuality: minQ,
    inverted,
    counts,
  };
}

/** The pass over every tet, in WebAssembly where it loads. */
export function measureTets(p: ArrayLike<number>, t: ArrayLike<number>, tetCount: number): TetAggregates {
  return (
    measureTetsInWasm(p, t, tetCount, edgesAbove, bucketEdgeCosine, HISTOGRAM_BINS) ??
    measureTetsJs(p, t, tetCount)
  );
}

/** Measures every tet; with a reference surface also the volume ratio and surface distance. */
export function measureQuality(mesh: QualityInput, reference?: ReferenceSurface): QualityReport {
  const p = mesh.positions;
  const t = mesh.tets;
  const tetCount = Math.floor(t.length / 4);
  const { volume, maxCos, minCos, maxRadiusEdge, sumQuality, minQuality, inverted, counts } = measureTets(
    p,
    t,
    tetCount,
  );
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
    minDihedralDeg: tetCount > 0 ? degreesOfCosine(maxCos) : 0,
    maxDihedralDeg: tetCount > 0 ? degreesOfCosine(minCos) : 0,
    maxRadiusEdge,
    meanQuality: tetCount > 0 ? sumQuality / tetCount : 0,
    minQuality: tetCount > 0 ? minQuality : 0,
    invertedTets: inverted,
    volume,
    volumeRatio,
    surfaceDistance,
    dihedralHistogram: { binDeg: HISTOGRAM_BIN_DEG, counts: Array.from(counts) },
  };
}

/**
 * Barycentric sample points per boundary triangle besides its corners (measured once per
 * vertex): edge midpoints, centroid, and the midpoints between centroid and corners; u, v, w
 * interleaved.
 */
const SAMPLES = Float64Array.from([
  0.5,
  0.5,
  0,
  0,
  0.5,
  0.5,
  0.5,
  0,
  0.5,
  1 / 3,
  1 / 3,
  1 / 3,
  2 / 3,
  1 / 6,
  1 / 6,
  1 / 6,
  2 / 3,
  1 / 6,
  1 / 6,
  1 / 6,
  2 / 3,
]);

/**
 * Max distance from the boundary vertices and sample points of the boundary triangles to the
 * reference, ÷ diagonal: in WebAssembly where it loads (wasm-surface-queries.ts, the same number to
 * the bit), else boundaryDistanceJs.
 */
function boundaryDistance(
  p: ArrayLike<number>,
  surface: ArrayLike<number>,
  reference: ReferenceSurface,
): number {
  const wasm = surfaceQueriesOf(reference.bvh);
  if (wasm) return wasm.boundaryDistance(p, surface) / reference.diagonal;
  return boundaryDistanceJs(p, surface, reference);
}

/** boundaryDistance in JS: the reference the module follows, and the fallback. */
export function boundaryDistanceJs(
  p: ArrayLike<number>,
  surface: ArrayLike<number>,
  reference: ReferenceSurface,
): number {
  const probe = new SurfaceProbe(reference.bvh);
  const seen = new Uint8Array(Math.floor(p.length / 3));
  const ids = surface.length - (surface.length % 3);
  for (let f = 0; f < ids; f++) {
    const v = surface[f];
    if (seen[v]) continue;
    seen[v] = 1;
    probe.offer(p[3 * v], p[3 * v + 1], p[3 * v + 2]);
  }
  for (let f = 0; f + 2 < surface.length; f += 3) {
    const a = 3 * surface[f];
    const b = 3 * surface[f + 1];
    const c = 3 * surface[f + 2];
    for (let s = 0; s < SAMPLES.length; s += 3) {
      const u = SAMPLES[s];
      const v = SAMPLES[s + 1];
      const w = SAMPLES[s + 2];
      probe.offer(
        u * p[a] + v * p[b] + w * p[c],
        u * p[a + 1] + v * p[b + 1] + w * p[c + 1],
        u * p[a + 2] + v * p[b + 2] + w * p[c + 2],
      );
    }
  }
  return probe.worst / reference.diagonal;
}

/**
 * The largest distance to the reference surface of the points offered, m. Only a point farther
 * than the current worst matters: the triangle closest to the previous point (usually close to
 * this one too) bounds its distance from above, and when that bound is not past the worst the
 * point is skipped; otherwise the exact query searches only within that bound. The result is
 * the exact maximum, with a fraction of the BVH searches.
 */
class SurfaceProbe {
  worst = 0;
  private readonly bvh: TriangleBvh;
  private readonly cp = createClosestPoint();
  /** The triangle closest to (or within the worst distance of) the previous point, tried first. */
  private readonly within: NearbyTriangleWithin;

  constructor(bvh: TriangleBvh) {
    this.bvh = bvh;
    this.within = new NearbyTriangleWithin(bvh);
  }

  offer(x: number, y: number, z: number): void {
    // A triangle within the worst distance settles the point, and is a better hint for the next.
    if (this.within.find(x, y, z, this.worst) >= 0) return;
    // Else the hint's distance bounds the exact search.
    const cp = closestPoint(this.bvh, x, y, z, this.cp, this.within.hintDistance);
    if (cp.triangle >= 0) this.within.triangle = cp.triangle;
    if (cp.distance > this.worst) this.worst = cp.distance;
  }
}
