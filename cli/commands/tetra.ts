import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fitTetsToBudget, type TetBudgetResult, type TetBudgetTrial } from '../../core/budget/tet-budget.ts';
import { tetrahedralizeWithTetgen } from '../../core/node/tetgen-backend.ts';
import type { FrameBudget } from '../../core/scene/scene.ts';
import {
  compileTetraModulesAhead,
  DEFAULT_TARGET_TETS,
  DEFAULT_TARGET_TETS_EMBEDDED,
  formatForPath,
  MIN_QUALITY_BOUND,
  type TetMesh,
  TetrahedralizeError,
  type TetrahedralizeFailure,
  type TetraMode,
  tetMeshFiles,
  tetrahedralize,
  toJson,
} from '../../core/tetra/index.ts';
import {
  choiceOption,
  MESH_FRAME_OPTIONS,
  meshFrame,
  meshFrameHelp,
  numberOption,
  onePositional,
  parseCommandArgs,
} from '../args.ts';
import { DEFAULT_BAKE_SUBSTEPS } from '../bake/args.ts';
import { BUDGET_OPTIONS, budgetHelp, parseBudget, TIMING_MATERIAL } from '../budget-options.ts';
import { CliError, type Command, type CommandIo, ExitCode, UsageError } from '../command.ts';
import { histogramLines } from '../histogram.ts';
import { createProgress } from '../progress.ts';
import { readMeshInput, STDIO, shownName, writeOutputFile } from '../stdio.ts';

const usage = `Usage: softbody tetra MESH [--edge L | --tets N] [--quality Q] [--mode conforming|embedded]
                     [--backend builtin|tetgen] [--units U | --scale S] [--up y|z]
                     [--budget-ms MS [--runtime jolt] [--substeps N]]
                     [--time-limit S] [-o OUT] [--json] [--progress]

Fills an OBJ, glTF or GLB surface with tetrahedra and reports the mesh quality. Inside is
where the surface's generalized winding number exceeds 1/2, so open, multi-part and
self-intersecting surfaces still give a solid. A flat sheet is refused: simulate it as cloth.
The report ends with a histogram of the tets' dihedral angles (slivers show at both ends).
MESH '-' reads standard input (the format told by its first bytes).

Options:
  --edge L       target edge length in metres
  --tets N       approximate number of tets (default ${DEFAULT_TARGET_TETS} conforming, ${DEFAULT_TARGET_TETS_EMBEDDED} embedded:
                 the edge length that fills the enclosed volume with that many regular tets)
  --quality Q    largest circumradius / shortest-edge ratio refined to, ≥ ${MIN_QUALITY_BOUND} (default 2; tetgen 1.414)
  --mode M       conforming (default): the tet boundary follows the surface (within 0.3% of
                 its diagonal; for a --tets target too low for that, within a fraction of the
                 edge, and the surface is skinned to the tets);
                 embedded: a coarser lattice that encloses the surface, which is skinned to it
  --backend B    builtin (default) or tetgen (needs the tetgen executable on PATH;
                 conforming only; it stops on self-intersecting or open surfaces)
${meshFrameHelp(17)}
${budgetHelp(17, [
  'picks the tet count whose measured cost fits: the mesh is made at two trial counts,',
  `each timed (a ${TIMING_MATERIAL} body alone, neo-Hookean, exported to the runtime); a line`,
  'through them gives the count, made and timed again to verify. Not with --tets or --edge',
])}
  --substeps N   substeps per frame the budget is timed at (default ${DEFAULT_BAKE_SUBSTEPS}, as softbody bake)
  --time-limit S stop with an error after S seconds (builtin backend); default none. Runs also
                 stop when the tets or the refinement grow past the limits of core/tetra/limits.ts
  -o OUT         write the tets; format by extension: .json, .node (TetGen .node + .ele), .msh (gmsh 2.2);
                 '-' writes the .json format to standard output and the report to stderr
  --json         print the report as JSON: tets, vertices, minDihedralDeg, maxRadiusEdge,
                 meanQuality (normalised mean ratio, 1 = regular tet), volumeRatio (watertight
                 input only, else null), surfaceDistance (÷ bbox diagonal), seconds, outputs,
                 dihedralHistogram { binDeg, counts }, surfaceToleranceM (conforming, when the
                 --tets target needed a looser boundary), targetNote (a missed --tets target)
  --progress     a progress line on stderr when it is not a terminal (a terminal gets a bar)`;

interface TetraArgs {
  file: string;
  edge?: number;
  tets?: number;
  quality?: number;
  timeLimitS?: number;
  mode: TetraMode;
  backend: 'builtin' | 'tetgen';
  scale: number;
  upAxis: 'y' | 'z';
  out?: string;
  json: boolean;
  progress: boolean;
  /** --budget-ms / --runtime: pick the tet count that fits. */
  budget?: FrameBudget;
  substeps: number;
}

const options = {
  edge: { type: 'string' },
  tets: { type: 'string' },
  quality: { type: 'string' },
  'time-limit': { type: 'string' },
  mode: { type: 'string' },
  backend: { type: 'string' },
  ...MESH_FRAME_OPTIONS,
  out: { type: 'string', short: 'o' },
  progress: { type: 'boolean' },
  ...BUDGET_OPTIONS,
  substeps: { type: 'string' },
} as const;

export const tetraCommand: Command = {
  name: 'tetra',
  usage,
  async run(args: string[], io: CommandIo): Promise<number> {
    const parsed = parseTetraArgs(args);
    // The builtin backend's WebAssembly compiles in the background while the mesh is read.
    const modulesReady = parsed.backend === 'builtin' ? compileTetraModulesAhead() : Promise.resolve();
    const shown = shownName(parsed.file);
    const imported = await readMeshInput(parsed.file, { scale: parsed.scale, upAxis: parsed.upAxis }, io);
    const progress = createProgress({ label: 'tetra', total: 1, io, plain: parsed.progress });
    const started = performance.now();
    let result: TetMesh;
    let fit: TetBudgetResult | undefined;
    try {
      // What the compile has left after the reading counts in the command's time.
      await modulesReady;
      progress.update(0, shown);
      const onProgress = (fraction: number, stage: string) =>
        progress.update(0, `${shown}: ${stage}`, fraction);
      if (parsed.budget)
        ({ result, fit } = await fitToBudget(parsed, parsed.budget, imported.mesh, onProgress));
      else result = await run(parsed, imported.mesh, onProgress);
      progress.update(1, 'done');
    } catch (error) {
      if (!(error instanceof TetrahedralizeError)) throw error;
      const userFault = USER_FAULTS.has(error.reason);
      throw new CliError(
        [{ file: shown, message: error.message }],
        userFault ? ExitCode.badInput : ExitCode.failure,
      );
    } finally {
      progress.finish();
    }
    const seconds = (performance.now() - started) / 1000;
    const written: string[] = [];
    if (parsed.out === STDIO) {
      await writeOutputFile(STDIO, toJson(result), io);
    } else if (parsed.out) {
      for (const file of tetMeshFiles(result, parsed.out)) {
        await mkdir(dirname(file.path), { recursive: true });
        await writeOutputFile(file.path, file.text, io);
        written.push(file.path);
      }
    }
    const report = summary(
      fit ? { ...parsed, tets: fit.targetTets } : parsed,
      shown,
      result,
      seconds,
      written,
    );
    if (fit && parsed.budget) report.budget = budgetReport(parsed.budget, fit);
    // With -o -, stdout is the tet mesh: the report goes to stderr.
    const print = parsed.out === STDIO ? io.err : io.out;
    print(parsed.json ? JSON.stringify(report, null, 2) : formatReport(report));
    return ExitCode.ok;
  },
};

/** Failures the input or the options cause (exit code badInput); the rest are ours or the backend's. */
const USER_FAULTS: ReadonlySet<TetrahedralizeFailure> = new Set([
  'empty-mesh',
  'no-volume',
  'invalid-option',
  'too-thin',
  'too-far',
  'limit',
]);

function run(
  args: TetraArgs,
  mesh: Parameters<typeof tetrahedralize>[0],
  onProgress: (fraction: number, stage: string) => void,
): Promise<TetMesh> {
  if (args.backend === 'tetgen') {
    // TetGen runs as one external process: no stages to report.
    return tetrahedralizeWithTetgen(mesh, {
      edgeLengthM: args.edge,
      targetTetCount: args.tets,
      qualityBound: args.quality,
    });
  }
  return tetrahedralize(
    mesh,
    {
      mode: args.mode,
      edgeLengthM: args.edge,
      targetTetCount: args.tets,
      qualityBound: args.quality,
      timeLimitS: args.timeLimitS,
    },
    onProgress,
  );
}

/**
 * The tet mesh whose measured frame cost fits `budget` (core/budget/tet-budget.ts): each trial
 * makes the mesh at a target and times it here and in the runtime, read against the runtime's cost.
 */
async function fitToBudget(
  args: TetraArgs,
  budget: FrameBudget,
  mesh: Parameters<typeof tetrahedralize>[0],
  onProgress: (fraction: number, stage: string) => void,
): Promise<{ result: TetMesh; fit: TetBudgetResult }> {
  // Loaded here only: the timing brings in the solver and the runtime, which a command without
  // --budget-ms would otherwise compile at every start.
  const { tetMeshFrameMs } = await import('../frame-cost.ts');
  const made = new Map<number, TetMesh>();
  const fit = await fitTetsToBudget(
    async (targetTets) => {
      const tets = await run({ ...args, tets: targetTets }, mesh, (fraction, stage) =>
        onProgress(fraction, `${targetTets} tets: ${stage}`),
      );
      made.set(targetTets, tets);
      onProgress(1, `${targetTets} tets: timing a frame`);
      const msPerFrame = await tetMeshFrameMs(tets, args.substeps, budget);
      return { targetTets, tets: tets.quality.tetCount, msPerFrame };
    },
    { budgetMs: budget.frameMsPerBody, runtime: budget.runtime },
  );
  return { result: made.get(fit.targetTets) as TetMesh, fit };
}

function budgetReport(budget: FrameBudget, fit: TetBudgetResult): NonNullable<Report['budget']> {
  return {
    budgetMs: budget.frameMsPerBody,
    runtime: budget.runtime,
    targetTets: fit.targetTets,
    reached: fit.reached,
    message: fit.message,
    trials: fit.trials.map((t) => ({ ...t, msPerFrame: round(t.msPerFrame, 3) })),
  };
}

interface Report {
  file: string;
  mode: TetraMode;
  backend: 'builtin' | 'tetgen';
  tets: number;
  vertices: number;
  minDihedralDeg: number;
  maxDihedralDeg: number;
  maxRadiusEdge: number;
  meanQuality: number;
  volumeRatio: number | null;
  surfaceDistance: number | null;
  seconds: number;
  outputs: string[];
  /** Every tet's six dihedral angles, counted in bins of binDeg from 0°. */
  dihedralHistogram: { binDeg: number; counts: number[] };
  /** Conforming: the looser boundary tolerance, m, a low --tets target was met with. */
  surfaceToleranceM?: number;
  /** When an asked tet count (--tets) was missed by more than TARGET_SLACK: what was reached and why. */
  targetNote?: string;
  /** --budget-ms: the trials (tets asked, made, ms per 60 Hz frame in the runtime) and what was reached. */
  budget?: {
    budgetMs: number;
    runtime: FrameBudget['runtime'];
    targetTets: number;
    reached: boolean;
    message: string;
    trials: TetBudgetTrial[];
  };
}

/** How far a tet count may land from --tets before the report says so. */
const TARGET_SLACK = 0.15;

/**
 * The sentence for a missed --tets target, or undefined when it was met (or none was asked).
 * `surfaceToleranceM`: the looser boundary tolerance a conforming mesh was remade with for the
 * target (TetMesh.surfaceToleranceM), when it was.
 */
export function targetNote(
  mode: TetraMode,
  asked: number | undefined,
  made: number,
  surfaceToleranceM?: number,
): string | undefined {
  if (asked === undefined || Math.abs(made / asked - 1) <= TARGET_SLACK) return undefined;
  const reached = `${made.toLocaleString('en-US')} tets for a target of ${asked.toLocaleString('en-US')} (${(made / asked).toFixed(2)}×)`;
  if (mode === 'conforming' && made > asked) {
    const follows =
      surfaceToleranceM === undefined
        ? 'follows the surface (within 0.3% of its diagonal)'
        : `follows the surface only within ${surfaceToleranceM.toPrecision(2)} m for this target (the input surface is embedded as the render mesh)`;
    return `${reached}: a conforming mesh's boundary ${follows} and its thin parts, which takes that many tets on this surface; --mode embedded meets a target within about 10%`;
  }
  return `${reached}: the mesh could not be brought closer`;
}

function summary(args: TetraArgs, file: string, result: TetMesh, seconds: number, outputs: string[]): Report {
  const q = result.quality;
  return {
    file,
    mode: args.mode,
    backend: args.backend,
    tets: q.tetCount,
    vertices: q.vertexCount,
    minDihedralDeg: round(q.minDihedralDeg, 3),
    maxDihedralDeg: round(q.maxDihedralDeg, 3),
    maxRadiusEdge: round(q.maxRadiusEdge, 4),
    meanQuality: round(q.meanQuality, 4),
    volumeRatio: q.volumeRatio === null ? null : round(q.volumeRatio, 5),
    surfaceDistance: q.surfaceDistance === null ? null : round(q.surfaceDistance, 6),
    seconds: round(seconds, 3),
    outputs,
    dihedralHistogram: q.dihedralHistogram,
    ...(result.surfaceToleranceM === undefined
      ? {}
      : { surfaceToleranceM: round(result.surfaceToleranceM, 3) }),
    ...(args.edge === undefined && args.backend === 'builtin'
      ? { targetNote: targetNote(args.mode, args.tets, q.tetCount, result.surfaceToleranceM) }
      : {}),
  };
}

function round(v: number, digits: number): number {
  return Number(v.toPrecision(digits + 2));
}

function formatReport(r: Report): string {
  const rows: [string, string][] = [
    ['file', `${r.file} (${r.mode}, ${r.backend})`],
    ['tets', String(r.tets)],
    ['vertices', String(r.vertices)],
    ['dihedral angles (deg)', `${r.minDihedralDeg} … ${r.maxDihedralDeg}`],
    ['max radius-edge ratio', String(r.maxRadiusEdge)],
    ['mean quality (1 = regular)', String(r.meanQuality)],
    ['volume ratio', r.volumeRatio === null ? 'n/a (input not watertight)' : String(r.volumeRatio)],
    ['surface distance (÷ diag)', r.surfaceDistance === null ? 'n/a' : String(r.surfaceDistance)],
    ['seconds', String(r.seconds)],
  ];
  for (const path of r.outputs) rows.push(['wrote', path]);
  if (r.surfaceToleranceM !== undefined) {
    rows.push([
      'boundary',
      `follows the surface within ${r.surfaceToleranceM} m for the tet target; the surface is skinned to the tets`,
    ]);
  }
  if (r.targetNote) rows.push(['target', r.targetNote]);
  if (r.budget) {
    for (const t of r.budget.trials)
      rows.push([
        'budget trial',
        `${t.targetTets} asked, ${t.tets} made: ${t.msPerFrame} ms/frame in ${r.budget.runtime}`,
      ]);
    rows.push(['budget', r.budget.message]);
  }
  const width = Math.max(...rows.map(([k]) => k.length)) + 2;
  const { binDeg, counts } = r.dihedralHistogram;
  return [
    ...rows.map(([k, v]) => `${k.padEnd(width)}${v}`),
    '',
    'dihedral angles (deg; six per tet):',
    ...histogramLines(binDeg, counts).map((line) => `  ${line}`),
  ].join('\n');
}

function parseTetraArgs(args: string[]): TetraArgs {
  const { values, positionals } = parseCommandArgs('tetra', args, options);
  const positive = (flag: string, text: string | undefined, what: string) =>
    text === undefined ? undefined : numberOption(flag, text, what, (v) => v > 0);
  const tets = positive('--tets', values.tets, 'a positive whole number of tets');
  if (tets !== undefined && !Number.isInteger(tets))
    throw new UsageError(`--tets needs a positive whole number of tets, got '${values.tets}'`);
  const quality = positive('--quality', values.quality, `a radius-edge ratio ≥ ${MIN_QUALITY_BOUND}`);
  if (quality !== undefined && quality < MIN_QUALITY_BOUND)
    throw new UsageError(
      `--quality needs a radius-edge ratio ≥ ${MIN_QUALITY_BOUND}, got '${values.quality}'`,
    );
  const result: TetraArgs = {
    file: onePositional('tetra', positionals, 'mesh file'),
    edge: positive('--edge', values.edge, 'a positive edge length in metres'),
    tets,
    quality,
    timeLimitS: positive('--time-limit', values['time-limit'], 'a positive number of seconds'),
    mode:
      values.mode === undefined
        ? 'conforming'
        : choiceOption('--mode', values.mode, ['conforming', 'embedded'] as const),
    backend:
      values.backend === undefined
        ? 'builtin'
        : choiceOption('--backend', values.backend, ['builtin', 'tetgen'] as const),
    ...meshFrame(values),
    out: values.out,
    json: values.json === true,
    progress: values.progress === true,
    budget: parseBudget(values),
    substeps: positive('--substeps', values.substeps, 'a whole number of substeps') ?? DEFAULT_BAKE_SUBSTEPS,
  };
  if (!Number.isInteger(result.substeps) || result.substeps > 1000)
    throw new UsageError(`--substeps needs a whole number from 1 to 1000, got '${values.substeps}'`);
  if (result.budget && (result.tets !== undefined || result.edge !== undefined))
    throw new UsageError('--budget-ms picks the tet count: give it without --tets or --edge');
  if (result.edge !== undefined && result.tets !== undefined)
    throw new UsageError('give either --edge or --tets, not both');
  if (result.backend === 'tetgen' && result.mode === 'embedded')
    throw new UsageError(
      'the tetgen backend makes conforming meshes only; use --backend builtin for --mode embedded',
    );
  if (result.out !== undefined && result.out !== STDIO) {
    try {
      formatForPath(result.out);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return result;
}
