import { measureBody } from './body-metrics.ts';
import type { BodyRuntime } from './body-runtime.ts';
import { type Collider, collideParticles } from './colliders.ts';
import { dampBlock, resetLambda, scalarConstraintCount, solveBlock } from './constraints/index.ts';
import type { Vec3 } from './scene.ts';
import { type ParticleState, resetParticleState } from './state.ts';
import type { BodyMetrics, BodyView, StepMetrics, World } from './world.ts';

/**
 * The XPBD world: one particle state shared by all bodies, per-body constraint blocks, static
 * colliders. Per frame of Δt, `substeps` substeps of h = Δt/substeps, each (Macklin, Müller &
 * Chentanez 2016, Alg. 1 with one iteration; Macklin et al. 2019, "Small Steps in Physics
 * Simulation", Alg. 1):
 *   predict    x_prev = x;  v ← v·e^(−c·h) + g·h;  x ← x + v·h     (c mass-proportional damping, 1/s)
 *   reset λ    every multiplier to 0
 *   solve      each block once in colour order (PBD bodies: `iterations` times)
 *   collide    colliders, zero compliance, friction
 *   velocity   v = (x − x_prev)/h
 *   damp       constraint damping along ∇C, implicit, at velocity level (constraints/block.ts)
 */
export class XpbdWorld implements World {
  readonly positions: Float32Array;
  readonly bodies: readonly BodyView[];
  readonly particleCount: number;
  readonly constraintCount: number;
  extraLinearDampingPerS = 0;
  private time = 0;
  /** Substep of the last step, s (pin forces are λ/h² of that substep). */
  private lastSubstepS: number;

  constructor(
    readonly state: ParticleState,
    readonly runtimes: readonly BodyRuntime[],
    readonly colliders: readonly Collider[],
    readonly gravity: Vec3,
    readonly frameDtS: number,
    readonly substeps: number,
  ) {
    this.particleCount = state.count;
    this.positions = new Float32Array(3 * state.count);
    this.positions.set(state.x);
    this.bodies = runtimes.map((r) => ({
      name: r.spec.name,
      kind: r.geometry.kind,
      particleOffset: r.offset,
      particleCount: r.count,
      surfaceTriangles: r.geometry.surfaceTriangles,
      edges: r.geometry.edges,
    }));
    let constraints = 0;
    for (const r of runtimes) for (const b of r.blocks) constraints += scalarConstraintCount(b);
    this.constraintCount = constraints;
    this.lastSubstepS = frameDtS / substeps;
  }

  get timeS(): number {
    return this.time;
  }

  step(frameDtS: number): StepMetrics {
    if (frameDtS > 0) {
      const h = frameDtS / this.substeps;
      for (let s = 0; s < this.substeps; s++) this.substep(h);
      this.lastSubstepS = h;
      this.time += frameDtS;
    }
    const x = this.state.x;
    const v = this.state.v;
    const mass = this.state.mass;
    const w = this.state.invMass;
    this.positions.set(x);
    let kinetic = 0;
    let checksum = 0;
    for (let p = 0; p < this.particleCount; p++) {
      const vx = v[3 * p];
      const vy = v[3 * p + 1];
      const vz = v[3 * p + 2];
      if (w[p] > 0) kinetic += 0.5 * mass[p] * (vx * vx + vy * vy + vz * vz);
      checksum += x[3 * p] + x[3 * p + 1] + x[3 * p + 2] + vx + vy + vz;
    }
    // Any NaN or ±Infinity in the state makes the sum non-finite.
    return { kineticEnergyJ: kinetic, hasNaN: !Number.isFinite(checksum) };
  }

  reset(): void {
    resetParticleState(this.state);
    for (const r of this.runtimes) for (const b of r.blocks) resetLambda(b);
    this.positions.set(this.state.x);
    this.time = 0;
  }

  measureBodies(): BodyMetrics[] {
    return this.runtimes.map((r) => measureBody(r, this.state, this.gravity, this.lastSubstepS));
  }

  private substep(h: number): void {
    const { x, xPrev, v, invMass } = this.state;
    const [gx, gy, gz] = this.gravity;
    for (const body of this.runtimes) {
      const keep = Math.exp(-(body.linearDampingPerS + this.extraLinearDampingPerS) * h);
      const end = body.offset + body.count;
      for (let p = body.offset; p < end; p++) {
        const p3 = 3 * p;
        xPrev[p3] = x[p3];
        xPrev[p3 + 1] = x[p3 + 1];
        xPrev[p3 + 2] = x[p3 + 2];
        if (invMass[p] === 0) {
          v[p3] = v[p3 + 1] = v[p3 + 2] = 0;
          continue;
        }
        // Damp the velocity carried over, then add gravity: damping must not scale the weight
        // (a body at rest would otherwise feel g·e^(−c·h) and its pins report less than its weight).
        v[p3] = v[p3] * keep + gx * h;
        v[p3 + 1] = v[p3 + 1] * keep + gy * h;
        v[p3 + 2] = v[p3 + 2] * keep + gz * h;
        x[p3] += v[p3] * h;
        x[p3 + 1] += v[p3 + 1] * h;
        x[p3 + 2] += v[p3 + 2] * h;
      }
    }
    for (const body of this.runtimes) {
      for (const block of body.blocks) resetLambda(block);
      for (let iteration = 0; iteration < body.iterations; iteration++) {
        for (const block of body.blocks) solveBlock(block, this.state, h);
      }
    }
    collideParticles(this.state, this.colliders, 0, this.particleCount);
    const invH = 1 / h;
    for (let k = 0; k < 3 * this.particleCount; k++) v[k] = (x[k] - xPrev[k]) * invH;
    for (const body of this.runtimes) for (const block of body.blocks) dampBlock(block, this.state, h);
  }
}
