import {
  closestPoint,
  createClosestPoint,
  NearbyTriangleWithin,
  segmentWindingChange,
} from './closest-point.ts';
import { Delaunay, SUPER_VERTEX_COUNT } from './delaunay.ts';
import { brioOrder } from './spatial-sort.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { windingNumber } from './winding-number.ts';

/** What a Delaunay vertex stands for. */
export const VertexKind = {
  /** A corner of the enclosing super-tet. */
  super: 0,
  /** A point on the input surface. */
  surface: 1,
  /** A point on a crease, corner or open boundary of the input surface (never moved). */
  feature: 4,
  /** An interior lattice point. */
  lattice: 2,
  /** A refinement point (a circumcentre) inside. */
  steiner: 3,
} as const;

/**
 * The Delaunay tetrahedralization being refined plus what it knows about the input: each
 * vertex's kind and each tet's inside/outside class (winding number of its centroid > ½),
 * cached per tet slot and recomputed when the slot is reused.
 */
export class MeshingState {
  readonly dt: Delaunay;
  readonly bvh: TriangleBvh;
  /** Per vertex: a VertexKind value. */
  kind: Uint8Array;
  /**
   * Per inside vertex (lattice, Steiner): a lower bound on its distance to the input surface,
   * m (0 when none is known); exact once clearanceExact is set. See interiorVertexSees.
   */
  private clearance: Float64Array;
  private clearanceExact: Uint8Array;
  /** Per tet slot: 1 inside, 0 outside, valid while classifiedStamp matches tetStamp. */
  private inside: Uint8Array;
  private classifiedStamp: Uint32Array;
  private readonly cp = createClosestPoint();
  /**
   * surfaceWithin's queries: mostly about nearby points (the corners and midpoints of one face, the
   * faces of one region), so the triangle that settled the last is tried first.
   */
  private readonly within: NearbyTriangleWithin;
  /** centroidOf's outputs: the tet being classified or tested, and a neighbour of it. */
  private readonly tetCentroid = new Float64Array(3);
  private readonly neighbourCentroid = new Float64Array(3);

  /** True when the input is watertight (the winding number is 0 or 1 off the surface). */
  private readonly watertight: boolean;

  constructor(
    bvh: TriangleBvh,
    watertight: boolean,
    min: ArrayLike<number>,
    max: ArrayLike<number>,
    capacity: number,
  ) {
    this.bvh = bvh;
    this.within = new NearbyTriangleWithin(bvh);
    this.watertight = watertight;
    this.dt = new Delaunay(min, max, capacity);
    this.kind = new Uint8Array(Math.max(16, capacity + SUPER_VERTEX_COUNT));
    this.clearance = new Float64Array(this.kind.length);
    this.clearanceExact = new Uint8Array(this.kind.length);
    this.inside = new Uint8Array(this.dt.tetAlive.length);
    this.classifiedStamp = new Uint32Array(this.dt.tetAlive.length);
  }

  /**
   * Inserts points (xyz interleaved) in BRIO order, each with `kind` (one value for all, or one
   * per point); returns how many were new. `poll` runs every 1024 points (cancellation).
   * clearanceM: a distance (m) every point is known to keep from the input surface, or 0.
   */
  insertAll(
    points: Float64Array,
    kind: number | Uint8Array,
    poll?: (done: number) => void,
    clearanceM = 0,
  ): number {
    const n = points.length / 3;
    const order = brioOrder(points, n);
    let added = 0;
    for (let k = 0; k < n; k++) {
      const i = order[k];
      const kd = typeof kind === 'number' ? kind : kind[i];
      if (this.insert(points[3 * i], points[3 * i + 1], points[3 * i + 2], kd, clearanceM) >= 0) added++;
      if (poll && (k & 1023) === 1023) poll(k);
    }
    return added;
  }

  /**
   * Inserts one point; returns its vertex id, or −1 when it coincides with a vertex.
   * clearanceM: a distance (m) the point is known to keep from the input surface, or 0.
   */
  insert(x: number, y: number, z: number, kind: number, clearanceM = 0): number {
    const v = this.dt.insert(x, y, z);
    if (v < 0) return -1;
    if (v >= this.kind.length) {
      const size = this.kind.length * 2;
      const grown = new Uint8Array(size);
      grown.set(this.kind);
      this.kind = grown;
      const clearance = new Float64Array(size);
      clearance.set(this.clearance);
      this.clearance = clearance;
      const exact = new Uint8Array(size);
      exact.set(this.clearanceExact);
      this.clearanceExact = exact;
    }
    this.kind[v] = kind;
    this.clearance[v] = clearanceM;
    this.clearanceExact[v] = 0;
    return v;
  }

  /** True for surface and feature vertices. */
  onSurface(v: number): boolean {
    return this.kind[v] === VertexKind.surface || this.kind[v] === VertexKind.feature;
  }

  /** The centroid of tet t (its corners' mean, m) into `out`, returned. */
  private centroidOf(t: number, out: Float64Array): Float64Array {
    const tv = this.dt.tetVerts;
    const c = this.dt.coords;
    let x = 0;
    let y = 0;
    let z = 0;
    for (let k = 0; k < 4; k++) {
      const v = 3 * tv[4 * t + k];
      x += c[v];
      y += c[v + 1];
      z += c[v + 2];
    }
    out[0] = 0.25 * x;
    out[1] = 0.25 * y;
    out[2] = 0.25 * z;
    return out;
  }

  /** True when tet t (live) has a super-tet corner. */
  touchesSuper(t: number): boolean {
    const tv = this.dt.tetVerts;
    return (
      tv[4 * t] < SUPER_VERTEX_COUNT ||
      tv[4 * t + 1] < SUPER_VERTEX_COUNT ||
      tv[4 * t + 2] < SUPER_VERTEX_COUNT ||
      tv[4 * t + 3] < SUPER_VERTEX_COUNT
    );
  }

  /** Whether live tet t has a cached class (isInside answers it without a winding number). */
  isClassified(t: number): boolean {
    return t < this.classifiedStamp.length && this.classifiedStamp[t] === this.dt.tetStamp[t];
  }

  /** Whether live tet t is inside the input (cached winding number of its centroid > ½). */
  isInside(t: number): boolean {
    const dt = this.dt;
    if (this.inside.length < dt.tetAlive.length) {
      const inside = new Uint8Array(dt.tetAlive.length);
      inside.set(this.inside);
      this.inside = inside;
      const stamps = new Uint32Array(dt.tetAlive.length);
      stamps.set(this.classifiedStamp);
      this.classifiedStamp = stamps;
    }
    if (this.classifiedStamp[t] === dt.tetStamp[t]) return this.inside[t] === 1;
    let result = false;
    if (!this.touchesSuper(t)) {
      const centroid = this.centroidOf(t, this.tetCentroid);
      const x = centroid[0];
      const y = centroid[1];
      const z = centroid[2];
      const known = this.interiorVertexSees(t, x, y, z) ? 1 : this.classFromNeighbour(t, x, y, z);
      result = known >= 0 ? known === 1 : windingNumber(this.bvh, x, y, z) > 0.5;
    }
    this.inside[t] = result ? 1 : 0;
    this.classifiedStamp[t] = dt.tetStamp[t];
    return result;
  }

  /**
   * Whether the point (x, y, z) is inside the input (winding number > ½), for a point near live tet
   * t that isInside: for a watertight input, a segment from t's centroid that crosses the surface
   * as often inwards as outwards says so without a winding number.
   */
  insideNear(t: number, x: number, y: number, z: number): boolean {
    if (this.watertight && this.isInside(t)) {
      const c = this.centroidOf(t, this.tetCentroid);
      if (segmentWindingChange(this.bvh, c[0], c[1], c[2], x, y, z) === 0) return true;
    }
    return windingNumber(this.bvh, x, y, z) > 0.5;
  }

  /**
   * For a watertight input: true when a vertex of t known to be inside (lattice or Steiner)
   * reaches the centroid (x, y, z) without crossing the surface, so the centroid is inside
   * too; saves the winding number there. It does when the centroid lies within the vertex's
   * clearance (a ball around the vertex that no triangle enters; the bound it was inserted
   * with, else its distance to the surface, found once per vertex and kept), or, for the first
   * such vertex, when the segment between them crosses the surface as often inwards as outwards
   * (the same winding number at both ends).
   */
  private interiorVertexSees(t: number, x: number, y: number, z: number): boolean {
    if (!this.watertight) return false;
    const tv = this.dt.tetVerts;
    const c = this.dt.coords;
    let first = -1;
    for (let k = 0; k < 4; k++) {
      const v = tv[4 * t + k];
      if (this.kind[v] !== VertexKind.lattice && this.kind[v] !== VertexKind.steiner) continue;
      const dx = c[3 * v] - x;
      const dy = c[3 * v + 1] - y;
      const dz = c[3 * v + 2] - z;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < this.clearance[v] ** 2) return true;
      if (!this.clearanceExact[v]) {
        this.clearanceExact[v] = 1;
        this.clearance[v] = closestPoint(this.bvh, c[3 * v], c[3 * v + 1], c[3 * v + 2], this.cp).distance;
        if (d2 < this.clearance[v] ** 2) return true;
      }
      if (first < 0) first = v;
    }
    return (
      first >= 0 &&
      segmentWindingChange(this.bvh, c[3 * first], c[3 * first + 1], c[3 * first + 2], x, y, z) === 0
    );
  }

  /**
   * For a watertight input: the class (1 inside, 0 outside) of a face neighbour of t that is
   * already classified and whose centroid connects to t's centroid (x, y, z) with no net crossing
   * of the surface; −1 when there is none. Cheaper than a winding number.
   */
  private classFromNeighbour(t: number, x: number, y: number, z: number): number {
    if (!this.watertight) return -1;
    const dt = this.dt;
    for (let i = 0; i < 4; i++) {
      const nb = dt.tetNbrs[4 * t + i];
      if (nb < 0) continue;
      const u = nb >> 2;
      // Classes are cached per slot; a super-tet neighbour says nothing about the region.
      if (this.classifiedStamp[u] !== dt.tetStamp[u] || this.touchesSuper(u)) continue;
      const cu = this.centroidOf(u, this.neighbourCentroid);
      // No net crossing between the centroids: the same winding number, so the same class.
      if (segmentWindingChange(this.bvh, x, y, z, cu[0], cu[1], cu[2]) === 0) return this.inside[u];
    }
    return -1;
  }

  /** True when the input surface comes within `radius` (m) of (x, y, z). */
  surfaceWithin(x: number, y: number, z: number, radius: number): boolean {
    return this.within.find(x, y, z, radius) >= 0;
  }

  /** The triangle found by the last closest-point query (−1 when none was in range). */
  lastTriangle(): number {
    return this.cp.triangle;
  }

  /** Closest input-surface point to (x, y, z), written to out; returns the distance, m. */
  closestSurfacePoint(x: number, y: number, z: number, out: Float64Array): number {
    const r = closestPoint(this.bvh, x, y, z, this.cp);
    out[0] = r.x;
    out[1] = r.y;
    out[2] = r.z;
    return r.distance;
  }
}
