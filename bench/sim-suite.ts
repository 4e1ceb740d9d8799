/**
 * The `sim` benchmark itself (bench/sim.ts runs it): our XPBD engine against Jolt's soft bodies
 * (jolt-physics@1.1.0, WebAssembly) on the scenes of sim-scenes.ts, in the same process,
 * single-threaded. Flags: --json, --frames=N (measured frames per engine, default 96),
 * --scene=TEXT (scenes whose name contains it), --no-simd, --threads=N, --clock=cpu|wall,
 * --kernels=wasm|js (ours with the WebAssembly kernels, the default where they load, or the JS ones).
 *
 * Per scene both engines are built from the same constraints (jolt-soft-body.ts) and stepped
 * frame by frame, interleaved in short rounds (ours, Jolt default, Jolt SIMD, …) so that load
 * from other processes falls on all of them alike; each reports the median frame time after a
 * warm-up. ratio = Jolt's time / ours, the median over rounds of the ratio within each round
 * (robust to bursts of load on a shared machine): above 1 we are faster. Projections per second
 * = scalar constraints × substeps per frame / frame time (a neo-Hookean tet counts as two).
 * Times are this process's CPU time by default (--clock=wall for elapsed time).
 * Jolt SIMD is its multithreaded build run with no worker threads (the package has no
 * single-threaded SIMD build); --threads=N adds a column with N worker threads.
 *
 * --workers=N adds ours stepped by a team of N threads (core/sim/wasm/solver-team.ts: the stepping
 * thread and N − 1 helper workers over a shared memory), timed by the wall clock like Jolt's
 * threads, its scaling (our one-thread wall time / the team's, the median over rounds of the
 * paired ratio), and whether its positions after the run are the same floats as one thread's;
 * Jolt then runs with --threads=N too unless --threads says otherwise.
 *
 * --memory prints, instead of timing, what B/particle counts array by array (sim-memory.ts).
 */
import type { Worker } from 'node:worker_threads';
import { median } from '../core/math/median.ts';
import { closeSolverHelpers, spawnSolverHelpers } from '../core/node/solver-helpers.ts';
import { buildWorld } from '../core/sim/build-world.ts';
import type { SolverTeamCounts } from '../core/sim/world.ts';
import type { XpbdWorld } from '../core/sim/xpbd-world.ts';
import { type Jolt, loadJolt } from './jolt-builds.ts';
import { createJoltBody, type JoltBodyInput } from './jolt-soft-body.ts';
import { formatBreakdown, memoryBreakdown, solverBytes } from './sim-memory.ts';
import { type BenchScene, benchScenesMatching, FRAME_DT_S, SUBSTEPS, WARMUP_FRAMES } from './sim-scenes.ts';
import { TwinWorlds } from './sim-twins.ts';

interface Row {
  scene: string;
  particles: number;
  substeps: number;
  /** What the ms columns measure: 'cpu' (this process's CPU time) or 'wall'. */
  clock: 'cpu' | 'wall';
  /** Scalar constraints solved per substep. */
  oursConstraints: number;
  joltConstraints: number;
  oursMsPerFrame: number;
  joltMsPerFrame: number;
  /** Jolt's time / ours, median over rounds of the paired ratio (above 1: we are faster). */
  ratio: number;
  oursProjectionsPerS: number;
  joltProjectionsPerS: number;
  joltSimdMsPerFrame: number | null;
  ratioSimd: number | null;
  joltSimdProjectionsPerS: number | null;
  /** Threads of our team (--workers), its median wall ms per frame, and our one-thread wall ms / its. */
  oursWorkers: number | null;
  oursTeamMsPerFrame: number | null;
  scaling: number | null;
  /**
   * N one-thread worlds stepped at once, one per thread (sim-twins.ts): N × our one-thread wall
   * time / their round's wall time, median of paired rounds. What the machine's N cores give
   * together in this run: the ceiling of `scaling`.
   */
  twinScaling: number | null;
  /** Our one-thread median wall ms per frame (what the scaling divides). */
  oursWallMsPerFrame: number;
  /** True when the team's positions after the run are bit for bit one thread's. */
  teamSameFloats: boolean | null;
  /** Share of the divided colours' chunks the helpers solved over the run, 0…1. */
  teamHelperShare: number | null;
  /**
   * Over the timed rounds: the team's stalls (a helper descheduled mid-chunk, after which the
   * stepping thread solves alone for a while: wasm/stall-backoff.ts) and the share of its frames
   * stepped alone (its chooser's trials and choices, wasm/team-chooser.ts), 0…1.
   */
  teamStalls: number | null;
  teamAloneShare: number | null;
  joltThreads: number | null;
  joltMultithreadMsPerFrame: number | null;
  ratioMultithread: number | null;
  /** Bytes of solver state and constraint data per particle (ours). */
  bytesPerParticle: number;
  /** Which of our kernels stepped the world: 'wasm' or 'js' (core/sim/wasm). */
  oursKernels: 'wasm' | 'js';
  /** Mean height of the body after the run, m (both engines simulated the same time). */
  oursCentroidY: number;
  joltCentroidY: number;
  note?: string;
}

interface Options {
  json: boolean;
  warmupFrames: number;
  rounds: number;
  framesPerRound: number;
  sceneFilter?: string;
  simd: boolean;
  threads: number;
  /** Threads of our team (0: ours on one thread only). */
  workers: number;
  /** 'cpu': this process's CPU time per frame (robust on a shared machine); 'wall': elapsed time. */
  clock: 'cpu' | 'wall';
  kernels: 'wasm' | 'js';
  /** Print the solver's memory array by array instead of timing (sim-memory.ts). */
  memory: boolean;
}

function parseOptions(flags: string[]): Options {
  const value = (name: string) => flags.find((f) => f.startsWith(`--${name}=`))?.slice(name.length + 3);
  const frames = Number(value('frames') ?? 96);
  // Short rounds: load from other processes comes in bursts of a few frames; both engines see them.
  const framesPerRound = 4;
  return {
    json: flags.includes('--json'),
    warmupFrames: WARMUP_FRAMES,
    rounds: Math.max(1, Math.round(frames / framesPerRound)),
    framesPerRound,
    sceneFilter: value('scene'),
    simd: !flags.includes('--no-simd'),
    threads: Number(value('threads') ?? value('workers') ?? 0),
    workers: Number(value('workers') ?? 0),
    clock: value('clock') === 'wall' ? 'wall' : 'cpu',
    kernels: value('kernels') === 'js' ? 'js' : 'wasm',
    memory: flags.includes('--memory'),
  };
}

interface Engine {
  label: string;
  step(): void;
  /** Around each round's frames, inside its wall time: what steps beside them (the twin worlds). */
  beginRound?(frames: number): void;
  finishRound?(): void;
  /** Per frame, ms. */
  times: number[];
  /** Per round (framesPerRound frames), ms; and by the wall clock. */
  rounds: number[];
  wallRounds: number[];
  /** Per frame by the wall clock, ms. */
  wallTimes: number[];
}

const wallMs = () => performance.now();
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** What Jolt gets from one of our built single-body worlds: its particles and constraint blocks. */
function joltInputFrom(world: XpbdWorld, workerThreads: number): JoltBodyInput {
  const [runtime] = world.runtimes;
  const input: JoltBodyInput = {
    positions: world.state.rest,
    invMass: world.state.invMass,
    faces: runtime.geometry.surfaceTriangles,
    gravity: world.gravity,
    substeps: world.substeps,
    linearDampingPerS: runtime.linearDampingPerS,
    workerThreads,
  };
  for (const block of runtime.blocks) {
    if (block.kind === 'distance') {
      input.edges = { particles: block.particles, complianceMPerN: block.complianceMPerN };
    } else if (block.kind === 'dihedral-bend') {
      input.hinges = { particles: block.particles, compliancePerNM: block.compliancePerNM };
    } else if (block.kind === 'tet-volume') {
      input.tets = { particles: block.particles, complianceM3PerPa: block.complianceM3PerPa };
    } else {
      throw new Error(`bench sim: no Jolt equivalent for a '${block.kind}' block`);
    }
  }
  return input;
}

function centroidY(world: XpbdWorld): number {
  let sum = 0;
  for (let p = 0; p < world.particleCount; p++) sum += world.state.x[3 * p + 1];
  return sum / world.particleCount;
}

/** Bit for bit equality of two worlds' positions. */
function samePositions(a: XpbdWorld, b: XpbdWorld): boolean {
  const x = new Uint32Array(a.state.x.buffer, a.state.x.byteOffset, 2 * a.state.x.length);
  const y = new Uint32Array(b.state.x.buffer, b.state.x.byteOffset, 2 * b.state.x.length);
  return x.length === y.length && x.every((word, i) => word === y[i]);
}

async function measureScene(
  bench: BenchScene,
  builds: { default: Jolt; simd: Jolt | null },
  options: Options,
  helpers: readonly Worker[],
  twinEntry: URL,
): Promise<Row> {
  const ours = buildWorld(bench.scene);
  if (options.kernels === 'js') ours.kernels = 'js';
  const team = options.workers > 1 ? buildWorld(bench.scene, {}, { threads: options.workers }) : null;
  // The team's ceiling: as many one-thread worlds as it has threads, stepping at once.
  const twins = team ? await TwinWorlds.start(bench.name, options.workers - 1, twinEntry) : null;
  const twinHere = twins ? buildWorld(bench.scene) : null;
  if (team) {
    if (options.kernels === 'js') team.kernels = 'js';
    await team.startHelpers(helpers);
  }
  // What the Jolt exporter gives Jolt: solids with one volume constraint per tet, cloth as the
  // fitted edge network (compile-body.ts).
  const joltWorld = buildWorld(bench.joltScene, {
    ...bench.joltCompile,
    solid: { perTetVolume: true },
  });
  const joltDefault = createJoltBody(builds.default, joltInputFrom(joltWorld, 0));
  const joltSimd =
    builds.simd && options.simd ? createJoltBody(builds.simd, joltInputFrom(joltWorld, 0)) : null;
  const joltThreaded =
    builds.simd && options.threads > 0
      ? createJoltBody(builds.simd, joltInputFrom(joltWorld, options.threads))
      : null;
  const engine = (label: string, step: () => void): Engine => ({
    label,
    step,
    times: [],
    rounds: [],
    wallRounds: [],
    wallTimes: [],
  });
  const engines = [
    engine('ours', () => ours.step(FRAME_DT_S)),
    engine('jolt', () => joltDefault.step(FRAME_DT_S)),
  ];
  if (joltSimd) engines.push(engine('simd', () => joltSimd.step(FRAME_DT_S)));
  if (team) engines.push(engine('team', () => team.step(FRAME_DT_S)));
  if (twins && twinHere) {
    engines.push({
      ...engine('twins', () => twinHere.step(FRAME_DT_S)),
      beginRound: (frames) => twins.begin(frames),
      finishRound: () => twins.finish(),
    });
  }
  if (joltThreaded) engines.push(engine('mt', () => joltThreaded.step(FRAME_DT_S)));
  for (const e of engines) for (let f = 0; f < options.warmupFrames; f++) e.step();
  const teamBefore = team?.solverTeamCounts;
  for (let round = 0; round < options.rounds; round++) {
    for (const e of engines) {
      // CPU time counts every thread of the process: the multithreaded column is always timed by the wall.
      const threaded = e.label === 'mt' || e.label === 'team' || e.label === 'twins';
      const now = options.clock === 'cpu' && !threaded ? cpuMs : wallMs;
      let roundMs = 0;
      const wallStart = wallMs();
      e.beginRound?.(options.framesPerRound);
      for (let f = 0; f < options.framesPerRound; f++) {
        const start = now();
        const wallFrom = wallMs();
        e.step();
        e.wallTimes.push(wallMs() - wallFrom);
        const frameMs = now() - start;
        e.times.push(frameMs);
        roundMs += frameMs;
      }
      e.finishRound?.();
      e.rounds.push(roundMs);
      e.wallRounds.push(wallMs() - wallStart);
    }
  }
  const ms = (label: string) => {
    const measured = engines.find((e) => e.label === label);
    return measured ? median(measured.times) : null;
  };
  // Ratios pair each of Jolt's rounds with our round just before it (the same stretch of machine
  // load) and take the median of those ratios.
  const ratioTo = (label: string) => {
    const measured = engines.find((e) => e.label === label);
    if (!measured) return null;
    // The multithreaded column is timed by the wall: compare it with our wall time.
    const [theirs, mine] =
      label === 'mt' ? [measured.wallRounds, engines[0].wallRounds] : [measured.rounds, engines[0].rounds];
    return median(theirs.map((r, k) => r / mine[k]));
  };
  const oursMs = ms('ours')!;
  const joltMs = ms('jolt')!;
  const simdMs = ms('simd');
  const mtMs = ms('mt');
  const teamMs = ms('team');
  const teamEngine = engines.find((e) => e.label === 'team');
  const twinsEngine = engines.find((e) => e.label === 'twins');
  const perSecond = (constraints: number, frameMs: number) => (constraints * SUBSTEPS * 1000) / frameMs;
  const row: Row = {
    scene: bench.name,
    particles: ours.particleCount,
    substeps: SUBSTEPS,
    clock: options.clock,
    oursConstraints: ours.constraintCount,
    joltConstraints: joltDefault.constraintCount,
    oursMsPerFrame: oursMs,
    joltMsPerFrame: joltMs,
    ratio: ratioTo('jolt')!,
    oursProjectionsPerS: perSecond(ours.constraintCount, oursMs),
    joltProjectionsPerS: perSecond(joltDefault.constraintCount, joltMs),
    joltSimdMsPerFrame: simdMs,
    ratioSimd: ratioTo('simd'),
    joltSimdProjectionsPerS: simdMs === null ? null : perSecond(joltDefault.constraintCount, simdMs),
    oursWorkers: team ? options.workers : null,
    oursTeamMsPerFrame: teamMs,
    // ratioTo gives the team's time / ours: its scaling is the inverse, paired round by round.
    scaling: team ? median(engines[0].wallRounds.map((mine, k) => mine / teamEngine!.wallRounds[k])) : null,
    twinScaling: twinsEngine
      ? median(engines[0].wallRounds.map((mine, k) => (options.workers * mine) / twinsEngine.wallRounds[k]))
      : null,
    oursWallMsPerFrame: median(engines[0].wallTimes),
    teamSameFloats: team ? samePositions(ours, team) : null,
    teamHelperShare: team ? team.helperShare : null,
    ...teamTrouble(teamBefore, team?.solverTeamCounts, options.rounds * options.framesPerRound),
    joltThreads: joltThreaded ? options.threads : null,
    joltMultithreadMsPerFrame: mtMs,
    ratioMultithread: ratioTo('mt'),
    bytesPerParticle: solverBytes(ours) / ours.particleCount,
    oursKernels: ours.kernels,
    oursCentroidY: centroidY(ours),
    joltCentroidY: joltDefault.centroid()[1],
  };
  if (bench.joltNote) row.note = bench.joltNote;
  joltDefault.dispose();
  joltSimd?.dispose();
  joltThreaded?.dispose();
  team?.stopHelpers();
  await twins?.stop();
  return row;
}

/** The team's stalls and share of frames alone between two readings of its counts, `frames` apart. */
function teamTrouble(
  before: SolverTeamCounts | undefined,
  after: SolverTeamCounts | undefined,
  frames: number,
): Pick<Row, 'teamStalls' | 'teamAloneShare'> {
  if (!before || !after) return { teamStalls: null, teamAloneShare: null };
  return {
    teamStalls: after.stalls - before.stalls,
    teamAloneShare: (after.framesAlone - before.framesAlone) / frames,
  };
}

function printTable(rows: Row[], options: Options): void {
  const fixed = (v: number | null, digits: number) => (v === null ? '-' : v.toFixed(digits));
  const mega = (v: number | null) => (v === null ? '-' : (v / 1e6).toFixed(1));
  const header = [
    'scene',
    'particles',
    'ours ms',
    'Jolt ms',
    'ratio',
    'SIMD ms',
    'ratio SIMD',
    ...(options.workers > 1
      ? [
          'ours wall ms',
          `ours×${options.workers} ms`,
          'scaling',
          `${options.workers} worlds`,
          'helpers %',
          'stalls',
          'alone %',
          'same floats',
        ]
      : []),
    ...(options.threads > 0 ? [`MT(${options.threads}) ms`, 'ratio MT'] : []),
    'ours Mproj/s',
    'Jolt Mproj/s',
    'SIMD Mproj/s',
    'B/particle',
  ];
  const lines = rows.map((r) => [
    r.note ? `${r.scene} *` : r.scene,
    String(r.particles),
    fixed(r.oursMsPerFrame, 2),
    fixed(r.joltMsPerFrame, 2),
    fixed(r.ratio, 2),
    fixed(r.joltSimdMsPerFrame, 2),
    fixed(r.ratioSimd, 2),
    ...(options.workers > 1
      ? [
          fixed(r.oursWallMsPerFrame, 2),
          fixed(r.oursTeamMsPerFrame, 2),
          fixed(r.scaling, 2),
          fixed(r.twinScaling, 2),
          r.teamHelperShare === null ? '-' : (100 * r.teamHelperShare).toFixed(0),
          r.teamStalls === null ? '-' : String(r.teamStalls),
          r.teamAloneShare === null ? '-' : (100 * r.teamAloneShare).toFixed(0),
          r.teamSameFloats === null ? '-' : r.teamSameFloats ? 'yes' : 'NO',
        ]
      : []),
    ...(options.threads > 0 ? [fixed(r.joltMultithreadMsPerFrame, 2), fixed(r.ratioMultithread, 2)] : []),
    mega(r.oursProjectionsPerS),
    mega(r.joltProjectionsPerS),
    mega(r.joltSimdProjectionsPerS),
    r.bytesPerParticle.toFixed(0),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(
    `sim: ${SUBSTEPS} substeps (= Jolt mNumIterations) per frame of ${(FRAME_DT_S * 1000).toFixed(2)} ms; ` +
      `median ${options.clock === 'cpu' ? 'CPU' : 'wall'} ms per frame, single-threaded; ` +
      `ratio = Jolt time / our time (above 1: we are faster); ours: ${rows[0]?.oursKernels === 'js' ? 'JS' : 'WebAssembly (f64x2; neo-Hookean and membrane f32x4)'} kernels`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
  for (const r of rows) if (r.note) console.log(`* ${r.note}`);
  if (!options.simd) console.log('Jolt SIMD: skipped (--no-simd)');
  if (options.workers > 1) {
    console.log(
      `ours×${options.workers}: our solver with ${options.workers - 1} helper worker thread(s) claiming chunks of the ` +
        'big colours over a shared memory, timed by the wall clock; scaling = our one-thread wall time / its ' +
        `(median of paired rounds); ${options.workers} worlds: ${options.workers} one-thread worlds stepping at once, ` +
        `a thread each: ${options.workers} × our one-thread wall time / theirs (median of paired rounds), what ` +
        "the machine's cores give together in this run (the ceiling of the scaling); helpers %: the share of the divided colours' chunks its helpers solved " +
        '(ideally (N − 1)/N; less where the machine is busy); stalls: helpers descheduled mid-chunk in ' +
        'the timed rounds (each sends the stepping thread alone for 4 ms or more); alone %: its frames ' +
        "stepped alone by its chooser's trials or choice; same floats: its positions after the run " +
        "equal one thread's bit for bit",
    );
  }
  if (options.threads > 0) {
    console.log(
      `Jolt MT(${options.threads}): its multithreaded build with ${options.threads} worker threads (pthreads ` +
        'started by hand, bench/jolt-builds.ts), timed by the wall clock; its ratio is against our wall time',
    );
  } else {
    console.log(
      'Jolt multithreaded: not measured (our solver is single-threaded; pass --threads=N to add Jolt ' +
        'with N worker threads, started by hand under Node: see bench/jolt-builds.ts)',
    );
  }
}

export async function runSimSuite(flags: string[]): Promise<void> {
  const options = parseOptions(flags);
  const scenes = benchScenesMatching(options.sceneFilter);
  if (options.memory) {
    for (const scene of scenes) {
      const world = buildWorld(scene.scene);
      if (options.kernels === 'js') world.kernels = 'js';
      console.log(`${formatBreakdown(scene.name, memoryBreakdown(world))}\n`);
    }
    return;
  }
  const builds = {
    default: await loadJolt('default'),
    simd: options.simd || options.threads > 0 ? await loadJolt('simd') : null,
  };
  // Bundled (bench/sim.ts), the helpers' entry is bundled beside the suite; under tsx it is the source.
  const bundled = !import.meta.url.endsWith('.ts');
  const helpers =
    options.workers > 1
      ? spawnSolverHelpers(
          options.workers - 1,
          bundled ? new URL('./solver-helper-entry.mjs', import.meta.url) : undefined,
        )
      : [];
  const twinEntry = new URL(bundled ? './sim-twin-entry.mjs' : './sim-twin-entry.ts', import.meta.url);
  const rows: Row[] = [];
  try {
    for (const scene of scenes) {
      rows.push(await measureScene(scene, builds, options, helpers, twinEntry));
      if (!options.json) console.error(`[bench sim] ${scene.name} done`);
    }
  } finally {
    await closeSolverHelpers(helpers);
  }
  if (options.json) console.log(JSON.stringify(rows, null, 2));
  else printTable(rows, options);
}
