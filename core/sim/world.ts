/**
 * What a built scene exposes to its callers (renderer worker, CLI, tests). The solver
 * internals stay behind this interface; `buildWorld(scene)` in core/sim/build-world.ts makes one.
 */

/** One simulated body inside the world's shared particle arrays. */
export interface BodyView {
  name: string;
  kind: 'solid' | 'cloth' | 'rope';
  /** First particle of this body in `World.positions` (particle index, not float index). */
  particleOffset: number;
  particleCount: number;
  /** Boundary triangles to draw, indices local to this body (0 … particleCount−1). */
  surfaceTriangles: Uint32Array;
  /** Line segments to draw (rope links, tet edges), local indices, 2 per segment. */
  edges: Uint32Array;
}

export interface StepMetrics {
  /** Kinetic energy of all bodies, J. */
  kineticEnergyJ: number;
  /** True when any position or velocity became NaN or infinite. */
  hasNaN: boolean;
}

export interface World {
  /** All particle positions, m, xyz interleaved. Updated in place by `step`. */
  readonly positions: Float32Array;
  readonly bodies: readonly BodyView[];
  readonly particleCount: number;
  readonly constraintCount: number;
  /** Advances one frame of `frameDtS` seconds, split into the scene's substeps. */
  step(frameDtS: number): StepMetrics;
  /** Returns every particle to its rest state and zero velocity. */
  reset(): void;
}
