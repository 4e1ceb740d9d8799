import type { TriangleBvh } from './triangle-bvh.ts';
import { triangleGridOf } from './triangle-grid.ts';
import { surfaceQueriesOf } from './wasm-surface-queries.ts';

/** Result of a closest-point query; reused between calls to avoid allocation. */
export interface ClosestPoint {
  /** Closest point on the surface, m. */
  x: number;
  y: number;
  z: number;
  /** Distance from the query point, m. */
  distance: number;
  /** Triangle id holding the closest point. */
  triangle: number;
}

export function createClosestPoint(): ClosestPoint {
  return { x: 0, y: 0, z: 0, distance: Infinity, triangle: -1 };
}

/**
 * A segment or ball whose box spans at most MAX_GRID_CELLS cells of the triangle grid
 * (triangle-grid.ts), listing at most MAX_GRID_ENTRIES triangles there, is answered from the grid
 * by testing each of them; a larger one from the BVH, whose boxes prune more where a query reaches
 * many triangles. Measured on Fox (576 triangles): 200,000 random segments a twentieth of its box
 * long took 45 ms against 84 through the BVH alone, and a whole tetrahedralization at 11k tets
 * 0.88–0.90 of the time (paired runs); on the corpus's finer meshes the two ways are within the
 * machine's noise (0.94–0.99).
 */
const MAX_GRID_CELLS = 27;
const MAX_GRID_ENTRIES = 128;
/** Box (min xyz, max xyz) of the running grid query. */
const gridBox = new Float64Array(6);

const stack = new Int32Array(256);
/** Closest point on a triangle (0…2) and its squared distance (3): see triangleDistance2. */
const tri = new Float64Array(4);
/** The query point of the running search (0…2) and its radius or distance bound (3). */
const query = new Float64Array(4);
/** The segment of the running segmentWindingChange: from (0…2) to (3…5). */
const segment = new Float64Array(6);
/** tri for closestOnTriangle, whose callers' `out` holds 3 numbers. */
const single = new Float64Array(4);

/**
 * Closest point on the triangles of `bvh` to q, searching only within `maxDistance` (m);
 * `out.triangle` is −1 when nothing is that close. Branch and bound on box distances, nearer
 * child first.
 */
export function closestPoint(
  bvh: TriangleBvh,
  qx: number,
  qy: number,
  qz: number,
  out: ClosestPoint,
  maxDistance = Infinity,
): ClosestPoint {
  const wasm = surfaceQueriesOf(bvh);
  return wasm
    ? wasm.closestPoint(qx, qy, qz, out, maxDistance)
    : closestPointJs(bvh, qx, qy, qz, out, maxDistance);
}

/**
 * closestPoint in JS: the reference that wasm-surface-queries.ts follows float for float, and the
 * fallback where WebAssembly is missing. Likewise triangleWithinJs and segmentWindingChangeJs.
 */
export function closestPointJs(
  bvh: TriangleBvh,
  qx: number,
  qy: number,
  qz: number,
  out: ClosestPoint,
  maxDistance = Infinity,
): ClosestPoint {
  // A wrapper small enough to be inlined, so that the doubles reach the search through an
  // array and are not boxed (see triangleDistance2); likewise for the queries below.
  query[0] = qx;
  query[1] = qy;
  query[2] = qz;
  query[3] = maxDistance;
  return closestPointOfQuery(bvh, out);
}

/** closestPoint for the point query[0..2] within query[3]. */
function closestPointOfQuery(bvh: TriangleBvh, out: ClosestPoint): ClosestPoint {
  const qx = query[0];
  const qy = query[1];
  const qz = query[2];
  const maxDistance = query[3];
  let best = maxDistance * maxDistance;
  out.triangle = -1;
  out.distance = maxDistance;
  let top = 0;
  stack[top++] = 0;
  const p = bvh.positions;
  const ix = bvh.indices;
  while (top > 0) {
    const n = stack[--top];
    if (boxDistance2(bvh.box, n, qx, qy, qz) >= best) continue;
    const l = bvh.left[n];
    if (l >= 0) {
      const r = bvh.right[n];
      const dl = boxDistance2(bvh.box, l, qx, qy, qz);
      const dr = boxDistance2(bvh.box, r, qx, qy, qz);
      if (dl < dr) {
        if (dr < best) stack[top++] = r;
        if (dl < best) stack[top++] = l;
      } else {
        if (dl < best) stack[top++] = l;
        if (dr < best) stack[top++] = r;
      }
      continue;
    }
    const end = bvh.start[n] + bvh.count[n];
    for (let k = bvh.start[n]; k < end; k++) {
      const t = bvh.order[k];
      triangleDistance2(p, 3 * ix[3 * t], 3 * ix[3 * t + 1], 3 * ix[3 * t + 2], query, tri);
      const d2 = tri[3];
      if (d2 < best) {
        best = d2;
        out.x = tri[0];
        out.y = tri[1];
        out.z = tri[2];
        out.triangle = t;
      }
    }
  }
  if (out.triangle >= 0) out.distance = Math.sqrt(best);
  return out;
}

function boxDistance2(box: Float64Array, n: number, x: number, y: number, z: number): number {
  const b = 6 * n;
  const dx = x < box[b] ? box[b] - x : x > box[b + 3] ? x - box[b + 3] : 0;
  const dy = y < box[b + 1] ? box[b + 1] - y : y > box[b + 4] ? y - box[b + 4] : 0;
  const dz = z < box[b + 2] ? box[b + 2] - z : z > box[b + 5] ? z - box[b + 5] : 0;
  return dx * dx + dy * dy + dz * dz;
}

/**
 * Closest point on triangle (a, b, c) (float offsets into p) to q, written to out; returns
 * the squared distance. Voronoi-region method (Ericson, Real-Time Collision Detection §5.1.5).
 */
export function closestOnTriangle(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  qx: number,
  qy: number,
  qz: number,
  out: Float64Array,
): number {
  query[0] = qx;
  query[1] = qy;
  query[2] = qz;
  triangleDistance2(p, a, b, c, query, single);
  out[0] = single[0];
  out[1] = single[1];
  out[2] = single[2];
  return single[3];
}

/**
 * closestOnTriangle for the query point q[0..2]: the closest point goes to out[0..2] and the
 * squared distance to out[3]. Doubles pass through arrays, not arguments or the return value,
 * because a call V8 does not inline boxes each double on the heap (the BVH queries below make
 * hundreds of thousands of these calls per meshing run).
 */
function triangleDistance2(
  p: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  q: Float64Array,
  out: Float64Array,
): void {
  const qx = q[0];
  const qy = q[1];
  const qz = q[2];
  const ax = p[a];
  const ay = p[a + 1];
  const az = p[a + 2];
  const abx = p[b] - ax;
  const aby = p[b + 1] - ay;
  const abz = p[b + 2] - az;
  const acx = p[c] - ax;
  const acy = p[c + 1] - ay;
  const acz = p[c + 2] - az;
  const apx = qx - ax;
  const apy = qy - ay;
  const apz = qz - az;
  const d1 = abx * apx + aby * apy + abz * apz;
  const d2 = acx * apx + acy * apy + acz * apz;
  let rx: number;
  let ry: number;
  let rz: number;
  if (d1 <= 0 && d2 <= 0) {
    rx = ax;
    ry = ay;
    rz = az;
  } else {
    const bpx = qx - p[b];
    const bpy = qy - p[b + 1];
    const bpz = qz - p[b + 2];
    const d3 = abx * bpx + aby * bpy + abz * bpz;
    const d4 = acx * bpx + acy * bpy + acz * bpz;
    const cpx = qx - p[c];
    const cpy = qy - p[c + 1];
    const cpz = qz - p[c + 2];
    const d5 = abx * cpx + aby * cpy + abz * cpz;
    const d6 = acx * cpx + acy * cpy + acz * cpz;
    const vc = d1 * d4 - d3 * d2;
    const vb = d5 * d2 - d1 * d6;
    const va = d3 * d6 - d5 * d4;
    if (d3 >= 0 && d4 <= d3) {
      rx = p[b];
      ry = p[b + 1];
      rz = p[b + 2];
    } else if (d6 >= 0 && d5 <= d6) {
      rx = p[c];
      ry = p[c + 1];
      rz = p[c + 2];
    } else if (vc <= 0 && d1 >= 0 && d3 <= 0) {
      const v = d1 / (d1 - d3);
      rx = ax + v * abx;
      ry = ay + v * aby;
      rz = az + v * abz;
    } else if (vb <= 0 && d2 >= 0 && d6 <= 0) {
      const w = d2 / (d2 - d6);
      rx = ax + w * acx;
      ry = ay + w * acy;
      rz = az + w * acz;
    } else if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
      const w = (d4 - d3) / (d4 - d3 + (d5 - d6));
      rx = p[b] + w * (p[c] - p[b]);
      ry = p[b + 1] + w * (p[c + 1] - p[b + 1]);
      rz = p[b + 2] + w * (p[c + 2] - p[b + 2]);
    } else {
      const denom = va + vb + vc;
      const v = denom !== 0 ? vb / denom : 0;
      const w = denom !== 0 ? vc / denom : 0;
      rx = ax + abx * v + acx * w;
      ry = ay + aby * v + acy * w;
      rz = az + abz * v + acz * w;
    }
  }
  out[0] = rx;
  out[1] = ry;
  out[2] = rz;
  const dx = qx - rx;
  const dy = qy - ry;
  const dz = qz - rz;
  out[3] = dx * dx + dy * dy + dz * dz;
}

/**
 * True when some triangle of `bvh` comes within `radius` of q (m). Stops at the first one, so
 * it is much cheaper than a closest-point query when the answer is yes.
 */
export function anyTriangleWithin(
  bvh: TriangleBvh,
  qx: number,
  qy: number,
  qz: number,
  radius: number,
): boolean {
  return triangleWithin(bvh, qx, qy, qz, radius) >= 0;
}

/** The first triangle of `bvh` found within `radius` of q (m), or −1 when none is (anyTriangleWithin). */
export function triangleWithin(bvh: TriangleBvh, qx: number, qy: number, qz: number, radius: number): number {
  const wasm = surfaceQueriesOf(bvh);
  return wasm ? wasm.triangleWithin(qx, qy, qz, radius) : triangleWithinJs(bvh, qx, qy, qz, radius);
}

/** triangleWithin in JS (see closestPointJs). */
export function triangleWithinJs(
  bvh: TriangleBvh,
  qx: number,
  qy: number,
  qz: number,
  radius: number,
): number {
  query[0] = qx;
  query[1] = qy;
  query[2] = qz;
  query[3] = radius;
  return triangleWithinQuery(bvh);
}

/**
 * triangleWithin over a run of queries about nearby points (the corners of one face, the samples of
 * one surface): the triangle that settled the last query is tried before the grid or the BVH.
 */
export class NearbyTriangleWithin {
  /** The triangle tried first: the last one found (−1 before any); callers may set a better one. */
  triangle = -1;
  /** The tried triangle's distance from the last query point, m (∞ when none was tried). */
  hintDistance = Number.POSITIVE_INFINITY;
  private readonly near = new Float64Array(3);

  constructor(private readonly bvh: TriangleBvh) {}

  /** The first triangle within `radius` (m) of (x, y, z), the hint first, or −1; a found one is the next hint. */
  find(x: number, y: number, z: number, radius: number): number {
    const wasm = surfaceQueriesOf(this.bvh);
    if (wasm) {
      const found = wasm.nearbyWithin(this.triangle, x, y, z, radius);
      this.hintDistance = wasm.hintDistance;
      if (found >= 0) this.triangle = found;
      return found;
    }
    return this.findJs(x, y, z, radius);
  }

  /** find in JS (see closestPointJs). */
  findJs(x: number, y: number, z: number, radius: number): number {
    const t = this.triangle;
    this.hintDistance = Number.POSITIVE_INFINITY;
    if (t >= 0) {
      const ix = this.bvh.indices;
      const d2 = closestOnTriangle(
        this.bvh.positions,
        3 * ix[3 * t],
        3 * ix[3 * t + 1],
        3 * ix[3 * t + 2],
        x,
        y,
        z,
        this.near,
      );
      this.hintDistance = Math.sqrt(d2);
      if (d2 <= radius * radius) return t;
    }
    const found = triangleWithinJs(this.bvh, x, y, z, radius);
    if (found >= 0) this.triangle = found;
    return found;
  }
}

/** triangleWithin for the point query[0..2] and the radius query[3]. */
function triangleWithinQuery(bvh: TriangleBvh): number {
  const grid = triangleGridOf(bvh);
  const radius = query[3];
  const reach = radius + grid.queryMargin;
  for (let a = 0; a < 3; a++) {
    gridBox[a] = query[a] - reach;
    gridBox[3 + a] = query[a] + reach;
  }
  const count = grid.candidates(gridBox, MAX_GRID_CELLS, MAX_GRID_ENTRIES);
  if (count < 0) return triangleWithinInBvh(bvh);
  const p = bvh.positions;
  const ix = bvh.indices;
  const r2 = radius * radius;
  const boxes = grid.triangleBox;
  const qx = query[0];
  const qy = query[1];
  const qz = query[2];
  for (let m = 0; m < count; m++) {
    const t = grid.found[m];
    // Out of reach of the ball by its (widened) box: no need for the closest point.
    if (boxDistance2(boxes, t, qx, qy, qz) > r2) continue;
    triangleDistance2(p, 3 * ix[3 * t], 3 * ix[3 * t + 1], 3 * ix[3 * t + 2], query, tri);
    if (tri[3] <= r2) return t;
  }
  return -1;
}

/** triangleWithinQuery walking the BVH (for a ball too large for the grid). */
function triangleWithinInBvh(bvh: TriangleBvh): number {
  const qx = query[0];
  const qy = query[1];
  const qz = query[2];
  const radius = query[3];
  const r2 = radius * radius;
  let top = 0;
  stack[top++] = 0;
  const p = bvh.positions;
  const ix = bvh.indices;
  while (top > 0) {
    const n = stack[--top];
    if (boxDistance2(bvh.box, n, qx, qy, qz) > r2) continue;
    const l = bvh.left[n];
    if (l >= 0) {
      stack[top++] = bvh.right[n];
      stack[top++] = l;
      continue;
    }
    const end = bvh.start[n] + bvh.count[n];
    for (let k = bvh.start[n]; k < end; k++) {
      const t = bvh.order[k];
      triangleDistance2(p, 3 * ix[3 * t], 3 * ix[3 * t + 1], 3 * ix[3 * t + 2], query, tri);
      if (tri[3] <= r2) return t;
    }
  }
  return -1;
}

/**
 * How the winding number of a closed, consistently oriented surface changes along the segment
 * from p to q: the sum over the triangles it crosses of +1 (entering: against the triangle's
 * counter-clockwise normal) or −1 (leaving); NaN when it passes within a relative 1e-9 of a
 * triangle's edge, ends within that of a triangle, or lies in a triangle's plane, where a crossing
 * cannot be told from a near miss. So 0 means both ends have the same winding number (the
 * segment stays clear of the surface, or enters and leaves it), whatever the surface's thickness.
 */
export function segmentWindingChange(
  bvh: TriangleBvh,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
): number {
  const wasm = surfaceQueriesOf(bvh);
  return wasm
    ? wasm.segmentWindingChange(px, py, pz, qx, qy, qz)
    : segmentWindingChangeJs(bvh, px, py, pz, qx, qy, qz);
}

/** segmentWindingChange in JS (see closestPointJs). */
export function segmentWindingChangeJs(
  bvh: TriangleBvh,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
): number {
  segment[0] = px;
  segment[1] = py;
  segment[2] = pz;
  segment[3] = qx;
  segment[4] = qy;
  segment[5] = qz;
  return segmentWindingChangeQuery(bvh);
}

/** segmentWindingChange for the segment from segment[0..2] to segment[3..5]. */
function segmentWindingChangeQuery(bvh: TriangleBvh): number {
  const grid = triangleGridOf(bvh);
  for (let a = 0; a < 3; a++) {
    gridBox[a] = Math.min(segment[a], segment[3 + a]) - grid.queryMargin;
    gridBox[3 + a] = Math.max(segment[a], segment[3 + a]) + grid.queryMargin;
  }
  const count = grid.candidates(gridBox, MAX_GRID_CELLS, MAX_GRID_ENTRIES);
  if (count < 0) return segmentWindingChangeInBvh(bvh);
  // The segment's box widened by 1e-8 of its longest side, beyond its ends' slack in the test.
  const widen =
    1e-8 *
    Math.max(
      Math.abs(segment[3] - segment[0]),
      Math.abs(segment[4] - segment[1]),
      Math.abs(segment[5] - segment[2]),
    );
  const x0 = gridBox[0] - widen;
  const y0 = gridBox[1] - widen;
  const z0 = gridBox[2] - widen;
  const x1 = gridBox[3] + widen;
  const y1 = gridBox[4] + widen;
  const z1 = gridBox[5] + widen;
  const boxes = grid.triangleBox;
  const p = bvh.positions;
  const idx = bvh.indices;
  let change = 0;
  for (let m = 0; m < count; m++) {
    const t = grid.found[m];
    const b = 6 * t;
    // Boxes apart: the segment neither crosses the triangle nor comes near it.
    if (
      boxes[b] > x1 ||
      boxes[b + 3] < x0 ||
      boxes[b + 1] > y1 ||
      boxes[b + 4] < y0 ||
      boxes[b + 2] > z1 ||
      boxes[b + 5] < z0
    )
      continue;
    const c = triangleWindingChange(p, idx, t);
    if (Number.isNaN(c)) return c;
    change += c;
  }
  return change;
}

/** segmentWindingChangeQuery walking the BVH (for a segment too long for the grid). */
function segmentWindingChangeInBvh(bvh: TriangleBvh): number {
  const px = segment[0];
  const py = segment[1];
  const pz = segment[2];
  const ix = 1 / (segment[3] - px);
  const iy = 1 / (segment[4] - py);
  const iz = 1 / (segment[5] - pz);
  const box = bvh.box;
  const p = bvh.positions;
  const idx = bvh.indices;
  let change = 0;
  let top = 0;
  stack[top++] = 0;
  while (top > 0) {
    const n = stack[--top];
    // Slab test of the segment (parameter 0…1) against the node box.
    const b = 6 * n;
    let t0 = 0;
    let t1 = 1;
    let ta = (box[b] - px) * ix;
    let tb = (box[b + 3] - px) * ix;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (px < box[b] || px > box[b + 3]) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    ta = (box[b + 1] - py) * iy;
    tb = (box[b + 4] - py) * iy;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (py < box[b + 1] || py > box[b + 4]) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    ta = (box[b + 2] - pz) * iz;
    tb = (box[b + 5] - pz) * iz;
    if (Number.isNaN(ta) || Number.isNaN(tb)) {
      if (pz < box[b + 2] || pz > box[b + 5]) continue;
    } else {
      t0 = Math.max(t0, Math.min(ta, tb));
      t1 = Math.min(t1, Math.max(ta, tb));
    }
    if (t0 > t1 * (1 + 1e-12) + 1e-12) continue;
    const l = bvh.left[n];
    if (l >= 0) {
      stack[top++] = bvh.right[n];
      stack[top++] = l;
      continue;
    }
    const end = bvh.start[n] + bvh.count[n];
    for (let k = bvh.start[n]; k < end; k++) {
      const c = triangleWindingChange(p, idx, bvh.order[k]);
      if (Number.isNaN(c)) return c;
      change += c;
    }
  }
  return change;
}

/**
 * Triangle t's share of segmentWindingChange for the running segment (segment[0..5]): +1 or −1
 * where the segment crosses it, 0 where it stays clear, NaN within the slack of a bound.
 */
function triangleWindingChange(p: Float64Array, idx: Uint32Array, t: number): number {
  const px = segment[0];
  const py = segment[1];
  const pz = segment[2];
  const dx = segment[3] - px;
  const dy = segment[4] - py;
  const dz = segment[5] - pz;
  const a = 3 * idx[3 * t];
  const e1x = p[3 * idx[3 * t + 1]] - p[a];
  const e1y = p[3 * idx[3 * t + 1] + 1] - p[a + 1];
  const e1z = p[3 * idx[3 * t + 1] + 2] - p[a + 2];
  const e2x = p[3 * idx[3 * t + 2]] - p[a];
  const e2y = p[3 * idx[3 * t + 2] + 1] - p[a + 1];
  const e2z = p[3 * idx[3 * t + 2] + 2] - p[a + 2];
  // Möller–Trumbore; within 1e-9 of a bound (an edge, an end) the answer is NaN.
  const hx = dy * e2z - dz * e2y;
  const hy = dz * e2x - dx * e2z;
  const hz = dx * e2y - dy * e2x;
  const det = e1x * hx + e1y * hy + e1z * hz;
  const sx = px - p[a];
  const sy = py - p[a + 1];
  const sz = pz - p[a + 2];
  if (det === 0) {
    // Parallel: only a segment lying in the triangle's plane can touch it.
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    // |s·n| ≤ 1e-9 |n| |s|, squared (Math.hypot with three arguments allocates in V8).
    const sn = sx * nx + sy * ny + sz * nz;
    return sn * sn <= 1e-18 * (nx * nx + ny * ny + nz * nz) * (sx * sx + sy * sy + sz * sz) ? Number.NaN : 0;
  }
  const inv = 1 / det;
  const u = (sx * hx + sy * hy + sz * hz) * inv;
  if (u < -1e-9 || u > 1 + 1e-9) return 0;
  const qx2 = sy * e1z - sz * e1y;
  const qy2 = sz * e1x - sx * e1z;
  const qz2 = sx * e1y - sy * e1x;
  const v = (dx * qx2 + dy * qy2 + dz * qz2) * inv;
  if (v < -1e-9 || u + v > 1 + 1e-9) return 0;
  const s = (e2x * qx2 + e2y * qy2 + e2z * qz2) * inv;
  if (s < -1e-9 || s > 1 + 1e-9) return 0;
  if (u < 1e-9 || v < 1e-9 || u + v > 1 - 1e-9 || s < 1e-9 || s > 1 - 1e-9) return Number.NaN;
  // det = −d·(e1 × e2): positive when the segment runs against the outward normal.
  return det > 0 ? 1 : -1;
}
