import { trianglesIntersect, trianglesOverlapAtCorner } from './exact.ts';

/** Cells allowed per triangle considered, bounding the grid's memory. */
const cellsPerTriangle = 4;

/**
 * Counts pairs of triangles that intersect although they are not neighbours: pairs
 * sharing an edge (or all three vertices) are skipped; pairs sharing one vertex count
 * only if they meet somewhere other than that vertex; pairs sharing nothing count if
 * they touch at all. Triangles with `skip[t]` set (degenerate ones) are left out.
 *
 * Broad phase: a uniform grid over triangle bounding boxes, each pair tested once (in
 * the cell holding the low corner of the overlap of their boxes). Narrow phase: the
 * exact predicates in exact.ts. `positions`/`indices` must be welded, so that "shares a
 * vertex" means "same index".
 */
export function countSelfIntersections(
  positions: Float32Array,
  indices: Uint32Array,
  skip: Uint8Array,
): number {
  const all = indices.length / 3;
  const tris: number[] = [];
  for (let t = 0; t < all; t++) if (!skip[t]) tris.push(t);
  const n = tris.length;
  if (n < 2) return 0;

  const box = new Float64Array(6 * n); // minx, miny, minz, maxx, maxy, maxz per entry
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  let extentSum = 0;
  for (let i = 0; i < n; i++) {
    const t = tris[i];
    let extent = 0;
    for (let axis = 0; axis < 3; axis++) {
      const a = positions[3 * indices[3 * t] + axis];
      const b = positions[3 * indices[3 * t + 1] + axis];
      const c = positions[3 * indices[3 * t + 2] + axis];
      const min = Math.min(a, b, c);
      const max = Math.max(a, b, c);
      box[6 * i + axis] = min;
      box[6 * i + 3 + axis] = max;
      lo[axis] = Math.min(lo[axis], min);
      hi[axis] = Math.max(hi[axis], max);
      extent = Math.max(extent, max - min);
    }
    extentSum += extent;
  }

  // Cell size about the mean triangle size, grown until the grid fits the memory bound.
  let cell = Math.max((extentSum / n) * 1.5, 1e-30);
  const dims = [1, 1, 1];
  for (;;) {
    for (let axis = 0; axis < 3; axis++) dims[axis] = Math.max(1, Math.ceil((hi[axis] - lo[axis]) / cell));
    if (dims[0] * dims[1] * dims[2] <= cellsPerTriangle * n + 64) break;
    cell *= 1.5;
  }
  const cellOf = (axis: number, x: number) =>
    Math.min(dims[axis] - 1, Math.max(0, Math.floor((x - lo[axis]) / cell)));

  // Compressed cell lists: count, prefix sum, fill.
  const cellCount = dims[0] * dims[1] * dims[2];
  const start = new Uint32Array(cellCount + 1);
  const visitCells = (i: number, visit: (c: number) => void) => {
    const x0 = cellOf(0, box[6 * i]);
    const y0 = cellOf(1, box[6 * i + 1]);
    const z0 = cellOf(2, box[6 * i + 2]);
    const x1 = cellOf(0, box[6 * i + 3]);
    const y1 = cellOf(1, box[6 * i + 4]);
    const z1 = cellOf(2, box[6 * i + 5]);
    for (let z = z0; z <= z1; z++) {
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) visit((z * dims[1] + y) * dims[0] + x);
      }
    }
  };
  for (let i = 0; i < n; i++) visitCells(i, (c) => start[c + 1]++);
  for (let c = 0; c < cellCount; c++) start[c + 1] += start[c];
  const fill = start.slice(0, cellCount);
  const entries = new Uint32Array(start[cellCount]);
  for (let i = 0; i < n; i++) visitCells(i, (c) => (entries[fill[c]++] = i));

  const t1 = new Uint32Array(3);
  const t2 = new Uint32Array(3);
  let count = 0;
  for (let c = 0; c < cellCount; c++) {
    const cx = c % dims[0];
    const cy = Math.floor(c / dims[0]) % dims[1];
    const cz = Math.floor(c / (dims[0] * dims[1]));
    for (let p = start[c]; p < start[c + 1]; p++) {
      const i = entries[p];
      for (let q = p + 1; q < start[c + 1]; q++) {
        const j = entries[q];
        const mx = Math.max(box[6 * i], box[6 * j]);
        const my = Math.max(box[6 * i + 1], box[6 * j + 1]);
        const mz = Math.max(box[6 * i + 2], box[6 * j + 2]);
        if (mx > Math.min(box[6 * i + 3], box[6 * j + 3])) continue;
        if (my > Math.min(box[6 * i + 4], box[6 * j + 4])) continue;
        if (mz > Math.min(box[6 * i + 5], box[6 * j + 5])) continue;
        if (cellOf(0, mx) !== cx || cellOf(1, my) !== cy || cellOf(2, mz) !== cz) continue;
        if (pairIntersects(positions, indices, tris[i], tris[j], t1, t2)) count++;
      }
    }
  }
  return count;
}

function pairIntersects(
  positions: Float32Array,
  indices: Uint32Array,
  a: number,
  b: number,
  t1: Uint32Array,
  t2: Uint32Array,
): boolean {
  for (let k = 0; k < 3; k++) {
    t1[k] = indices[3 * a + k];
    t2[k] = indices[3 * b + k];
  }
  let shared = 0;
  let i1 = -1;
  let i2 = -1;
  for (let k = 0; k < 3; k++) {
    for (let m = 0; m < 3; m++) {
      if (t1[k] === t2[m]) {
        shared++;
        i1 = k;
        i2 = m;
      }
    }
  }
  if (shared >= 2) return false;
  if (shared === 1) return trianglesOverlapAtCorner(positions, t1, i1, t2, i2);
  return trianglesIntersect(positions, t1, t2);
}
