import { indexedBounds } from './indexed-bounds.ts';
import { buildBvhInWasm } from './wasm-bvh-build.ts';

/**
 * A bounding-volume hierarchy over triangles (median split on the longest centroid axis), with
 * the per-node dipole data that the fast winding number needs (Barill et al. 2018, order 1:
 * the area-weighted normal sum and the area-weighted centroid of each node's triangles).
 * Queries live beside it: winding-number.ts and closest-point.ts.
 */

const LEAF_SIZE = 4;

/** Triangles over shared vertices, in double precision. */
export interface TriangleSoup {
  /** Vertex positions, m, xyz interleaved. */
  positions: Float64Array;
  /** Triangle vertex indices, 3 per triangle, counter-clockwise seen from outside. */
  indices: Uint32Array;
}

export class TriangleBvh {
  readonly positions: Float64Array;
  readonly indices: Uint32Array;
  /** Triangle ids in leaf order; a leaf owns order[start … start + count). */
  readonly order: Int32Array;
  nodeCount = 0;
  /** Per node: bbox min xyz then max xyz, m. */
  readonly box: Float64Array;
  /** Per node: left child, or −1 for a leaf; the right child is `right`. */
  readonly left: Int32Array;
  readonly right: Int32Array;
  readonly start: Int32Array;
  readonly count: Int32Array;
  /** Per node: Σ area-weighted normals ½ (b−a)×(c−a) of its triangles, m². */
  readonly normalSum: Float64Array;
  /** Per node: area-weighted centroid of its triangles, m. */
  readonly center: Float64Array;
  /** Per node: radius of the ball around `center` holding all its triangles, m. */
  readonly radius: Float64Array;
  /** Per node: total triangle area, m². */
  readonly area: Float64Array;

  /**
   * Builds the BVH over `soup`: in WebAssembly where the module loads (wasm-bvh-build.ts, the same
   * arrays to the bit), else here in JS (and here always with `inWasm` false: the reference).
   */
  constructor(soup: TriangleSoup, inWasm = true) {
    this.positions = soup.positions;
    this.indices = soup.indices;
    const triCount = soup.indices.length / 3;
    const maxNodes = Math.max(1, 4 * Math.ceil(triCount / LEAF_SIZE));
    const built = inWasm ? buildBvhInWasm(soup.positions, soup.indices, maxNodes) : null;
    if (built) {
      this.order = built.order;
      this.nodeCount = built.nodeCount;
      this.box = built.box;
      this.left = built.left;
      this.right = built.right;
      this.start = built.start;
      this.count = built.count;
      this.normalSum = built.normalSum;
      this.center = built.center;
      this.radius = built.radius;
      this.area = built.area;
      return;
    }
    this.order = new Int32Array(triCount);
    for (let i = 0; i < triCount; i++) this.order[i] = i;
    this.box = new Float64Array(6 * maxNodes);
    this.left = new Int32Array(maxNodes).fill(-1);
    this.right = new Int32Array(maxNodes).fill(-1);
    this.start = new Int32Array(maxNodes);
    this.count = new Int32Array(maxNodes);
    this.normalSum = new Float64Array(3 * maxNodes);
    this.center = new Float64Array(3 * maxNodes);
    this.radius = new Float64Array(maxNodes);
    this.area = new Float64Array(maxNodes);
    this.split(this.centroids(), triCount);
    this.refit();
  }

  private centroids(): Float64Array {
    const p = this.positions;
    const ix = this.indices;
    const triCount = ix.length / 3;
    const centroid = new Float64Array(3 * triCount);
    for (let t = 0; t < triCount; t++) {
      for (let k = 0; k < 3; k++) {
        centroid[3 * t + k] =
          (p[3 * ix[3 * t] + k] + p[3 * ix[3 * t + 1] + k] + p[3 * ix[3 * t + 2] + k]) / 3;
      }
    }
    return centroid;
  }

  /** Top-down median split; children always get larger ids than their parent. */
  private split(centroid: Float64Array, triCount: number): void {
    this.nodeCount = 1;
    // Each node's centroid box, in one array for all (no arrays made per node).
    const bounds = new Float64Array(6);
    const stack: number[] = [0, 0, triCount];
    while (stack.length > 0) {
      const count = stack.pop()!;
      const start = stack.pop()!;
      const id = stack.pop()!;
      this.start[id] = start;
      this.count[id] = count;
      if (count <= LEAF_SIZE) continue;
      const b = indexedBounds(centroid, this.order, start, start + count, bounds);
      const ex = b[3] - b[0];
      const ey = b[4] - b[1];
      const ez = b[5] - b[2];
      const axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
      const half = count >> 1;
      selectNth(this.order, start, start + count - 1, start + half, centroid, axis);
      const l = this.nodeCount++;
      const r = this.nodeCount++;
      this.left[id] = l;
      this.right[id] = r;
      stack.push(l, start, half, r, start + half, count - half);
    }
  }

  /** Boxes and dipole data bottom-up. */
  private refit(): void {
    const p = this.positions;
    const ix = this.indices;
    const box = this.box;
    for (let n = this.nodeCount - 1; n >= 0; n--) {
      // The node's box grows in place (no arrays made per node: this runs once per process, mostly
      // in V8's interpreter, where each is an allocation).
      const at = 6 * n;
      box.fill(Infinity, at, at + 3);
      box.fill(-Infinity, at + 3, at + 6);
      let nx = 0;
      let ny = 0;
      let nz = 0;
      let cx = 0;
      let cy = 0;
      let cz = 0;
      let area = 0;
      const l = this.left[n];
      if (l < 0) {
        for (let k = this.start[n]; k < this.start[n] + this.count[n]; k++) {
          const t = this.order[k];
          const a = 3 * ix[3 * t];
          const b = 3 * ix[3 * t + 1];
          const c = 3 * ix[3 * t + 2];
          for (let axis = 0; axis < 3; axis++) {
            box[at + axis] = Math.min(box[at + axis], p[a + axis], p[b + axis], p[c + axis]);
            box[at + 3 + axis] = Math.max(box[at + 3 + axis], p[a + axis], p[b + axis], p[c + axis]);
          }
          const ux = p[b] - p[a];
          const uy = p[b + 1] - p[a + 1];
          const uz = p[b + 2] - p[a + 2];
          const vx = p[c] - p[a];
          const vy = p[c + 1] - p[a + 1];
          const vz = p[c + 2] - p[a + 2];
          const tx = 0.5 * (uy * vz - uz * vy);
          const ty = 0.5 * (uz * vx - ux * vz);
          const tz = 0.5 * (ux * vy - uy * vx);
          nx += tx;
          ny += ty;
          nz += tz;
          const ar = Math.hypot(tx, ty, tz);
          area += ar;
          cx += (ar * (p[a] + p[b] + p[c])) / 3;
          cy += (ar * (p[a + 1] + p[b + 1] + p[c + 1])) / 3;
          cz += (ar * (p[a + 2] + p[b + 2] + p[c + 2])) / 3;
        }
      } else {
        for (let side = 0; side < 2; side++) {
          const child = side === 0 ? l : this.right[n];
          for (let k = 0; k < 6; k++) {
            const bound = box[6 * child + k];
            box[at + k] = k < 3 ? Math.min(box[at + k], bound) : Math.max(box[at + k], bound);
          }
          nx += this.normalSum[3 * child];
          ny += this.normalSum[3 * child + 1];
          nz += this.normalSum[3 * child + 2];
          const a = this.area[child];
          area += a;
          cx += a * this.center[3 * child];
          cy += a * this.center[3 * child + 1];
          cz += a * this.center[3 * child + 2];
        }
      }
      this.normalSum[3 * n] = nx;
      this.normalSum[3 * n + 1] = ny;
      this.normalSum[3 * n + 2] = nz;
      this.area[n] = area;
      if (area > 0) {
        cx /= area;
        cy /= area;
        cz /= area;
      } else {
        cx = 0.5 * (box[at] + box[at + 3]);
        cy = 0.5 * (box[at + 1] + box[at + 4]);
        cz = 0.5 * (box[at + 2] + box[at + 5]);
      }
      this.center[3 * n] = cx;
      this.center[3 * n + 1] = cy;
      this.center[3 * n + 2] = cz;
      // The farthest box corner bounds the distance from the centre to every triangle point.
      const dx = Math.max(cx - box[at], box[at + 3] - cx);
      const dy = Math.max(cy - box[at + 1], box[at + 4] - cy);
      const dz = Math.max(cz - box[at + 2], box[at + 5] - cz);
      this.radius[n] = Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
  }
}

/**
 * Quickselect (Hoare partition, median-of-three pivot): reorders order[lo…hi] so that the
 * element at `nth` is the one a full sort by centroid[3·t + axis] would put there, smaller
 * keys before it and larger after. Linear time on average.
 */
function selectNth(
  order: Int32Array,
  lo: number,
  hi: number,
  nth: number,
  centroid: Float64Array,
  axis: number,
): void {
  while (hi > lo) {
    const mid = (lo + hi) >> 1;
    // Median of three as the pivot value.
    const a = centroid[3 * order[lo] + axis];
    const b = centroid[3 * order[mid] + axis];
    const c = centroid[3 * order[hi] + axis];
    const pivot = Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (centroid[3 * order[i] + axis] < pivot) i++;
      while (centroid[3 * order[j] + axis] > pivot) j--;
      if (i <= j) {
        const t = order[i];
        order[i] = order[j];
        order[j] = t;
        i++;
        j--;
      }
    }
    if (nth <= j) hi = j;
    else if (nth >= i) lo = i;
    else return;
  }
}
