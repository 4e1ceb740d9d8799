/**
 * The panel toggles and the shared button look, in Chromium with the browser host: the page has
 * exactly the toggles of the panel table (renderer/src/app/panel-table.ts: presets, JSON, plots,
 * calibration, stats); each starts off with aria-pressed="false" and its panel hidden, shows it
 * on a click with aria-pressed="true" (and its open text where its text has a state), and hides
 * it again; every panel of the table is in the page; every element marked `hidden` is out of the
 * layout whatever its class sets; the small buttons (.ui-button) share the toolbar buttons'
 * colours. Screenshots: test-results/toggles-<toggle id>-open.png.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PANELS, toggledPanels } from '../../renderer/src/app/panel-table.ts';
import { byTestId, expectSimState, screenshotsNamed, sessionPerSuite } from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

const screenshot = screenshotsNamed('toggles');

interface ToggleCase {
  toggle: string;
  /** The panel it shows. */
  panel: (page: Page) => Locator;
  /** Its text closed and open, where the text shows the state. */
  text?: [string, string];
}

const CASES: ToggleCase[] = toggledPanels().map(({ toggle, selector }) => ({
  toggle: toggle.testId,
  panel: (page) => page.locator(selector),
  text: typeof toggle.text === 'string' ? undefined : [toggle.text.closed, toggle.text.open],
}));

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

  test('the page has every panel of the table, and exactly its toggles', async () => {
    await expectSimState(page, 'Playing');
    for (const { id, selector } of PANELS) expect(await page.locator(selector).count(), id).toBe(1);
    const toggles: string[] = await page.evaluate(
      `[...document.querySelectorAll('[data-testid^="toggle-"]')].map((e) => e.dataset.testid)`,
    );
    expect(toggles.sort()).toEqual(CASES.map((c) => c.toggle).sort());
    expect(session.problems).toEqual([]);
  });

  test('each toggle starts off, opens its panel with aria-pressed, and closes it again', async () => {
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
