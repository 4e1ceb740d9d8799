import {
  closestPoint,
  createClosestPoint,
  NearbyTriangleWithin,
  segmentWindingChange,
} from './closest-point.ts';
import { SUPER_VERTEX_COUNT, type Triangulation } from './delaunay.ts';
import { type AbortSignalLike, throwIfCancelled } from './errors.ts';
import { brioOrder } from './spatial-sort.ts';
import type { TriangleBvh } from './triangle-bvh.ts';
import { newTriangulation } from './wasm-delaunay.ts';
import { windingNumber } from './winding-number.ts';

/**
 * How far (× the distance of the centroid that asks) an inside vertex's clearance is searched:
 * beyond it the clearance is taken as that far.
 */
const CLEARANCE_REACH = 3;

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
 * vertex's kind and each tet's winding number at its centroid (inside when > ½), cached per tet
 * slot and recomputed when the slot is reused.
 *
 * For a watertight input the winding number off the surface is an integer that changes by ±1
 * where the surface is crossed, so a tet's is mostly carried from a neighbour's or an inside
 * vertex's across the crossings between them (segmentWindingChange) instead of summed over the
 * surface: every inside vertex (lattice, Steiner) keeps the winding number it was inserted with.
 */
export class MeshingState {
  readonly dt: Triangulation;
  readonly bvh: TriangleBvh;
  /** Per vertex: a VertexKind value. */
  kind: Uint8Array;
  /**
   * Per inside vertex (lattice, Steiner): a lower bound on its distance to the input surface,
   * m (0 when none is known); once clearanceExact is set, its distance or CLEARANCE_REACH times
   * the centroid distance that asked, whichever is less (see windingFromInsideVertex).
   */
  private clearance: Float64Array;
  private clearanceExact: Uint8Array;
  /** Per inside vertex of a watertight input: its winding number (an integer), NaN when not known. */
  private vertexWinding: Float64Array;
  /**
   * Per tet slot: the winding number at its centroid (for a watertight input an integer; 0 for a
   * tet with a super-tet corner), valid while classifiedStamp matches tetStamp.
   */
  private winding: Float64Array;
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
    this.dt = newTriangulation(min, max, capacity);
    this.kind = new Uint8Array(Math.max(16, capacity + SUPER_VERTEX_COUNT));
    this.clearance = new Float64Array(this.kind.length);
    this.clearanceExact = new Uint8Array(this.kind.length);
    this.vertexWinding = new Float64Array(this.kind.length);
    this.winding = new Float64Array(this.dt.tetAlive.length);
    this.classifiedStamp = new Uint32Array(this.dt.tetAlive.length);
  }

  /**
   * Inserts points (xyz interleaved) in BRIO order, each with `kind` (one value for all, or one
   * per point); returns how many were new. `signal` is checked every 1024 points (cancellation:
   * the signal itself, not a callback made per call, which V8 would see as a new call target in
   * every run and drop this loop's optimized code for).
   * clearanceM: a distance (m) every point is known to keep from the input surface, or 0.
   * windings: per point, its winding number when known (inside points; see insert).
   */
  insertAll(
    points: Float64Array,
    kind: number | Uint8Array,
    signal?: AbortSignalLike,
    clearanceM = 0,
    windings?: Float64Array,
  ): number {
    const n = points.length / 3;
    const order = brioOrder(points, n);
    let added = 0;
    for (let k = 0; k < n; k++) {
      const i = order[k];
      const kd = typeof kind === 'number' ? kind : kind[i];
      const w = windings ? windings[i] : Number.NaN;
      if (this.insert(points[3 * i], points[3 * i + 1], points[3 * i + 2], kd, clearanceM, w) >= 0) added++;
      if ((k & 1023) === 1023) throwIfCancelled(signal);
    }
    return added;
  }

  /**
   * Inserts one point; returns its vertex id, or −1 when it coincides with a vertex.
   * clearanceM: a distance (m) the point is known to keep from the input surface, or 0.
   * winding: the point's winding number, for an inside point (lattice, Steiner) of a watertight
   * input an integer that lets the tets around it carry theirs from it; NaN when not known.
   */
  insert(x: number, y: number, z: number, kind: number, clearanceM = 0, winding = Number.NaN): number {
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
      const windings = new Float64Array(size);
      windings.set(this.vertexWinding);
      this.vertexWinding = windings;
    }
    this.kind[v] = kind;
    this.clearance[v] = clearanceM;
    this.clearanceExact[v] = 0;
    this.vertexWinding[v] = winding;
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

  /** Whether live tet t is inside the input (the winding number at its centroid > ½). */
  isInside(t: number): boolean {
    return this.windingOf(t) > 0.5;
  }

  /**
   * How many live tets are inside: one pass over the slots that reads the cached classes directly
   * (refinement counts after every round, when all but the tets it has not looked at are cached).
   */
  insideCount(): number {
    const dt = this.dt;
    const alive = dt.tetAlive;
    const stamps = dt.tetStamp;
    let count = 0;
    for (let t = 0; t < dt.slotCount; t++) {
      if (!alive[t]) continue;
      const w =
        t < this.classifiedStamp.length && this.classifiedStamp[t] === stamps[t]
          ? this.winding[t]
          : this.windingOf(t);
      if (w > 0.5) count++;
    }
    return count;
  }

  /** The winding number at live tet t's centroid, found once per slot and kept (see the class). */
  private windingOf(t: number): number {
    const dt = this.dt;
    if (this.winding.length < dt.tetAlive.length) {
      const winding = new Float64Array(dt.tetAlive.length);
      winding.set(this.winding);
      this.winding = winding;
      const stamps = new Uint32Array(dt.tetAlive.length);
      stamps.set(this.classifiedStamp);
      this.classifiedStamp = stamps;
    }
    if (this.classifiedStamp[t] === dt.tetStamp[t]) return this.winding[t];
    let w = 0;
    if (!this.touchesSuper(t)) {
      const centroid = this.centroidOf(t, this.tetCentroid);
      const x = centroid[0];
      const y = centroid[1];
      const z = centroid[2];
      w = this.windingFromInsideVertex(t, x, y, z);
      if (Number.isNaN(w)) w = this.windingFromNeighbour(t, x, y, z);
      if (Number.isNaN(w)) w = this.windingAt(x, y, z);
    }
    this.winding[t] = w;
    this.classifiedStamp[t] = dt.tetStamp[t];
    return w;
  }

  /**
   * The winding number at (x, y, z), a point near live tet t (inside when > ½): for a watertight
   * input, t's carried across the crossings between its centroid and the point when that
   * segment grazes no triangle; otherwise summed over the surface.
   */
  windingNear(t: number, x: number, y: number, z: number): number {
    if (this.watertight) {
      const from = this.windingOf(t);
      if (!this.touchesSuper(t)) {
        const c = this.centroidOf(t, this.tetCentroid);
        const w = from + segmentWindingChange(this.bvh, c[0], c[1], c[2], x, y, z);
        if (!Number.isNaN(w)) return w;
      }
    }
    return this.windingAt(x, y, z);
  }

  /** The winding number at (x, y, z) summed over the surface; rounded for a watertight input. */
  private windingAt(x: number, y: number, z: number): number {
    const w = windingNumber(this.bvh, x, y, z);
    if (!this.watertight) return w;
    // The nearest integer, on the same side of ½ (the class) as the sum.
    const rounded = Math.round(w);
    return rounded > 0.5 === w > 0.5 ? rounded : w > 0.5 ? 1 : 0;
  }

  /**
   * For a watertight input: the winding number at t's centroid (x, y, z) from a vertex of t
   * whose winding number is known (an inside one), or NaN. The centroid has the vertex's when it
   * lies within the vertex's clearance (a ball around the vertex that no triangle enters; the
   * bound it was inserted with, else its distance to the surface searched out to CLEARANCE_REACH
   * times the centroid's distance, once per vertex and kept); otherwise, for the first such vertex, the vertex's plus the crossings between them.
   */
  private windingFromInsideVertex(t: number, x: number, y: number, z: number): number {
    if (!this.watertight) return Number.NaN;
    const tv = this.dt.tetVerts;
    const c = this.dt.coords;
    let first = -1;
    for (let k = 0; k < 4; k++) {
      const v = tv[4 * t + k];
      if (Number.isNaN(this.vertexWinding[v])) continue;
      const dx = c[3 * v] - x;
      const dy = c[3 * v + 1] - y;
      const dz = c[3 * v + 2] - z;
      const d2 = dx * dx + dy * dy + dz * dz;
      if (d2 < this.clearance[v] ** 2) return this.vertexWinding[v];
      if (!this.clearanceExact[v]) {
        this.clearanceExact[v] = 1;
        // Searched only out to a few times this centroid's distance (the tets around a vertex are
        // of a size), which prunes the search far from the surface: a bound as good as the exact.
        const reach = CLEARANCE_REACH * Math.sqrt(d2);
        this.clearance[v] = closestPoint(
          this.bvh,
          c[3 * v],
          c[3 * v + 1],
          c[3 * v + 2],
          this.cp,
          reach,
        ).distance;
        if (d2 < this.clearance[v] ** 2) return this.vertexWinding[v];
      }
      if (first < 0) first = v;
    }
    if (first < 0) return Number.NaN;
    const change = segmentWindingChange(this.bvh, c[3 * first], c[3 * first + 1], c[3 * first + 2], x, y, z);
    return this.vertexWinding[first] + change;
  }

  /**
   * For a watertight input: the winding number at t's centroid (x, y, z) carried from a face
   * neighbour of t that has one, across the crossings between their centroids; NaN when every
   * such segment grazes a triangle. Cheaper than a winding number.
   */
  private windingFromNeighbour(t: number, x: number, y: number, z: number): number {
    if (!this.watertight) return Number.NaN;
    const dt = this.dt;
    for (let i = 0; i < 4; i++) {
      const nb = dt.tetNbrs[4 * t + i];
      if (nb < 0) continue;
      const u = nb >> 2;
      // Windings are cached per slot; a super-tet neighbour's is not a centroid's.
      if (this.classifiedStamp[u] !== dt.tetStamp[u] || this.touchesSuper(u)) continue;
      const cu = this.centroidOf(u, this.neighbourCentroid);
      // The change from t's centroid to u's: t's is u's less it.
      const w = this.winding[u] - segmentWindingChange(this.bvh, x, y, z, cu[0], cu[1], cu[2]);
      if (!Number.isNaN(w)) return w;
    }
    return Number.NaN;
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
