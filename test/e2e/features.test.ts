/**
 * The constraint features in the editor, driven as a person would in Chromium with the browser
 * host: each docs/examples scene pasted into the scene editor, a condition waited on, a screenshot
 * saved (test-results/feature-*.png). Tearing: a strip with a weak seam opens there (the drawn
 * triangle count drops by the seam's row) and Reset makes it whole again. Constraint forces: the
 * colour mode paints a hanging strip from hot at its pin to cold at its hem. Shape matching: a
 * jelly cube too soft to hold itself up keeps its shape on the ground. Wind: a flag pinned along
 * one edge blows downwind. Plasticity: a bar pinned at its middle, bent down at one end with the
 * mouse and let go, stays bent (no gravity: what remains is its permanent set).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './environment.ts';
import {
  byTestId,
  canvas,
  canvasShot,
  drawnBody,
  expectSimState,
  openSceneEditor,
  saveScreenshot,
  sessionPerSuite,
  setJsonText,
  simTimeOf,
  textOf,
} from './page-helpers.ts';
import type { DecodedImage } from './png.ts';
import type { AppSession } from './sessions.ts';

/** Software WebGL and the solver share two cores with the browser: seconds of simulation take longer. */
const RUN_TIMEOUT_MS = 60_000;

/** Pastes docs/examples/`file` as the scene and waits until the preview runs it from its start. */
async function openExample(page: Page, file: string): Promise<void> {
  // The previous scene's clock: the new scene restarts it. A test that waits for simulated time
  // must not be satisfied by the clock of the scene before (the status bar shows the same field).
  const previousS = await simTimeOf(page);
  await openSceneEditor(page);
  await setJsonText(page, readFileSync(join(repoRoot, 'docs', 'examples', file), 'utf8'));
  await expect.poll(() => textOf(page, 'scene-editor-status')).toBe('Valid: the preview runs this scene.');
  if (previousS > 1)
    await expect.poll(() => simTimeOf(page), { timeout: RUN_TIMEOUT_MS }).toBeLessThan(previousS);
  await byTestId(page, 'toggle-scene-editor').click();
  if ((await textOf(page, 'sim-state')) !== 'Playing') await byTestId(page, 'play-pause').click();
  await expectSimState(page, 'Playing');
}

/** Pixels of the heat ramp's hot end (red, orange) and of its cold end (blue), in `image`. */
function rampEnds(image: DecodedImage): { hot: number; cold: number } {
  let hot = 0;
  let cold = 0;
  for (let i = 0; i < image.rgba.length; i += 4) {
    const [r, g, b] = [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
    if (r > 150 && r > b + 90 && r > g + 30) hot++;
    if (b > 150 && b > r + 90 && b > g + 30) cold++;
  }
  return { hot, cold };
}

/**
 * The leftmost point of the bodies drawn in `image` (saturated pixels, not the magenta pin
 * markers), moved `inset` px inwards, at the mean row of the pixels in that column band.
 */
function leftEnd(image: DecodedImage, inset: number): { x: number; y: number; count: number } {
  let left = Number.POSITIVE_INFINITY;
  const body: [number, number][] = [];
  for (let row = 0; row < image.height; row++) {
    for (let column = 0; column < image.width; column++) {
      const i = 4 * (row * image.width + column);
      const [r, g, b] = [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
      const magenta = g < r - 50 && g < b - 50;
      if (Math.max(r, g, b) - Math.min(r, g, b) > 70 && !magenta) {
        body.push([column, row]);
        left = Math.min(left, column);
      }
    }
  }
  const band = body.filter(([column]) => column >= left + inset - 2 && column <= left + inset + 2);
  const y = band.reduce((sum, [, row]) => sum + row, 0) / band.length;
  return { x: left + inset, y, count: body.length };
}

describe('constraint features in the editor (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test(
    'tearing: the strip opens at its weak seam (one row of 8 triangles fewer drawn), and Reset makes it whole',
    async () => {
      await expectSimState(page, 'Playing');
      await openExample(page, 'tearing-strip.scene.json');
      // 4 × 12 cells, two triangles each.
      await expect.poll(async () => (await drawnBody(page, 'strip'))?.triangles).toBe(96);
      await expect
        .poll(async () => (await drawnBody(page, 'strip'))?.triangles, {
          timeout: RUN_TIMEOUT_MS,
          interval: 200,
        })
        .toBe(88);
      // The lower part falls to the ground; the upper part still hangs from the pins.
      await expect
        .poll(async () => (await drawnBody(page, 'strip'))?.minY ?? 1, {
          timeout: RUN_TIMEOUT_MS,
          interval: 300,
        })
        .toBeLessThan(0.05);
      expect((await drawnBody(page, 'strip'))?.maxY).toBeGreaterThan(1.1);
      await saveScreenshot(page, 'feature-tearing.png');
      await byTestId(page, 'reset').click();
      await expect.poll(async () => (await drawnBody(page, 'strip'))?.triangles).toBe(96);
      expect(session.problems).toEqual([]);
    },
    RUN_TIMEOUT_MS * 2 + 30_000,
  );

  test(
    'constraint forces: the colour mode paints the hanging strip from hot at the pin to cold at the hem',
    async () => {
      await openExample(page, 'constraint-force-strip.scene.json');
      // Hanging (its hem well below the pinned edge at y = 1.2) and settling.
      await expect
        .poll(async () => (await drawnBody(page, 'strip'))?.minY ?? 2, {
          timeout: RUN_TIMEOUT_MS,
          interval: 300,
        })
        .toBeLessThan(0.7);
      await expect.poll(() => simTimeOf(page), { timeout: RUN_TIMEOUT_MS }).toBeGreaterThan(3);
      const plain = rampEnds(await canvasShot(page));
      await byTestId(page, 'colour-mode').selectOption('force');
      await expect.poll(() => byTestId(page, 'colour-legend').isVisible()).toBe(true);
      let coloured = plain;
      await expect
        .poll(
          async () => {
            coloured = rampEnds(await canvasShot(page));
            return Math.min(coloured.hot - plain.hot, coloured.cold - plain.cold);
          },
          { timeout: 20_000, interval: 300 },
        )
        .toBeGreaterThan(50);
      await saveScreenshot(page, 'feature-constraint-forces.png');
      await byTestId(page, 'colour-mode').selectOption('material');
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  test(
    'shape matching: a jelly cube too soft to stand keeps its shape on the ground (drawn height over 0.16 m of 0.2 m)',
    async () => {
      await openExample(page, 'shape-matching-cube.scene.json');
      // Dropped from 0.4 m above the ground: landed and settled after 3 s. Without the region it
      // rests 0.09 m high (measured by the core's run of the same scene).
      await expect.poll(() => simTimeOf(page), { timeout: RUN_TIMEOUT_MS }).toBeGreaterThan(3);
      await expect
        .poll(async () => (await drawnBody(page, 'jelly'))?.minY ?? 1, {
          timeout: RUN_TIMEOUT_MS,
          interval: 300,
        })
        .toBeLessThan(0.01);
      const jelly = await drawnBody(page, 'jelly');
      expect(jelly!.maxY - jelly!.minY).toBeGreaterThan(0.16);
      await saveScreenshot(page, 'feature-shape-matching.png');
    },
    RUN_TIMEOUT_MS * 2 + 30_000,
  );

  test(
    'wind: the flag pinned along its x = −0.3 m edge blows downwind, its far edge past z = 0.3 m',
    async () => {
      await openExample(page, 'wind-flag.scene.json');
      await expect
        .poll(async () => (await drawnBody(page, 'flag'))?.max[2] ?? 0, {
          timeout: RUN_TIMEOUT_MS,
          interval: 300,
        })
        .toBeGreaterThan(0.3);
      await saveScreenshot(page, 'feature-wind.png');
      expect(session.problems).toEqual([]);
    },
    RUN_TIMEOUT_MS + 30_000,
  );

  test(
    'plasticity: the bar bent down at one end with the mouse and let go stays bent (its end 5 cm or more below rest)',
    async () => {
      await openExample(page, 'plastic-bar.scene.json');
      // Straight, 0.48 m to 0.52 m high, before anything touches it.
      await expect.poll(async () => (await drawnBody(page, 'bar'))?.minY).toBeCloseTo(0.48, 3);
      const box = (await canvas(page).boundingBox())!;
      const end = leftEnd(await canvasShot(page), 8);
      expect(end.count).toBeGreaterThan(100);
      await page.mouse.move(box.x + end.x, box.y + end.y);
      await page.mouse.down();
      await expect.poll(() => canvas(page).getAttribute('data-grab')).toBe('bar');
      await page.mouse.move(box.x + end.x, box.y + end.y + 90, { steps: 12 });
      await expect
        .poll(async () => (await drawnBody(page, 'bar'))?.minY ?? 1, {
          timeout: RUN_TIMEOUT_MS,
          interval: 200,
        })
        .toBeLessThan(0.4);
      // Held past yield for a simulated second while the rest shape creeps (20/s).
      const heldAt = await simTimeOf(page);
      await expect.poll(() => simTimeOf(page), { timeout: RUN_TIMEOUT_MS }).toBeGreaterThan(heldAt + 1);
      await page.mouse.up();
      await expect.poll(() => canvas(page).getAttribute('data-grab')).toBe('');
      // Two simulated seconds after release it has stopped moving (ζ = 0.3), and it stays bent:
      // the same bar without plasticity springs back to 0.48 m (docs/examples check, core).
      const releasedAt = await simTimeOf(page);
      await expect.poll(() => simTimeOf(page), { timeout: RUN_TIMEOUT_MS }).toBeGreaterThan(releasedAt + 2);
      expect((await drawnBody(page, 'bar'))!.minY).toBeLessThan(0.43);
      await saveScreenshot(page, 'feature-plasticity.png');
      expect(session.problems).toEqual([]);
    },
    RUN_TIMEOUT_MS * 3 + 30_000,
  );
});
