import { Lcg } from '../math/lcg.ts';
import { TetrahedralizeError } from './errors.ts';
import { insphereSign, orient3dSign } from './predicates.ts';

/**
 * Incremental 3D Delaunay tetrahedralization (Bowyer–Watson) on Shewchuk's exact predicates.
 *
 * Storage is structure-of-arrays: tet t owns slots 4t…4t+3 of `tetVerts` (vertex ids) and
 * `tetNbrs` (the neighbour across the face opposite vertex i, encoded as 4·u + j where j is
 * the matching face of tet u, or −1 on the outer hull of the enclosing super-tet).
 *
 * Orientation convention: every tet (a, b, c, d) is stored positively oriented, meaning its
 * signed volume det[b−a, c−a, d−a] / 6 is > 0 (d lies on the side that (b−a)×(c−a) points
 * to). robust-predicates' `orient3d` returns the opposite sign (−6 × signed volume), so the
 * tests below read `orient3d(...) < 0` as "positive". For a positive tet its `insphere` is
 * > 0 when the fifth point lies strictly inside the circumsphere.
 *
 * Face i is the face opposite vertex i; FACE[i] lists its vertices ordered so that vertex i
 * is on the positive side (the tet (FACE[i], v_i) is positive). A point inserted on that side
 * of a cavity face therefore forms a positive tet with it.
 */
export const FACE: readonly (readonly [number, number, number])[] = [
  [1, 3, 2],
  [0, 2, 3],
  [0, 3, 1],
  [0, 1, 2],
];
const F0 = Int8Array.from([1, 0, 0, 0]);
const F1 = Int8Array.from([3, 2, 3, 1]);
const F2 = Int8Array.from([2, 3, 1, 2]);

/** Number of vertices of the enclosing super-tet; they are vertices 0…3 of every Delaunay. */
export const SUPER_VERTEX_COUNT = 4;

/** The fourth corner of an orientSign query (its coordinates, as orient3dSign takes them). */
const corner = new Float64Array(3);

/**
 * What the mesher reads of a Delaunay tetrahedralization and asks of it: this file's class, or
 * wasm-delaunay.ts's, which is the same step for step in WebAssembly. The arrays may be replaced
 * by an insert (they grow): read them from the triangulation again after one.
 */
export interface Triangulation {
  /** Vertex positions, xyz interleaved (includes the 4 super-tet vertices first). */
  readonly coords: Float64Array;
  readonly vertexCount: number;
  readonly tetVerts: Int32Array;
  readonly tetNbrs: Int32Array;
  /** 1 while the slot holds a live tet. */
  readonly tetAlive: Uint8Array;
  /** Slots in use or freed (the high-water mark). */
  readonly slotCount: number;
  /** Bumped whenever a slot is (re)filled. */
  readonly tetStamp: Uint32Array;
  /** One tet incident to each vertex, or −1. */
  readonly vertexTet: Int32Array;
  /** The live tets (the super-tet's included). */
  readonly liveTetCount: number;
  /** Inserts a point: its vertex id, or −(id + 1) of the vertex it coincides with exactly. */
  insert(x: number, y: number, z: number): number;
  /** A tet containing (x, y, z) in its closure, by a walk from `start`. */
  locate(x: number, y: number, z: number, start: number): number;
  /** insphere sign for tet t and (x, y, z): > 0 strictly inside its circumsphere. */
  inSphere(t: number, x: number, y: number, z: number): number;
  /** Sign of the signed volume of (a, b, d, e) by vertex id: > 0 positive orientation. */
  orientSign(a: number, b: number, d: number, e: number): number;
}

/**
 * The super-tet around the box min…max: corners centre ± (s, s, s) of even parity. Its inradius is
 * s/√3; 50× the box radius keeps the far corners out of the circumspheres of all but needle-thin
 * hull tets.
 */
export function superTet(
  min: ArrayLike<number>,
  max: ArrayLike<number>,
): { cx: number; cy: number; cz: number; s: number } {
  const radius = Math.max(1e-30, 0.5 * Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]));
  return {
    cx: 0.5 * (min[0] + max[0]),
    cy: 0.5 * (min[1] + max[1]),
    cz: 0.5 * (min[2] + max[2]),
    s: 50 * radius,
  };
}

export class Delaunay implements Triangulation {
  /** Vertex positions, xyz interleaved (includes the 4 super-tet vertices first). */
  coords: Float64Array;
  vertexCount = 0;
  tetVerts: Int32Array;
  tetNbrs: Int32Array;
  /** 1 while the slot holds a live tet. */
  tetAlive: Uint8Array;
  /** Slots in use or freed (the high-water mark); live tets are the slots with tetAlive = 1. */
  slotCount = 0;
  /** Bumped whenever a slot is (re)filled, so callers can tell a reused slot from the old tet. */
  tetStamp: Uint32Array;
  /** One tet incident to each vertex (a live one after every insertion), or −1. */
  vertexTet: Int32Array;

  private freeSlots: Int32Array;
  private freeCount = 0;

  /** The live tets (the super-tet's included). */
  get liveTetCount(): number {
    return this.slotCount - this.freeCount;
  }
  private mark: Uint32Array;
  private markStamp = 0;
  private lastTet = 0;
  /** The face each step of a point location's walk tries first: a random one (a fixed order can loop). */
  private readonly rng = new Lcg(0x9e3779b9);
  private stampCounter = 0;
  // Scratch for one insertion (grown on demand).
  private cavity = new Int32Array(256);
  /** Per boundary face of the cavity: its vertices, its neighbour outside, the new tet on it. */
  private bndVerts = new Int32Array(3 * 512);
  private bndNbr = new Int32Array(512);
  private starTet = new Int32Array(512);
  /**
   * Linking the star of an insertion (see `linkStar`): each boundary vertex's index in the star
   * (`starIndex`, valid where `starStamp` holds the insertion's stamp), and the face of the new
   * tet beyond each directed boundary edge, at from × starSize + to (`starEdges`).
   */
  private starIndex: Int32Array;
  private starStamp: Uint32Array;
  private starStampNow = 0;
  private starEdges = new Int32Array(1024);
  /** The point being inserted or located (predicates read it here: see predicates.ts). */
  private readonly query = new Float64Array(3);

  /**
   * @param min, max the box every inserted point lies in (the super-tet encloses it with margin).
   * @param capacity expected number of vertices (arrays grow when exceeded).
   */
  constructor(min: ArrayLike<number>, max: ArrayLike<number>, capacity = 1024) {
    const vcap = Math.max(16, capacity + SUPER_VERTEX_COUNT);
    this.coords = new Float64Array(3 * vcap);
    this.vertexTet = new Int32Array(vcap).fill(-1);
    this.starIndex = new Int32Array(vcap);
    this.starStamp = new Uint32Array(vcap);
    const tcap = 8 * vcap;
    this.tetVerts = new Int32Array(4 * tcap);
    this.tetNbrs = new Int32Array(4 * tcap);
    this.tetAlive = new Uint8Array(tcap);
    this.tetStamp = new Uint32Array(tcap);
    this.mark = new Uint32Array(tcap);
    this.freeSlots = new Int32Array(64);
    const { cx, cy, cz, s } = superTet(min, max);
    this.addVertex(cx + s, cy + s, cz + s);
    this.addVertex(cx + s, cy - s, cz - s);
    this.addVertex(cx - s, cy + s, cz - s);
    this.addVertex(cx - s, cy - s, cz + s);
    let a = 0;
    let b = 1;
    if (this.orientSign(0, 1, 2, 3) < 0) {
      a = 1;
      b = 0;
    }
    const t = this.allocTet();
    this.setTet(t, a, b, 2, 3);
    for (let i = 0; i < 4; i++) this.tetNbrs[4 * t + i] = -1;
    this.lastTet = t;
  }

  /**
   * Inserts a point and returns its vertex id; returns −(id + 1) of the existing vertex when the
   * point coincides with one exactly (nothing is inserted then).
   */
  insert(x: number, y: number, z: number): number {
    const q = this.query;
    q[0] = x;
    q[1] = y;
    q[2] = z;
    const t0 = this.walk(this.lastTet);
    const tv = this.tetVerts;
    const c = this.coords;
    for (let i = 0; i < 4; i++) {
      const v = tv[4 * t0 + i];
      if (c[3 * v] === x && c[3 * v + 1] === y && c[3 * v + 2] === z) return -(v + 1);
    }
    // Two stamps per insertion: in the cavity, and tested but not in it. Each neighbour's
    // insphere test runs once, however many cavity faces it shares.
    if (this.markStamp >= 0xfffffff0) {
      this.mark.fill(0);
      this.markStamp = 0;
    }
    const ms = (this.markStamp += 2) - 1;
    const tested = ms + 1;
    const mark = this.mark;
    // Local copies: nothing below reallocates these until the star is filled.
    const nbrs = this.tetNbrs;
    let cav = this.cavity;
    let cavCount = 0;
    cav[cavCount++] = t0;
    mark[t0] = ms;
    // Grow the cavity through faces whose neighbour's circumsphere strictly contains p.
    for (let k = 0; k < cavCount; k++) {
      const t = cav[k];
      for (let i = 0; i < 4; i++) {
        const nb = nbrs[4 * t + i];
        if (nb < 0) continue;
        const u = nb >> 2;
        if (mark[u] >= ms) continue;
        if (insphereSign(c, tv[4 * u], tv[4 * u + 1], tv[4 * u + 2], tv[4 * u + 3], q) > 0) {
          mark[u] = ms;
          if (cavCount === cav.length) cav = this.cavity = growInt32(cav, cavCount * 2);
          cav[cavCount++] = u;
        } else {
          mark[u] = tested;
        }
      }
    }
    // The tets after the first that joined the cavity by their circumspheres: cav[1 … strict).
    // Across a face from such a tet t (p strictly inside its circumsphere) to a neighbour u outside
    // the cavity (p not strictly inside u's), p lies strictly on t's side of the face's plane: the
    // two spheres meet on that plane, and beyond it t's open ball lies within u's (u's far corner
    // is not inside t's sphere: the triangulation is Delaunay), so p cannot be there. Those faces
    // need no orientation test; the first tet's faces and those of tets taken in below get one.
    const strict = cavCount;
    // Collect the cavity boundary; if p does not see a boundary face strictly from inside
    // (co-spherical or co-planar configurations), take the tet beyond it into the cavity too,
    // so that every new tet has strictly positive volume.
    let bndCount = 0;
    for (;;) {
      bndCount = 0;
      let grown = false;
      for (let k = 0; k < cavCount && !grown; k++) {
        const t = cav[k];
        for (let i = 0; i < 4; i++) {
          const nb = nbrs[4 * t + i];
          if (nb >= 0 && mark[nb >> 2] === ms) continue;
          const a = tv[4 * t + F0[i]];
          const b = tv[4 * t + F1[i]];
          const d = tv[4 * t + F2[i]];
          const seen = nb >= 0 && k > 0 && k < strict;
          if (!seen && orient3dSign(c, a, b, d, q) >= 0) {
            if (nb < 0) {
              throw new TetrahedralizeError('failed', 'A point lies outside the enclosing tetrahedron.');
            }
            const u = nb >> 2;
            mark[u] = ms;
            if (cavCount === cav.length) cav = this.cavity = growInt32(cav, cavCount * 2);
            cav[cavCount++] = u;
            grown = true;
            break;
          }
          if (bndCount === this.starTet.length) this.growBoundary();
          this.bndVerts[3 * bndCount] = a;
          this.bndVerts[3 * bndCount + 1] = b;
          this.bndVerts[3 * bndCount + 2] = d;
          this.bndNbr[bndCount] = nb;
          bndCount++;
        }
      }
      if (!grown) break;
    }
    const p = this.addVertex(x, y, z);
    // Free the cavity, then fill the star of p: one new tet per boundary face.
    for (let k = 0; k < cavCount; k++) this.freeTet(cav[k]);
    const bndVerts = this.bndVerts;
    const starTet = this.starTet;
    for (let k = 0; k < bndCount; k++) {
      const n = this.allocTet();
      this.setTet(n, bndVerts[3 * k], bndVerts[3 * k + 1], bndVerts[3 * k + 2], p);
      const nb = this.bndNbr[k];
      this.tetNbrs[4 * n + 3] = nb;
      if (nb >= 0) this.tetNbrs[nb] = 4 * n + 3;
      starTet[k] = n;
    }
    this.linkStar(bndCount);
    this.lastTet = starTet[bndCount - 1];
    return p;
  }

  /**
   * Links the new tets of a star to each other. The boundary faces (a, b, d), new tet (a, b, d, p)
   * in `starTet`, are oriented alike (p on their positive side) and close around p, so each directed
   * edge a → b of one face is b → a of exactly one other: the tet beyond face 2 of (a, b, d, p),
   * which holds edge {a, b}, is the one whose face holds b → a. The faces are numbered by a small
   * table of the boundary's vertices rather than hashed: a first pass writes each directed edge's
   * face, a second reads each edge's reverse (every one written in the first, so the table is
   * never cleared).
   */
  private linkStar(bndCount: number): void {
    const bndVerts = this.bndVerts;
    const starTet = this.starTet;
    const index = this.starIndex;
    const stamp = this.starStamp;
    if (this.starStampNow === 0xffffffff) {
      stamp.fill(0);
      this.starStampNow = 0;
    }
    const now = ++this.starStampNow;
    let size = 0;
    for (let k = 0; k < 3 * bndCount; k++) {
      const v = bndVerts[k];
      if (stamp[v] !== now) {
        stamp[v] = now;
        index[v] = size++;
      }
    }
    if (size * size > this.starEdges.length) {
      let length = this.starEdges.length;
      while (length < size * size) length *= 2;
      this.starEdges = new Int32Array(length);
    }
    const edges = this.starEdges;
    // Face 0 of (a, b, d, p) holds edge b → d, face 1 d → a, face 2 a → b.
    for (let k = 0; k < bndCount; k++) {
      const a = index[bndVerts[3 * k]];
      const b = index[bndVerts[3 * k + 1]];
      const d = index[bndVerts[3 * k + 2]];
      const f = 4 * starTet[k];
      edges[b * size + d] = f;
      edges[d * size + a] = f + 1;
      edges[a * size + b] = f + 2;
    }
    const nbrs = this.tetNbrs;
    for (let k = 0; k < bndCount; k++) {
      const a = index[bndVerts[3 * k]];
      const b = index[bndVerts[3 * k + 1]];
      const d = index[bndVerts[3 * k + 2]];
      const f = 4 * starTet[k];
      nbrs[f] = edges[d * size + b];
      nbrs[f + 1] = edges[a * size + d];
      nbrs[f + 2] = edges[b * size + a];
    }
  }

  /**
   * Finds a tet that contains (x, y, z) (in its closure) by a stochastic visibility walk from
   * `start` (a live tet). Throws when the point is outside the super-tet.
   */
  locate(x: number, y: number, z: number, start: number): number {
    this.query[0] = x;
    this.query[1] = y;
    this.query[2] = z;
    return this.walk(start);
  }

  /** locate() for the point in `query`. */
  private walk(start: number): number {
    const q = this.query;
    const tv = this.tetVerts;
    const c = this.coords;
    let t = this.tetAlive[start] ? start : this.anyLiveTet();
    let steps = 0;
    const maxSteps = 8 * this.slotCount + 64;
    outer: for (;;) {
      if (++steps > maxSteps) throw new TetrahedralizeError('failed', 'Point location did not terminate.');
      const r = this.rng.nextUint32() >>> 30;
      for (let k = 0; k < 4; k++) {
        const i = (r + k) & 3;
        const a = tv[4 * t + F0[i]];
        const b = tv[4 * t + F1[i]];
        const d = tv[4 * t + F2[i]];
        if (orient3dSign(c, a, b, d, q) > 0) {
          const nb = this.tetNbrs[4 * t + i];
          if (nb < 0)
            throw new TetrahedralizeError('failed', 'A point lies outside the enclosing tetrahedron.');
          t = nb >> 2;
          continue outer;
        }
      }
      return t;
    }
  }

  /** insphere sign for tet t and point p: > 0 strictly inside its circumsphere. */
  inSphere(t: number, x: number, y: number, z: number): number {
    this.query[0] = x;
    this.query[1] = y;
    this.query[2] = z;
    const tv = this.tetVerts;
    return insphereSign(this.coords, tv[4 * t], tv[4 * t + 1], tv[4 * t + 2], tv[4 * t + 3], this.query);
  }

  /** Sign of the signed volume of (a, b, d, e) by vertex id: > 0 positive orientation. */
  orientSign(a: number, b: number, d: number, e: number): number {
    const c = this.coords;
    corner[0] = c[3 * e];
    corner[1] = c[3 * e + 1];
    corner[2] = c[3 * e + 2];
    return -orient3dSign(c, a, b, d, corner);
  }

  private anyLiveTet(): number {
    for (let t = this.slotCount - 1; t >= 0; t--) if (this.tetAlive[t]) return t;
    throw new TetrahedralizeError('failed', 'The triangulation has no tets.');
  }

  private addVertex(x: number, y: number, z: number): number {
    const v = this.vertexCount;
    if (3 * (v + 1) > this.coords.length) {
      const grown = new Float64Array(this.coords.length * 2);
      grown.set(this.coords);
      this.coords = grown;
      const vt = new Int32Array(grown.length / 3).fill(-1);
      vt.set(this.vertexTet);
      this.vertexTet = vt;
      this.starIndex = new Int32Array(vt.length);
      const stamp = new Uint32Array(vt.length);
      stamp.set(this.starStamp);
      this.starStamp = stamp;
    }
    this.coords[3 * v] = x;
    this.coords[3 * v + 1] = y;
    this.coords[3 * v + 2] = z;
    this.vertexCount = v + 1;
    return v;
  }

  private setTet(t: number, a: number, b: number, c: number, d: number): void {
    const tv = this.tetVerts;
    tv[4 * t] = a;
    tv[4 * t + 1] = b;
    tv[4 * t + 2] = c;
    tv[4 * t + 3] = d;
    const vt = this.vertexTet;
    vt[a] = t;
    vt[b] = t;
    vt[c] = t;
    vt[d] = t;
  }

  private allocTet(): number {
    let t: number;
    if (this.freeCount > 0) t = this.freeSlots[--this.freeCount];
    else {
      t = this.slotCount++;
      if (t >= this.tetAlive.length) this.growTets();
    }
    this.tetAlive[t] = 1;
    this.tetStamp[t] = ++this.stampCounter;
    return t;
  }

  private freeTet(t: number): void {
    this.tetAlive[t] = 0;
    if (this.freeCount === this.freeSlots.length)
      this.freeSlots = growInt32(this.freeSlots, this.freeCount * 2);
    this.freeSlots[this.freeCount++] = t;
  }

  private growTets(): void {
    const cap = this.tetAlive.length * 2;
    this.tetVerts = growInt32(this.tetVerts, 4 * cap);
    this.tetNbrs = growInt32(this.tetNbrs, 4 * cap);
    const alive = new Uint8Array(cap);
    alive.set(this.tetAlive);
    this.tetAlive = alive;
    const stamp = new Uint32Array(cap);
    stamp.set(this.tetStamp);
    this.tetStamp = stamp;
    const mark = new Uint32Array(cap);
    mark.set(this.mark);
    this.mark = mark;
  }

  private growBoundary(): void {
    const n = this.starTet.length * 2;
    this.starTet = growInt32(this.starTet, n);
    this.bndVerts = growInt32(this.bndVerts, 3 * n);
    this.bndNbr = growInt32(this.bndNbr, n);
  }
}

function growInt32(a: Int32Array, size: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(size);
  grown.set(a.subarray(0, Math.min(a.length, size)));
  return grown;
}
