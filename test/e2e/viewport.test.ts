/**
 * The viewport's own tools, driven as a person would in Chromium with the browser host: colour
 * by strain with its legend, the stats overlay against the status bar, and a sphere collider
 * added through the scene JSON, dragged with the move gizmo (one undoable edit), and clicked to
 * select it again. Screenshots: test-results/viewport-strain.png, viewport-gizmo.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot } from './environment.ts';
import {
  animationFrames,
  byTestId,
  canvas,
  canvasShot,
  expectCanvasChange,
  expectSimState,
  gizmoOnPage,
  openSceneEditor,
  screenshotsNamed,
  sessionPerSuite,
  setJsonText,
  simTimeOf,
  textOf,
} from './page-helpers.ts';
import { changedFraction } from './png.ts';
import type { AppSession } from './sessions.ts';

/** The leading number of a text like "1,234 particles". */
const countIn = (text: string) => Number(text.replace(/,/g, '').match(/\d+/)?.[0]);
const screenshot = screenshotsNamed('viewport');

/** The sphere's centre as the gizmo readout gives it (from the scene), m. */
async function sphereCentre(page: Page): Promise<number[]> {
  const text = await textOf(page, 'gizmo-position');
  const match = text.match(/^collider 2 \(sphere\) at x (-?[\d.]+), y (-?[\d.]+), z (-?[\d.]+) m$/);
  expect(match, text).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('viewport colouring, stats and gizmo (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('colour by strain recolours the bodies and shows a legend with its scale in percent', async () => {
    await expectSimState(page, 'Playing');
    // Let the cloth hang and the block land, then hold still so only the colouring changes.
    await expect.poll(() => simTimeOf(page), { timeout: 20_000 }).toBeGreaterThan(1);
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await animationFrames(page, 3);
    const material = await canvasShot(page);
    expect(changedFraction(material, await canvasShot(page))).toBeLessThan(0.001);
    expect(await byTestId(page, 'colour-legend').isVisible()).toBe(false);

    await byTestId(page, 'colour-mode').selectOption('strain');
    await expect.poll(() => byTestId(page, 'colour-legend').isVisible()).toBe(true);
    expect(await textOf(page, 'colour-legend-low')).toBe('0%');
    expect(await textOf(page, 'colour-legend-high')).toMatch(/^\d+(\.\d+)?%$/);
    const strain = await expectCanvasChange(page, material, 0.01);
    const changed = changedFraction(material, strain);
    console.log(`viewport e2e: strain colouring changed ${(100 * changed).toFixed(1)}% of the canvas`);
    expect(changed).toBeGreaterThan(0.01);
    await screenshot(page, 'strain');

    // Tet quality: the cloth has no tets, and the legend says so.
    await byTestId(page, 'colour-mode').selectOption('quality');
    await expect
      .poll(() => textOf(page, 'colour-legend'))
      .toContain('cloth: not coloured, a cloth has no tets');
    await byTestId(page, 'colour-mode').selectOption('material');
    await expect.poll(() => byTestId(page, 'colour-legend').isVisible()).toBe(false);
    expect(session.problems).toEqual([]);
  });

  test('the stats overlay shows the status bar counts, substeps and each body r', async () => {
    await byTestId(page, 'toggle-stats').click();
    const overlay = byTestId(page, 'stats-overlay');
    await expect.poll(() => overlay.isVisible()).toBe(true);
    const stat = (key: string) => overlay.locator(`[data-stat="${key}"] .stats-value`).textContent();
    expect(countIn((await stat('particles')) ?? '')).toBe(countIn(await textOf(page, 'particles')));
    expect(countIn((await stat('constraints')) ?? '')).toBe(countIn(await textOf(page, 'constraints')));
    expect(countIn(await textOf(page, 'particles'))).toBeGreaterThan(100);
    expect(await stat('substeps')).toBe('15');
    // The worker compiled the WebAssembly kernels (the page's CSP and the worker allow it).
    expect(await stat('kernels')).toBe('WebAssembly');
    await expect.poll(() => overlay.locator('[data-stat^="resolution-"]').count()).toBe(2);
    expect(await stat('resolution-0')).toMatch(/^\d\.\d{3}$/);
    // F3 hides it again.
    await canvas(page).hover({ position: { x: 5, y: 5 } });
    await page.keyboard.press('F3');
    await expect.poll(() => overlay.isVisible()).toBe(false);
  });

  test('a sphere collider dragged with the gizmo moves in one edit that Ctrl+Z undoes', async () => {
    const scene = JSON.parse(readFileSync(join(repoRoot, 'assets', 'default-scene.json'), 'utf8'));
    scene.colliders.push({ type: 'sphere', center: [-0.2, 0.3, 0.5], radius: 0.12 });
    await openSceneEditor(page);
    await setJsonText(page, `${JSON.stringify(scene, null, 2)}\n`);
    await expect.poll(() => textOf(page, 'scene-editor-status')).toBe('Valid: the preview runs this scene.');
    await byTestId(page, 'toggle-scene-editor').click();

    const targets = byTestId(page, 'gizmo-target');
    await expect
      .poll(() => targets.locator('option').allTextContents())
      .toContain('Move collider 2 (sphere)');
    await targets.selectOption({ label: 'Move collider 2 (sphere)' });
    await expect.poll(() => canvas(page).getAttribute('data-gizmo')).toBe('collider:1');
    const before = await sphereCentre(page);
    expect(before).toEqual([-0.2, 0.3, 0.5]);

    // Drag the gizmo's centre handle (free move in the view plane) up and to the right.
    const start = await gizmoOnPage(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 30, start.y - 15, { steps: 4 });
    await page.mouse.move(start.x + 70, start.y - 40, { steps: 6 });
    await screenshot(page, 'gizmo');
    await page.mouse.up();
    await expect.poll(async () => (await sphereCentre(page)).join(',')).not.toBe(before.join(','));
    const after = await sphereCentre(page);
    const moved = Math.hypot(after[0] - before[0], after[1] - before[1], after[2] - before[2]);
    console.log(
      `viewport e2e: the gizmo moved the sphere ${(100 * moved).toFixed(1)} cm to ${after.join(', ')}`,
    );
    expect(moved).toBeGreaterThan(0.02);
    // Up on screen is up in the world for a camera above the ground looking at the bodies.
    expect(after[1]).toBeGreaterThan(before[1]);
    expect(await page.title()).toMatch(/^• /);
    // The drag did not orbit the camera or grab a body: the block rests where it was.
    expect(await canvas(page).getAttribute('data-grab')).toBe('');

    // One edit: a single Ctrl+Z puts it back, Ctrl+Shift+Z moves it again.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await sphereCentre(page)).join(',')).toBe(before.join(','));
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(async () => (await sphereCentre(page)).join(',')).toBe(after.join(','));
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await sphereCentre(page)).join(',')).toBe(before.join(','));

    // Back where the drag started on screen: the camera did not orbit during the drag. Polled: on a
    // loaded machine the gizmo's drawn place can lag the undone edit by more than gizmoOnPage's
    // steadiness window (CI once read the dragged place, 80.6 px = hypot(70, 40) away).
    await expect
      .poll(
        async () => {
          const at = await gizmoOnPage(page);
          return Math.hypot(at.x - start.x, at.y - start.y);
        },
        { timeout: 15_000 },
      )
      .toBeLessThan(2);
    const sphereAt = await gizmoOnPage(page);

    // Escape lets go; a click on the sphere takes it again.
    await page.keyboard.press('Escape');
    await expect.poll(() => canvas(page).getAttribute('data-gizmo')).toBe('');
    // Clicked until taken: the playing cloth may swing across the sphere for a moment (it takes
    // a click meant for the sphere then), so each try clicks the sphere where it is drawn.
    await expect
      .poll(
        async () => {
          await page.mouse.click(sphereAt.x, sphereAt.y);
          return canvas(page).getAttribute('data-gizmo');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe('collider:1');
    expect(session.problems).toEqual([]);
  });
});
