import type { TriangleBvh } from './triangle-bvh.ts';

/** Cells per triangle aimed for (the grid has about this many times as many cells as triangles). */
const CELLS_PER_TRIANGLE = 2;
/** Most cells along an axis. */
const MAX_CELLS_PER_AXIS = 128;

/**
 * A uniform grid over the triangles of a TriangleBvh: each cell lists the triangles whose bounding
 * box overlaps it. A query about a short segment (the tetrahedralizer's neighbouring centroids and
 * lattice points, a few cells long) reads the few cells around it instead of walking the BVH from
 * its root. The cells are cubes as far as the grid's box allows, about CELLS_PER_TRIANGLE per
 * triangle; a triangle spanning many cells is listed in each.
 */
export class TriangleGrid {
  /** Grid box min corner, m, and cell size per axis, m. */
  readonly origin: Float64Array;
  readonly cellSize: Float64Array;
  /** Cells per axis. */
  readonly cells: Int32Array;
  /**
   * How far (m) a query widens its box before it takes the cells: 1e-8 of the largest cell, far
   * more than the slack of the tests it runs on the triangles found, far less than a cell.
   */
  readonly queryMargin: number;
  /**
   * Per triangle: its bounding box (min xyz, max xyz; m) widened by 1e-8 of its largest side plus
   * queryMargin, so a query can pass over a listed triangle it cannot reach without testing it: no
   * point within the tests' relative slack of the triangle lies outside.
   */
  readonly triangleBox: Float64Array;
  /** Cell c's triangles are list[start[c] … start[c + 1]); cell index (k·ny + j)·nx + i. */
  readonly start: Int32Array;
  readonly list: Int32Array;
  /** The triangles `candidates` found (its count of them are valid). */
  found = new Int32Array(64);
  /** Per triangle: the query that last listed it (a triangle in several cells is listed once). */
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The running query's cell range: i0, j0, k0, i1, j1, k1. */
  private readonly range = new Int32Array(6);

  constructor(bvh: TriangleBvh) {
    const p = bvh.positions;
    const ix = bvh.indices;
    const triangles = ix.length / 3;
    const lo = [bvh.box[0], bvh.box[1], bvh.box[2]];
    const size = [bvh.box[3] - lo[0], bvh.box[4] - lo[1], bvh.box[5] - lo[2]];
    const largest = Math.max(size[0], size[1], size[2], Number.MIN_VALUE);
    // A margin of a millionth of the box: points on its faces fall inside.
    const margin = 1e-6 * largest;
    const volume = (size[0] + 2 * margin) * (size[1] + 2 * margin) * (size[2] + 2 * margin);
    const edge = Math.cbrt(volume / Math.max(1, CELLS_PER_TRIANGLE * triangles));
    this.origin = Float64Array.from(lo, (v) => v - margin);
    this.cells = Int32Array.from(size, (s) =>
      Math.max(1, Math.min(MAX_CELLS_PER_AXIS, Math.ceil((s + 2 * margin) / edge))),
    );
    this.cellSize = Float64Array.from(size, (s, a) => (s + 2 * margin) / this.cells[a]);
    this.queryMargin = 1e-8 * Math.max(this.cellSize[0], this.cellSize[1], this.cellSize[2]);
    const [nx, ny, nz] = this.cells;
    const cellCount = nx * ny * nz;
    // Each triangle's cell range (min i, j, k, max i, j, k): counted, then listed.
    const ranges = new Int32Array(6 * triangles);
    const counts = new Int32Array(cellCount + 1);
    const boxes = new Float64Array(6 * triangles);
    for (let t = 0; t < triangles; t++) {
      let side = 0;
      for (let a = 0; a < 3; a++) {
        const u = p[3 * ix[3 * t] + a];
        const v = p[3 * ix[3 * t + 1] + a];
        const w = p[3 * ix[3 * t + 2] + a];
        boxes[6 * t + a] = Math.min(u, v, w);
        boxes[6 * t + 3 + a] = Math.max(u, v, w);
        side = Math.max(side, boxes[6 * t + 3 + a] - boxes[6 * t + a]);
        ranges[6 * t + a] = this.cellOf(boxes[6 * t + a], a);
        ranges[6 * t + 3 + a] = this.cellOf(boxes[6 * t + 3 + a], a);
      }
      const widen = 1e-8 * side + this.queryMargin;
      for (let a = 0; a < 3; a++) {
        boxes[6 * t + a] -= widen;
        boxes[6 * t + 3 + a] += widen;
      }
      for (let k = ranges[6 * t + 2]; k <= ranges[6 * t + 5]; k++)
        for (let j = ranges[6 * t + 1]; j <= ranges[6 * t + 4]; j++)
          for (let i = ranges[6 * t]; i <= ranges[6 * t + 3]; i++) counts[(k * ny + j) * nx + i + 1]++;
    }
    for (let c = 0; c < cellCount; c++) counts[c + 1] += counts[c];
    this.start = counts;
    this.list = new Int32Array(counts[cellCount]);
    const fill = counts.slice(0, cellCount);
    for (let t = 0; t < triangles; t++) {
      for (let k = ranges[6 * t + 2]; k <= ranges[6 * t + 5]; k++)
        for (let j = ranges[6 * t + 1]; j <= ranges[6 * t + 4]; j++)
          for (let i = ranges[6 * t]; i <= ranges[6 * t + 3]; i++)
            this.list[fill[(k * ny + j) * nx + i]++] = t;
    }
    this.seen = new Uint32Array(triangles);
    this.triangleBox = boxes;
  }

  /** The cell along `axis` holding coordinate v (m), clamped to the grid. */
  cellOf(v: number, axis: number): number {
    const c = Math.floor((v - this.origin[axis]) / this.cellSize[axis]);
    return c < 0 ? 0 : c >= this.cells[axis] ? this.cells[axis] - 1 : c;
  }

  /**
   * The triangles listed in the cells that `box` (min xyz, max xyz; m) overlaps, each once, into
   * `found` (grown as needed); returns how many, or −1 when the box spans more than `maxCells`
   * cells or they list more than `maxEntries` triangles (a triangle in several counted in each).
   */
  candidates(box: Float64Array, maxCells: number, maxEntries: number): number {
    const range = this.range;
    for (let a = 0; a < 3; a++) {
      range[a] = this.cellOf(box[a], a);
      range[3 + a] = this.cellOf(box[3 + a], a);
    }
    if ((range[3] - range[0] + 1) * (range[4] - range[1] + 1) * (range[5] - range[2] + 1) > maxCells)
      return -1;
    const nx = this.cells[0];
    const ny = this.cells[1];
    let entries = 0;
    for (let k = range[2]; k <= range[5]; k++)
      for (let j = range[1]; j <= range[4]; j++) {
        const row = (k * ny + j) * nx;
        entries += this.start[row + range[3] + 1] - this.start[row + range[0]];
      }
    if (entries > maxEntries) return -1;
    if (this.found.length < entries) this.found = new Int32Array(2 * entries);
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    let count = 0;
    for (let k = range[2]; k <= range[5]; k++)
      for (let j = range[1]; j <= range[4]; j++) {
        const row = (k * ny + j) * nx;
        // A row's cells are consecutive: their lists are one run of `list`.
        for (let m = this.start[row + range[0]]; m < this.start[row + range[3] + 1]; m++) {
          const t = this.list[m];
          if (this.seen[t] === this.stamp) continue;
          this.seen[t] = this.stamp;
          this.found[count++] = t;
        }
      }
    return count;
  }
}

const grids = new WeakMap<TriangleBvh, TriangleGrid>();

/**
 * The grid over `bvh`'s triangles, built on first use and kept while the BVH lives (its triangles
 * do not move, as its boxes already assume).
 */
export function triangleGridOf(bvh: TriangleBvh): TriangleGrid {
  let grid = grids.get(bvh);
  if (!grid) {
    grid = new TriangleGrid(bvh);
    grids.set(bvh, grid);
  }
  return grid;
}
