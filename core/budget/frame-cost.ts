import { median } from '../math/median.ts';
import type { Preset } from '../preset/preset.ts';
import type { SoftBodySetup } from '../setup/setup.ts';
import { buildWorldFromSetup } from '../sim/build-world.ts';
import { type FrameBudget, frameBudgetOf, RUNTIME_LABELS } from './frame-budget.ts';

/**
 * What one body costs per frame, measured: in our engine (the body's setup alone, with the
 * scene's colliders, at the scene's substeps) and in a game runtime (the body exported for it and
 * loaded by its loader, at the substeps the export sets: Jolt's mNumIterations = the preset's
 * substeps). Both are timed the same way: a few frames of warm-up (JIT and WebAssembly tier-up,
 * the first contacts), then the median wall time of N frames, from rest under gravity.
 *
 * A "frame" is 1/60 s of simulated time: a scene whose frame dt is not 1/60 s has its measured
 * step scaled by (1/60)/dt, the steps a game running at 60 Hz would take per frame. Wall times
 * swing with the machine; the figure is for reading against a budget, never for a test to assert.
 * The CLI (`softbody bake`, `softbody tetra --budget-ms`) and the editor's worker both call here.
 */

/** Simulated time of the frame the cost is given for, s (60 Hz). */
export const FRAME_COST_FRAME_S = 1 / 60;

export interface FrameTiming {
  /** Median wall time per 60 Hz frame, ms. */
  msPerFrame: number;
  /** Substeps per frame it ran at. */
  substeps: number;
  /** Frames timed (after warm-up). */
  frames: number;
}

/** A runtime measurement that could not be made, and why (a refused export, a missing module). */
export interface FrameTimingFailure {
  error: string;
}

export interface BodyFrameCost {
  body: string;
  /** Tets (solids), triangles (cloth) or links (ropes) of the simulation mesh. */
  elements: number;
  ours: FrameTiming;
  /** Absent when no runtime was asked for. */
  runtime?: { name: FrameBudget['runtime']; label: string } & (FrameTiming | FrameTimingFailure);
  budget: FrameBudget;
  /** True when a measured cost (the runtime's, or ours when the runtime failed) exceeds the budget. */
  overBudget: boolean;
}

/** One body loaded in a runtime, ready to step: what a RuntimeFrameTimer returns. */
export interface RuntimeBodyStepper {
  /** Substeps per frame the runtime runs (as the export set them). */
  substeps: number;
  /** Frame step the runtime is stepped with, s. */
  frameDtS: number;
  step(): void;
  dispose(): void;
}

/**
 * A game runtime that can run an exported body: given a preset, the steppers of the bodies asked
 * for (by name). core/ loads no runtime itself; the caller passes one (jolt-frame-timer.ts wraps
 * the jolt-physics module and runtime/jolt/loader.mjs the CLI and the editor's worker load).
 */
export interface RuntimeFrameTimer {
  name: FrameBudget['runtime'];
  prepare(preset: Preset, bodies: readonly string[]): Promise<Map<string, RuntimeBodyStepper>>;
}

export interface FrameCostOptions {
  /** Frames run before timing; default 5. */
  warmupFrames?: number;
  /** Frames timed; default 15 (fewer when maxMs runs out first, at least 3). */
  frames?: number;
  /** Wall time after which timing stops early (past the minimum frames), ms; default 2000 per engine. */
  maxMs?: number;
  /** The clock, ms; default performance.now. */
  now?: () => number;
  /**
   * The runtime to measure in too (or its loading: one that fails to load gives each body the
   * failure, as a refused export does); absent: ours only.
   */
  runtime?: RuntimeFrameTimer | Promise<RuntimeFrameTimer>;

  /** The budget read against; default the preset scene's, else DEFAULT_FRAME_BUDGET. */
  budget?: FrameBudget;
  /** The bodies measured, by name; default every body. */
  bodies?: readonly string[];
}

const MIN_TIMED_FRAMES = 3;

/** performance.now where the runtime has it (Node, workers, pages; core/'s lib does not declare it), else Date.now. */
const clock = (globalThis as { performance?: { now(): number } }).performance;
const wallClockMs: () => number = clock ? () => clock.now() : Date.now;

/** The median wall time of `step` over the timed frames, ms, and how many were timed. */
export function timeFrames(
  step: () => void,
  options: Pick<FrameCostOptions, 'warmupFrames' | 'frames' | 'maxMs' | 'now'> = {},
): { medianMs: number; frames: number } {
  const now = options.now ?? wallClockMs;
  const warmup = options.warmupFrames ?? 5;
  const wanted = Math.max(1, options.frames ?? 15);
  const maxMs = options.maxMs ?? 2000;
  const started = now();
  for (let f = 0; f < warmup; f++) step();
  const samples: number[] = [];
  while (samples.length < wanted) {
    const t0 = now();
    step();
    samples.push(now() - t0);
    if (samples.length >= MIN_TIMED_FRAMES && now() - started > maxMs) break;
  }
  return { medianMs: median(samples), frames: samples.length };
}

/** Our engine's cost per 60 Hz frame of body `index` of `setup`, alone with the scene's colliders. */
export function timeOurBody(
  setup: SoftBodySetup,
  index: number,
  options: Pick<FrameCostOptions, 'warmupFrames' | 'frames' | 'maxMs' | 'now'> = {},
): FrameTiming {
  const world = buildWorldFromSetup({ ...setup, bodies: [setup.bodies[index]] });
  const { dt, substeps } = setup.solver;
  const timed = timeFrames(() => world.step(dt), options);
  return { msPerFrame: (timed.medianMs * FRAME_COST_FRAME_S) / dt, substeps, frames: timed.frames };
}

/**
 * The frame cost of each body of `preset` (or those named in `options.bodies`): ours, and the
 * runtime's when one is given. A runtime that cannot take the preset (an export refusal, a module
 * that failed to load) gives each body a failure with its message rather than throwing.
 */
export async function measureFrameCost(
  preset: Preset,
  options: FrameCostOptions = {},
): Promise<BodyFrameCost[]> {
  const budget = options.budget ?? frameBudgetOf(preset.scene);
  const names = options.bodies ?? preset.setup.bodies.map((b) => b.name);
  const indices = names.map((name) => {
    const index = preset.setup.bodies.findIndex((b) => b.name === name);
    if (index < 0) throw new Error(`measureFrameCost: the preset has no body '${name}'`);
    return index;
  });
  let steppers: Map<string, RuntimeBodyStepper> | FrameTimingFailure | undefined;
  const runtimeName = budget.runtime;
  if (options.runtime) {
    try {
      steppers = await (await options.runtime).prepare(preset, names);
    } catch (error) {
      steppers = { error: error instanceof Error ? error.message : String(error) };
    }
  }
  const costs: BodyFrameCost[] = [];
  for (const index of indices) {
    const body = preset.setup.bodies[index];
    const ours = timeOurBody(preset.setup, index, options);
    const cost: BodyFrameCost = {
      body: body.name,
      elements: elementCount(body),
      ours,
      budget,
      overBudget: false,
    };
    if (options.runtime && steppers) {
      const name = runtimeName;
      const label = RUNTIME_LABELS[name];
      const stepper = steppers instanceof Map ? steppers.get(body.name) : undefined;
      if (stepper) {
        try {
          const timed = timeFrames(() => stepper.step(), options);
          cost.runtime = {
            name,
            label,
            msPerFrame: (timed.medianMs * FRAME_COST_FRAME_S) / stepper.frameDtS,
            substeps: stepper.substeps,
            frames: timed.frames,
          };
        } finally {
          stepper.dispose();
        }
      } else {
        const error = 'error' in steppers ? steppers.error : `${label} did not load body '${body.name}'`;
        cost.runtime = { name, label, error };
      }
    }
    cost.overBudget = measuredMs(cost) > budget.frameMsPerBody;
    costs.push(cost);
  }
  return costs;
}

/** The figure read against the budget: the runtime's when it was measured, else ours. */
export function measuredMs(cost: BodyFrameCost): number {
  return cost.runtime && 'msPerFrame' in cost.runtime ? cost.runtime.msPerFrame : cost.ours.msPerFrame;
}

function elementCount(body: Preset['setup']['bodies'][number]): number {
  const g = body.geometry;
  if (g.kind === 'solid') return g.tets.length / 4;
  if (g.kind === 'cloth') return g.triangles.length / 3;
  return Math.max(0, g.mass.length - 1);
}

const ms = (value: number) =>
  value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toPrecision(2);

/**
 * The readout, one line: '≈ 1.4 ms/frame here, 0.9 ms/frame in Jolt (10 substeps)'; the runtime
 * part says why where it was not measured.
 */
export function describeFrameCost(cost: BodyFrameCost): string {
  const here = `≈ ${ms(cost.ours.msPerFrame)} ms/frame here`;
  const r = cost.runtime;
  if (!r) return here;
  if ('error' in r) return `${here}; ${r.label} not measured: ${r.error}`;
  return `${here}, ${ms(r.msPerFrame)} ms/frame in ${r.label} (${r.substeps} substeps)`;
}

/** The warning for a body over budget, one sentence; undefined within budget. */
export function describeOverBudget(cost: BodyFrameCost): string | undefined {
  if (!cost.overBudget) return undefined;
  const r = cost.runtime;
  const where = r && 'msPerFrame' in r ? r.label : 'this engine';
  return (
    `'${cost.body}' takes ${ms(measuredMs(cost))} ms/frame in ${where}, over the budget of ` +
    `${ms(cost.budget.frameMsPerBody)} ms per body (${RUNTIME_LABELS[cost.budget.runtime]}): use fewer tets or substeps`
  );
}
