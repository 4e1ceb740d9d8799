/**
 * The small page helpers every e2e file drives the app with: locators by data-testid, readouts
 * as numbers, canvas captures, screenshots into test-results/, the scene JSON editor, the file
 * choosers, the play state, and one app session per test file.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FileChooser, Locator, LocatorScreenshotOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { PROGRESSIVE_MARKS } from '../../renderer/src/tetra/progressive-marks.ts';
import type { DrawnSummary } from '../../renderer/src/viewport/body-meshes.ts';
import { resultsDir, sharedMeshes } from './environment.ts';
import { changedFraction, type DecodedImage, decodePng } from './png.ts';
import { type AppSession, openInChromium } from './sessions.ts';

/** The element the app marks with `data-testid="id"`. */
export const byTestId = (page: Page, id: string): Locator => page.locator(`[data-testid="${id}"]`);

/** The text of a test id's element, '' when it has none. */
export const textOf = async (page: Page, id: string): Promise<string> =>
  (await byTestId(page, id).textContent()) ?? '';

/** A readout like "0.2950 m" or "1.23e+2 J" as a number (its leading figure). */
export const readout = async (page: Page, id: string): Promise<number> =>
  Number.parseFloat(await textOf(page, id));

/**
 * The selected body's centre of mass from the properties panel's live readout ("x, y, z m"), m:
 * [x, y, z], NaN where it shows no figure.
 */
export const centroidOf = async (page: Page): Promise<[number, number, number]> => {
  const [x, y, z] = (await textOf(page, 'metric-centroid'))
    .replace('m', '')
    .split(',')
    .map((c) => Number(c.trim()));
  return [x, y ?? Number.NaN, z ?? Number.NaN];
};

/** Simulated time from the status bar ("t = 1.50 s"), s; NaN when it shows none. */
export const simTimeOf = async (page: Page): Promise<number> =>
  Number((await textOf(page, 'sim-time')).match(/t = ([\d.]+) s/)?.[1]);

/**
 * `read()` once the preview has settled: polled until two readings at least `windowS` of simulated
 * time apart differ by less than `tolerance`, with the simulated time past `afterS`; the last
 * reading. Simulated time, not the page's clock: on a loaded machine the preview runs slower than
 * real time, and readings a fixed wall time apart agreed while a body was still settling (an
 * editor block read 0.2993–0.2999 m against its 0.2965) or fell on the turning points of a swing.
 * A rebuilt world restarts the clock, and the window with it.
 */
export async function settledReading(
  page: Page,
  read: () => Promise<number>,
  options: { tolerance: number; windowS?: number; afterS?: number; timeoutMs: number },
): Promise<number> {
  const { tolerance, windowS = 1, afterS = 0, timeoutMs } = options;
  let last = { value: Number.NaN, timeS: Number.NaN };
  await expect
    .poll(
      async () => {
        const now = { timeS: await simTimeOf(page), value: await read() };
        // The first reading, or the world was rebuilt and its clock restarted: the window starts here.
        if (!(now.timeS >= last.timeS)) last = now;
        if (now.timeS - last.timeS < windowS) return false;
        const settled = now.timeS > afterS && Math.abs(now.value - last.value) < tolerance;
        last = now;
        return settled;
      },
      { timeout: timeoutMs, interval: 300 },
    )
    .toBe(true);
  return last.value;
}

/** The viewport's canvas. */
export const canvas = (page: Page): Locator => page.locator('canvas.viewport-canvas');

/** The viewport's canvas as drawn now, decoded to RGBA; `options` e.g. mask what lies over it. */
export const canvasShot = async (page: Page, options?: LocatorScreenshotOptions): Promise<DecodedImage> =>
  decodePng(await canvas(page).screenshot(options));

/**
 * Waits for `count` animation frames of the page: the viewport draws a pending change on its next
 * frame, so a few frames after a change the canvas shows it. A wait counted in the page's own
 * frames, not in wall time: on a loaded machine frames come slower and the wait grows with them.
 */
export async function animationFrames(page: Page, count: number): Promise<void> {
  // As text: this file is compiled without the DOM's types.
  await page.evaluate(
    `new Promise((resolve) => {
      let seen = 0;
      const tick = () => (++seen >= ${Math.max(1, Math.floor(count))} ? resolve() : requestAnimationFrame(tick));
      requestAnimationFrame(tick);
    })`,
  );
}

/** Waits (timeout ms, 10 s by default) until the canvas differs from `before` in more than `fraction` of its pixels. */
export async function expectCanvasChange(
  page: Page,
  before: DecodedImage,
  fraction: number,
  timeout = 10_000,
): Promise<DecodedImage> {
  let now = before;
  await expect
    .poll(
      async () => {
        now = await canvasShot(page);
        return changedFraction(before, now);
      },
      { timeout },
    )
    .toBeGreaterThan(fraction);
  return now;
}

/** What the viewport draws of body `name` (the canvas's data-drawn-bodies record), as it last drew. */
export async function drawnBody(page: Page, name: string): Promise<DrawnSummary | undefined> {
  const record = await canvas(page).getAttribute('data-drawn-bodies');
  return (JSON.parse(record ?? '[]') as DrawnSummary[]).find((body) => body.name === name);
}

/** Types `value` into the field with test id `id` and presses Enter, as a person commits an edit; returns the field. */
export async function enterValue(page: Page, id: string, value: string): Promise<Locator> {
  const field = byTestId(page, id);
  await field.fill(value);
  await field.press('Enter');
  return field;
}

/**
 * How many refined meshes the app has swapped in for progressive bodies (its performance marks):
 * a body made over the live limit starts as a coarse cage and is replaced when its run is done.
 */
export const refinedSwaps = (page: Page): Promise<number> =>
  page.evaluate(
    `performance.getEntriesByName(${JSON.stringify(PROGRESSIVE_MARKS.refineSwapped)}, 'mark').length`,
  );

/** Waits (10 s at most) until the status bar shows the simulation in `state`. */
export async function expectSimState(page: Page, state: 'Playing' | 'Paused'): Promise<void> {
  await expect.poll(() => textOf(page, 'sim-state'), { timeout: 10_000 }).toBe(state);
}

/** Writes a screenshot of the whole page to test-results/`fileName`; returns its path. */
export async function saveScreenshot(page: Page, fileName: string): Promise<string> {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, fileName);
  writeFileSync(file, await page.screenshot());
  return file;
}

/**
 * A screenshot writer for one test file: `shot(page, 'rest')` writes test-results/`prefix`-rest.png,
 * so every file's pictures sort together.
 */
export function screenshotsNamed(prefix: string): (page: Page, name: string) => Promise<void> {
  return async (page, name) => {
    await saveScreenshot(page, `${prefix}-${name}.png`);
  };
}

/** Opens the scene JSON editor and waits (20 s at most: Monaco loads lazily) until it shows the scene. */
export async function openSceneEditor(page: Page): Promise<void> {
  await byTestId(page, 'toggle-scene-editor').click();
  await expect
    .poll(() => page.locator('.monaco-editor .view-line').count(), { timeout: 20_000 })
    .toBeGreaterThan(5);
}

/**
 * Replaces the whole text of the Monaco editor as a person pasting a document would: select all,
 * then a paste event carrying the text (what the system clipboard would deliver).
 */
export async function setJsonText(page: Page, text: string): Promise<void> {
  await page.locator('.monaco-editor .view-lines').click();
  await page.keyboard.press('Control+a');
  // A string script: the test files compile without DOM types.
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData('text/plain', ${JSON.stringify(text)});
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    document.activeElement?.dispatchEvent(event);
  })()`);
}

/** Clicks the button with test id `buttonId` and returns the file chooser it opens. */
export async function chooserFrom(page: Page, buttonId: string): Promise<FileChooser> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), byTestId(page, buttonId).click()]);
  return chooser;
}

/** A file handed to a file chooser from memory. */
export interface InMemoryFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Opens a mesh through Open Mesh…'s file chooser, either a file of the shared corpus by name or one
 * from memory, and waits (30 s at most: the big meshes take a while) until the app shows it static.
 */
export async function openMesh(page: Page, mesh: string | InMemoryFile): Promise<void> {
  // The notices shown now are marked, so that the wait below is for this import's own: the title
  // alone already names the file where the same file is opened again, before its import ends.
  await page.evaluate(
    `document.querySelectorAll('[data-testid="notification"]').forEach((n) => n.setAttribute('data-before-open', ''))`,
  );
  const chooser = await chooserFrom(page, 'open-mesh');
  await chooser.setFiles(typeof mesh === 'string' ? join(sharedMeshes, mesh) : mesh);
  const name = typeof mesh === 'string' ? mesh : mesh.name;
  const imported = `[...document.querySelectorAll('[data-testid="notification"]:not([data-before-open])')].some((n) => n.textContent.startsWith(${JSON.stringify(`Imported ${name}:`)}))`;
  await expect.poll(() => page.evaluate(imported), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => textOf(page, 'document-title'), { timeout: 30_000 }).toBe(`${name} (static mesh)`);
}

/**
 * Where the gizmo is drawn, page px (the canvas publishes it in CSS px from its corner), once it
 * holds still: a scene edit reloads the world and the camera frames the bodies again.
 */
export async function gizmoOnPage(page: Page): Promise<{ x: number; y: number }> {
  let at = '';
  let previous = '';
  await expect
    .poll(
      async () => {
        previous = at;
        at = (await canvas(page).getAttribute('data-gizmo-at')) ?? '';
        return /^[\d.]+,[\d.]+$/.test(at) && at === previous;
      },
      { timeout: 10_000, interval: 300 },
    )
    .toBe(true);
  const [x, y] = at.split(',').map(Number);
  const box = (await canvas(page).boundingBox())!;
  expect(x).toBeGreaterThan(0);
  expect(x).toBeLessThan(box.width);
  expect(y).toBeGreaterThan(0);
  expect(y).toBeLessThan(box.height);
  return { x: box.x + x, y: box.y + y };
}

/** An open app session and its page. */
export interface OpenedApp {
  session: AppSession;
  page: Page;
}

/**
 * One app session for the enclosing describe block, opened before its first test and closed after
 * its last: `keep` receives it (to store it and set the page up). By default the built web bundle in
 * Chromium with the browser host; `open` opens another.
 */
export function sessionPerSuite(
  keep: (opened: OpenedApp) => void | Promise<void>,
  open: () => Promise<AppSession> = () => openInChromium(inject('baseUrl')),
): void {
  let session: AppSession | undefined;
  beforeAll(async () => {
    session = await open();
    await keep({ session, page: session.page });
  });
  afterAll(async () => {
    await session?.close();
  });
}
