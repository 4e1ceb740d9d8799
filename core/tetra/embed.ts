import { closestOnTriangle } from './closest-point.ts';

/**
 * Where each render vertex sits in a tet mesh: the containing tet (or, for a vertex outside
 * every tet, the nearest one) and its barycentric coordinates there. Deforming the tets then
 * moves the render vertex to Σ wᵢ xᵢ (linear skinning); outside vertices extrapolate (some
 * weight is negative).
 */
export interface Embedding {
  /** Per render vertex: the tet index. */
  tet: Uint32Array;
  /** Per render vertex: four barycentric weights (sum 1) for the tet's four vertices. */
  weights: Float32Array;
}

/** Points within this relative tolerance outside a tet still count as inside it. */
const INSIDE_TOLERANCE = 1e-7;
const scratch = new Float64Array(3);
const bary = new Float64Array(4);

/**
 * Embeds `points` (xyz interleaved, m) in the tet mesh. A uniform grid over the tets' boxes
 * finds candidate tets; a point outside all of them gets the tet at the smallest distance
 * (searching outward ring by ring until no closer tet can exist).
 */
export function embedPoints(
  positions: ArrayLike<number>,
  tets: ArrayLike<number>,
  points: ArrayLike<number>,
): Embedding {
  const tetCount = Math.floor(tets.length / 4);
  const pointCount = Math.floor(points.length / 3);
  const grid = TetGrid.build(positions, tets);
  const tetOut = new Uint32Array(pointCount);
  const weights = new Float32Array(4 * pointCount);
  if (tetCount === 0) return { tet: tetOut, weights };
  for (let i = 0; i < pointCount; i++) {
    const x = points[3 * i];
    const y = points[3 * i + 1];
    const z = points[3 * i + 2];
    let found = -1;
    for (const t of grid.candidates(x, y, z)) {
      if (
        barycentric(positions, tets, t, x, y, z, bary) &&
        Math.min(bary[0], bary[1], bary[2], bary[3]) >= -INSIDE_TOLERANCE
      ) {
        found = t;
        break;
      }
    }
    if (found < 0) found = grid.nearest(positions, tets, x, y, z);
    barycentric(positions, tets, found, x, y, z, bary);
    tetOut[i] = found;
    for (let k = 0; k < 4; k++) weights[4 * i + k] = bary[k];
  }
  return { tet: tetOut, weights };
}

/**
 * Moves render vertices with the tets: out[i] = Σ wᵢₖ · x(tet vertex k), from the current tet
 * positions (xyz interleaved). `out` holds 3 floats per embedded vertex.
 */
export function deformEmbedded(
  embedding: Embedding,
  tets: ArrayLike<number>,
  tetPositions: ArrayLike<number>,
  out: Float32Array | Float64Array,
): void {
  const n = embedding.tet.length;
  for (let i = 0; i < n; i++) {
    const t = embedding.tet[i];
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = 0; k < 4; k++) {
      const w = embedding.weights[4 * i + k];
      const v = 3 * tets[4 * t + k];
      x += w * tetPositions[v];
      y += w * tetPositions[v + 1];
      z += w * tetPositions[v + 2];
    }
    out[3 * i] = x;
    out[3 * i + 1] = y;
    out[3 * i + 2] = z;
  }
}

/** Barycentric coordinates of (x, y, z) in tet t; false for a degenerate tet. */
function barycentric(
  p: ArrayLike<number>,
  tets: ArrayLike<number>,
  t: number,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
): boolean {
  const a = 3 * tets[4 * t];
  const b = 3 * tets[4 * t + 1];
  const c = 3 * tets[4 * t + 2];
  const d = 3 * tets[4 * t + 3];
  const ux = p[b] - p[a];
  const uy = p[b + 1] - p[a + 1];
  const uz = p[b + 2] - p[a + 2];
  const vx = p[c] - p[a];
  const vy = p[c + 1] - p[a + 1];
  const vz = p[c + 2] - p[a + 2];
  const wx = p[d] - p[a];
  const wy = p[d + 1] - p[a + 1];
  const wz = p[d + 2] - p[a + 2];
  const qx = x - p[a];
  const qy = y - p[a + 1];
  const qz = z - p[a + 2];
  const det = ux * (vy * wz - vz * wy) - uy * (vx * wz - vz * wx) + uz * (vx * wy - vy * wx);
  if (det === 0) return false;
  // Cramer's rule for q = β u + γ v + δ w.
  const beta = (qx * (vy * wz - vz * wy) - qy * (vx * wz - vz * wx) + qz * (vx * wy - vy * wx)) / det;
  const gamma = (ux * (qy * wz - qz * wy) - uy * (qx * wz - qz * wx) + uz * (qx * wy - qy * wx)) / det;
  const delta = (ux * (vy * qz - vz * qy) - uy * (vx * qz - vz * qx) + uz * (vx * qy - vy * qx)) / det;
  out[0] = 1 - beta - gamma - delta;
  out[1] = beta;
  out[2] = gamma;
  out[3] = delta;
  return true;
}

const FACES = [
  [1, 2, 3],
  [0, 3, 2],
  [0, 1, 3],
  [0, 2, 1],
];

/** Distance from (x, y, z) to tet t (0 inside), m. */
function distanceToTet(
  p: ArrayLike<number>,
  tets: ArrayLike<number>,
  t: number,
  x: number,
  y: number,
  z: number,
): number {
  if (barycentric(p, tets, t, x, y, z, bary) && Math.min(bary[0], bary[1], bary[2], bary[3]) >= 0) return 0;
  let best = Infinity;
  for (const [i, j, k] of FACES) {
    const d2 = closestOnTriangle(
      p,
      3 * tets[4 * t + i],
      3 * tets[4 * t + j],
      3 * tets[4 * t + k],
      x,
      y,
      z,
      scratch,
    );
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

/** Uniform grid of tet bounding boxes. */
class TetGrid {
  /** Per cell: first index into `items` (cells in x-fastest order, plus an end entry). */
  private start = new Int32Array(2);
  /** Tet ids per cell. */
  private items = new Int32Array(0);

  private constructor(
    private readonly origin: [number, number, number],
    private readonly cell: number,
    private readonly dims: [number, number, number],
  ) {}

  static build(p: ArrayLike<number>, tets: ArrayLike<number>): TetGrid {
    const tetCount = Math.floor(tets.length / 4);
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < tets.length; i++) {
      const v = 3 * tets[i];
      for (let k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k], p[v + k]);
        hi[k] = Math.max(hi[k], p[v + k]);
      }
    }
    if (tetCount === 0) return new TetGrid([0, 0, 0], 1, [1, 1, 1]);
    const volume = Math.max((hi[0] - lo[0]) * (hi[1] - lo[1]) * (hi[2] - lo[2]), 1e-300);
    // About two tets per cell on average; a flat box gets larger cells so the count stays bounded.
    let cell = Math.max(
      Math.cbrt((2 * volume) / tetCount),
      1e-12 * Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]),
    );
    const dims: [number, number, number] = [1, 1, 1];
    for (;;) {
      for (let k = 0; k < 3; k++) dims[k] = Math.max(1, Math.ceil((hi[k] - lo[k]) / cell));
      if (dims[0] * dims[1] * dims[2] <= 4 * tetCount + 8) break;
      cell *= 1.26;
    }
    const origin: [number, number, number] = [lo[0], lo[1], lo[2]];
    const grid = new TetGrid(origin, cell, dims);
    const counts = new Int32Array(dims[0] * dims[1] * dims[2] + 1);
    const range = new Int32Array(6);
    for (let pass = 0; pass < 2; pass++) {
      for (let t = 0; t < tetCount; t++) {
        grid.tetRange(p, tets, t, range);
        for (let k = range[2]; k <= range[5]; k++) {
          for (let j = range[1]; j <= range[4]; j++) {
            for (let i = range[0]; i <= range[3]; i++) {
              const c = i + dims[0] * (j + dims[1] * k);
              if (pass === 0) counts[c + 1]++;
              else grid.items[grid.start[c] + counts[c]++] = t;
            }
          }
        }
      }
      if (pass === 0) {
        for (let c = 0; c + 1 < counts.length; c++) counts[c + 1] += counts[c];
        grid.start = counts.slice();
        grid.items = new Int32Array(counts[counts.length - 1]);
        counts.fill(0);
      }
    }
    return grid;
  }

  private cellOf(v: number, k: number): number {
    return Math.min(this.dims[k] - 1, Math.max(0, Math.floor((v - this.origin[k]) / this.cell)));
  }

  private tetRange(p: ArrayLike<number>, tets: ArrayLike<number>, t: number, out: Int32Array): void {
    for (let k = 0; k < 3; k++) {
      let lo = Infinity;
      let hi = -Infinity;
      for (let j = 0; j < 4; j++) {
        const v = p[3 * tets[4 * t + j] + k];
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      out[k] = this.cellOf(lo, k);
      out[3 + k] = this.cellOf(hi, k);
    }
  }

  /** Tets whose box overlaps the cell holding (x, y, z) (empty when outside the grid). */
  candidates(x: number, y: number, z: number): Int32Array {
    const c = [x, y, z];
    for (let k = 0; k < 3; k++) {
      const f = (c[k] - this.origin[k]) / this.cell;
      if (f < 0 || f > this.dims[k]) return EMPTY;
    }
    const cell = this.cellOf(x, 0) + this.dims[0] * (this.cellOf(y, 1) + this.dims[1] * this.cellOf(z, 2));
    return this.items.subarray(this.start[cell], this.start[cell + 1]);
  }

  /** Per tet: the last nearest() query that measured it (a tet spans several cells). */
  private seen = new Int32Array(0);
  private query = 0;

  /**
   * The tet nearest to (x, y, z), searching shells of cells outward from the nearest cell. A
   * tet is measured once per query, and only when its bounding box is nearer than the best so
   * far (the box distance is a lower bound of the tet's, at a fraction of its cost).
   */
  nearest(p: ArrayLike<number>, tets: ArrayLike<number>, x: number, y: number, z: number): number {
    const tetCount = Math.floor(tets.length / 4);
    if (this.seen.length < tetCount) this.seen = new Int32Array(tetCount);
    const query = ++this.query;
    const ci = this.cellOf(x, 0);
    const cj = this.cellOf(y, 1);
    const ck = this.cellOf(z, 2);
    // Distance from the point to the clamped cell (the point may be outside the grid).
    const outside = Math.hypot(
      Math.max(0, this.origin[0] - x, x - (this.origin[0] + this.dims[0] * this.cell)),
      Math.max(0, this.origin[1] - y, y - (this.origin[1] + this.dims[1] * this.cell)),
      Math.max(0, this.origin[2] - z, z - (this.origin[2] + this.dims[2] * this.cell)),
    );
    let best = -1;
    let bestDistance = Infinity;
    const [nx, ny, nz] = this.dims;
    const maxRing = Math.max(nx, ny, nz);
    for (let ring = 0; ring <= maxRing; ring++) {
      // Every tet in shells farther out is at least this far away.
      if (best >= 0 && outside + (ring - 1) * this.cell > bestDistance) break;
      for (let k = Math.max(0, ck - ring); k <= Math.min(nz - 1, ck + ring); k++) {
        const kOnShell = Math.abs(k - ck) === ring;
        for (let j = Math.max(0, cj - ring); j <= Math.min(ny - 1, cj + ring); j++) {
          // Off the shell's top and bottom faces only the two ends of each row are on it.
          const full = kOnShell || Math.abs(j - cj) === ring;
          const step = full || ring === 0 ? 1 : 2 * ring;
          for (let i = ci - ring; i <= ci + ring; i += step) {
            if (i < 0 || i >= nx) continue;
            const c = i + nx * (j + ny * k);
            for (let s = this.start[c]; s < this.start[c + 1]; s++) {
              const t = this.items[s];
              if (this.seen[t] === query) continue;
              this.seen[t] = query;
              if (boxDistance(p, tets, t, x, y, z) >= bestDistance) continue;
              const d = distanceToTet(p, tets, t, x, y, z);
              if (d < bestDistance) {
                bestDistance = d;
                best = t;
              }
            }
          }
        }
      }
    }
    return Math.max(0, best);
  }
}

/** Distance from (x, y, z) to the bounding box of tet t, m (at most its distance to the tet). */
function boxDistance(
  p: ArrayLike<number>,
  tets: ArrayLike<number>,
  t: number,
  x: number,
  y: number,
  z: number,
): number {
  const a = 3 * tets[4 * t];
  const b = 3 * tets[4 * t + 1];
  const c = 3 * tets[4 * t + 2];
  const d = 3 * tets[4 * t + 3];
  const dx = axisGap(x, p[a], p[b], p[c], p[d]);
  const dy = axisGap(y, p[a + 1], p[b + 1], p[c + 1], p[d + 1]);
  const dz = axisGap(z, p[a + 2], p[b + 2], p[c + 2], p[d + 2]);
  return Math.sqrt(dx * dx + dy * dy + dz * dz);
}

/** Distance from q to the interval spanned by a, b, c, d (0 within it). */
function axisGap(q: number, a: number, b: number, c: number, d: number): number {
  const lo = Math.min(a, b, c, d);
  const hi = Math.max(a, b, c, d);
  return q < lo ? lo - q : q > hi ? q - hi : 0;
}

const EMPTY = new Int32Array(0);
