/**
 * `npm run bench -- app [--frames=N] [--scene=TEXT] [--rounds=N] [--viewport=auto|full|light]
 * [--compositing=software|swiftshader]`: the app path against the engine benchmark, with the viewport
 * as the app chooses it (`auto`: light where WebGL renders in software,
 * renderer/src/viewport/render-quality.ts) or as named, in Chromium as it runs itself without a usable
 * GPU (`software`, the default: the page composited in software, SwiftShader for WebGL only) or with
 * SwiftShader as its whole GPU (`swiftshader`, the e2e suite's switches: browser-app.ts `Compositing`).
 * For each scene of the sim bench, and the editor's body it leaves out (sim-scenes.ts: a damped rubber
 * whose bulk is in nodal volumes), the Node engine is measured by the sim suite
 * itself (bundled, single-threaded, same substeps, wall clock) right before and right after the app,
 * with the app paused meanwhile, and the app is compared with the mean of the two: on this project's
 * shared two-core machine the load from other processes rises and falls over seconds (the same Node
 * run read 7.5 ms a frame of the 64² cloth in one spell and 15.3 in another), and a measure taken
 * on one side only caught it on that side. The scene is opened as a project through the editor's
 * Open… file chooser in headless Chromium (the web build served by vite preview, as the e2e suite
 * does) and run in the editor's simulation worker. The page's frame log
 * (renderer/src/sim/frame-log.ts) gives the worker's own step time per frame and when each frame
 * reached the page. With `--rounds=N` each scene is measured N times, Node and app in turn (a
 * round's Node measure after is the next one's before), and each figure is the median over the
 * rounds, the ratios the median of the rounds' own. Skipped, with a message, where Chromium is not
 * found.
 */
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { writeProject } from '../core/project/write.ts';
import {
  type AppRow,
  formatAppTable,
  formatCopiesNote,
  measuredFrames,
  medianRow,
  summarizeFrames,
  withRatios,
} from './app-table.ts';
import {
  browserBundle,
  chooserFrom,
  chromiumOrSkip,
  compositingFlag,
  frameLogOf,
  frameLogProgressOf,
  openApp,
  serveWebBuild,
  setPlaying,
  textOf,
  waitFor,
} from './browser-app.ts';
import { bundle } from './sim.ts';
import { type BenchScene, benchScenesMatching, FRAME_DT_S, SUBSTEPS, WARMUP_FRAMES } from './sim-scenes.ts';

interface NodeRow {
  scene: string;
  particles: number;
  oursMsPerFrame: number;
  oursKernels: string;
}

/** The sim suite, bundled and run by plain Node, our engine by the wall clock; its rows by scene name. */
function nodeBench(entry: string, frames: number, scene: string): NodeRow {
  const args = [entry, '--json', '--no-simd', '--clock=wall', `--frames=${frames}`, `--scene=${scene}`];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (result.status !== 0) throw new Error(`bench app: the sim suite failed:\n${result.stderr}`);
  const row = (JSON.parse(result.stdout) as NodeRow[]).find((r) => r.scene === scene);
  if (!row) throw new Error(`bench app: the sim suite measured no '${scene}'`);
  return row;
}

/**
 * The engine alone in Chromium: `bench`'s scene stepped back to back in a blank page of the app's
 * browser (bench/chromium-engine-entry.ts), median wall ms per frame. Chromium's V8 is not Node's,
 * so this is the figure that tells the engine's speed there from what the editor's page adds.
 */
async function engineInChromium(
  page: Page,
  script: string,
  bench: BenchScene,
  frames: number,
): Promise<number> {
  const browser = page.context().browser();
  if (!browser) throw new Error('bench app: the app page has no browser to open a blank page in');
  const blank = await browser.newPage();
  try {
    await blank.addScriptTag({ content: script });
    return (await blank.evaluate(
      ([name, count]) =>
        (
          globalThis as unknown as { softbodyStepBenchScene(n: string, f: number): number }
        ).softbodyStepBenchScene(name, count),
      [bench.name, frames] as const,
    )) as number;
  } finally {
    await blank.close();
  }
}

/**
 * The selected body's frame-cost readout in the properties panel: 'measuring' until its one-off
 * timing is done, and before the panel has shown it.
 */
async function frameCostStatusOf(page: Page): Promise<string> {
  return (await page.evaluate(
    `document.querySelector('[data-testid="prop-frame-cost"]')?.dataset.status ?? 'measuring'`,
  )) as string;
}

/** What a round measures outside the app: Node before and after, the engine in Chromium. */
type BenchFigures =
  | 'benchMsPerFrame'
  | 'benchBeforeAfterMs'
  | 'chromiumEngineMsPerFrame'
  | 'benchKernels'
  | 'stepRatio'
  | 'frameRatio';

/**
 * Opens `bench`'s scene as a project (the app paused, so that the load is all it does), waits for
 * the properties panel's one-off frame-cost timing of the body, plays it and measures `frames`
 * frames of the worker after a warm-up. The app is left paused again.
 */
async function measureInApp(
  page: Page,
  bench: BenchScene,
  particles: number,
  frames: number,
): Promise<Omit<AppRow, BenchFigures>> {
  // Scenes of the same size follow each other: only a load after this moment is this scene's.
  const sinceMs = (await page.evaluate('performance.now()')) as number;
  const chooser = await chooserFrom(page, 'open-project');
  await chooser.setFiles({
    name: `bench-${bench.name.replace(/\W+/g, '-')}.sbproj`,
    mimeType: 'application/json',
    buffer: Buffer.from(writeProject(bench.scene, { selectedBody: 0 })),
  });
  const what = `${frames} frames of ${bench.name} in the worker`;
  await waitFor(
    async () => ((await frameLogProgressOf(page)).loadedMs ?? -1) >= sinceMs,
    `${bench.name} to load`,
  );
  // The properties panel times the selected body once in a worker of its own (its frame-cost
  // readout, renderer/src/budget/): a second or two of both cores on a new body. The per-frame cost
  // is measured after it, as on any body the artist has had open for a moment.
  await waitFor(
    async () => (await frameCostStatusOf(page)) !== 'measuring',
    `${bench.name}'s frame cost to be measured`,
    180_000,
    250,
  );
  await setPlaying(page, true);
  // Polled by the log's three numbers, the entries copied once at the end: copying the whole log
  // a few times a second took the page's main thread and the bench's own process about two
  // thirds of a core between them, beside the worker being measured.
  await waitFor(
    async () => {
      const progress = await frameLogProgressOf(page);
      if (progress.particleCount !== particles) {
        throw new Error(
          `bench app: ${bench.name} loaded with ${progress.particleCount} particles, not ${particles}`,
        );
      }
      return progress.framesSinceLoad >= WARMUP_FRAMES + frames;
    },
    what,
    180_000,
    250,
  );
  await setPlaying(page, false);
  const log = await frameLogOf(page);
  const loaded = [...log].reverse().find((entry) => entry.type === 'loaded');
  const measured = measuredFrames(log, WARMUP_FRAMES, frames);
  if (!measured) throw new Error(`bench app: the frame log lost ${what}`);
  const workerKernels = loaded?.kernels ?? '?';
  return {
    scene: bench.name,
    particles,
    workerKernels,
    ...summarizeFrames(measured),
  };
}

export async function run(flags: string[]): Promise<void> {
  if (!chromiumOrSkip('app')) return;
  const value = (name: string) => flags.find((f) => f.startsWith(`--${name}=`))?.slice(name.length + 3);
  const frames = Number(value('frames') ?? 96);
  const rounds = Math.max(1, Number(value('rounds') ?? 1));
  const sceneFilter = value('scene');
  const viewport = value('viewport') ?? 'auto';
  if (viewport !== 'auto' && viewport !== 'full' && viewport !== 'light')
    throw new Error(`bench app: --viewport=${viewport}: expected auto, full or light`);
  const compositing = compositingFlag(value('compositing'), 'software');
  const scenes = benchScenesMatching(sceneFilter, true);

  const entry = await bundle();
  const engineScript = await browserBundle('chromium-engine-entry.ts');
  if (!entry || !engineScript)
    throw new Error('bench app: esbuild is needed to bundle the sim suite (see bench/sim.ts)');
  const served = await serveWebBuild('app');
  const session = await openApp(served.url, viewport, compositing);
  const rows: AppRow[] = [];
  const drawRates: string[] = [];
  try {
    const { page } = session;
    await waitFor(async () => (await textOf(page, 'sim-state')) === 'Playing', 'the app to play');
    // Paused while Node measures: the app's worker would otherwise step the scene before on the
    // same cores (the Node figure then came out up to a third slower than on a quiet machine).
    await setPlaying(page, false);
    for (const bench of scenes) {
      const measured: AppRow[] = [];
      // Node measures before and after each round's app (a round's after is the next one's before).
      let before = nodeBench(entry, frames, bench.name);
      for (let round = 0; round < rounds; round++) {
        const chromiumEngineMsPerFrame = await engineInChromium(page, engineScript, bench, frames);
        const row = await measureInApp(page, bench, before.particles, frames);
        // The status bar's reading (draws a second over its last half second) as the measure ends.
        drawRates.push(`${bench.name} ${await textOf(page, 'fps')}`);
        const after = nodeBench(entry, frames, bench.name);
        measured.push(
          withRatios({
            ...row,
            benchMsPerFrame: (before.oursMsPerFrame + after.oursMsPerFrame) / 2,
            benchBeforeAfterMs: [before.oursMsPerFrame, after.oursMsPerFrame],
            chromiumEngineMsPerFrame,
            benchKernels: before.oursKernels,
          }),
        );
        before = after;
      }
      rows.push(medianRow(measured));
      console.error(`[bench app] ${bench.name} done`);
    }
    const isolated = (await page.evaluate('crossOriginIsolated')) as boolean;
    const drawn = (await page.evaluate(
      `[document.querySelector('.viewport-canvas')?.dataset.quality ?? 'none',
        document.querySelector('[data-testid="viewport-quality"]')?.title ?? '']`,
    )) as [string, string];
    const problems = session.problems;
    console.log(
      `app: ${SUBSTEPS} substeps per frame of ${(FRAME_DT_S * 1000).toFixed(2)} ms; medians over ${frames} frames after ` +
        `${WARMUP_FRAMES} of warm-up, played once the properties panel's one-off frame-cost timing of the body is done` +
        `${rounds > 1 ? `, then over ${rounds} rounds (Node and app in turn)` : ''}; wall ms. ` +
        "bench = the sim suite's engine in Node, single-threaded, the mean of its measures right before and " +
        'right after the app (ratios per round, then their median); worker = the ' +
        "editor's simulation worker in headless Chromium (its own timing of World.step; frame = the step plus what " +
        'the app measures and sends after it), while the page draws with ' +
        'software WebGL on the same cores; page interval = time between frames reaching the page (the worker paces ' +
        `itself to ${(FRAME_DT_S * 1000).toFixed(1)} ms frames, so on average it is no shorter; frames held up behind a long page task arrive in bursts)`,
    );
    console.log(
      `Viewport: ${drawn[0]} (--viewport=${viewport}; renderer/src/viewport/render-quality.ts)${drawn[1] ? `: ${drawn[1]}` : ''}`,
    );
    console.log(
      `Chromium: ${
        compositing === 'software'
          ? 'the page composited in software, SwiftShader for WebGL only, as Chromium runs without a usable GPU'
          : "SwiftShader as its whole GPU, every composited frame through it (the e2e suite's switches)"
      } (--compositing=${compositing})`,
    );
    console.log(formatAppTable(rows));
    console.log(`Viewport draws as each measure ended: ${drawRates.join(', ')}`);
    const kernels = [...new Set(rows.map((r) => `${r.benchKernels} / ${r.workerKernels}`))].join(', ');
    console.log(`Solver kernels (Node / worker): ${kernels}`);
    console.log(formatCopiesNote(rows, isolated));
    if (problems.length > 0) console.log(`Page problems seen: ${problems.join('; ')}`);
  } finally {
    await session.close();
    await served.close();
  }
}
