/**
 * Warp/weft cloth in the editor, driven as a person would in Chromium with the browser host: the
 * default scene's cloth hangs from two corners of its z = −0.5 edge, so its z axis ends up
 * vertical. Made much softer along the weft (0.02 MPa against 5 MPa along the warp) in the
 * properties, it hangs short with the warp along z (the stiff yarns carry the weight) and
 * stretches down with the warp along x (the soft weft carries it): the same cloth drapes
 * differently along its two axes.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  centroidOf,
  enterValue,
  expectSimState,
  saveScreenshot,
  sessionPerSuite,
  settledReading,
} from './page-helpers.ts';

/** The selected body's centre of mass along y, m. */
const centroidY = async (page: Page): Promise<number> => (await centroidOf(page))[1];

/** The centroid height once it moves less than 2 mm over 1 s of simulated time (settledReading), m. */
function settledY(page: Page): Promise<number> {
  return settledReading(page, () => centroidY(page), { tolerance: 0.002, timeoutMs: 90_000 });
}

describe('anisotropic cloth (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite((opened) => {
    ({ page } = opened);
  });

  test('a cloth soft along its weft hangs longer with the weft vertical than with the warp vertical', async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'outliner-body-1').click();
    await enterValue(page, 'prop-weft-modulus', '0.02');
    await byTestId(page, 'prop-warp-direction').selectOption('z');
    const warpVertical = await settledY(page);

    await byTestId(page, 'prop-warp-direction').selectOption('x');
    await expect
      .poll(() => centroidY(page), { timeout: 60_000, interval: 300 })
      .toBeLessThan(warpVertical - 0.03);
    const weftVertical = await settledY(page);
    console.log(
      `anisotropic-cloth e2e: centroid y ${warpVertical.toFixed(3)} m with the warp vertical, ${weftVertical.toFixed(3)} m with the weft vertical`,
    );
    expect(weftVertical).toBeLessThan(warpVertical - 0.03);
    await saveScreenshot(page, 'anisotropic-cloth.png');
  }, 180_000);
});
