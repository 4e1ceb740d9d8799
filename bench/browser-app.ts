/**
 * What the browser benchmarks (app.ts, ui.ts) share: finding Chromium, building the web bundle and
 * serving it with `vite preview` as the e2e suite does (test/e2e/global-setup.ts), and opening the
 * app in headless Chromium with the worker's frame log on (renderer/src/sim/frame-log.ts).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FileChooser, Page } from 'playwright-core';
import { build, preview } from 'vite';
import type { FrameLogEntry, FrameLogProgress } from '../renderer/src/sim/frame-log.ts';
import { chromiumPath, gpuLessChromiumArgs, repoRoot } from '../test/e2e/environment.ts';
import { type AppSession, openInChromium } from '../test/e2e/sessions.ts';
import { esbuildOrNull } from './sim.ts';

/** The Chromium to drive, or null (and the sentence saying why the bench is skipped). */
export function chromiumOrSkip(bench: string): string | null {
  if (existsSync(chromiumPath)) return chromiumPath;
  console.log(
    `bench ${bench}: skipped: Chromium not found at ${chromiumPath} (set CHROMIUM_PATH to a Chromium binary)`,
  );
  return null;
}

export interface ServedApp {
  url: string;
  close(): Promise<void>;
}

/** Builds dist-web/ and serves it on a free port. */
export async function serveWebBuild(bench: string): Promise<ServedApp> {
  const configFile = join(repoRoot, 'vite.web.config.ts');
  const started = performance.now();
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({
    configFile,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error(`bench ${bench}: vite preview did not report its URL`);
  console.error(
    `[bench ${bench}] built dist-web/ and serving it at ${url} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return { url, close: () => server.close() };
}

/**
 * How Chromium renders here, where there is no GPU: `swiftshader`, SwiftShader as its whole GPU (the
 * e2e suite's switches); `software`, as Chromium runs itself without a usable GPU (SwiftShader for
 * WebGL only, the page composited in software: test/e2e/environment.ts `gpuLessChromiumArgs`).
 */
export type Compositing = 'swiftshader' | 'software';

/** The `--compositing=` flag of a browser bench, checked; `fallback` where it is absent. */
export function compositingFlag(value: string | undefined, fallback: Compositing): Compositing {
  if (value === undefined) return fallback;
  if (value === 'swiftshader' || value === 'software') return value;
  throw new Error(`--compositing=${value}: expected swiftshader or software`);
}

/**
 * The app at `url` in headless Chromium, with the frame log on. Questions the app asks (discard
 * unsaved changes?) are answered yes: the bench opens one document after another.
 * @param viewport the viewport's profile: `auto` lets the app choose, as a user's page does (light
 *   here, where WebGL renders in software: renderer/src/viewport/render-quality.ts)
 */
export async function openApp(
  url: string,
  viewport: 'auto' | 'full' | 'light' = 'auto',
  compositing: Compositing = 'swiftshader',
): Promise<AppSession> {
  const session = await openInChromium(
    `${url}?frameLog&viewport=${viewport}`,
    compositing === 'software' ? gpuLessChromiumArgs : [],
  );
  session.page.on('dialog', (dialog) => void dialog.accept());
  return session;
}

/** The frame log's entries so far (as text: the bench compiles without DOM types). */
export function frameLogOf(page: Page): Promise<FrameLogEntry[]> {
  return page.evaluate('window.softbodyFrameLog.entries()') as Promise<FrameLogEntry[]>;
}

/** Where the frame log stands (cheap to poll: nothing is copied but three numbers). */
export function frameLogProgressOf(page: Page): Promise<FrameLogProgress> {
  return page.evaluate('window.softbodyFrameLog.progress()') as Promise<FrameLogProgress>;
}

/**
 * Sets the simulation playing or paused with the toolbar's button, and waits until the status bar
 * says so.
 */
export async function setPlaying(page: Page, playing: boolean): Promise<void> {
  const state = playing ? 'Playing' : 'Paused';
  if ((await textOf(page, 'sim-state')) !== state) await page.locator('[data-testid="play-pause"]').click();
  await waitFor(
    async () => (await textOf(page, 'sim-state')) === state,
    `the app to be ${state.toLowerCase()}`,
  );
}

/**
 * `entry` (a file of bench/) bundled for a browser page as one classic script's text: esbuild,
 * the one tsx brings; null without it.
 */
export async function browserBundle(entry: string): Promise<string | null> {
  const esbuild = await esbuildOrNull();
  if (!esbuild) return null;
  const result = await esbuild.build({
    entryPoints: [join(repoRoot, 'bench', entry)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'warning',
  });
  return result.outputFiles[0].text;
}

/** The text of the element marked `data-testid="id"`, '' when it has none. */
export async function textOf(page: Page, id: string): Promise<string> {
  return (await page.locator(`[data-testid="${id}"]`).textContent()) ?? '';
}

/** Clicks the button marked `data-testid="id"` and returns the file chooser it opens. */
export async function chooserFrom(page: Page, id: string): Promise<FileChooser> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.locator(`[data-testid="${id}"]`).click(),
  ]);
  return chooser;
}

/** Polls `condition` every `intervalMs` until it holds; throws `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => Promise<boolean>,
  what: string,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await condition())) {
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
