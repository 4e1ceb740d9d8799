/**
 * The calibration panel driven as a person would, in Chromium with the browser host: with the
 * default scene's block selected, open the panel, run the standard scenes in the background,
 * read the table, the verdict and the E_eff/E sweep, see the result go stale when the solver
 * budget changes and fresh again on undo, and cancel a run. Screenshot: calibration-panel.png.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  canvas,
  enterValue,
  expectSimState,
  saveScreenshot,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';
import { type AppSession, PAGE_SIZE } from './sessions.ts';

/** Two standard scenes × five substep counts to rest, on two shared cores beside the live preview. */
// The standard scenes at five substep counts in the browser: about a minute quiet, several under load.
const RUN_TIMEOUT_MS = 300_000;

/** The text of every body cell of a table, row by row. */
async function cellsOf(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tbody tr').all();
  return Promise.all(rows.map((row) => row.locator('td').allTextContents()));
}

/** The sweep table: the substep counts, and per scene E_eff/E and r at each. */
async function readSweep(page: Page) {
  const table = byTestId(page, 'calibration-sweep');
  const headers = await table.locator('th').allTextContents();
  const rows = await cellsOf(table);
  const column = (i: number) => rows.map((cells) => Number(cells[i]));
  const ratios = new Map<string, number[]>();
  const resolutions = new Map<string, number[]>();
  headers.forEach((header, i) => {
    if (header.endsWith(' E_eff/E')) ratios.set(header.slice(0, -' E_eff/E'.length), column(i));
    else if (header.endsWith(' r')) resolutions.set(header.slice(0, -' r'.length), column(i));
  });
  return { substeps: column(0), ratios, resolutions };
}

describe('calibration panel (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test("with the block selected, the panel shows its material at the scene's budget", async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'outliner-body-0').click();
    expect(await byTestId(page, 'calibration-panel').isVisible()).toBe(false);
    await byTestId(page, 'toggle-calibration').click();
    expect(await byTestId(page, 'calibration-panel').isVisible()).toBe(true);
    expect(await byTestId(page, 'toggle-calibration').getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(page, 'calibration-subject')).toBe(
      'soft block (neo-Hookean): E 100 kPa, ν 0.4, ρ 1000 kg/m³ · dt 16.7 ms × 15 substeps',
    );
    expect(await byTestId(page, 'run-calibration').isEnabled()).toBe(true);
    expect(await byTestId(page, 'calibration-result').isVisible()).toBe(false);
  });

  test(
    'Run calibrates in the background and fills the table, the verdict and the chart',
    async () => {
      const started = performance.now();
      await byTestId(page, 'run-calibration').click();
      await expect
        .poll(() => byTestId(page, 'calibration-progress').isVisible(), { timeout: 5_000 })
        .toBe(true);
      expect(await byTestId(page, 'run-calibration').isDisabled()).toBe(true);
      await expect
        .poll(() => byTestId(page, 'calibration-result').isVisible(), {
          timeout: RUN_TIMEOUT_MS,
          interval: 200,
        })
        .toBe(true);
      const seconds = (performance.now() - started) / 1000;
      expect(await byTestId(page, 'calibration-progress').isVisible()).toBe(false);

      // The table: the bar and the cantilever at the scene's 15 substeps, with their ratios.
      const rows = await cellsOf(byTestId(page, 'calibration-table'));
      // The first cell names the scene and, below it, the measured quantity.
      expect(rows.map((r) => r[0])).toEqual(['barelongation', 'cantilevertip deflection']);
      for (const [, simulated, analytic, ratio, stiffness] of rows) {
        expect(simulated).toMatch(/^\d[\d.e-]* mm$/);
        expect(analytic).toMatch(/^\d[\d.e-]* mm$/);
        // sim/analytic and E_eff/E are reciprocal (each shown to 3 decimals).
        expect(Number(ratio) * Number(stiffness)).toBeCloseTo(1, 2);
      }
      const verdict = await textOf(page, 'calibration-verdict');
      expect(verdict).toMatch(
        /^At 15 substeps the preview is (\d+% (softer|stiffer) than|within 1% of) the material \(bar\); cantilever: /,
      );

      // The sweep: every E_eff/E finite and within (0.3, 1.5); 40 substeps nearer the material than 5.
      await page.locator('.calibration-details summary').click();
      const { substeps, ratios, resolutions } = await readSweep(page);
      expect(substeps).toEqual([5, 10, 15, 20, 40]);
      expect([...ratios.keys()]).toEqual(['bar', 'cantilever']);
      for (const [scene, values] of ratios) {
        for (const v of values) {
          expect(Number.isFinite(v), `${scene}: ${values}`).toBe(true);
          expect(v).toBeGreaterThan(0.3);
          expect(v).toBeLessThan(1.5);
        }
        const at = (n: number) => values[substeps.indexOf(n)];
        expect(Math.abs(at(40) - 1), `${scene}: ${values}`).toBeLessThan(Math.abs(at(5) - 1));
        // r = h·c/l falls as the substep h shrinks.
        const r = resolutions.get(scene) ?? [];
        expect(r[substeps.indexOf(40)]).toBeLessThan(r[substeps.indexOf(5)]);
      }
      // The chart is drawn over the same substep counts, and the scenes' sizes are listed.
      const chart = byTestId(page, 'calibration-chart');
      await expect.poll(() => chart.locator('canvas').count(), { timeout: 10_000 }).toBe(1);
      expect(await chart.getAttribute('data-substeps')).toBe('5 10 15 20 40');
      expect(await textOf(page, 'calibration-legend')).toBe('barcantilevermaterial (1.0)scene: 15 substeps');
      expect(await textOf(page, 'calibration-scenes')).toMatch(/bar: bar [\d.]+ × [\d.]+ × [\d.]+ m/);
      // The scenes' r beside the block's own in the running preview (the same definition).
      expect(await textOf(page, 'calibration-resolution')).toMatch(
        /^r at 15 substeps: bar 0\.\d{3}, cantilever 0\.\d{3}; soft block itself 0\.\d{3} \(well resolved at r ≤ 0\.25\)$/,
      );
      const meta = await textOf(page, 'calibration-meta');
      expect(meta).toMatch(/^10 runs to rest in [\d.]+ s/);

      await saveScreenshot(page, 'calibration-panel.png');
      // The chart follows the panel when the window grows, and back.
      const canvasWidth = async () => (await chart.locator('canvas').boundingBox())?.width ?? 0;
      const narrow = await canvasWidth();
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect.poll(canvasWidth).toBeGreaterThan(narrow + 20);
      await page.setViewportSize(PAGE_SIZE);
      await expect.poll(canvasWidth).toBeLessThan(narrow + 2);
      console.log(
        `calibration e2e: ${seconds.toFixed(1)} s from Run to result (${meta.split(' · ')[0]}); ${verdict}; ` +
          [...ratios].map(([scene, values]) => `${scene} E_eff/E ${values.join(', ')}`).join('; '),
      );
      expect(session.problems).toEqual([]);
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  test('changing the substeps or the material makes the result stale; undo makes it fresh again', async () => {
    expect(await byTestId(page, 'calibration-stale').isVisible()).toBe(false);
    await enterValue(page, 'solver-substeps', '30');
    await expect.poll(() => byTestId(page, 'calibration-stale').isVisible()).toBe(true);
    expect(await textOf(page, 'calibration-stale')).toContain("made for 'soft block' at 15 substeps");
    expect(await byTestId(page, 'rerun-calibration').isEnabled()).toBe(true);
    expect(await textOf(page, 'calibration-subject')).toContain('× 30 substeps');
    await canvas(page).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'calibration-stale').isVisible()).toBe(false);
    expect(await textOf(page, 'calibration-subject')).toContain('× 15 substeps');
    // Another body's material is another calibration; coming back to the block finds its result.
    await byTestId(page, 'outliner-body-1').click();
    await expect.poll(() => byTestId(page, 'calibration-stale').isVisible()).toBe(true);
    expect(await textOf(page, 'calibration-subject')).toBe(
      'cloth (cloth): E 5 MPa, ν 0.3, ρ 800 kg/m³, t 0.5 mm · dt 16.7 ms × 15 substeps',
    );
    await byTestId(page, 'outliner-body-0').click();
    await expect.poll(() => byTestId(page, 'calibration-stale').isVisible()).toBe(false);
  });

  test('Cancel stops a run and keeps the earlier result', async () => {
    const verdict = await textOf(page, 'calibration-verdict');
    await byTestId(page, 'run-calibration').click();
    await expect.poll(() => byTestId(page, 'cancel-calibration').isVisible(), { timeout: 5_000 }).toBe(true);
    await byTestId(page, 'cancel-calibration').click();
    await expect
      .poll(() => textOf(page, 'calibration-notice'))
      .toBe('Calibration cancelled; the previous result (if any) is kept.');
    expect(await byTestId(page, 'calibration-progress').isVisible()).toBe(false);
    expect(await byTestId(page, 'run-calibration').isEnabled()).toBe(true);
    expect(await textOf(page, 'calibration-verdict')).toBe(verdict);
    expect(session.problems).toEqual([]);
  });
});
