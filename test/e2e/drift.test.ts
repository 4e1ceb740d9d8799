/**
 * The drift check in the properties panel, driven as a person would in Chromium with the browser
 * host: the docs' hanging bar pasted as the scene, its bar selected, "Check drift" at 30 Hz and two
 * resolutions (run in a worker while the preview keeps going), the table with the flagged cell
 * marked, the result going stale on an edit, and Cancel. Screenshot: drift-check.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './environment.ts';
import {
  byTestId,
  enterValue,
  expectSimState,
  openSceneEditor,
  saveScreenshot,
  sessionPerSuite,
  setJsonText,
  simTimeOf,
  textOf,
} from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

/** Three runs to rest (one of 3200 tets) beside the live preview, on two shared cores. */
const RUN_TIMEOUT_MS = 60_000;

async function cellsOf(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map((row) => row.locator('td').allTextContents()));
}

async function flaggedOf(table: Locator): Promise<boolean[][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) =>
      Promise.all(
        (await row.locator('td').all()).map(
          async (td) => (await td.getAttribute('class')) === 'drift-flagged',
        ),
      ),
    ),
  );
}

describe('drift check (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('with the docs’ hanging bar selected, the panel says what it will run', async () => {
    await expectSimState(page, 'Playing');
    await openSceneEditor(page);
    const scene = readFileSync(join(repoRoot, 'docs', 'examples', 'hanging-bar.scene.json'), 'utf8');
    await setJsonText(page, scene);
    await expect.poll(() => textOf(page, 'scene-editor-status')).toBe('Valid: the preview runs this scene.');
    await byTestId(page, 'toggle-scene-editor').click();
    await byTestId(page, 'outliner-body-0').click();
    expect(await byTestId(page, 'drift-panel').isVisible()).toBe(true);
    expect(await textOf(page, 'drift-subject')).toContain("compares 'bar' with the scene as authored");
    expect(await textOf(page, 'drift-subject')).toContain('the 20 substeps per frame kept');
    expect(await byTestId(page, 'drift-rates').inputValue()).toBe('30, 60, 120');
    expect(await byTestId(page, 'drift-resolutions').inputValue()).toBe('0.5, 1, 2');
    expect(await byTestId(page, 'run-drift-check').isEnabled()).toBe(true);
    expect(await byTestId(page, 'drift-result').isVisible()).toBe(false);
  });

  test(
    'Check drift runs in the background and shows the table with the drifting cell marked',
    async () => {
      await byTestId(page, 'drift-rates').fill('30');
      await byTestId(page, 'drift-resolutions').fill('1, 2');
      const simBefore = await simTimeOf(page);
      await byTestId(page, 'run-drift-check').click();
      await expect
        .poll(() => byTestId(page, 'drift-result').isVisible(), { timeout: RUN_TIMEOUT_MS, interval: 200 })
        .toBe(true);
      expect(await byTestId(page, 'drift-progress').isVisible()).toBe(false);
      expect(await byTestId(page, 'run-drift-check').isEnabled()).toBe(true);
      const table = byTestId(page, 'drift-table');
      const rows = await cellsOf(table);
      expect(rows.map((r) => r.slice(0, 3))).toEqual([
        ['30', '1', '400'],
        ['30', '2', '3200'],
      ]);
      // Measured by `softbody check` on the same scene: 30 Hz, resolution 2 rests 4.7% lower and
      // its energy at rest is 20% off the scene as authored; resolution 1 is within 2%.
      const flagged = await flaggedOf(table);
      expect(flagged[0]).toEqual([false, false, false, false, false, false, false]);
      expect(flagged[1]).toEqual([false, false, false, false, false, false, true]);
      expect(rows[1][6]).toMatch(/^-\d+\.\d% !$/);
      expect(await textOf(page, 'drift-summary')).toBe(
        "1 of 2 runs drift beyond ±5% of 'bar' as authored (60 Hz × 20 substeps).",
      );
      expect(await textOf(page, 'drift-details')).toContain('the particles farthest from the pins');
      expect(await byTestId(page, 'drift-stale').isVisible()).toBe(false);
      // The preview kept running while the worker checked.
      expect(await simTimeOf(page)).toBeGreaterThan(simBefore);
      await table.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'drift-check.png');
      expect(session.problems).toEqual([]);
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  test('an edit of the solver makes the result stale; undo makes it fresh again', async () => {
    await enterValue(page, 'solver-substeps', '10');
    await expect.poll(() => byTestId(page, 'drift-stale').isVisible()).toBe(true);
    await page.locator('canvas.viewport-canvas').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'drift-stale').isVisible()).toBe(false);
  });

  test('Cancel stops a check and keeps the earlier result; bad rates are refused with a sentence', async () => {
    const summary = await textOf(page, 'drift-summary');
    await byTestId(page, 'drift-rates').fill('30, 60, 120');
    await byTestId(page, 'drift-resolutions').fill('0.5, 1, 2');
    await byTestId(page, 'run-drift-check').click();
    await expect.poll(() => byTestId(page, 'cancel-drift-check').isVisible(), { timeout: 5_000 }).toBe(true);
    await byTestId(page, 'cancel-drift-check').click();
    await expect
      .poll(() => textOf(page, 'drift-notice'))
      .toBe('Drift check cancelled; the previous result (if any) is kept.');
    expect(await byTestId(page, 'drift-progress').isVisible()).toBe(false);
    expect(await textOf(page, 'drift-summary')).toBe(summary);

    await byTestId(page, 'drift-rates').fill('0, 60');
    await byTestId(page, 'run-drift-check').click();
    await expect
      .poll(() => textOf(page, 'drift-notice'))
      .toMatch(/^Frame rates \(Hz\) must be numbers from 1/);
    expect(await byTestId(page, 'drift-progress').isVisible()).toBe(false);
    expect(session.problems).toEqual([]);
  });
});
