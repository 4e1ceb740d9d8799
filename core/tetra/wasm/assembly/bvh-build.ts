// triangle-bvh.ts's build (the centroids, the top-down median split, the bottom-up refit of the
// boxes and dipole data) in the surface queries' module, float for float, for the reason
// delaunay.ts gives: it runs once per process, and in JS a first call ran it in V8's interpreter
// (25–30 ms cold on spot's 5,856 triangles). triangle-bvh.ts stays as the reference and the
// fallback; test/core/tetra/wasm-bvh.test.ts holds both to the same arrays.

import { f64At, i32At, setF64, setI32 } from './heap';
import { hypot3 } from './hypot';
import { indexedBounds, maxX, maxY, maxZ, minX, minY, minZ } from './indexed-bounds';

/** triangle-bvh.ts's LEAF_SIZE. */
const LEAF_SIZE = 4;

// The arrays, by slot of the table buildBvh reads (i32 addresses; the host reserves and fills them).
const T_POSITIONS = 0; // f64 × 3 per vertex
const T_INDICES = 1; // u32 × 3 per triangle
const T_ORDER = 2; // i32 per triangle
const T_CENTROID = 3; // f64 × 3 per triangle (scratch)
const T_STACK = 4; // i32 × 3 per node (scratch)
const T_BOX = 5; // f64 × 6 per node
const T_LEFT = 6; // i32 per node (−1 filled by the host)
const T_RIGHT = 7;
const T_START = 8;
const T_COUNT = 9;
const T_NORMAL_SUM = 10; // f64 × 3 per node
const T_CENTER = 11; // f64 × 3 per node
const T_RADIUS = 12; // f64 per node
const T_AREA = 13; // f64 per node

let positions: usize = 0;
let indices: usize = 0;
let order: usize = 0;
let centroid: usize = 0;

function slot(table: usize, k: i32): usize {
  return <usize>i32At(table, k);
}

function vertexOf(t: i32, corner: i32): i32 {
  return 3 * load<i32>(indices + ((<usize>(3 * t + corner)) << 2));
}

function key(k: i32, axis: i32): f64 {
  return f64At(centroid, 3 * i32At(order, k) + axis);
}

/** triangle-bvh.ts's selectNth: Hoare partition around a median-of-three pivot. */
function selectNth(lo: i32, hi: i32, nth: i32, axis: i32): void {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    const a = key(lo, axis);
    const b = key(mid, axis);
    const c = key(hi, axis);
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (key(i, axis) < pivot) i++;
      while (key(j, axis) > pivot) j--;
      if (i <= j) {
        const t = i32At(order, i);
        setI32(order, i, i32At(order, j));
        setI32(order, j, t);
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}

/**
 * Builds the BVH of `triCount` triangles into the arrays whose addresses `table` holds (the slots
 * above); its node count.
 */
export function buildBvh(table: usize, triCount: i32): i32 {
  positions = slot(table, T_POSITIONS);
  indices = slot(table, T_INDICES);
  order = slot(table, T_ORDER);
  centroid = slot(table, T_CENTROID);
  const p = positions;
  for (let t = 0; t < triCount; t++) {
    setI32(order, t, t);
    const a = vertexOf(t, 0);
    const b = vertexOf(t, 1);
    const c = vertexOf(t, 2);
    for (let k = 0; k < 3; k++) {
      setF64(centroid, 3 * t + k, (f64At(p, a + k) + f64At(p, b + k) + f64At(p, c + k)) / 3);
    }
  }
  const nodeCount = split(table, triCount);
  refit(table, nodeCount);
  return nodeCount;
}

/** triangle-bvh.ts's split: top-down median split on the longest centroid axis. */
function split(table: usize, triCount: i32): i32 {
  const stack = slot(table, T_STACK);
  const left = slot(table, T_LEFT);
  const right = slot(table, T_RIGHT);
  const startOf = slot(table, T_START);
  const countOf = slot(table, T_COUNT);
  let nodeCount = 1;
  let top = 0;
  setI32(stack, top++, 0);
  setI32(stack, top++, 0);
  setI32(stack, top++, triCount);
  while (top > 0) {
    const count = i32At(stack, --top);
    const start = i32At(stack, --top);
    const id = i32At(stack, --top);
    setI32(startOf, id, start);
    setI32(countOf, id, count);
    if (count <= LEAF_SIZE) continue;
    indexedBounds(centroid, order, start, start + count);
    const ex = maxX - minX;
    const ey = maxY - minY;
    const ez = maxZ - minZ;
    const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
    const half = count >> 1;
    selectNth(start, start + count - 1, start + half, axis);
    const l = nodeCount++;
    const r = nodeCount++;
    setI32(left, id, l);
    setI32(right, id, r);
    setI32(stack, top++, l);
    setI32(stack, top++, start);
    setI32(stack, top++, half);
    setI32(stack, top++, r);
    setI32(stack, top++, start + half);
    setI32(stack, top++, count - half);
  }
  return nodeCount;
}

/** triangle-bvh.ts's refit: boxes and dipole data bottom-up. */
function refit(table: usize, nodeCount: i32): void {
  const p = positions;
  const box = slot(table, T_BOX);
  const left = slot(table, T_LEFT);
  const right = slot(table, T_RIGHT);
  const startOf = slot(table, T_START);
  const countOf = slot(table, T_COUNT);
  const normalSum = slot(table, T_NORMAL_SUM);
  const center = slot(table, T_CENTER);
  const radius = slot(table, T_RADIUS);
  const areaOf = slot(table, T_AREA);
  for (let n = nodeCount - 1; n >= 0; n--) {
    const at = 6 * n;
    for (let k = 0; k < 3; k++) {
      setF64(box, at + k, Infinity);
      setF64(box, at + 3 + k, -Infinity);
    }
    let nx: f64 = 0;
    let ny: f64 = 0;
    let nz: f64 = 0;
    let cx: f64 = 0;
    let cy: f64 = 0;
    let cz: f64 = 0;
    let area: f64 = 0;
    const l = i32At(left, n);
    if (l < 0) {
      const first = i32At(startOf, n);
      const end = first + i32At(countOf, n);
      for (let k = first; k < end; k++) {
        const t = i32At(order, k);
        const a = vertexOf(t, 0);
        const b = vertexOf(t, 1);
        const c = vertexOf(t, 2);
        for (let axis = 0; axis < 3; axis++) {
          const pa = f64At(p, a + axis);
          const pb = f64At(p, b + axis);
          const pc = f64At(p, c + axis);
          setF64(box, at + axis, Math.min(Math.min(Math.min(f64At(box, at + axis), pa), pb), pc));
          setF64(box, at + 3 + axis, Math.max(Math.max(Math.max(f64At(box, at + 3 + axis), pa), pb), pc));
        }
        const ux = f64At(p, b) - f64At(p, a);
        const uy = f64At(p, b + 1) - f64At(p, a + 1);
        const uz = f64At(p, b + 2) - f64At(p, a + 2);
        const vx = f64At(p, c) - f64At(p, a);
        const vy = f64At(p, c + 1) - f64At(p, a + 1);
        const vz = f64At(p, c + 2) - f64At(p, a + 2);
        const tx = 0.5 * (uy * vz - uz * vy);
        const ty = 0.5 * (uz * vx - ux * vz);
        const tz = 0.5 * (ux * vy - uy * vx);
        nx += tx;
        ny += ty;
        nz += tz;
        const ar = hypot3(tx, ty, tz);
        area += ar;
        cx += (ar * (f64At(p, a) + f64At(p, b) + f64At(p, c))) / 3;
        cy += (ar * (f64At(p, a + 1) + f64At(p, b + 1) + f64At(p, c + 1))) / 3;
        cz += (ar * (f64At(p, a + 2) + f64At(p, b + 2) + f64At(p, c + 2))) / 3;
      }
    } else {
      for (let side = 0; side < 2; side++) {
        const child = side === 0 ? l : i32At(right, n);
        for (let k = 0; k < 6; k++) {
          const bound = f64At(box, 6 * child + k);
          const now = f64At(box, at + k);
          setF64(box, at + k, k < 3 ? Math.min(now, bound) : Math.max(now, bound));
        }
        nx += f64At(normalSum, 3 * child);
        ny += f64At(normalSum, 3 * child + 1);
        nz += f64At(normalSum, 3 * child + 2);
        const a = f64At(areaOf, child);
        area += a;
        cx += a * f64At(center, 3 * child);
        cy += a * f64At(center, 3 * child + 1);
        cz += a * f64At(center, 3 * child + 2);
      }
    }
    setF64(normalSum, 3 * n, nx);
    setF64(normalSum, 3 * n + 1, ny);
    setF64(normalSum, 3 * n + 2, nz);
    setF64(areaOf, n, area);
    if (area > 0) {
      cx /= area;
      cy /= area;
      cz /= area;
    } else {
      cx = 0.5 * (f64At(box, at) + f64At(box, at + 3));
      cy = 0.5 * (f64At(box, at + 1) + f64At(box, at + 4));
      cz = 0.5 * (f64At(box, at + 2) + f64At(box, at + 5));
    }
    setF64(center, 3 * n, cx);
    setF64(center, 3 * n + 1, cy);
    setF64(center, 3 * n + 2, cz);
    const dx = Math.max(cx - f64At(box, at), f64At(box, at + 3) - cx);
    const dy = Math.max(cy - f64At(box, at + 1), f64At(box, at + 4) - cy);
    const dz = Math.max(cz - f64At(box, at + 2), f64At(box, at + 5) - cz);
    setF64(radius, n, Math.sqrt(dx * dx + dy * dy + dz * dz));
  }
}
