import type { SurfaceSamples } from './surface-sampling.ts';

/**
 * Greedy Poisson-disk selection over a stream of candidate points: a candidate is accepted
 * unless an accepted point closer than `radius` faces the same way (unit normals less than
 * 120° apart; the two sides of a part thinner than the radius do not block each other).
 * Candidates offered first win, so the caller offers them in priority order. A hash grid with
 * cells of the radius finds the neighbours; only accepted points are stored.
 */
export class PoissonDiskSampler {
  private readonly grid = new Map<number, number[]>();
  private readonly pts: number[] = [];
  private readonly nrm: number[] = [];
  private readonly tri: number[] = [];
  private readonly feat: number[] = [];
  private readonly r2: number;

  constructor(private readonly radius: number) {
    this.r2 = radius * radius;
  }

  /** Offers a candidate on input triangle `triangle`; returns whether it was accepted. */
  offer(
    x: number,
    y: number,
    z: number,
    nx: number,
    ny: number,
    nz: number,
    triangle: number,
    feature: boolean,
  ): boolean {
    const ci = Math.floor(x / this.radius);
    const cj = Math.floor(y / this.radius);
    const ck = Math.floor(z / this.radius);
    const pts = this.pts;
    const nrm = this.nrm;
    for (let di = -1; di <= 1; di++) {
      for (let dj = -1; dj <= 1; dj++) {
        for (let dk = -1; dk <= 1; dk++) {
          const bucket = this.grid.get(cellKey(ci + di, cj + dj, ck + dk));
          if (!bucket) continue;
          for (const s of bucket) {
            const dx = pts[3 * s] - x;
            const dy = pts[3 * s + 1] - y;
            const dz = pts[3 * s + 2] - z;
            if (dx * dx + dy * dy + dz * dz >= this.r2) continue;
            if (nrm[3 * s] * nx + nrm[3 * s + 1] * ny + nrm[3 * s + 2] * nz > -0.5) return false;
          }
        }
      }
    }
    const id = this.tri.length;
    pts.push(x, y, z);
    nrm.push(nx, ny, nz);
    this.tri.push(triangle);
    this.feat.push(feature ? 1 : 0);
    const key = cellKey(ci, cj, ck);
    const bucket = this.grid.get(key);
    if (bucket) bucket.push(id);
    else this.grid.set(key, [id]);
    return true;
  }

  result(): SurfaceSamples {
    return {
      points: Float64Array.from(this.pts),
      normals: Float64Array.from(this.nrm),
      triangles: Int32Array.from(this.tri),
      feature: Uint8Array.from(this.feat),
      count: this.tri.length,
    };
  }
}

function cellKey(i: number, j: number, k: number): number {
  return (i * 73856093) ^ (j * 19349663) ^ (k * 83492791);
}
