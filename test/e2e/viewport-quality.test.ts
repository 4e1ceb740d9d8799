/**
 * The viewport's drawing profile as a user gets it (renderer/src/viewport/render-quality.ts), in
 * Chromium with the browser host and `?viewport=auto`: WebGL renders in software here
 * (SwiftShader), so the app starts light (half resolution, no shadows, a playing simulation drawn
 * at most 12 times a second, a moving camera 24) and says so in the status bar; a click there switches to full and back, and the bodies keep
 * moving in both. The rest of the suite opens the app with `?viewport=full` (sessions.ts).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import {
  animationFrames,
  byTestId,
  canvasShot,
  expectCanvasChange,
  expectSimState,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';
import { openInChromium } from './sessions.ts';

/** The viewport's profile, and the canvas's drawn pixels per CSS pixel. */
async function drawing(page: Page): Promise<{ quality: string; scale: number }> {
  // As text: this file is compiled without the DOM's types.
  return (await page.evaluate(
    `(() => {
      const c = document.querySelector('canvas.viewport-canvas');
      return { quality: c.dataset.quality, scale: Math.round((c.width / c.clientWidth) * 100) / 100 };
    })()`,
  )) as { quality: string; scale: number };
}

/** The status bar's viewport draws a second; NaN before the first second of drawing. */
const fpsOf = async (page: Page): Promise<number> => Number.parseFloat(await textOf(page, 'fps'));

describe('viewport quality where WebGL renders in software (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite(
    (opened) => {
      page = opened.page;
    },
    () => openInChromium(`${inject('baseUrl')}?viewport=auto`),
  );

  test('starts light, names the software renderer, and the scene moves', async () => {
    await expectSimState(page, 'Playing');
    expect(await drawing(page)).toEqual({ quality: 'light', scale: 0.5 });
    const toggle = byTestId(page, 'viewport-quality');
    expect(await toggle.textContent()).toBe('light viewport');
    expect(await toggle.getAttribute('title')).toMatch(/WebGL renders in software \(.*SwiftShader.*\)/);
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    // The playing scene alone is drawn at most 12 times a second: the meter's window of 500 ms or a
    // tick more holds 6 draws 83 ms apart, 7 at its edges (14.0 fps); at the camera's cap of 24 it
    // would hold 12.
    await expect.poll(() => fpsOf(page)).toBeGreaterThan(0);
    for (let sample = 0; sample < 3; sample++) {
      expect(await fpsOf(page)).toBeLessThanOrEqual(14);
      await animationFrames(page, 30);
    }
  });

  test('a click switches to the full picture and back', async () => {
    const toggle = byTestId(page, 'viewport-quality');
    await toggle.click();
    await expect.poll(() => drawing(page)).toEqual({ quality: 'full', scale: 1 });
    expect(await toggle.textContent()).toBe('full viewport');
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    await toggle.click();
    await expect.poll(() => drawing(page)).toEqual({ quality: 'light', scale: 0.5 });
    expect(await toggle.textContent()).toBe('light viewport');
  });

  test('the full viewport the rest of the suite opens shows no switch', async () => {
    const full = await openInChromium(inject('baseUrl'));
    try {
      await expectSimState(full.page, 'Playing');
      expect(await drawing(full.page)).toEqual({ quality: 'full', scale: 1 });
      expect(await byTestId(full.page, 'viewport-quality').count()).toBe(0);
      expect(full.problems).toEqual([]);
    } finally {
      await full.close();
    }
  });
});
