import type { ParticleState } from '../state.ts';
import { SpatialHash } from './spatial-hash.ts';

/**
 * Cloth self-collision between the particles of one body (Müller, Ten Minute Physics lesson 15,
 * "self collision"; the particle view of Bridson, Fedkiw & Anderson 2002 with a thickness):
 * every particle is a sphere of diameter `thicknessM`, and two particles closer than that are
 * pushed apart along the line between them, split by inverse mass, with zero compliance. Pairs
 * that are closer at rest (mesh neighbours) keep their rest distance as the minimum instead.
 *
 * Once per frame the particles are hashed (cells of the query radius) and the candidate pairs
 * within thickness + 2·(largest distance a particle can travel in the frame) are listed; every
 * substep then resolves the listed pairs. Friction as for colliders (colliders.ts): the relative
 * tangential motion over the substep is removed while below μ_s times the push, else reduced
 * by μ_k times it. Holds when the thickness is at least about the rest edge length, so the
 * spheres cover the sheet; thinner thicknesses let particles slip between others.
 */
export class SelfCollision {
  private readonly hash: SpatialHash;
  private pairs = new Int32Array(1024);
  private minDistance = new Float64Array(512);
  private pairCount = 0;
  /** Query stamp per particle, to drop duplicate hits of one query. */
  private readonly stamp: Int32Array;

  /**
   * @param from first particle of the body in the world arrays; `count` particles
   * @param thicknessM sphere diameter, m
   */
  constructor(
    readonly from: number,
    readonly count: number,
    readonly thicknessM: number,
    readonly staticFriction: number,
    readonly dynamicFriction: number,
  ) {
    this.hash = new SpatialHash(count);
    this.stamp = new Int32Array(count).fill(-1);
  }

  /** Number of candidate pairs listed by the last `prepare`. */
  get candidateCount(): number {
    return this.pairCount;
  }

  /** Lists candidate pairs for the next frame of `frameDtS` s. */
  prepare(state: ParticleState, frameDtS: number): void {
    const { x, v, rest } = state;
    let maxSpeedSq = 0;
    for (let i = 0; i < this.count; i++) {
      const p = 3 * (this.from + i);
      const sq = v[p] * v[p] + v[p + 1] * v[p + 1] + v[p + 2] * v[p + 2];
      if (sq > maxSpeedSq) maxSpeedSq = sq;
    }
    // Gravity can add up to g·Δt of speed within the frame; 20 m/s² covers it on Earth with margin.
    const travel = (Math.sqrt(maxSpeedSq) + 20 * frameDtS) * frameDtS;
    const radius = this.thicknessM + 2 * travel;
    this.hash.build(x, this.from, this.count, radius);
    this.stamp.fill(-1);
    this.pairCount = 0;
    for (let i = 0; i < this.count; i++) {
      const p = 3 * (this.from + i);
      const n = this.hash.query(x[p], x[p + 1], x[p + 2], radius);
      for (let k = 0; k < n; k++) {
        const j = this.hash.found[k];
        if (j <= i || this.stamp[j] === i) continue;
        this.stamp[j] = i;
        const q = 3 * (this.from + j);
        const dx = x[p] - x[q];
        const dy = x[p + 1] - x[q + 1];
        const dz = x[p + 2] - x[q + 2];
        if (dx * dx + dy * dy + dz * dz > radius * radius) continue;
        const restDistance = Math.hypot(
          rest[p] - rest[q],
          rest[p + 1] - rest[q + 1],
          rest[p + 2] - rest[q + 2],
        );
        this.push(i, j, Math.min(this.thicknessM, restDistance));
      }
    }
  }

  private push(i: number, j: number, minDistance: number): void {
    if (this.pairCount === this.minDistance.length) {
      const pairs = new Int32Array(2 * this.pairs.length);
      pairs.set(this.pairs);
      this.pairs = pairs;
      const distances = new Float64Array(2 * this.minDistance.length);
      distances.set(this.minDistance);
      this.minDistance = distances;
    }
    this.pairs[2 * this.pairCount] = this.from + i;
    this.pairs[2 * this.pairCount + 1] = this.from + j;
    this.minDistance[this.pairCount++] = minDistance;
  }

  /** Pushes apart every listed pair that is closer than its minimum distance. */
  solve(state: ParticleState): void {
    const { x, xPrev, invMass: w } = state;
    for (let c = 0; c < this.pairCount; c++) {
      const a = this.pairs[2 * c];
      const b = this.pairs[2 * c + 1];
      const wSum = w[a] + w[b];
      if (wSum === 0) continue;
      const a3 = 3 * a;
      const b3 = 3 * b;
      let nx = x[a3] - x[b3];
      let ny = x[a3 + 1] - x[b3 + 1];
      let nz = x[a3 + 2] - x[b3 + 2];
      const distance = Math.sqrt(nx * nx + ny * ny + nz * nz);
      const depth = this.minDistance[c] - distance;
      if (!(depth > 0) || !(distance > 1e-12)) continue;
      nx /= distance;
      ny /= distance;
      nz /= distance;
      const sa = (w[a] / wSum) * depth;
      const sb = (w[b] / wSum) * depth;
      x[a3] += sa * nx;
      x[a3 + 1] += sa * ny;
      x[a3 + 2] += sa * nz;
      x[b3] -= sb * nx;
      x[b3 + 1] -= sb * ny;
      x[b3 + 2] -= sb * nz;
      // Relative tangential motion over the substep.
      const mx = x[a3] - xPrev[a3] - (x[b3] - xPrev[b3]);
      const my = x[a3 + 1] - xPrev[a3 + 1] - (x[b3 + 1] - xPrev[b3 + 1]);
      const mz = x[a3 + 2] - xPrev[a3 + 2] - (x[b3 + 2] - xPrev[b3 + 2]);
      const along = mx * nx + my * ny + mz * nz;
      const tx = mx - along * nx;
      const ty = my - along * ny;
      const tz = mz - along * nz;
      const tangential = Math.sqrt(tx * tx + ty * ty + tz * tz);
      if (tangential === 0) continue;
      const removed =
        tangential < this.staticFriction * depth
          ? 1
          : Math.min(1, (this.dynamicFriction * depth) / tangential);
      const fa = (removed * w[a]) / wSum;
      const fb = (removed * w[b]) / wSum;
      x[a3] -= fa * tx;
      x[a3 + 1] -= fa * ty;
      x[a3 + 2] -= fa * tz;
      x[b3] += fb * tx;
      x[b3 + 1] += fb * ty;
      x[b3 + 2] += fb * tz;
    }
  }
}
