/**
 * Units and orientation at import, and the transform of a mesh body, driven as a person would in
 * Chromium with the browser host: a crate modelled in centimetres with Z up (100 × 50 × 20 cm,
 * 20 cm tall along its z) is opened, read first as metres (100 m: the panel warns), then as
 * centimetres with Z up; made a body, it stands 1 × 0.2 × 0.5 m in the scene. Its position typed
 * in the properties panel moves it, Ctrl+Z puts it back; a rotation of 90° about y turns it; the
 * move gizmo on it drags it up, in one undoable edit. Opening the file again starts from the
 * units chosen for it. Screenshot: test-results/mesh-transform-gizmo.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  byTestId,
  canvas,
  drawnBody,
  enterValue,
  expectSimState,
  gizmoOnPage,
  type InMemoryFile,
  openMesh,
  refinedSwaps,
  screenshotsNamed,
  sessionPerSuite,
  simTimeOf,
  textOf,
} from './page-helpers.ts';

const screenshot = screenshotsNamed('mesh-transform');
/** Software WebGL and the solver share two cores with the browser: tetrahedralizing takes seconds. */
const RUN_TIMEOUT_MS = 60_000;

/** A closed box 100 × 50 × 20 units along x, y, z, faces wound counter-clockwise seen from outside. */
function crateObj(): InMemoryFile {
  const corners = [
    [0, 0, 0],
    [100, 0, 0],
    [100, 50, 0],
    [0, 50, 0],
    [0, 0, 20],
    [100, 0, 20],
    [100, 50, 20],
    [0, 50, 20],
  ];
  const faces = [
    [1, 4, 3],
    [1, 3, 2],
    [5, 6, 7],
    [5, 7, 8],
    [1, 2, 6],
    [1, 6, 5],
    [4, 8, 7],
    [4, 7, 3],
    [1, 5, 8],
    [1, 8, 4],
    [2, 3, 7],
    [2, 7, 6],
  ];
  const text = [...corners.map((c) => `v ${c.join(' ')}`), ...faces.map((f) => `f ${f.join(' ')}`)].join(
    '\n',
  );
  return { name: 'crate.obj', mimeType: 'text/plain', buffer: Buffer.from(`${text}\n`) };
}

/** The box of body `name` as the viewport draws it (the canvas's data-drawn-bodies record), m. */
async function drawnBox(page: Page, name: string): Promise<{ min: number[]; size: number[] } | undefined> {
  const body = await drawnBody(page, name);
  return body && { min: body.min, size: body.max.map((v, k) => v - body.min[k]) };
}

const rounded = (values: number[] | undefined, digits = 2) => values?.map((v) => +v.toFixed(digits) + 0);

/** The mesh body's position as the gizmo readout gives it (from the scene), m. */
async function gizmoPosition(page: Page): Promise<number[]> {
  const text = await textOf(page, 'gizmo-position');
  const match = text.match(/^crate at x (-?[\d.]+), y (-?[\d.]+), z (-?[\d.]+) m$/);
  expect(match, text).not.toBeNull();
  return match!.slice(1).map(Number);
}

describe('mesh import units and mesh body transform (browser host in Chromium)', () => {
  let page: Page;
  sessionPerSuite((opened) => {
    page = opened.page;
  });

  test('an OBJ in centimetres with Z up is read so, its size shown in cm before it becomes a body', async () => {
    await expectSimState(page, 'Playing');
    await openMesh(page, crateObj());
    // First read as metres, Y up: 100 m long, which the panel questions.
    expect(await textOf(page, 'prop-mesh-size')).toBe('100 × 50 × 20 m');
    expect(await textOf(page, 'prop-mesh-size-warning')).toBe(
      'Size larger than 50 m: is the file in centimetres or millimetres?',
    );
    await byTestId(page, 'prop-import-units').selectOption('cm');
    await expect.poll(() => textOf(page, 'prop-mesh-size')).toBe('100 × 50 × 20 cm (1 × 0.5 × 0.2 m)');
    await byTestId(page, 'prop-import-up').selectOption('z');
    // Z up turned to Y up: the 20 cm side is now the height.
    await expect.poll(() => textOf(page, 'prop-mesh-size')).toBe('100 × 20 × 50 cm (1 × 0.2 × 0.5 m)');
    expect(await byTestId(page, 'prop-mesh-size-warning').count()).toBe(0);

    await byTestId(page, 'prop-simulate-mesh').click();
    await expect.poll(() => textOf(page, 'prop-body-name'), { timeout: RUN_TIMEOUT_MS }).toBe('crate');
    expect(await textOf(page, 'document-title')).not.toContain('static mesh');
    // It starts as a coarse cage around the crate (placed by the cage's lowest point); the
    // conforming body refined in the background replaces it, its lowest point where the cage's was.
    await expect.poll(() => refinedSwaps(page), { timeout: RUN_TIMEOUT_MS, interval: 250 }).toBe(1);
    // At rest (paused, back at the start) the body is 1 × 0.2 × 0.5 m in the scene.
    await expectSimState(page, 'Playing');
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await byTestId(page, 'reset').click();
    await expect.poll(() => simTimeOf(page), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => rounded((await drawnBox(page, 'crate'))?.size)).toEqual([1, 0.2, 0.5]);
  }, 120_000);

  test('a position typed in the properties panel moves the body; Ctrl+Z puts it back', async () => {
    const field = byTestId(page, 'prop-position-y');
    const y0 = Number(await field.inputValue());
    // The drawn record follows the frame drawn after the reset: wait for the start, 0.3 m up.
    await expect
      .poll(async () => Math.round(1000 * ((await drawnBox(page, 'crate'))?.min[1] ?? Number.NaN)), {
        timeout: 10_000,
      })
      .toBe(300);
    const before = (await drawnBox(page, 'crate'))!;
    await enterValue(page, 'prop-position-y', String(y0 + 0.5));
    await expect
      .poll(async () => rounded((await drawnBox(page, 'crate'))?.min, 3), { timeout: 10_000 })
      .toEqual(rounded([before.min[0], before.min[1] + 0.5, before.min[2]], 3));
    expect(Number(await field.inputValue())).toBeCloseTo(y0 + 0.5, 9);
    expect(await page.title()).toMatch(/^• /);

    // The document's undo (the keyboard leaves the field first, as a click on the view does).
    await canvas(page).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect.poll(async () => Number(await byTestId(page, 'prop-position-y').inputValue())).toBe(y0);
    await expect
      .poll(async () => rounded((await drawnBox(page, 'crate'))?.min, 3), { timeout: 10_000 })
      .toEqual(rounded(before.min, 3));
  });

  test('a rotation of 90° about y turns the body: its x and z sides swap', async () => {
    await enterValue(page, 'prop-rotation-y', '90');
    await expect
      .poll(async () => rounded((await drawnBox(page, 'crate'))?.size), { timeout: 10_000 })
      .toEqual([0.5, 0.2, 1]);
    await canvas(page).click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('Control+z');
    await expect
      .poll(async () => rounded((await drawnBox(page, 'crate'))?.size), { timeout: 10_000 })
      .toEqual([1, 0.2, 0.5]);
  });

  test('the move gizmo on the mesh body drags it up in one edit that Ctrl+Z undoes', async () => {
    const targets = byTestId(page, 'gizmo-target');
    await expect.poll(() => targets.locator('option').allTextContents()).toContain('Move crate');
    await targets.selectOption({ label: 'Move crate' });
    await expect.poll(() => canvas(page).getAttribute('data-gizmo')).toBe('body:2');
    expect(await byTestId(page, 'gizmo-mode').isEnabled()).toBe(true);
    const before = await gizmoPosition(page);
    await screenshot(page, 'gizmo');

    // The gizmo's centre handle moves freely in the view plane: up on screen is up in the world.
    const start = await gizmoOnPage(page);
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x + 10, start.y - 20, { steps: 4 });
    await page.mouse.move(start.x + 20, start.y - 50, { steps: 6 });
    await page.mouse.up();
    await expect.poll(async () => (await gizmoPosition(page)).join(',')).not.toBe(before.join(','));
    const after = await gizmoPosition(page);
    expect(after[1]).toBeGreaterThan(before[1]);
    // The properties panel shows the same position as the scene now holds.
    expect(Number(await byTestId(page, 'prop-position-y').inputValue())).toBeCloseTo(after[1], 3);

    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await gizmoPosition(page)).join(',')).toBe(before.join(','));
  });

  test('opening the same file again starts from the units and up axis chosen for it', async () => {
    await openMesh(page, crateObj());
    await expect.poll(() => byTestId(page, 'prop-import-units').inputValue()).toBe('cm');
    expect(await byTestId(page, 'prop-import-up').inputValue()).toBe('z');
    expect(await textOf(page, 'prop-mesh-size')).toBe('100 × 20 × 50 cm (1 × 0.2 × 0.5 m)');
    expect(await page.locator('.notification-error').count()).toBe(0);
  });
});
