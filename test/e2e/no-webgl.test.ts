/** Without WebGL the editor says so in a sentence and keeps running the simulation. */
import { describe, expect, inject, test } from 'vitest';
import { sessionPerSuite, textOf } from './page-helpers.ts';
import { type AppSession, openInChromium } from './sessions.ts';

describe('browser without WebGL', () => {
  let session: AppSession;
  sessionPerSuite(
    (opened) => {
      session = opened.session;
    },
    () => openInChromium(inject('baseUrl'), ['--disable-webgl']),
  );

  test('shows why the viewport is missing, and the simulation still runs', async () => {
    const { page } = session;
    const error = page.locator('.notification-error');
    await expect
      .poll(() => error.textContent(), { timeout: 10_000 })
      .toContain('The 3D viewport needs WebGL2');
    await expect
      .poll(() => textOf(page, 'sim-time'), { timeout: 10_000 })
      .toMatch(/t = (?!0\.00)\d+\.\d\d s/);
    // three.js and the renderer log the failure; nothing else may go wrong.
    const unexpected = session.problems.filter(
      (problem) => !/WebGL context could not be created|Error creating WebGL context/.test(problem),
    );
    expect(unexpected).toEqual([]);
  });
});
