import type { SimulationBudget } from '../limits.ts';
import type { SoftBodySetup } from '../setup/setup.ts';
import { buildWorldFromSetup } from './build-world.ts';
import { firstNonFinite, type RunPlace } from './finite-check.ts';
import { checkSimulationBudget, runFrames } from './sim-budget.ts';
import type { BodyMetrics, StepMetrics, World } from './world.ts';

/** The settle criterion must hold this long, s. */
export const SETTLE_HOLD_S = 0.5;

export interface RunOptions {
  /** Simulated time, s; with `settle` the most it runs. */
  seconds: number;
  /** Stop once the kinetic energy stays below `settleTolJPerKg` J per kg of free mass for SETTLE_HOLD_S. */
  settle: boolean;
  settleTolJPerKg: number;
  /**
   * Mass-proportional damping added while settling, 1/s. It removes momentum only, so the rest
   * state it reaches is the rest state without it.
   */
  settleDampingPerS: number;
  /**
   * Called after every frame with its number (from 1), the most frames the run takes, the step's
   * metrics and the world, for progress and per-frame traces.
   */
  onFrame?: (frame: number, frames: number, step: StepMetrics, world: World) => void;
  /** The budget the run is checked against before the world is built; default SIMULATION_BUDGET. */
  budget?: SimulationBudget;
}

export interface RunResult {
  /** Simulated time, s. */
  seconds: number;
  hasNaN: boolean;
  /**
   * Where the state first went non-finite (the run stops at that frame), and the first
   * non-finite figure of the bodies then, a JSON pointer into `metrics` ('' when only the state shows it).
   */
  diverged?: RunPlace & { figure: string };
  settled: boolean;
  metrics: BodyMetrics[];
}

/**
 * Runs a setup headless frame by frame (its dt and substeps) and measures the bodies at the end.
 * A run past SIMULATION_BUDGET (core/limits.ts) is refused with SimulationBudgetError before the
 * world is built.
 */
export function runToRest(setup: SoftBodySetup, options: RunOptions): RunResult {
  checkSimulationBudget(setup, options.seconds, options.budget);
  const world = buildWorldFromSetup(setup);
  const dt = setup.solver.dt;
  const frames = runFrames(options.seconds, dt);
  const holdFrames = Math.max(1, Math.ceil(SETTLE_HOLD_S / dt));
  if (options.settle) world.extraLinearDampingPerS = options.settleDampingPerS;
  let freeMassKg = 0;
  for (const body of world.measureBodies()) freeMassKg += body.freeMassKg;
  const thresholdJ = options.settleTolJPerKg * freeMassKg;
  let diverged: RunResult['diverged'];
  let calmFrames = 0;
  let frame = 0;
  while (frame < frames) {
    const metrics = world.step(dt);
    frame++;
    options.onFrame?.(frame, frames, metrics, world);
    // A diverged state stays diverged: stop at its first frame rather than run out the clock.
    if (metrics.hasNaN || !Number.isFinite(metrics.kineticEnergyJ)) {
      diverged = { frame, timeS: frame * dt, figure: firstNonFinite(world.measureBodies()) ?? '' };
      break;
    }
    calmFrames = metrics.kineticEnergyJ < thresholdJ ? calmFrames + 1 : 0;
    if (options.settle && calmFrames >= holdFrames) break;
  }
  return {
    seconds: frame * dt,
    hasNaN: diverged !== undefined,
    ...(diverged ? { diverged } : {}),
    settled: diverged === undefined && calmFrames >= holdFrames,
    metrics: world.measureBodies(),
  };
}

/** Resolution below which the reference run of `measureBias` is taken as unbiased (bias < 0.5% measured). */
export const REFERENCE_RESOLUTION = 0.125;
/** Bodies at or below this resolution are not measured: the physics claims hold there. */
export const WELL_RESOLVED = 0.25;

/**
 * Measured stiffness bias of every body with r > WELL_RESOLVED: the setup is settled at its own
 * substeps and again with substeps raised until every body has r ≤ REFERENCE_RESOLUTION (at most
 * 1000); for a linear response the stiffness a body got over the stiffness asked is
 * |d_reference| / |d_scene|, d the displacement of its centroid from rest. null when either run
 * does not come to rest or the body barely moves (|d| under 1 µm). Costs the two runs.
 */
export function measureBias(
  setup: SoftBodySetup,
  options: Omit<RunOptions, 'settle'>,
  restCentroids: ReadonlyMap<string, readonly number[]>,
): Map<string, number | null> {
  const settleOptions = { ...options, settle: true };
  const coarse = runToRest(setup, settleOptions);
  const worst = Math.max(...coarse.metrics.map((m) => m.resolution));
  const out = new Map<string, number | null>();
  const measured = coarse.metrics.filter((m) => m.resolution > WELL_RESOLVED);
  if (measured.length === 0) return out;
  const substeps = Math.min(1000, Math.ceil((setup.solver.substeps * worst) / REFERENCE_RESOLUTION));
  // XPBD compliances do not depend on the substep: the same setup runs finer.
  const fine = runToRest({ ...setup, solver: { ...setup.solver, substeps } }, settleOptions);
  for (const m of measured) {
    const reference = fine.metrics.find((f) => f.name === m.name);
    const rest = restCentroids.get(m.name);
    if (!coarse.settled || !fine.settled || !reference || !rest) {
      out.set(m.name, null);
      continue;
    }
    const moved = (c: readonly number[]) => Math.hypot(c[0] - rest[0], c[1] - rest[1], c[2] - rest[2]);
    const got = moved(m.centroid);
    const asked = moved(reference.centroid);
    out.set(m.name, got > 1e-6 && asked > 1e-6 ? asked / got : null);
  }
  return out;
}
