/**
 * Wind from the solver settings, driven as a person would in Chromium with the browser host: the
 * default scene's cloth, pinned at two corners of its z = −0.5 edge, hangs still; a wind along +z
 * typed into the panel blows it downwind, and taking the wind away lets it hang back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  centroidOf,
  enterValue,
  expectSimState,
  screenshotsNamed,
  sessionPerSuite,
  simTimeOf,
} from './page-helpers.ts';

const screenshot = screenshotsNamed('wind');

/** The selected body's centre of mass along z, m. */
const centroidZ = async (page: Page): Promise<number> => (await centroidOf(page))[2];

describe('wind (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite((opened) => {
    ({ page } = opened);
  });

  test('a wind typed into the solver settings blows the pinned cloth downwind, and none lets it hang back', async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'outliner-body-1').click();
    await expect.poll(() => simTimeOf(page), { timeout: 30_000 }).toBeGreaterThan(2);
    await expect.poll(() => centroidZ(page)).toBeLessThan(-0.3);
    const hanging = await centroidZ(page);

    // Each edit rebuilds the world from its rest shape, the cloth flat (centroid z = 0): the figures
    // count once the rebuilt world has run a second.
    const settledAfterEdit = async (): Promise<number> =>
      (await simTimeOf(page)) > 1 ? centroidZ(page) : Number.NaN;
    await enterValue(page, 'solver-wind-z', '8');
    await expect.poll(settledAfterEdit, { timeout: 30_000, interval: 300 }).toBeGreaterThan(hanging + 0.15);
    await screenshot(page, 'blown');

    await enterValue(page, 'solver-wind-z', '0');
    await expect.poll(settledAfterEdit, { timeout: 30_000, interval: 300 }).toBeLessThan(hanging + 0.05);
  }, 120_000);

  /** The wind z field, in page scripts (the e2e types have no DOM: scripts as strings). */
  const input = `document.querySelector('[data-testid="solver-wind-z"]')`;

  /**
   * Sets the substeps to `substeps`, which makes the frame cost measure the body again (the panel
   * rebuilds when it is done), runs `meanwhile` on the wind z field while it measures, and waits for
   * the rebuild: the field is then a new element.
   */
  async function rebuildPanelAfter(substeps: string, meanwhile: () => Promise<void>): Promise<void> {
    await enterValue(page, 'solver-substeps', substeps);
    const frameCost = () => byTestId(page, 'prop-frame-cost').getAttribute('data-status');
    await expect.poll(frameCost).toBe('measuring');
    await meanwhile();
    await page.evaluate(`${input}.beforeRebuild = true`);
    await expect.poll(frameCost, { timeout: 60_000 }).not.toBe('measuring');
    expect(await page.evaluate(`${input}.beforeRebuild === true`)).toBe(false);
  }

  test('text typed into a field and not yet committed survives the panel rebuilding under it', async () => {
    const field = byTestId(page, 'solver-wind-z');
    await rebuildPanelAfter('16', () => field.fill('3'));
    // The field is a new element, still in focus, holding what was typed.
    await expect.poll(() => field.inputValue()).toBe('3');
    const focused = () => page.evaluate(`${input} === document.activeElement`);
    expect(await focused()).toBe(true);
    await field.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('3');
    await expect.poll(focused).toBe(true);
  }, 120_000);

  test('text selected in a field to be typed over is still selected after the panel rebuilds under it', async () => {
    const field = byTestId(page, 'solver-wind-z');
    // Select all to type over, as fill does before its text arrives, and nothing typed yet.
    await rebuildPanelAfter('12', () => field.selectText());
    // Typed into the rebuilt field: over the selection, not beside the old text ('3' + '0').
    await page.keyboard.insertText('0');
    await field.press('Enter');
    await expect.poll(() => field.inputValue()).toBe('0');
  }, 120_000);
});
