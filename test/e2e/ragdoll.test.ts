/**
 * The one-click ragdoll, driven as a person would in Chromium with the browser host: "Add ragdoll
 * (humanoid)" in the scene outliner adds the template 1.3 m above the ground, selected; it falls,
 * lands and comes to rest on the ground, and its properties show its height, mass and joint limits.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { byTestId, expectSimState, saveScreenshot, sessionPerSuite, textOf } from './page-helpers.ts';

/** A metric readout of the selected body as a number (its text is "value unit"). */
async function metric(page: Page, testId: string): Promise<number> {
  return Number((await textOf(page, testId)).split(' ')[0]);
}

describe('ragdoll (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite((opened) => {
    ({ page } = opened);
  });

  test('adds a humanoid ragdoll in one click; it falls onto the ground and comes to rest', async () => {
    await expectSimState(page, 'Playing');
    const before = await page.locator('[data-testid^="outliner-body-"]').count();
    await byTestId(page, 'add-ragdoll').click();
    const added = byTestId(page, `outliner-body-${before}`);
    await expect.poll(() => added.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => added.textContent()).toContain('ragdoll');
    await expect.poll(() => textOf(page, 'prop-body-name')).toContain('ragdoll');
    expect(await byTestId(page, 'prop-ragdoll-height').inputValue()).toBe('1.75');
    expect(await byTestId(page, 'prop-ragdoll-limits').textContent()).toContain(
      'left knee: hinge -5° … 135°',
    );

    // Lands: the lowest joint reaches the ground (it starts 0.3 m + the ankle height above it).
    await expect
      .poll(() => metric(page, 'metric-lowest-y'), { timeout: 60_000, interval: 200 })
      .toBeLessThan(0.01);
    // Comes to rest: kinetic energy below 1 mJ, lying within 5 cm of the ground at its lowest.
    await expect
      .poll(() => metric(page, 'metric-kinetic'), { timeout: 90_000, interval: 300 })
      .toBeLessThan(1e-3);
    const lowest = await metric(page, 'metric-lowest-y');
    expect(lowest).toBeGreaterThan(-0.02);
    expect(await metric(page, 'metric-height')).toBeLessThan(1);
    await saveScreenshot(page, 'ragdoll.png');
  }, 180_000);
});
