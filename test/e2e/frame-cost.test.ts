/**
 * The frame-cost readout in Chromium with the browser host: selecting the default scene's soft
 * block shows, once its worker has timed it, "≈ X ms/frame here, Y ms/frame in Jolt (N substeps)"
 * in the properties panel, with N the scene's substeps; setting the frame budget per body far
 * below any real cost turns the readout to the warning style without timing it again.
 * Screenshot: test-results/frame-cost-over-budget.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  enterValue,
  expectSimState,
  screenshotsNamed,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';

const screenshot = screenshotsNamed('frame-cost');

describe('frame cost readout (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite((opened) => {
    page = opened.page;
    page.setDefaultTimeout(10_000);
  });

  test("shows the selected body's cost here and in Jolt, and warns over the budget", async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'outliner-body-0').click();
    const cost = byTestId(page, 'prop-frame-cost');
    // The worker loads Jolt and times both engines: seconds on two shared cores.
    await expect.poll(() => cost.getAttribute('data-status'), { timeout: 60_000 }).toMatch(/budget$/);
    const substeps = await byTestId(page, 'solver-substeps').inputValue();
    expect(await textOf(page, 'prop-frame-cost')).toMatch(
      new RegExp(`^≈ [\\d.]+ ms/frame here, [\\d.]+ ms/frame in Jolt \\(${substeps} substeps\\)$`),
    );
    await enterValue(page, 'solver-budget-ms', '0.0001');
    await expect.poll(() => cost.getAttribute('data-status')).toBe('over-budget');
    expect(await cost.getAttribute('class')).toContain('readout-warning');
    await screenshot(page, 'over-budget');
  }, 90_000);
});
