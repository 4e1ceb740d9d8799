/**
 * The panel toggles and the shared button look, in Chromium with the browser host: each toggle
 * (presets, JSON, plots, calibration, stats) starts off with aria-pressed="false" and its panel
 * hidden, shows it on a click with aria-pressed="true" (and ▾ where its text has a state), and
 * hides it again; every element marked `hidden` is out of the layout whatever its class sets; the
 * small buttons (.ui-button) share the toolbar buttons' colours. Screenshots:
 * test-results/toggles-<toggle id>-open.png.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { byTestId, expectSimState, screenshotsNamed, sessionPerSuite } from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

const screenshot = screenshotsNamed('toggles');

interface ToggleCase {
  toggle: string;
  /** The panel it shows, by test id or (the static JSON panel) by CSS selector. */
  panel: (page: Page) => Locator;
  /** Its text closed and open, where the text shows the state. */
  text?: [string, string];
}

const CASES: ToggleCase[] = [
  { toggle: 'toggle-preset-library', panel: (page) => byTestId(page, 'preset-library') },
  { toggle: 'toggle-scene-editor', panel: (page) => page.locator('#scene-editor') },
  { toggle: 'toggle-plots', panel: (page) => byTestId(page, 'plots'), text: ['Plots ▸', 'Plots ▾'] },
  {
    toggle: 'toggle-calibration',
    panel: (page) => byTestId(page, 'calibration-panel'),
    text: ['Calibration ▸', 'Calibration ▾'],
  },
  { toggle: 'toggle-stats', panel: (page) => byTestId(page, 'stats-overlay') },
];

/** Elements with the `hidden` attribute that still take up room in the layout, as tag.class. */
const HIDDEN_BUT_SHOWN = `[...document.querySelectorAll('[hidden]')]
  .filter((e) => getComputedStyle(e).display !== 'none')
  .map((e) => e.tagName.toLowerCase() + '.' + e.className)`;

describe('panel toggles and shared button styles (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
    page.setDefaultTimeout(10_000);
  });

  test('each toggle starts off, opens its panel with aria-pressed, and closes it again', async () => {
    await expectSimState(page, 'Playing');
    // One at a time: the floating panels may cover another toggle (the library covers Stats).
    for (const { toggle, panel, text } of CASES) {
      const button = byTestId(page, toggle);
      expect(await button.getAttribute('aria-pressed'), toggle).toBe('false');
      expect(await panel(page).isVisible(), toggle).toBe(false);
      if (text) expect(await button.textContent(), toggle).toBe(text[0]);
      await button.click();
      await expect.poll(() => panel(page).isVisible(), { timeout: 5_000 }).toBe(true);
      expect(await button.getAttribute('aria-pressed'), toggle).toBe('true');
      if (text) expect(await button.textContent(), toggle).toBe(text[1]);
      await screenshot(page, `${toggle}-open`);
      await button.click();
      await expect.poll(() => panel(page).isVisible(), { timeout: 5_000 }).toBe(false);
      expect(await button.getAttribute('aria-pressed'), toggle).toBe('false');
      if (text) expect(await button.textContent(), toggle).toBe(text[0]);
    }
    expect(session.problems).toEqual([]);
  });

  test('every element marked hidden is out of the layout', async () => {
    const hiddenCount = await page.evaluate(`document.querySelectorAll('[hidden]').length`);
    // The closed panels, the recent menu, the drop highlight, … : the check is not vacuous.
    expect(hiddenCount).toBeGreaterThan(5);
    expect(await page.evaluate(HIDDEN_BUT_SHOWN)).toEqual([]);
  });

  test('the small panel buttons share the toolbar buttons’ colours', async () => {
    const colours = (id: string): Promise<string[]> =>
      page.evaluate(`(() => {
        const style = getComputedStyle(document.querySelector('[data-testid="${id}"]'));
        return [style.backgroundColor, style.borderTopColor, style.cursor];
      })()`);
    const toolbar = await colours('open-mesh');
    await byTestId(page, 'toggle-preset-library').click();
    const library = await colours('export-preset');
    await byTestId(page, 'toggle-preset-library').click();
    const selection = await colours('selection-grow');
    expect(toolbar[2]).toBe('pointer');
    expect(library).toEqual(toolbar);
    expect(selection.slice(0, 2)).toEqual(toolbar.slice(0, 2));
    expect(session.problems).toEqual([]);
  });
});
