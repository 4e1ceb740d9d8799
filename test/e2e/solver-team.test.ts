/**
 * The simulation worker's solver team in the browser: served with COOP/COEP (the suite's own
 * server, as every host of the page), the page is cross-origin isolated, the simulation worker
 * starts its helper workers (renderer/src/sim/solver-helpers.ts), steps a scene with big colours
 * with them (the frame log reports the threads of each frame) and a small scene alone, without a
 * problem. Without the headers (this test's own server drops them) no helper starts: the worker
 * steps alone.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Plugin, type PreviewServer, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { CROSS_ORIGIN_ISOLATION_HEADERS } from '../../electron/main/cross-origin-isolation.ts';
import { repoRoot } from './environment.ts';
import { openSceneEditor, setJsonText, simTimeOf, textOf } from './page-helpers.ts';
import { type AppSession, openInChromium } from './sessions.ts';

/** The isolation headers' names, lower case (electron/main/cross-origin-isolation.ts). */
const ISOLATION_HEADER_NAMES = new Set(
  Object.keys(CROSS_ORIGIN_ISOLATION_HEADERS).map((name) => name.toLowerCase()),
);

/**
 * Drops the isolation headers from every response (the web config sets them on its preview
 * server and on the page it serves): a host that does not isolate the page.
 */
const withoutIsolation: Plugin = {
  name: 'test:no-cross-origin-isolation',
  enforce: 'pre',
  configurePreviewServer(server) {
    server.middlewares.use((_request, response, next) => {
      const setHeader = response.setHeader.bind(response);
      response.setHeader = (name, value) =>
        ISOLATION_HEADER_NAMES.has(name.toLowerCase()) ? response : setHeader(name, value);
      next();
    });
  },
};

/** The default scene with its soft block cut into 16³ cells (20480 tets): colours big enough to divide. */
function bigBlockScene(): string {
  const scene = JSON.parse(readFileSync(join(repoRoot, 'assets/default-scene.json'), 'utf8'));
  scene.bodies[0].shape.cells = [16, 16, 16];
  return JSON.stringify(scene, null, 2);
}

/** Threads that stepped each frame the page has received (the frame log, `?frameLog`). */
async function frameThreads(session: AppSession): Promise<number[]> {
  const entries = (await session.page.evaluate('window.softbodyFrameLog.entries()')) as {
    type: string;
    solverThreads?: number;
  }[];
  return entries.filter((entry) => entry.type === 'frame').map((entry) => entry.solverThreads ?? 1);
}

const helperWorkers = (session: AppSession): string[] =>
  session.page
    .workers()
    .map((worker) => worker.url())
    .filter((url) => url.includes('solver-helper-worker'));

describe('solver team in the browser', () => {
  let server: PreviewServer;
  let isolated: AppSession;
  let plain: AppSession;

  beforeAll(async () => {
    // dist-web/ is built by the suite's global setup.
    server = await preview({
      configFile: join(repoRoot, 'vite.web.config.ts'),
      logLevel: 'warn',
      plugins: [withoutIsolation],
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('e2e: vite preview did not report its URL');
    isolated = await openInChromium(`${inject('baseUrl')}?frameLog`);
    plain = await openInChromium(`${url}?frameLog`);
  });

  afterAll(async () => {
    await isolated?.close();
    await plain?.close();
    await server?.close();
  });

  test('a cross-origin isolated page simulates with helper workers beside the simulation worker', async () => {
    expect(await isolated.page.evaluate('crossOriginIsolated')).toBe(true);
    await expect.poll(() => helperWorkers(isolated).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => simTimeOf(isolated.page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    // The default scene's colours are too small to divide: its frames are stepped by one thread.
    expect(Math.max(...(await frameThreads(isolated)))).toBe(1);
    await openSceneEditor(isolated.page);
    await setJsonText(isolated.page, bigBlockScene());
    await expect
      .poll(() => textOf(isolated.page, 'scene-editor-status'), { timeout: 20_000 })
      .toBe('Valid: the preview runs this scene.');
    // The big block's frames are stepped by the simulation worker and its helpers together: one
    // thread per core, 4 at most (renderer/src/sim/solver-helpers.ts).
    const cores = (await isolated.page.evaluate('navigator.hardwareConcurrency')) as number;
    await expect
      .poll(async () => Math.max(...(await frameThreads(isolated))), { timeout: 30_000 })
      .toBe(Math.min(4, cores));
    expect(isolated.problems).toEqual([]);
  }, 90_000);

  test('a page that is not isolated simulates with no helper', async () => {
    expect(await plain.page.evaluate('crossOriginIsolated')).toBe(false);
    await expect.poll(() => simTimeOf(plain.page), { timeout: 20_000 }).toBeGreaterThan(0.5);
    expect(helperWorkers(plain)).toEqual([]);
    expect(Math.max(...(await frameThreads(plain)))).toBe(1);
    expect(plain.problems).toEqual([]);
  });
});
