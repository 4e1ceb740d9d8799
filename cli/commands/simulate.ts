import { resolve } from 'node:path';
import { DocumentError } from '../../core/document/problem.ts';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { checkPresetValue } from '../../core/preset/read.ts';
import { loadSceneMeshes } from '../../core/scene/scene-meshes.ts';
import { sceneJsonSchema } from '../../core/scene/scene-schema.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { compileScene } from '../../core/setup/compile-scene.ts';
import type { SoftBodySetup } from '../../core/setup/setup.ts';
import { buildWorldFromSetup } from '../../core/sim/build-world.ts';
import { assertFiniteReport, type RunPlace, SimulationDivergedError } from '../../core/sim/finite-check.ts';
import { measureBias, type RunOptions, runToRest, SETTLE_HOLD_S } from '../../core/sim/run-to-rest.ts';
import { crushWarnings } from '../../core/sim/run-warnings.ts';
import type { BodyMetrics, GroupMetrics } from '../../core/sim/world.ts';
import { numberOption, onePositional, type ParsedArgs, parseCommandArgs } from '../args.ts';
import { CliError, type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { asCliError } from '../errors.ts';
import { folderOf } from '../preset-file.ts';
import { createProgress } from '../progress.ts';
import { readInputFile, STDIO, shownName, writeOutputFile } from '../stdio.ts';
import { FrameTrace } from '../trace-csv.ts';

const DEFAULT_SECONDS = 5;
const DEFAULT_SETTLE_TOL_J_PER_KG = 1e-6;
const DEFAULT_SETTLE_DAMPING_PER_S = 5;

const usage = `Usage: softbody simulate SCENE.json|PRESET.json [--seconds T] [--dt S] [--substeps N]
                        [--settle] [--settle-tol K] [--settle-damping C] [--measure-bias]
                        [--trace OUT.csv] [--progress] [--json]
       softbody simulate --print-schema

Runs a scene (see docs/scene.schema.json), or the setup a preset stores, with the XPBD solver and
prints one JSON report:
per body by name { bboxMin, bboxMax, centroid (m), kineticEnergyJ, elasticEnergyJ, maxStrain,
meanStrain, volumeRatio, massKg, pinForcesN (one per pin: magnitude of the force it exerts, N),
resolution (r = h·c/l; the physics holds for r ≤ 0.25), groups (bodies with material groups:
per group its elasticEnergyJ, maxStrain, meanStrain, maxConstraintForceN (rope links and edge
springs, N) and maxConstraintStressPa (cloth membranes and tets, Pa): the largest of the last
substep, λ/h²; bodies without groups report these two beside their own figures), and with
--measure-bias measuredBias },
and hasNaN, settled, seconds (simulated), dt, substeps, and warnings when there are any (also on
stderr before the run: a body its own weight will crush, strain ρgH/(2E) softened by r² where
r > 1, above 0.25). A run whose state or any reported figure
goes NaN or infinite stops at that frame and fails with exit code 1, naming the figure, the body
and the frame (hasNaN is false in every report printed). A run past the simulation budget
(at most 1,000,000 frames, 1e10 constraint projections, 2 GiB of world) is refused before it
starts, with exit code 2 and the limit's name. Mesh files named by the scene are read
relative to it; a preset runs its own setup (its masses and compliances as a runtime loads them).
'-' reads the scene or preset from standard input (mesh paths then relative to the working folder).

Options:
  --seconds T         simulated time, s (default ${DEFAULT_SECONDS}); with --settle the most it runs
  --dt S              frame time step, s (default: the scene's solver.dt)
  --substeps N        substeps per frame (default: the scene's solver.substeps)
  --settle            stop once the kinetic energy stays below K J per kg of free mass for ${SETTLE_HOLD_S} s
  --settle-tol K      settle threshold, J/kg (default ${DEFAULT_SETTLE_TOL_J_PER_KG})
  --settle-damping C  mass-proportional damping added while settling, 1/s (default ${DEFAULT_SETTLE_DAMPING_PER_S};
                      it does not change the rest state)
  --measure-bias      for bodies with r > 0.25: settle the scene again with enough substeps for
                      r ≤ 0.125 (at most 1000) and report measuredBias = stiffness got / stiffness
                      asked, from how far each body's centroid moved from rest in the two runs
                      (null when a run does not come to rest); costs up to r/0.125 times the run
  --trace OUT.csv     write one CSV row per frame: frame, time_s, kinetic_energy_j, and per body
                      NAME:kinetic_energy_j, NAME:elastic_energy_j, NAME:max_strain,
                      NAME:mean_strain, NAME:volume_ratio (for CI dashboards)
  --progress          a progress line on stderr when it is not a terminal (a terminal gets a bar)
  --json              the report is JSON either way; with --json a failure is JSON too
  --report json       the same as --json (the older spelling)
  --print-schema      print the scene JSON Schema (docs/scene.schema.json is this output)`;

interface SimulateArgs {
  file: string;
  seconds: number;
  dt?: number;
  substeps?: number;
  settle: boolean;
  settleTolJPerKg: number;
  settleDampingPerS: number;
  measureBias: boolean;
  trace?: string;
  progress: boolean;
}

const options = {
  seconds: { type: 'string' },
  dt: { type: 'string' },
  substeps: { type: 'string' },
  settle: { type: 'boolean' },
  'settle-tol': { type: 'string' },
  'settle-damping': { type: 'string' },
  'measure-bias': { type: 'boolean' },
  report: { type: 'string' },
  trace: { type: 'string' },
  progress: { type: 'boolean' },
  'print-schema': { type: 'boolean' },
} as const;

export const simulateCommand: Command = {
  name: 'simulate',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const { values, positionals } = parseCommandArgs('simulate', args, options);
    if (values['print-schema'] && positionals.length === 0) {
      io.out(JSON.stringify(sceneJsonSchema(), null, 2));
      return ExitCode.ok;
    }
    const parsed = simulateArgs(values, positionals);
    const shown = shownName(parsed.file);
    const text = new TextDecoder().decode(await readInputFile(parsed.file, io));
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch (error) {
      throw new CliError([{ file: shown, message: `not valid JSON: ${(error as Error).message}` }]);
    }
    let setup: SoftBodySetup;
    try {
      setup = withOverrides(await setupOf(document, parsed.file), parsed);
    } catch (error) {
      throw asCliError(error, shown) ?? error;
    }
    // Said before the run, so that a long run's user hears it before waiting for the result.
    const warnings = crushWarnings(setup);
    for (const warning of warnings) io.err(`softbody simulate: warning: ${warning}`);
    const trace = parsed.trace === undefined ? undefined : new FrameTrace();
    const progress = createProgress({ label: 'simulate', total: 1, io, plain: parsed.progress });
    let report: Report;
    try {
      progress.update(0, shown);
      report = simulate(setup, parsed, (frame, frames, step, world) => {
        progress.update(0, `${shown}: simulating`, frame / frames);
        // Measuring every body costs about a substep: only when a trace is asked for.
        if (!trace) return;
        const bodies = world.measureBodies();
        trace.add(frame, frame * setup.solver.dt, step, bodies);
        // Bodies by name, as in the report, so the figure reads the same in both.
        const row = { bodies: Object.fromEntries(bodies.map((b) => [b.name, b])), step };
        assertFiniteReport(row, { frame, timeS: frame * setup.solver.dt });
      });
      progress.update(1, 'done');
    } catch (error) {
      // The trace up to the frame that went non-finite is the one to look at: write it anyway.
      if (error instanceof SimulationDivergedError && trace && parsed.trace !== undefined)
        await writeOutputFile(parsed.trace, trace.text(), io);
      throw asCliError(error, shown) ?? error;
    } finally {
      progress.finish();
    }
    if (trace && parsed.trace !== undefined) await writeOutputFile(parsed.trace, trace.text(), io);
    io.out(formatJson(warnings.length > 0 ? { ...report, warnings } : report));
    return ExitCode.ok;
  },
};

/**
 * The setup to run: a preset's own (read and checked as `softbody validate` does), or a scene's
 * compiled with the mesh files it names (read relative to `file`). Throws DocumentError.
 */
export async function setupOf(document: unknown, file: string): Promise<SoftBodySetup> {
  if (isPreset(document)) {
    const { preset, problems } = checkPresetValue(document);
    if (!preset) throw new DocumentError('preset', problems);
    return preset.setup;
  }
  const scene = parseScene(document);
  const folder = folderOf(file);
  const meshes = await loadSceneMeshes(
    scene,
    async (path) => (await readMeshFile(resolve(folder, path))).mesh,
  );
  return compileScene(scene, { meshes });
}

/** Presets (every format) carry their materials; scene documents have no such key. */
function isPreset(document: unknown): boolean {
  return (
    typeof document === 'object' && document !== null && ('materials' in document || 'setup' in document)
  );
}

function withOverrides(setup: SoftBodySetup, args: SimulateArgs): SoftBodySetup {
  return {
    ...setup,
    solver: { dt: args.dt ?? setup.solver.dt, substeps: args.substeps ?? setup.solver.substeps },
  };
}

interface BodyReport {
  bboxMin: number[];
  bboxMax: number[];
  centroid: number[];
  kineticEnergyJ: number;
  elasticEnergyJ: number;
  maxStrain: number;
  meanStrain: number;
  volumeRatio: number;
  massKg: number;
  pinForcesN: number[];
  resolution: number;
  /** Bodies with material groups: per group ('ungrouped' first) its elastic energy (J) and strain. */
  groups?: Record<string, GroupReport>;
  /** Bodies without groups: the largest constraint force (N) and stress (Pa) of the last substep. */
  maxConstraintForceN?: number;
  maxConstraintStressPa?: number;
  /** With --measure-bias, bodies with r > 0.25: stiffness got over stiffness asked (null: no rest reached). */
  measuredBias?: number | null;
}

interface GroupReport {
  elasticEnergyJ: number;
  maxStrain: number;
  meanStrain: number;
  /** Largest link or edge-spring force, N, and membrane or tet stress, Pa (where the group has such constraints). */
  maxConstraintForceN?: number;
  maxConstraintStressPa?: number;
}

interface Report {
  seconds: number;
  hasNaN: boolean;
  settled: boolean;
  dt: number;
  substeps: number;
  bodies: Record<string, BodyReport>;
}

function simulate(setup: SoftBodySetup, args: SimulateArgs, onFrame: RunOptions['onFrame']): Report {
  const run = runToRest(setup, { ...runOptions(args), onFrame });
  const bodies: Record<string, BodyReport> = {};
  for (const m of run.metrics) bodies[m.name] = bodyReport(m);
  const report = {
    seconds: round(run.seconds, 6),
    hasNaN: run.hasNaN,
    settled: run.settled,
    dt: setup.solver.dt,
    substeps: setup.solver.substeps,
    bodies,
  };
  // Every figure printed is a number, or the run fails at the frame it stopped at (the first
  // frame whose state went non-finite), before measuring a bias it no longer has.
  const place: RunPlace = run.diverged ?? {
    frame: Math.round(run.seconds / setup.solver.dt),
    timeS: run.seconds,
  };
  assertFiniteReport(report, place);
  if (run.diverged) {
    // The state went non-finite where no reported figure shows it.
    const body = run.metrics[Number(run.diverged.figure.split('/')[1])]?.name;
    throw new SimulationDivergedError('/state', 'NaN', place, body);
  }
  if (args.measureBias) {
    const rest = new Map(
      buildWorldFromSetup(setup)
        .measureBodies()
        .map((m) => [m.name, m.centroid]),
    );
    for (const [name, bias] of measureBias(setup, runOptions(args), rest)) {
      bodies[name].measuredBias = bias === null ? null : round(bias, 4);
    }
  }
  return report;
}

function bodyReport(m: BodyMetrics): BodyReport {
  return {
    bboxMin: m.bboxMin.map((v) => round(v, 6)),
    bboxMax: m.bboxMax.map((v) => round(v, 6)),
    centroid: m.centroid.map((v) => round(v, 6)),
    kineticEnergyJ: round(m.kineticEnergyJ, 4),
    elasticEnergyJ: round(m.elasticEnergyJ, 4),
    maxStrain: round(m.maxStrain, 4),
    meanStrain: round(m.meanStrain, 4),
    volumeRatio: round(m.volumeRatio, 6),
    massKg: round(m.massKg, 6),
    pinForcesN: m.pinForcesN.map((v) => round(v, 6)),
    resolution: round(m.resolution, 4),
    // A body without groups is the one group 'all': the body's own figures say it already.
    ...(m.groups.length === 1 && m.groups[0].name === 'all'
      ? constraintForces(m.groups[0])
      : {
          groups: Object.fromEntries(
            m.groups.map((g) => [
              g.name,
              {
                elasticEnergyJ: round(g.elasticEnergyJ, 4),
                maxStrain: round(g.maxStrain, 4),
                meanStrain: round(g.meanStrain, 4),
                ...constraintForces(g),
              },
            ]),
          ),
        }),
  };
}

/** The group's largest constraint force and stress, where it has them (4 digits). */
function constraintForces(
  g: GroupMetrics,
): Pick<GroupReport, 'maxConstraintForceN' | 'maxConstraintStressPa'> {
  return {
    ...(g.maxConstraintForceN !== undefined ? { maxConstraintForceN: round(g.maxConstraintForceN, 4) } : {}),
    ...(g.maxConstraintStressPa !== undefined
      ? { maxConstraintStressPa: round(g.maxConstraintStressPa, 4) }
      : {}),
  };
}

/** `digits` significant digits; NaN and infinities become null in JSON, which a reader sees. */
function round(v: number, digits: number): number {
  return Number.isFinite(v) && v !== 0 ? Number(v.toPrecision(digits)) : v;
}

/** Indented JSON with number arrays (vectors, pin forces) kept on one line. */
function formatJson(report: Report & { warnings?: string[] }): string {
  return JSON.stringify(report, null, 2).replace(
    /\[\s*([-+\d.eE,\s]*?)\s*\]/g,
    (_, inner: string) =>
      `[${inner
        .split(',')
        .map((v) => v.trim())
        .filter((v) => v !== '')
        .join(', ')}]`,
  );
}

function runOptions(args: SimulateArgs): RunOptions {
  const { seconds, settle, settleTolJPerKg, settleDampingPerS } = args;
  return { seconds, settle, settleTolJPerKg, settleDampingPerS };
}

function simulateArgs(
  values: ParsedArgs<typeof options>['values'],
  positionals: readonly string[],
): SimulateArgs {
  const number = (flag: string, text: string | undefined, what: string, ok: (v: number) => boolean) =>
    text === undefined ? undefined : numberOption(flag, text, what, ok);
  if (values.report !== undefined && values.report !== 'json')
    throw new UsageError(`--report supports only 'json', got '${values.report}'`);
  if (values.trace === STDIO)
    throw new UsageError('--trace needs a file: standard output carries the JSON report');
  return {
    file: onePositional('simulate', positionals, 'scene file (SCENE.json)'),
    seconds:
      number('--seconds', values.seconds, 'a positive number of seconds', (v) => v > 0) ?? DEFAULT_SECONDS,
    dt: number('--dt', values.dt, 'a time step in seconds, 0 < S ≤ 1', (v) => v > 0 && v <= 1),
    substeps: number(
      '--substeps',
      values.substeps,
      'a whole number of substeps from 1 to 1000',
      (v) => Number.isInteger(v) && v >= 1 && v <= 1000,
    ),
    settle: values.settle === true,
    settleTolJPerKg:
      number('--settle-tol', values['settle-tol'], 'a positive energy per mass in J/kg', (v) => v > 0) ??
      DEFAULT_SETTLE_TOL_J_PER_KG,
    settleDampingPerS:
      number('--settle-damping', values['settle-damping'], 'a damping rate ≥ 0 in 1/s', (v) => v >= 0) ??
      DEFAULT_SETTLE_DAMPING_PER_S,
    measureBias: values['measure-bias'] === true,
    trace: values.trace,
    progress: values.progress === true,
  };
}
