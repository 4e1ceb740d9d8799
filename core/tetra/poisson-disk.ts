import { Float64List } from '../math/float64-list.ts';
import type { SurfaceSamples } from './surface-sampling.ts';
import type { WorkGuard } from './work-guard.ts';

/** What surface sampling asks of a sampler: this file's, or wasm-poisson-disk.ts's (the same samples). */
export interface PoissonDisk {
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
  ): boolean;
  /** The accepted samples, in the order they were accepted. */
  result(): SurfaceSamples;
}

/**
 * Greedy Poisson-disk selection over a stream of candidate points: a candidate is accepted
 * unless an accepted point closer than `radius` faces the same way (unit normals less than
 * 120° apart; the two sides of a part thinner than the radius do not block each other).
 * Candidates offered first win, so the caller offers them in priority order. A hash grid with
 * cells of the radius finds the neighbours; only accepted points are stored.
 *
 * The grid is typed arrays, not a Map of arrays: open addressing on the cell's integer
 * coordinates, each cell heading a linked list of its points (`next`). A candidate looks at
 * 27 cells, and surface sampling offers several candidates per sample.
 */
export class PoissonDiskSampler implements PoissonDisk {
  /** Accepted points and their unit normals, xyz (typed: integer input coordinates stay doubles). */
  private readonly pts = new Float64List();
  private readonly nrm = new Float64List();
  private readonly tri: number[] = [];
  private readonly feat: number[] = [];
  /** Per accepted point: the next point of its cell, or −1. */
  private readonly next: number[] = [];
  private readonly r2: number;
  /** Hash slots: cell coordinates (3 per slot) and the cell's newest point (−1: empty slot). */
  private cellKeys = new Int32Array(3 * 1024);
  private cellHead = new Int32Array(1024).fill(-1);
  private cellCount = 0;
  /** The candidate being offered: position (0…2) and unit normal (3…5). */
  private readonly candidate = new Float64Array(6);

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
    // A wrapper small enough to be inlined: the doubles reach the search through an array,
    // not as arguments (which V8 boxes on the heap for a call it does not inline).
    const c = this.candidate;
    c[0] = x;
    c[1] = y;
    c[2] = z;
    c[3] = nx;
    c[4] = ny;
    c[5] = nz;
    return this.offerCandidate(triangle, feature);
  }

  private offerCandidate(triangle: number, feature: boolean): boolean {
    const c = this.candidate;
    const x = c[0];
    const y = c[1];
    const z = c[2];
    const nx = c[3];
    const ny = c[4];
    const nz = c[5];
    // `| 0` wraps huge cell indices consistently, so neighbours are still found.
    const ci = Math.floor(x / this.radius) | 0;
    const cj = Math.floor(y / this.radius) | 0;
    const ck = Math.floor(z / this.radius) | 0;
    const pts = this.pts.values;
    const nrm = this.nrm.values;
    const next = this.next;
    for (let n = 0; n < 81; n += 3) {
      const slot = this.findSlot(
        (ci + NEAR_FIRST[n]) | 0,
        (cj + NEAR_FIRST[n + 1]) | 0,
        (ck + NEAR_FIRST[n + 2]) | 0,
      );
      for (let s = this.cellHead[slot]; s >= 0; s = next[s]) {
        const dx = pts[3 * s] - x;
        const dy = pts[3 * s + 1] - y;
        const dz = pts[3 * s + 2] - z;
        if (dx * dx + dy * dy + dz * dz >= this.r2) continue;
        if (nrm[3 * s] * nx + nrm[3 * s + 1] * ny + nrm[3 * s + 2] * nz > -0.5) return false;
      }
    }
    const id = this.tri.length;
    this.pts.push3(x, y, z);
    this.nrm.push3(nx, ny, nz);
    this.tri.push(triangle);
    this.feat.push(feature ? 1 : 0);
    const slot = this.findSlot(ci, cj, ck);
    if (this.cellHead[slot] < 0) {
      this.cellKeys[3 * slot] = ci;
      this.cellKeys[3 * slot + 1] = cj;
      this.cellKeys[3 * slot + 2] = ck;
      this.cellCount++;
    }
    next.push(this.cellHead[slot]);
    this.cellHead[slot] = id;
    if (2 * this.cellCount > this.cellHead.length) this.growCells();
    return true;
  }

  result(): SurfaceSamples {
    return {
      points: this.pts.toArray(),
      normals: this.nrm.toArray(),
      triangles: Int32Array.from(this.tri),
      feature: Uint8Array.from(this.feat),
      count: this.tri.length,
    };
  }

  /** The slot of cell (i, j, k), or the empty slot where it would go (linear probing). */
  private findSlot(i: number, j: number, k: number): number {
    const mask = this.cellHead.length - 1;
    const keys = this.cellKeys;
    let h = cellHash(i, j, k) & mask;
    while (this.cellHead[h] >= 0) {
      if (keys[3 * h] === i && keys[3 * h + 1] === j && keys[3 * h + 2] === k) return h;
      h = (h + 1) & mask;
    }
    return h;
  }

  /** Doubles the hash table (kept at most half full) and re-inserts the cells. */
  private growCells(): void {
    const oldKeys = this.cellKeys;
    const oldHead = this.cellHead;
    this.cellKeys = new Int32Array(2 * oldKeys.length);
    this.cellHead = new Int32Array(2 * oldHead.length).fill(-1);
    for (let s = 0; s < oldHead.length; s++) {
      if (oldHead[s] < 0) continue;
      const i = oldKeys[3 * s];
      const j = oldKeys[3 * s + 1];
      const k = oldKeys[3 * s + 2];
      const slot = this.findSlot(i, j, k);
      this.cellKeys[3 * slot] = i;
      this.cellKeys[3 * slot + 1] = j;
      this.cellKeys[3 * slot + 2] = k;
      this.cellHead[slot] = oldHead[s];
    }
  }
}

/**
 * The 27 cells around a candidate's (di, dj, dk), its own first, then those sharing a face, an
 * edge, a corner: most candidates are turned down, by a point in or next to their own cell, so
 * searching the near cells first finds it sooner (the answer does not depend on the order).
 */
const NEAR_FIRST = Int32Array.from(
  [-1, 0, 1]
    .flatMap((i) => [-1, 0, 1].flatMap((j) => [-1, 0, 1].map((k) => [i, j, k])))
    .sort(
      (a, b) =>
        Math.abs(a[0]) + Math.abs(a[1]) + Math.abs(a[2]) - (Math.abs(b[0]) + Math.abs(b[1]) + Math.abs(b[2])),
    )
    .flat(),
);

function cellHash(i: number, j: number, k: number): number {
  return Math.imul(i, 73856093) ^ Math.imul(j, 19349663) ^ Math.imul(k, 83492791);
}

/** The candidates of surface sampling's step 4: the soup, its unit normal per triangle and the grid step. */
export interface GridCandidates {
  /** Vertex positions, m, xyz interleaved. */
  positions: Float64Array;
  /** Three vertex ids per triangle. */
  indices: ArrayLike<number>;
  /** Unit normal per triangle, xyz interleaved. */
  faceNormals: Float64Array;
  /** The grid step, m. */
  fineM: number;
}

/** Throws past TETRA_LIMITS surfaceCandidates (`count` candidates looked at so far). */
export function checkSurfaceCandidates(guard: WorkGuard | undefined, count: number): void {
  guard?.check('surfaceCandidates', count, (n) => `Sampling the surface looked at ${n} candidate points`);
}
