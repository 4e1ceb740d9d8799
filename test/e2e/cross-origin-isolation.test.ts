/**
 * The web build is cross-origin isolated (COOP + COEP from electron/main/cross-origin-isolation.ts,
 * served by vite preview as every e2e file is), so the simulation worker shares its positions with
 * the viewport through a SharedArrayBuffer (renderer/src/sim/shared-positions.ts): the frames carry
 * no positions, the preview still moves, and nothing the page loads (module workers, WebAssembly,
 * Monaco and its workers, fonts) is blocked by the embedder policy.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import type { FrameLogEntry } from '../../renderer/src/sim/frame-log.ts';
import {
  canvasShot,
  expectCanvasChange,
  expectSimState,
  openSceneEditor,
  saveScreenshot,
  sessionPerSuite,
  simTimeOf,
} from './page-helpers.ts';
import { type AppSession, openInChromium } from './sessions.ts';

/** The frame log the page keeps with `?frameLog` (as text: the test files compile without DOM types). */
const frameLog = (page: Page) =>
  page.evaluate('window.softbodyFrameLog.entries()') as Promise<FrameLogEntry[]>;

describe('cross-origin isolation of the web build', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite(
    (opened) => {
      ({ session, page } = opened);
    },
    () => openInChromium(`${inject('baseUrl')}?frameLog`),
  );

  test('the page and its workers are cross-origin isolated', async () => {
    expect(await page.evaluate('self.crossOriginIsolated')).toBe(true);
    expect(await page.evaluate('typeof SharedArrayBuffer')).toBe('function');
    await expectSimState(page, 'Playing');
    expect(session.problems).toEqual([]);
  });

  test('frames come through shared memory, with no positions in the messages, and the preview moves', async () => {
    await expect
      .poll(
        async () => {
          const log = await frameLog(page);
          const loaded = log.filter((entry) => entry.type === 'loaded').at(-1);
          const frames = log.filter((entry) => entry.type === 'frame' && entry.frame > 0);
          return loaded?.sharedPositions === true && frames.length >= 10;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const frames = (await frameLog(page)).filter((entry) => entry.type === 'frame');
    expect(frames.every((entry) => entry.sharedPositions && entry.positionsBytes === 0)).toBe(true);
    const timeS = await simTimeOf(page);
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    await expect.poll(() => simTimeOf(page)).toBeGreaterThan(timeS);
    await saveScreenshot(page, 'cross-origin-isolated-preview.png');
  });

  test('Monaco and its workers load under the embedder policy', async () => {
    await openSceneEditor(page);
    expect(session.problems).toEqual([]);
  });
});
