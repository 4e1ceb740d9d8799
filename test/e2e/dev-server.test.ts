/**
 * `npm run web` (the vite dev server) serves a page that works under its CSP: the dev
 * server injects its client script and opens a hot-reload WebSocket, which the built
 * page never does.
 */
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from './environment.ts';
import { textOf } from './page-helpers.ts';
import { type AppSession, openInChromium } from './sessions.ts';

describe('dev server (npm run web)', () => {
  let server: ViteDevServer;
  let session: AppSession;

  beforeAll(async () => {
    const configFile = join(repoRoot, 'vite.web.config.ts');
    server = await createServer({
      configFile,
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    await server.listen();
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('e2e: vite dev server did not report its URL');
    session = await openInChromium(url);
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  test('the page runs the simulation with no console errors or CSP violations', async () => {
    const { page } = session;
    await expect
      .poll(() => textOf(page, 'sim-time'), { timeout: 30_000 })
      .toMatch(/t = (?!0\.00)\d+\.\d\d s/);
    // The hot-reload client reports its WebSocket connected: connect-src let it through.
    await expect.poll(() => session.messages.some((text) => text.includes('[vite] connected'))).toBe(true);
    expect(session.problems).toEqual([]);
  });

  test('the dev server sends the cross-origin isolation headers, as the built page gets them', async () => {
    expect(await session.page.evaluate('self.crossOriginIsolated')).toBe(true);
  });
});
