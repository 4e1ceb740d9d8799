import type { ParticleState } from '../state.ts';
import { SpatialHash } from './spatial-hash.ts';

/**
 * Contact between soft bodies: every contact particle of one body (a solid's boundary vertices,
 * all of a cloth's or a rope's) against the surface triangles of every other body (a solid's
 * boundary, tet-surface.ts; a cloth's own triangles), so vertex–triangle both ways.
 *
 * Constraint (an inequality, solved only while violated; Macklin et al. 2016, "XPBD", §4 with
 * zero compliance, as the colliders' contacts): for particle p and triangle (a, b, c) with the
 * barycentric coordinates (β_a, β_b, β_c) of p's projection on its plane and unit normal n
 * pointing to p's side,
 *
 *   C = (x_p − Σ β_i x_i)·n − d ≥ 0,   ∇_p C = n,  ∇_i C = −β_i n      (d the thickness, m)
 *   Δλ = −C / (w_p + Σ β_i² w_i),  Δx_p = w_p Δλ n,  Δx_i = −β_i w_i Δλ n
 *
 * n is held fixed for the correction (the usual linearisation). Σ m·Δx = Δλ·n·(1 − Σβ_i) = 0:
 * contacts conserve linear momentum. Friction as in Macklin et al. 2014 (§6.1) and 2019 ("Small
 * Steps", §4: friction from the relative tangential motion of the substep): Δt, the tangential
 * part of the relative motion (x_p − x_p,prev) − Σβ_i (x_i − x_i,prev), is removed entirely while
 * |Δt| < μ_s·|C| (static), else shortened by μ_k·|C| (dynamic: Coulomb, the normal impulse is
 * proportional to the push |C|); the removal is shared by the same weights as the push, so it
 * conserves momentum too.
 *
 * Continuous enough, per substep: the normal and the projection are taken from the triangle at
 * the start of the substep (x_prev), and the constraint is active only where the particle was then
 * no more than one thickness behind the triangle's plane and over the triangle, and is within the
 * thickness now. A particle that crossed the triangle within one substep, however fast, is caught
 * and put back in front; a particle far behind (at the opposite face of the same solid, or a sheet
 * away) is left alone. A solid's triangles push outwards (its counter-clockwise normals); a cloth's
 * hold the particle on the side it was on when the pair was listed. Pairs are listed once per
 * frame (spatial hash over contact particles, triangles queried with their bounding sphere plus
 * the distance the bodies can close in the frame), in body and triangle order: the solve order
 * is deterministic.
 */
export interface ContactBody {
  /** First particle in the world arrays, and count. */
  offset: number;
  count: number;
  /** Surface triangles, body-local indices, counter-clockwise seen from outside for solids. */
  triangles: Uint32Array;
  /** True for solids: the surface is closed and particles belong outside (normal = face normal). */
  closed: boolean;
  /** Whether the body's particles are tested (false for a solid's interior: only its boundary). */
  contactParticles: Uint32Array;
}

/** Barycentric slack at triangle edges, so a vertex over a shared edge is held by both triangles. */
const EDGE_SLACK = 0.02;

export class BodyContact {
  private readonly particles: Int32Array;
  private readonly particleBody: Int32Array;
  private readonly compact: Float64Array;
  private readonly hash: SpatialHash;
  private readonly stamp: Int32Array;
  /** Per pair: particle, triangle corners a, b, c (world indices), side (±1). */
  private pairs = new Int32Array(PAIR * 256);
  private pairCount = 0;

  /**
   * @param thicknessM distance kept between a particle and another body's surface, m
   */
  constructor(
    readonly bodies: readonly ContactBody[],
    readonly thicknessM: number,
    readonly staticFriction: number,
    readonly dynamicFriction: number,
  ) {
    let total = 0;
    for (const body of bodies) total += body.contactParticles.length;
    this.particles = new Int32Array(total);
    this.particleBody = new Int32Array(total);
    let k = 0;
    bodies.forEach((body, b) => {
      for (const local of body.contactParticles) {
        this.particles[k] = body.offset + local;
        this.particleBody[k++] = b;
      }
    });
    this.compact = new Float64Array(3 * total);
    this.hash = new SpatialHash(Math.max(total, 1));
    this.stamp = new Int32Array(total).fill(-1);
  }

  /** Number of (particle, triangle) pairs listed by the last `prepare`. */
  get candidateCount(): number {
    return this.pairCount;
  }

  /** Lists the pairs that can touch within the next frame of `frameDtS` s. */
  prepare(state: ParticleState, frameDtS: number): void {
    const { x, v } = state;
    const n = this.particles.length;
    this.pairCount = 0;
    if (n === 0 || this.bodies.length < 2) return;
    let maxSpeedSq = 0;
    for (let k = 0; k < n; k++) {
      const p = 3 * this.particles[k];
      this.compact[3 * k] = x[p];
      this.compact[3 * k + 1] = x[p + 1];
      this.compact[3 * k + 2] = x[p + 2];
      const sq = v[p] * v[p] + v[p + 1] * v[p + 1] + v[p + 2] * v[p + 2];
      if (sq > maxSpeedSq) maxSpeedSq = sq;
    }
    // Two bodies can close at twice the fastest speed; gravity adds up to g·Δt within the frame
    // (20 m/s² covers Earth with margin), as in self-collision.ts.
    const travel = (Math.sqrt(maxSpeedSq) + 20 * frameDtS) * frameDtS;
    const margin = this.thicknessM + 2 * travel;
    let largestRadius = 0;
    for (const body of this.bodies) {
      for (let t = 0; t < body.triangles.length; t += 3) {
        const r = this.triangleSphere(x, body, t);
        if (r > largestRadius) largestRadius = r;
      }
    }
    this.hash.build(this.compact, 0, n, largestRadius + margin);
    this.stamp.fill(-1);
    let query = 0;
    this.bodies.forEach((body, b) => {
      for (let t = 0; t < body.triangles.length; t += 3, query++) {
        const radius = this.triangleSphere(x, body, t) + margin;
        const found = this.hash.query(sphere[0], sphere[1], sphere[2], radius);
        const ia = body.offset + body.triangles[t];
        const ib = body.offset + body.triangles[t + 1];
        const ic = body.offset + body.triangles[t + 2];
        for (let f = 0; f < found; f++) {
          const k = this.hash.found[f];
          if (this.particleBody[k] === b || this.stamp[k] === query) continue;
          this.stamp[k] = query;
          const p = this.particles[k];
          if (state.invMass[p] + state.invMass[ia] + state.invMass[ib] + state.invMass[ic] === 0) continue;
          const distance = pointTriangleDistance(x, p, ia, ib, ic);
          if (distance > margin) continue;
          this.push(p, ia, ib, ic, body.closed ? 1 : sideOf(x, p, ia, ib, ic));
        }
      }
    });
  }

  /** Centre (into `sphere`) and radius of a bounding sphere of triangle t of `body`, m. */
  private triangleSphere(x: Float64Array, body: ContactBody, t: number): number {
    const a = 3 * (body.offset + body.triangles[t]);
    const b = 3 * (body.offset + body.triangles[t + 1]);
    const c = 3 * (body.offset + body.triangles[t + 2]);
    let radiusSq = 0;
    for (let k = 0; k < 3; k++) sphere[k] = (x[a + k] + x[b + k] + x[c + k]) / 3;
    for (const corner of [a, b, c]) {
      const dx = x[corner] - sphere[0];
      const dy = x[corner + 1] - sphere[1];
      const dz = x[corner + 2] - sphere[2];
      radiusSq = Math.max(radiusSq, dx * dx + dy * dy + dz * dz);
    }
    return Math.sqrt(radiusSq);
  }

  private push(p: number, a: number, b: number, c: number, side: number): void {
    if (PAIR * this.pairCount === this.pairs.length) {
      const grown = new Int32Array(2 * this.pairs.length);
      grown.set(this.pairs);
      this.pairs = grown;
    }
    const o = PAIR * this.pairCount++;
    this.pairs[o] = p;
    this.pairs[o + 1] = a;
    this.pairs[o + 2] = b;
    this.pairs[o + 3] = c;
    this.pairs[o + 4] = side;
  }

  /** One pass over the listed pairs: pushes out, then friction (see the class comment). */
  solve(state: ParticleState): void {
    const { x, xPrev } = state;
    const pairs = this.pairs;
    const thickness = this.thicknessM;
    for (let k = 0; k < this.pairCount; k++) {
      const o = PAIR * k;
      const p = pairs[o];
      const a = pairs[o + 1];
      const b = pairs[o + 2];
      const c = pairs[o + 3];
      // Normal and projection from the start of the substep (a triangle may turn over within it
      // under a hard impact), and the swept test: the particle was not behind it then.
      if (!planeOf(xPrev, p, a, b, c, pairs[o + 4]) || plane[3] < -thickness || !over()) continue;
      const [nx, ny, nz, , ba, bb, bc] = plane;
      plane[3] =
        (x[3 * p] - ba * x[3 * a] - bb * x[3 * b] - bc * x[3 * c]) * nx +
        (x[3 * p + 1] - ba * x[3 * a + 1] - bb * x[3 * b + 1] - bc * x[3 * c + 1]) * ny +
        (x[3 * p + 2] - ba * x[3 * a + 2] - bb * x[3 * b + 2] - bc * x[3 * c + 2]) * nz;
      if (plane[3] < thickness) this.resolve(state, p, a, b, c);
    }
  }

  /** Resolves the contact of particle p with triangle (a, b, c) whose `planeOf` is in `plane`. */
  private resolve(state: ParticleState, p: number, a: number, b: number, c: number): void {
    const { x, xPrev, invMass: w } = state;
    const [nx, ny, nz, distance, ba, bb, bc] = plane;
    // Clamp the weights into the triangle (Σβ = 1 keeps the momentum balance exact).
    const ca = Math.max(ba, 0);
    const cb = Math.max(bb, 0);
    const cc = Math.max(bc, 0);
    const sum = ca + cb + cc;
    const wa = ca / sum;
    const wb = cb / sum;
    const wc = cc / sum;
    const denominator = w[p] + wa * wa * w[a] + wb * wb * w[b] + wc * wc * w[c];
    if (!(denominator > 0)) return;
    const depth = this.thicknessM - distance;
    const dLambda = depth / denominator;
    move(x, p, w[p] * dLambda, nx, ny, nz);
    move(x, a, -wa * w[a] * dLambda, nx, ny, nz);
    move(x, b, -wb * w[b] * dLambda, nx, ny, nz);
    move(x, c, -wc * w[c] * dLambda, nx, ny, nz);
    // Relative motion over the substep of the particle against the triangle's point under it.
    let mx = x[3 * p] - xPrev[3 * p];
    let my = x[3 * p + 1] - xPrev[3 * p + 1];
    let mz = x[3 * p + 2] - xPrev[3 * p + 2];
    mx -= wa * (x[3 * a] - xPrev[3 * a]) + wb * (x[3 * b] - xPrev[3 * b]) + wc * (x[3 * c] - xPrev[3 * c]);
    my -=
      wa * (x[3 * a + 1] - xPrev[3 * a + 1]) +
      wb * (x[3 * b + 1] - xPrev[3 * b + 1]) +
      wc * (x[3 * c + 1] - xPrev[3 * c + 1]);
    mz -=
      wa * (x[3 * a + 2] - xPrev[3 * a + 2]) +
      wb * (x[3 * b + 2] - xPrev[3 * b + 2]) +
      wc * (x[3 * c + 2] - xPrev[3 * c + 2]);
    const along = mx * nx + my * ny + mz * nz;
    const tx = mx - along * nx;
    const ty = my - along * ny;
    const tz = mz - along * nz;
    const tangential = Math.sqrt(tx * tx + ty * ty + tz * tz);
    if (!(tangential > 0)) return;
    const removed =
      tangential < this.staticFriction * depth ? 1 : Math.min(1, (this.dynamicFriction * depth) / tangential);
    const s = removed / denominator;
    move(x, p, -s * w[p], tx, ty, tz);
    move(x, a, s * wa * w[a], tx, ty, tz);
    move(x, b, s * wb * w[b], tx, ty, tz);
    move(x, c, s * wc * w[c], tx, ty, tz);
  }
}

/** Ints per listed pair. */
const PAIR = 5;

/** Whether the particle of the last `planeOf` projects onto its triangle (with EDGE_SLACK). */
function over(): boolean {
  return plane[4] >= -EDGE_SLACK && plane[5] >= -EDGE_SLACK && plane[6] >= -EDGE_SLACK;
}

/** Scratch: a triangle's bounding-sphere centre, m. */
const sphere = new Float64Array(3);
/** Scratch of `planeOf`: unit normal (3), signed distance (m), unclamped barycentrics (3). */
const plane = new Float64Array(7);

/** x_i += s·(dx, dy, dz). */
function move(x: Float64Array, i: number, s: number, nx: number, ny: number, nz: number): void {
  x[3 * i] += s * nx;
  x[3 * i + 1] += s * ny;
  x[3 * i + 2] += s * nz;
}

/**
 * The plane of triangle (a, b, c) in `x` with its normal turned to `side` (+1 the
 * counter-clockwise face normal), the signed distance of particle p from it and the barycentric
 * coordinates of p's projection, into `plane`. False for a degenerate triangle.
 */
function planeOf(x: Float64Array, p: number, a: number, b: number, c: number, side: number): boolean {
  const a3 = 3 * a;
  const e1x = x[3 * b] - x[a3];
  const e1y = x[3 * b + 1] - x[a3 + 1];
  const e1z = x[3 * b + 2] - x[a3 + 2];
  const e2x = x[3 * c] - x[a3];
  const e2y = x[3 * c + 1] - x[a3 + 1];
  const e2z = x[3 * c + 2] - x[a3 + 2];
  let nx = e1y * e2z - e1z * e2y;
  let ny = e1z * e2x - e1x * e2z;
  let nz = e1x * e2y - e1y * e2x;
  const doubleArea = Math.sqrt(nx * nx + ny * ny + nz * nz);
  if (!(doubleArea > 1e-18)) return false;
  const s = side / doubleArea;
  nx *= s;
  ny *= s;
  nz *= s;
  const rx = x[3 * p] - x[a3];
  const ry = x[3 * p + 1] - x[a3 + 1];
  const rz = x[3 * p + 2] - x[a3 + 2];
  // Barycentrics of the projection: areas of the sub-triangles over the whole (signed, so that
  // outside the triangle one of them is negative).
  const d00 = e1x * e1x + e1y * e1y + e1z * e1z;
  const d01 = e1x * e2x + e1y * e2y + e1z * e2z;
  const d11 = e2x * e2x + e2y * e2y + e2z * e2z;
  const d20 = rx * e1x + ry * e1y + rz * e1z;
  const d21 = rx * e2x + ry * e2y + rz * e2z;
  const det = d00 * d11 - d01 * d01;
  const bb = (d11 * d20 - d01 * d21) / det;
  const bc = (d00 * d21 - d01 * d20) / det;
  plane[0] = nx;
  plane[1] = ny;
  plane[2] = nz;
  plane[3] = rx * nx + ry * ny + rz * nz;
  plane[4] = 1 - bb - bc;
  plane[5] = bb;
  plane[6] = bc;
  return true;
}

/** The side of an open surface particle p is on now: +1 in front of the counter-clockwise normal. */
function sideOf(x: Float64Array, p: number, a: number, b: number, c: number): number {
  if (!planeOf(x, p, a, b, c, 1)) return 1;
  return plane[3] >= 0 ? 1 : -1;
}

/** Distance from particle p to triangle (a, b, c), m (closest point with clamped barycentrics). */
function pointTriangleDistance(x: Float64Array, p: number, a: number, b: number, c: number): number {
  if (!planeOf(x, p, a, b, c, 1)) {
    return Math.min(distanceBetween(x, p, a), distanceBetween(x, p, b), distanceBetween(x, p, c));
  }
  const inside = plane[4] >= 0 && plane[5] >= 0 && plane[6] >= 0;
  if (inside) return Math.abs(plane[3]);
  // Outside the triangle: the nearest of its three edges.
  return Math.min(segmentDistance(x, p, a, b), segmentDistance(x, p, b, c), segmentDistance(x, p, c, a));
}

function distanceBetween(x: Float64Array, p: number, q: number): number {
  return Math.hypot(x[3 * p] - x[3 * q], x[3 * p + 1] - x[3 * q + 1], x[3 * p + 2] - x[3 * q + 2]);
}

function segmentDistance(x: Float64Array, p: number, a: number, b: number): number {
  const abx = x[3 * b] - x[3 * a];
  const aby = x[3 * b + 1] - x[3 * a + 1];
  const abz = x[3 * b + 2] - x[3 * a + 2];
  const apx = x[3 * p] - x[3 * a];
  const apy = x[3 * p + 1] - x[3 * a + 1];
  const apz = x[3 * p + 2] - x[3 * a + 2];
  const lengthSq = abx * abx + aby * aby + abz * abz;
  const s = lengthSq > 0 ? Math.min(1, Math.max(0, (apx * abx + apy * aby + apz * abz) / lengthSq)) : 0;
  return Math.hypot(apx - s * abx, apy - s * aby, apz - s * abz);
}
