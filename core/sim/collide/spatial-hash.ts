/**
 * A dense spatial hash of points (Teschner et al. 2003, "Optimized Spatial Hashing for Collision
 * Detection of Deformable Objects"; the array layout of Ten Minute Physics, lesson 11): cells of
 * `spacingM` hashed into a table of twice the point count, points sorted by cell with a counting
 * sort, so a query of radius ≤ spacing walks 27 cells without allocating. Rebuilt from scratch
 * by `build`, which may change the spacing.
 */
export class SpatialHash {
  spacingM = 1;
  private readonly tableSize: number;
  /** cellStart[h] … cellStart[h + 1] index `entries` for hash cell h. */
  private readonly cellStart: Int32Array;
  private readonly entries: Int32Array;
  /** Results of the last `query`: point ids, `queryCount` of them. */
  readonly found: Int32Array;
  queryCount = 0;
  /** Per hash bucket, the last query that walked it: cells that share a bucket are read once. */
  private readonly visited: Int32Array;
  private queryStamp = 0;

  constructor(maxPoints: number) {
    this.tableSize = 2 * maxPoints + 1;
    this.cellStart = new Int32Array(this.tableSize + 1);
    this.entries = new Int32Array(maxPoints);
    this.found = new Int32Array(maxPoints);
    this.visited = new Int32Array(this.tableSize).fill(-1);
  }

  private hash(ix: number, iy: number, iz: number): number {
    const h = Math.imul(ix, 92837111) ^ Math.imul(iy, 689287499) ^ Math.imul(iz, 283923481);
    return Math.abs(h) % this.tableSize;
  }

  private cell(coordinate: number): number {
    return Math.floor(coordinate / this.spacingM);
  }

  /** Hashes points [from, from + count) of `x` (xyz interleaved, m) in cells of `spacingM`; ids are 0 … count − 1. */
  build(x: Float64Array, from: number, count: number, spacingM: number): void {
    this.spacingM = spacingM;
    const start = this.cellStart;
    start.fill(0);
    for (let i = 0; i < count; i++) {
      const p = 3 * (from + i);
      start[this.hash(this.cell(x[p]), this.cell(x[p + 1]), this.cell(x[p + 2]))]++;
    }
    let sum = 0;
    for (let h = 0; h < this.tableSize; h++) {
      sum += start[h];
      start[h] = sum;
    }
    start[this.tableSize] = sum;
    for (let i = 0; i < count; i++) {
      const p = 3 * (from + i);
      const h = this.hash(this.cell(x[p]), this.cell(x[p + 1]), this.cell(x[p + 2]));
      this.entries[--start[h]] = i;
    }
  }

  /**
   * Collects into `found` every hashed point in the cells within `radiusM` of (px, py, pz) (a
   * superset), each once: a bucket several of the cells hash to is read once, so `found` (one
   * slot per point) cannot overflow and drop points.
   */
  query(px: number, py: number, pz: number, radiusM: number): number {
    const x0 = this.cell(px - radiusM);
    const y0 = this.cell(py - radiusM);
    const z0 = this.cell(pz - radiusM);
    const x1 = this.cell(px + radiusM);
    const y1 = this.cell(py + radiusM);
    const z1 = this.cell(pz + radiusM);
    let n = 0;
    const stamp = ++this.queryStamp;
    for (let ix = x0; ix <= x1; ix++) {
      for (let iy = y0; iy <= y1; iy++) {
        for (let iz = z0; iz <= z1; iz++) {
          const h = this.hash(ix, iy, iz);
          if (this.visited[h] === stamp) continue;
          this.visited[h] = stamp;
          for (let k = this.cellStart[h]; k < this.cellStart[h + 1]; k++) {
            if (n < this.found.length) this.found[n++] = this.entries[k];
          }
        }
      }
    }
    this.queryCount = n;
    return n;
  }
}
