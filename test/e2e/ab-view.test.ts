/**
 * The A/B comparison and the import report driven as a person would, in Chromium with the browser
 * host: Duplicate for A/B with another material shows the two bodies side by side with the changed
 * modulus highlighted; PBD vs XPBD side by side adds the preview-only PBD copy; the substeps field
 * of the A/B section edits the scene; undo takes every step back. Then an open, non-manifold corpus
 * mesh shows its import report. Screenshots: test-results/ab-view.png, test-results/import-report.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  enterValue,
  expectSimState,
  openMesh,
  saveScreenshot,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

const bodyNames = (page: Page) => byTestId(page, 'outliner').locator('.outliner-name').allTextContents();
/** Scrolls the properties panel to an element (found anew: the panel rebuilds as figures arrive). */
const scrollToTestId = (page: Page, id: string) =>
  page.evaluate(`document.querySelector('[data-testid="${id}"]')?.scrollIntoView({ block: 'start' })`);
const rowOf = (page: Page, label: string) => byTestId(page, `ab-row-${label}`);

describe('A/B comparison and import report (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('Duplicate for A/B shows both bodies side by side with the changed modulus highlighted', async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'outliner-body-0').click();
    await byTestId(page, 'ab-material').selectOption('natural-rubber');
    await byTestId(page, 'ab-duplicate').click();
    await expect.poll(() => bodyNames(page)).toEqual(['soft block', 'cloth', 'soft block B']);
    await expect.poll(() => byTestId(page, 'ab-section').isVisible()).toBe(true);
    const modulus = rowOf(page, 'young-s-modulus-e');
    expect(await modulus.getAttribute('data-differs')).toBe('true');
    expect(await modulus.locator('.ab-a').textContent()).toBe('100 kPa');
    expect(await modulus.locator('.ab-b').textContent()).toBe('1.2 MPa');
    expect(await rowOf(page, 'substeps-per-frame').getAttribute('data-differs')).toBe('false');
    // The compliances the solver gets differ with the modulus.
    expect(await rowOf(page, 'neo-hookean-deviatoric').getAttribute('data-differs')).toBe('true');
    // The live rows fill in from the running simulation.
    await expect
      .poll(() => rowOf(page, 'max-strain').locator('.ab-a').textContent(), { timeout: 15_000 })
      .toMatch(/%$/);
    expect(session.problems).toEqual([]);
  });

  test('PBD vs XPBD side by side adds the preview-only PBD copy; the substeps field edits the scene', async () => {
    await byTestId(page, 'outliner-body-0').click();
    await byTestId(page, 'ab-pbd-toggle').click();
    await expect
      .poll(() => bodyNames(page))
      .toEqual(['soft block', 'cloth', 'soft block B', 'soft block PBD']);
    await expect
      .poll(() => rowOf(page, 'solver').locator('.ab-b').textContent())
      .toBe('classic PBD, k 0.5 (preview only)');
    expect(await rowOf(page, 'solver').getAttribute('data-differs')).toBe('true');
    await enterValue(page, 'ab-substeps', '30');
    await expect.poll(() => rowOf(page, 'substeps-per-frame').locator('.ab-a').textContent()).toBe('30');
    await expect
      .poll(() => rowOf(page, 'sag-lowest-point-below-rest').locator('.ab-b').textContent(), {
        timeout: 15_000,
      })
      .toMatch(/mm$/);
    await scrollToTestId(page, 'ab-section');
    await saveScreenshot(page, 'ab-view.png');
    expect(session.problems).toEqual([]);
  });

  test('undo takes back the substeps, the PBD copy and the A/B copy, one step each', async () => {
    await page.evaluate('document.activeElement?.blur()');
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'ab-substeps').inputValue()).toBe('15');
    await page.keyboard.press('Control+z');
    await expect.poll(() => bodyNames(page)).toEqual(['soft block', 'cloth', 'soft block B']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => bodyNames(page)).toEqual(['soft block', 'cloth']);
    await expect.poll(() => byTestId(page, 'ab-section').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });

  test('an open, non-manifold mesh shows its import report, with the summary in the import notice', async () => {
    await openMesh(page, 'suzanne.obj');
    await expect.poll(() => byTestId(page, 'import-report').isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await textOf(page, 'prop-report-watertight')).toBe('no');
    expect(await textOf(page, 'prop-report-open-edges')).toBe('42 in 4 loops');
    expect(await textOf(page, 'prop-report-non-manifold')).toBe('1');
    expect(await textOf(page, 'prop-report-parts')).toBe('3');
    // Counted after the mesh is shown: 'counting…' until the import worker has the count.
    await expect
      .poll(() => textOf(page, 'prop-report-self-intersections'), { timeout: 30_000 })
      .toMatch(/^[1-9][\d,]* triangle pairs$/);
    expect(await textOf(page, 'prop-report-units')).toMatch(/^m /);
    expect(await byTestId(page, 'prop-mesh-repair').isVisible()).toBe(true);
    const notices = await page.locator('[data-testid="notification-text"]').allTextContents();
    expect(
      notices.some(
        (text) => text.startsWith('Imported suzanne.obj') && text.includes('not watertight: 42 open edges'),
      ),
    ).toBe(true);
    await scrollToTestId(page, 'import-report');
    await saveScreenshot(page, 'import-report.png');
    expect(session.problems).toEqual([]);
  });
});
