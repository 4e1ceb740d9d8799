import { overBudget, SIMULATION_BUDGET, type SimulationBudget, type SimulationLimit } from '../limits.ts';
import type { ConstraintSet, SoftBodySetup } from '../setup/setup.ts';

/**
 * What a run will cost, estimated from its setup and length before the world is built, and the
 * refusal of a run past SIMULATION_BUDGET (core/limits.ts). The figures are counts, not timings,
 * so the refusal does not depend on the machine: projections are the solver's unit of work (one
 * scalar constraint solved once), bytes what the world allocates.
 */

/** Scalar constraints of one set, each solved once per sweep (as the solver's blocks count them). */
const SCALAR_CONSTRAINTS: {
  [K in ConstraintSet['kind']]: (set: Extract<ConstraintSet, { kind: K }>) => number;
} = {
  distance: (s) => s.particles.length / 2,
  'neo-hookean': (s) => (2 * s.tets.length) / 4, // deviatoric and hydrostatic per tet
  membrane: (s) => s.triangles.length, // E₁₁, E₂₂, E₁₂ per triangle of 3 indices
  // Damping only, but its sweep costs as much as an edge's solve.
  'edge-damper': (s) => s.particles.length / 2,
  'tet-volume': (s) => s.tets.length / 4,
  'nodal-volume': (s) => s.vertices.length,
  'plate-bend': (s) => (3 * s.particles.length) / 6, // up to three hinge angles per triangle
  'dihedral-bend': (s) => s.hinges.length / 4,
  'rope-bend': (s) => s.particles.length, // a 3-vector per joint of 3 indices
  attachment: (s) => s.particles.length,
  tether: (s) => s.particles.length / 2,
  pressure: () => 1,
  'shape-matching': (s) => 3 * s.particles.length, // a goal position per particle
  'joint-cone': (s) => s.particles.length / 4,
  'joint-hinge': (s) => s.particles.length / 6,
};

/**
 * Bytes per particle of the world's state: x, previous x, v, rest positions (3 float64 each),
 * mass and inverse mass (float64), the float32 positions drawn.
 */
const PARTICLE_BYTES = 4 * 24 + 2 * 8 + 12;
/** Bytes per scalar constraint the world adds to the setup's arrays: its multiplier λ and a scratch value. */
const CONSTRAINT_BYTES = 16;

export interface SimulationEstimate {
  particles: number;
  /** Scalar constraints per constraint kind, over every body. */
  constraintsByKind: Partial<Record<ConstraintSet['kind'], number>>;
  /** Frames the run takes at most. */
  frames: number;
  /** Scalar constraints × iterations × substeps × frames. */
  constraintProjections: number;
  /**
   * Bytes of the world: the setup's typed arrays twice (the world's blocks hold their own copies,
   * and its WebAssembly memory the kernels' share), plus per particle and per constraint state.
   */
  worldBytes: number;
}

/** Frames a run of `seconds` takes at frame step `dtS` (at least one), as the run loop counts them. */
export function runFrames(seconds: number, dtS: number): number {
  return Math.max(1, Math.round(seconds / dtS));
}

export function estimateSimulation(setup: SoftBodySetup, frames: number): SimulationEstimate {
  const constraintsByKind: SimulationEstimate['constraintsByKind'] = {};
  let particles = 0;
  let sweepsPerSubstep = 0;
  let scalars = 0;
  let setupBytes = 0;
  for (const body of setup.bodies) {
    particles += body.geometry.mass.length;
    setupBytes += typedBytes(body.geometry) + typedBytes(body.render);
    for (const set of body.constraints) {
      const count = (SCALAR_CONSTRAINTS[set.kind] as (s: ConstraintSet) => number)(set);
      constraintsByKind[set.kind] = (constraintsByKind[set.kind] ?? 0) + count;
      sweepsPerSubstep += count * body.iterations * ('passes' in set ? (set.passes ?? 1) : 1);
      scalars += count;
      setupBytes += typedBytes(set);
    }
  }
  return {
    particles,
    constraintsByKind,
    frames,
    constraintProjections: sweepsPerSubstep * setup.solver.substeps * frames,
    worldBytes: 2 * setupBytes + particles * PARTICLE_BYTES + scalars * CONSTRAINT_BYTES,
  };
}

/** A run past a simulation budget: which limit, the estimate and the limit's value. */
export class SimulationBudgetError extends Error {
  override name = 'SimulationBudgetError';
  constructor(
    readonly limit: SimulationLimit,
    readonly estimate: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The estimate of a run of `seconds` of `setup`, or a SimulationBudgetError for the first budget
 * of `budget` it passes: frames first (a cheap scene run for too long), then work, then memory.
 */
export function checkSimulationBudget(
  setup: SoftBodySetup,
  seconds: number,
  budget: SimulationBudget = SIMULATION_BUDGET,
): SimulationEstimate {
  const { dt, substeps } = setup.solver;
  const count = (n: number) => n.toLocaleString('en-US');
  const refuse = (limit: SimulationLimit, estimate: number, found: string, advice: string) =>
    new SimulationBudgetError(limit, estimate, `${overBudget(limit, found, budget)}; ${advice}`);
  const frames = runFrames(seconds, dt);
  if (frames > budget.frames) {
    throw refuse(
      'frames',
      frames,
      `${show(seconds)} s of simulated time at dt = ${show(dt)} s is ${count(frames)} frames`,
      `simulate at most ${show(budget.frames * dt)} s at this dt`,
    );
  }
  const estimate = estimateSimulation(setup, frames);
  const constraints = describeConstraints(estimate);
  if (estimate.constraintProjections > budget.constraintProjections) {
    const perFrame = estimate.constraintProjections / frames;
    throw refuse(
      'constraintProjections',
      estimate.constraintProjections,
      `${count(frames)} frames × ${substeps} substeps of ${count(estimate.particles)} particles ` +
        `(${constraints}) is ${show(estimate.constraintProjections)} constraint projections`,
      `at most ${count(Math.floor(budget.constraintProjections / perFrame))} frames of this scene fit: ` +
        'shorten the run, use fewer substeps or coarser cells',
    );
  }
  if (estimate.worldBytes > budget.worldBytes) {
    throw refuse(
      'worldBytes',
      estimate.worldBytes,
      `${count(estimate.particles)} particles (${constraints}) need about ${count(estimate.worldBytes)} bytes`,
      'use coarser cells or fewer bodies',
    );
  }
  return estimate;
}

function describeConstraints(estimate: SimulationEstimate): string {
  return Object.entries(estimate.constraintsByKind)
    .map(([kind, count]) => `${count.toLocaleString('en-US')} ${kind}`)
    .join(', ');
}

/** Bytes of every typed array directly in `value` (one level: the setup's records are flat). */
function typedBytes(value: object | undefined): number {
  let bytes = 0;
  for (const field of Object.values(value ?? {}))
    if (ArrayBuffer.isView(field)) bytes += field.byteLength;
    else if (field && typeof field === 'object' && !Array.isArray(field))
      for (const inner of Object.values(field)) if (ArrayBuffer.isView(inner)) bytes += inner.byteLength;
  return bytes;
}

function show(v: number): string {
  return v.toLocaleString('en-US', { maximumSignificantDigits: 4 });
}
