import type { Vec3 } from '../scene/scene.ts';

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
  /** Solids: 4 local indices per tet (tet-quality colouring in the viewport); empty for cloth and ropes. */
  tets?: Uint32Array;
}

export interface StepMetrics {
  /** Kinetic energy of all bodies, J. */
  kineticEnergyJ: number;
  /** True when any position or velocity became NaN or infinite. */
  hasNaN: boolean;
}

/**
 * Figures of one material group of a body. A body without groups is one group, named 'all'; a
 * body with groups (scene.ts GroupSpec) lists 'ungrouped' (the elements in no group) and then each
 * group by name, and the groups' energies add up to the body's.
 */
export interface GroupMetrics {
  name: string;
  /** Elastic energy stored in the group's constraints, J (block-energy.ts). */
  elasticEnergyJ: number;
  /** Largest and mean |l/l0 − 1| over the group's edges, dimensionless. */
  maxStrain: number;
  meanStrain: number;
  /**
   * Largest constraint force magnitude of the last substep, N: rope links and edge springs (−λ/h²;
   * constraints/constraint-force.ts). Absent where the group has none.
   */
  maxConstraintForceN?: number;
  /**
   * Largest constraint stress magnitude of the last substep, Pa: cloth membranes (principal
   * membrane tension over thickness) and tets (principal Cauchy stress; tet-volume: the mean
   * tension). Absent where the group has none.
   */
  maxConstraintStressPa?: number;
}

/** What a body looks like now: cheap figures for reports and the UI. SI units. */
export interface BodyMetrics {
  name: string;
  /** Centre of mass, m. */
  centroid: [number, number, number];
  /** Axis-aligned bounds of the body's particles, m. */
  bboxMin: [number, number, number];
  bboxMax: [number, number, number];
  /** Kinetic energy of the body's particles, J. */
  kineticEnergyJ: number;
  /** Total and free (unpinned) mass, kg. */
  massKg: number;
  freeMassKg: number;
  /** Largest |l/l0 − 1| over the body's edges (tet edges, cloth edges, rope links), dimensionless. */
  maxStrain: number;
  /** Mean |l/l0 − 1| over the same edges, dimensionless. */
  meanStrain: number;
  /** Elastic energy of the whole body, J (the sum over its groups). */
  elasticEnergyJ: number;
  groups: GroupMetrics[];
  /** Current over rest measure: volume (solid), area (cloth) or length (rope). */
  volumeRatio: number;
  /**
   * Per pin of the body's spec, magnitude of the force the pin exerts on the body, N (from the
   * constraint multipliers of the last substep, λ/h²). At rest it carries the whole weight the pin
   * holds, including the pinned particles' own.
   */
  pinForcesN: number[];
  /** r = h·c/l: substep h, wave speed c = √(E/ρ), l the mean rest edge length. Claims hold for r ≤ 0.25. */
  resolution: number;
}

export interface World {
  /** All particle positions, m, xyz interleaved. Updated in place by `step`. */
  readonly positions: Float32Array;
  readonly bodies: readonly BodyView[];
  readonly particleCount: number;
  readonly constraintCount: number;
  /**
   * Which kernels step the world: 'wasm' (WebAssembly, where the runtime compiles it) or 'js'.
   * Absent on worlds that have only one kind.
   */
  kernels?: 'wasm' | 'js';
  /** Advances one frame of `frameDtS` seconds, split into the scene's substeps. */
  step(frameDtS: number): StepMetrics;
  /** Returns every particle to its rest state and zero velocity. */
  reset(): void;
  /** Simulated time since build or the last reset, s. */
  readonly timeS: number;
  /** Mass-proportional damping added to every body on top of its own, 1/s (e.g. to settle). Default 0. */
  extraLinearDampingPerS: number;
  /** Per-body figures at the current state, in the order of `bodies`. */
  measureBodies(): BodyMetrics[];
  /**
   * Per particle, the largest constraint force on it in the last substep, into `out` (one per
   * particle); per body its unit, N or Pa, or null (core/sim/particle-forces.ts). Absent on worlds
   * that do not measure it.
   */
  measureParticleForces?(out: Float32Array): ('N' | 'Pa' | null)[];
  /**
   * Ties particle `particle` (world index) to the point `targetM` (m) by a soft spring
   * (core/sim/grab.ts documents its compliance); false when that particle is pinned. Replaces
   * any grab held before.
   */
  grab(particle: number, targetM: Vec3): boolean;
  /** Moves the grab's target, m (ignored when nothing is grabbed). */
  moveGrab(targetM: Vec3): void;
  /** Lets go; the body continues with its own constraints only. */
  release(): void;
  /** The grabbed particle, or null. */
  readonly grabbedParticle: number | null;
  /** Elements torn so far (core/sim/tearing.ts); absent on worlds that do not tear. */
  readonly tornCount?: number;
  /**
   * Threads that step the world now (the solver team, core/sim/wasm/solver-team.ts: 1 until its
   * helpers have joined); absent on worlds that step on one thread only.
   */
  readonly solverThreads?: number;
  /**
   * The solver team's counts since the world was built: chunks of divided runs solved, those the
   * helpers solved, stalls (a helper descheduled mid-chunk, after which the stepping thread works
   * alone a while) and frames stepped alone. Absent on worlds that step on one thread only.
   */
  readonly solverTeamCounts?: SolverTeamCounts;
  /**
   * Per body, in the order of `bodies`, the surface triangles to draw now that elements have torn
   * (local indices, core/sim/torn-surface.ts), or null where its surface is as built. Absent on
   * worlds that do not tear.
   */
  tornSurfaces?(): (Uint32Array | null)[];
}

/** World.solverTeamCounts: running totals, so that a frame's share is the difference of two. */
export interface SolverTeamCounts {
  chunks: number;
  helperChunks: number;
  stalls: number;
  /** Frames stepped alone: the team was slower lately (core/sim/wasm/team-chooser.ts), or on trial. */
  framesAlone: number;
}
