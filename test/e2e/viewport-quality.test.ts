/**
 * The viewport's drawing profile as a user gets it (renderer/src/viewport/render-quality.ts), in
 * Chromium with the browser host and `?viewport=auto`: WebGL renders in software here
 * (SwiftShader), so the app starts light (half resolution, no shadows, a playing simulation drawn
 * at most 12 times a second, a moving camera 24, a dense surface through a coarser stand-in) and
 * says so in the status bar; a click there switches to full and back, and the bodies keep moving in both.
 * So it does in Chromium's own GPU-less configuration (environment.ts `gpuLessChromiumArgs`), which the
 * app benchmark measures with. The rest of the suite opens the app with `?viewport=full` (sessions.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { writeProject } from '../../core/project/index.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { gpuLessChromiumArgs, repoRoot } from './environment.ts';
import {
  byTestId,
  canvasShot,
  chooserFrom,
  drawnBody,
  expectCanvasChange,
  expectSimState,
  sessionPerSuite,
} from './page-helpers.ts';
import { openInChromium } from './sessions.ts';

/** The status bar toggle's title where WebGL draws through SwiftShader. */
const softwareWebGlTitle = /WebGL renders in software \(.*SwiftShader.*\)/;

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

/**
 * Draws of new positions over about `ms` of the page's clock: the viewport marks the canvas
 * (`data-drawn-bodies`) as each one applies them (viewport.ts `publishDrawn`).
 */
async function contentDrawsOver(page: Page, ms: number): Promise<{ draws: number; spanMs: number }> {
  // As text: this file is compiled without the DOM's types.
  return (await page.evaluate(`new Promise((resolve) => {
    let draws = 0;
    const observer = new MutationObserver((records) => { draws += records.length; });
    observer.observe(document.querySelector('canvas.viewport-canvas'), {
      attributes: true,
      attributeFilter: ['data-drawn-bodies'],
    });
    const from = performance.now();
    setTimeout(() => {
      observer.disconnect();
      resolve({ draws, spanMs: performance.now() - from });
    }, ${ms});
  })`)) as { draws: number; spanMs: number };
}

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
    expect(await toggle.getAttribute('title')).toMatch(softwareWebGlTitle);
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    // The playing scene alone is drawn at most 12 times a second. Counted over 3 s of the page's
    // clock (each draw of new positions marks the canvas): draws follow due times 1000/12 ms apart,
    // each at most 1 ms early, plus one due before the count began and drawn late inside it. Load
    // only lengthens the span or drops draws; at the camera's cap of 24 it would be about 72.
    const { draws, spanMs } = await contentDrawsOver(page, 3000);
    expect(draws).toBeGreaterThan(0);
    expect(draws).toBeLessThanOrEqual(Math.floor(spanMs / (1000 / 12 - 1)) + 2);
  });

  test('a click switches to the full picture and back', async () => {
    const toggle = byTestId(page, 'viewport-quality');
    await toggle.click();
    await expect.poll(() => drawing(page)).toEqual({ quality: 'full', scale: 1 });
    expect(await toggle.textContent()).toBe('full viewport');
    // By now the default scene has nearly come to rest (the cloth hangs, the block lies): started
    // again, its bodies fall and swing for seconds, and the full picture must show them moving.
    await byTestId(page, 'reset').click();
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    await toggle.click();
    await expect.poll(() => drawing(page)).toEqual({ quality: 'light', scale: 0.5 });
    expect(await toggle.textContent()).toBe('light viewport');
  });

  test('a dense cloth is drawn through its stand-in in the light viewport, and whole in the full one', {
    timeout: 120_000,
  }, async () => {
    // The default scene with its cloth at 96 × 96 cells: 18,432 triangles, over the light
    // profile's 8,192 (render-quality.ts).
    const scene = parseScene(
      JSON.parse(readFileSync(join(repoRoot, 'assets', 'default-scene.json'), 'utf8')),
    );
    const cloth = scene.bodies[1];
    if (cloth.shape.type !== 'cloth') throw new Error("the default scene's second body is no longer a cloth");
    cloth.shape.cells = [96, 96];
    // Light, as the test before leaves it (and where that one failed midway).
    const toggle = byTestId(page, 'viewport-quality');
    if ((await toggle.textContent()) !== 'light viewport') await toggle.click();
    await expect.poll(() => drawing(page)).toEqual({ quality: 'light', scale: 0.5 });
    const chooser = await chooserFrom(page, 'open-project');
    await chooser.setFiles({
      name: 'dense-cloth.sbproj',
      mimeType: 'application/json',
      buffer: Buffer.from(writeProject(scene, { selectedBody: 1 })),
    });
    const whole = 2 * 96 * 96;
    await expect.poll(() => drawnBody(page, 'cloth'), { timeout: 60_000 }).toMatchObject({ coarse: true });
    const light = await drawnBody(page, 'cloth');
    expect(light?.triangles).toBeLessThan(whole / 4);
    // The stand-in moves with the cloth.
    await expectCanvasChange(page, await canvasShot(page), 0.001);
    await toggle.click();
    await expect
      .poll(() => drawnBody(page, 'cloth'))
      .toEqual(expect.objectContaining({ triangles: whole, coarse: false }));
    await toggle.click();
    await expect
      .poll(() => drawnBody(page, 'cloth'))
      .toMatchObject({ coarse: true, triangles: light?.triangles });
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

  test('Chromium as it runs without a usable GPU (the page composited in software) starts light and moves', async () => {
    // The switches the app benchmark measures with (bench/app.ts): SwiftShader for WebGL only.
    const gpuLess = await openInChromium(`${inject('baseUrl')}?viewport=auto`, gpuLessChromiumArgs);
    try {
      await expectSimState(gpuLess.page, 'Playing');
      expect(await drawing(gpuLess.page)).toEqual({ quality: 'light', scale: 0.5 });
      expect(await byTestId(gpuLess.page, 'viewport-quality').getAttribute('title')).toMatch(
        softwareWebGlTitle,
      );
      await byTestId(gpuLess.page, 'reset').click();
      await expectCanvasChange(gpuLess.page, await canvasShot(gpuLess.page), 0.001);
      expect(gpuLess.problems).toEqual([]);
    } finally {
      await gpuLess.close();
    }
  });
});
