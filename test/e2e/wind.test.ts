/**
 * Wind from the solver settings, driven as a person would in Chromium with the browser host: the
 * default scene's cloth, pinned at two corners of its z = −0.5 edge, hangs still; a wind along +z
 * typed into the panel blows it downwind, and taking the wind away lets it hang back.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  enterValue,
  expectSimState,
  screenshotsNamed,
  sessionPerSuite,
  simTimeOf,
  textOf,
} from './page-helpers.ts';

const screenshot = screenshotsNamed('wind');

/** The selected body's centre of mass along z, m (the readout is "x, y, z m"). */
async function centroidZ(page: Page): Promise<number> {
  const text = await textOf(page, 'metric-centroid');
  return Number(text.split(',')[2]?.replace('m', '').trim());
}

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

    await enterValue(page, 'solver-wind-z', '8');
    await expect
      .poll(() => centroidZ(page), { timeout: 30_000, interval: 300 })
      .toBeGreaterThan(hanging + 0.15);
    await screenshot(page, 'blown');

    await enterValue(page, 'solver-wind-z', '0');
    await expect.poll(() => centroidZ(page), { timeout: 30_000, interval: 300 }).toBeLessThan(hanging + 0.05);
  }, 120_000);
});
