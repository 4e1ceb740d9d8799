/**
 * The selection tools driven as a person would, in Chromium with the browser host: pause and reset
 * the default scene, turn the camera level with the soft block's top, box-select its top layer,
 * pin it and play: the block hangs; Ctrl+Z takes the pin away and it falls. Then grow, invert,
 * clear and a material group from the panel, and the click and brush tools. Screenshots:
 * test-results/selection-box.png, selection-pinned-hangs.png.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { frameBounds } from '../../renderer/src/viewport/framing.ts';
import { repoRoot } from './environment.ts';
import {
  animationFrames,
  byTestId,
  canvas,
  canvasShot,
  expectSimState,
  readout,
  screenshotsNamed,
  sessionPerSuite,
  simTimeOf,
  textOf,
} from './page-helpers.ts';
import type { DecodedImage } from './png.ts';
import type { AppSession } from './sessions.ts';

/** A bigger window than the suite's default: the block's layers lie farther apart on screen. */
const PAGE = { width: 1200, height: 800 };

const scene = JSON.parse(readFileSync(join(repoRoot, 'assets', 'default-scene.json'), 'utf8'));
const blockShape = scene.bodies[0].shape as { size: number[]; cells: number[]; center: number[] };
/** The block's top layer: (nx + 1)(nz + 1) vertices. */
const TOP_LAYER = (blockShape.cells[0] + 1) * (blockShape.cells[2] + 1);
/** Height of the block's top face at rest, m. */
const TOP_Y_M = blockShape.center[1] + blockShape.size[1] / 2;
/** Its lowest point at rest, m. */
const BOTTOM_Y_M = blockShape.center[1] - blockShape.size[1] / 2;

const screenshot = screenshotsNamed('selection');

/**
 * The canvas as drawn, with the notifications over it masked out (mask colour magenta, never
 * orange): their orange borders would read as the block.
 */
const canvasImage = (page: Page) => canvasShot(page, { mask: [page.locator('#notifications')] });

/** The soft block's orange (0xe8833a, body-palette.ts, shaded) — as app.test.ts tells it apart. */
function isOrange(image: DecodedImage, column: number, row: number): boolean {
  const i = 4 * (row * image.width + column);
  const [r, g, b] = [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
  // Green well below red keeps out the yellow of selected vertices; green above blue, the magenta pins.
  return r > 110 && g < 0.72 * r && g > b + 15;
}

/** The block's outline on the canvas: its top row and its left and right columns, px. */
function blockOutline(image: DecodedImage): { top: number; left: number; right: number } {
  let top = -1;
  let left = Infinity;
  let right = -Infinity;
  for (let row = 0; row < image.height; row++) {
    let inRow = 0;
    for (let column = 0; column < image.width; column++) {
      if (!isOrange(image, column, row)) continue;
      inRow++;
      left = Math.min(left, column);
      right = Math.max(right, column);
    }
    // Three pixels in a row: the first full row of the silhouette, not an anti-aliased speck.
    if (top < 0 && inRow >= 3) top = row;
  }
  return { top, left, right };
}

/**
 * How far to drag the mouse up (px) to bring the camera down level with the block's top face:
 * the view starts at framing.ts's three-quarter pose around the scene's bounds, and the orbit
 * controls turn 2π per canvas height dragged.
 */
function levelDragPx(canvasWidth: number, canvasHeight: number): number {
  const cloth = scene.bodies[1].shape as { size: number[]; center: number[] };
  const block = blockShape;
  // The scene's bounds at rest (block, flat cloth) with the ground plane at y = 0, as the viewport frames them.
  const min: [number, number, number] = [
    Math.min(block.center[0] - block.size[0] / 2, cloth.center[0] - cloth.size[0] / 2),
    0,
    Math.min(block.center[2] - block.size[2] / 2, cloth.center[2] - cloth.size[1] / 2),
  ];
  const max: [number, number, number] = [
    Math.max(block.center[0] + block.size[0] / 2, cloth.center[0] + cloth.size[0] / 2),
    Math.max(block.center[1] + block.size[1] / 2, cloth.center[1]),
    Math.max(block.center[2] + block.size[2] / 2, cloth.center[2] + cloth.size[1] / 2),
  ];
  const pose = frameBounds({ min, max }, 40, canvasWidth / canvasHeight);
  const offset = pose.position.map((p, a) => p - pose.target[a]);
  const distance = Math.hypot(...offset);
  const elevation = Math.asin(offset[1] / distance);
  const level = Math.asin((TOP_Y_M - pose.target[1]) / distance);
  return ((elevation - level) / (2 * Math.PI)) * canvasHeight;
}

/** Two outlines agree within 2 px: a turned camera moves the block by tens of pixels. */
function expectSameOutline(
  actual: ReturnType<typeof blockOutline>,
  expected: ReturnType<typeof blockOutline>,
) {
  for (const key of ['top', 'left', 'right'] as const) {
    expect(Math.abs(actual[key] - expected[key]), key).toBeLessThanOrEqual(2);
  }
}

/** The block's outline once the camera has come to rest (the orbit controls ease out over frames). */
async function settledOutline(page: Page): Promise<ReturnType<typeof blockOutline>> {
  let previous = '';
  let outline = blockOutline(await canvasImage(page));
  await expect
    .poll(
      async () => {
        previous = JSON.stringify(outline);
        outline = blockOutline(await canvasImage(page));
        return JSON.stringify(outline) === previous;
      },
      { timeout: 20_000, interval: 400 },
    )
    .toBe(true);
  return outline;
}

describe('selection tools (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite(async (opened) => {
    ({ session, page } = opened);
    await page.setViewportSize(PAGE);
  });

  test('box-select the top vertices of the block at rest and pin them: the body hangs; undo lets it fall', async () => {
    await expectSimState(page, 'Playing');
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await byTestId(page, 'reset').click();
    expect(await byTestId(page, 'tool-grab').getAttribute('aria-pressed')).toBe('true');

    // Turn the camera down until it looks level at the block's top face: seen edge-on, the top
    // layer lies on one line and the next layer a few pixels below it.
    const box = (await canvas(page).boundingBox())!;
    const rise = Math.round(levelDragPx(box.width, box.height));
    const start = { x: box.x + box.width / 2, y: box.y + box.height - 10 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    await page.mouse.move(start.x, start.y - rise, { steps: 8 });
    await page.mouse.up();
    const outline = await settledOutline(page);

    // The box tool by its key; its button shows it pressed.
    await page.keyboard.press('b');
    expect(await byTestId(page, 'tool-box').getAttribute('aria-pressed')).toBe('true');
    expect(outline.top).toBeGreaterThan(0);
    // From well above the block down to just below its top edge, and wider than it.
    await page.mouse.move(box.x + outline.left - 30, box.y + outline.top - 40);
    await page.mouse.down();
    await page.mouse.move(box.x + outline.right + 30, box.y + outline.top + 4, { steps: 6 });
    expect(await byTestId(page, 'selection-rect').isVisible()).toBe(true);
    await screenshot(page, 'box');
    await page.mouse.up();
    expect(await byTestId(page, 'selection-rect').isVisible()).toBe(false);
    await expect.poll(() => textOf(page, 'selection-summary')).toBe(`${TOP_LAYER} vertices of soft block`);
    // The camera did not turn while the box was dragged: the block is where it was (within the
    // pixel or two that the selected vertices' points, drawn over its edge, take away).
    expectSameOutline(blockOutline(await canvasImage(page)), outline);

    await byTestId(page, 'pin-selection').click();
    await expect.poll(() => byTestId(page, 'pin-list').textContent()).toBe(`pin 1 · list · ${TOP_LAYER}×`);
    expect(await page.title()).toBe('• untitled.sbproj — Softbody Studio');
    // Pinning the same vertices again changes nothing and says why.
    await byTestId(page, 'pin-selection').click();
    await expect
      .poll(() => page.locator('.notification').last().textContent())
      .toContain(`The ${TOP_LAYER} vertices selected on soft block are already pinned.`);
    expect(await byTestId(page, 'pin-list').locator('li').count()).toBe(1);

    await byTestId(page, 'play-pause').click();
    await expect.poll(() => simTimeOf(page), { timeout: 20_000, interval: 250 }).toBeGreaterThan(2);
    const hanging = await readout(page, 'metric-lowest-y');
    await screenshot(page, 'pinned-hangs');
    // At rest its lowest point is 0.85 m; held by its top it stretches by millimetres, not metres.
    expect(hanging).toBeGreaterThan(BOTTOM_Y_M - 0.05);
    expect(hanging).toBeLessThan(BOTTOM_Y_M + 0.005);
    console.log(
      `selection e2e: pinned block's lowest point ${hanging.toFixed(4)} m after 2 s (rest ${BOTTOM_Y_M} m)`,
    );

    // Ctrl+Z takes the pin away: the scene restarts from rest and the block falls to the ground.
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'pin-list').textContent()).toBe('none');
    await expect
      .poll(() => readout(page, 'metric-lowest-y'), { timeout: 20_000, interval: 250 })
      .toBeLessThan(0.05);
    // The layout did not change, so the selection is still there.
    expect(await textOf(page, 'selection-summary')).toBe(`${TOP_LAYER} vertices of soft block`);
  }, 90_000);

  test('grow, invert and clear from the panel; a named group is an undoable edit', async () => {
    const count = async () => Number(await byTestId(page, 'selection-summary').getAttribute('data-count'));
    const before = await count();
    await byTestId(page, 'selection-grow').click();
    // One ring more over the tet edges: at least the next layer down.
    expect(await count()).toBeGreaterThanOrEqual(before + TOP_LAYER);
    const grown = await count();
    await byTestId(page, 'selection-shrink').click();
    expect(await count()).toBeLessThan(grown);
    await byTestId(page, 'selection-invert').click();
    const total = (blockShape.cells[0] + 1) * (blockShape.cells[1] + 1) * (blockShape.cells[2] + 1);
    const inverted = await count();
    await byTestId(page, 'selection-invert').click();
    expect(inverted + (await count())).toBe(total);

    await byTestId(page, 'group-name').fill('top');
    await byTestId(page, 'add-to-group').click();
    // The group's entry: name · vertex count, its breaking-stress field (kPa, empty: never tears), ×.
    await expect.poll(() => byTestId(page, 'group-list').textContent()).toMatch(/^top · \d+kPa×$/);
    expect(await byTestId(page, 'group-0-breaking').inputValue()).toBe('');
    // Ctrl+Z in the name field would undo the typing there: the document's undo needs it unfocused.
    await byTestId(page, 'pin-selection').focus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'group-list').textContent()).toBe('none');

    await byTestId(page, 'selection-clear').click();
    expect(await textOf(page, 'selection-summary')).toBe('No vertices selected');
    expect(await byTestId(page, 'pin-selection').isDisabled()).toBe(true);
  });

  test('the click tool picks the vertex under the cursor; a left drag does not turn the camera', async () => {
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await byTestId(page, 'reset').click();
    await byTestId(page, 'tool-select').click();
    expect(await byTestId(page, 'tool-select').getAttribute('aria-pressed')).toBe('true');
    const box = (await canvas(page).boundingBox())!;
    const outline = await settledOutline(page);
    // The camera is still level with the block's top (edits that rebuild the same bodies keep the
    // view): the top layer's front vertices lie along the top of its outline, about 10 px apart.
    await page.mouse.click(box.x + (outline.left + outline.right) / 2, box.y + outline.top + 1);
    await expect.poll(() => textOf(page, 'selection-summary')).toBe('1 vertex of soft block');
    // Shift+click on the empty ground adds nothing; a plain click there clears.
    const ground = { x: box.x + 20, y: box.y + box.height - 20 };
    await page.keyboard.down('Shift');
    await page.mouse.click(ground.x, ground.y);
    await page.keyboard.up('Shift');
    expect(await textOf(page, 'selection-summary')).toBe('1 vertex of soft block');
    await page.mouse.click(ground.x, ground.y);
    expect(await textOf(page, 'selection-summary')).toBe('No vertices selected');
    // A drag with the select tool leaves the camera where it was.
    await page.mouse.move(box.x + 20, box.y + box.height - 20);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, box.y + box.height - 220, { steps: 6 });
    await page.mouse.up();
    // A camera the drag had turned would be drawn on the next frames.
    await animationFrames(page, 10);
    expectSameOutline(blockOutline(await canvasImage(page)), outline);

    // The brush, across the block's upper part: a 32 px wide stroke takes every vertex under it,
    // through the body (the top layers, front to back); the same stroke with Ctrl takes them away.
    await page.keyboard.press('n');
    const stroke = async () => {
      await page.mouse.move(box.x + outline.left - 10, box.y + outline.top + 15);
      await page.mouse.down();
      await page.mouse.move(box.x + outline.right + 10, box.y + outline.top + 15, { steps: 10 });
      await page.mouse.up();
    };
    await stroke();
    expect(await byTestId(page, 'selection-brush').isVisible()).toBe(true);
    const brushed = Number(await byTestId(page, 'selection-summary').getAttribute('data-count'));
    expect(brushed).toBeGreaterThan(TOP_LAYER);
    await page.keyboard.down('Control');
    await stroke();
    await page.keyboard.up('Control');
    expect(await textOf(page, 'selection-summary')).toBe('No vertices selected');

    // Escape abandons a box drag: the rectangle goes and nothing is selected on release.
    await page.keyboard.press('b');
    await page.mouse.move(box.x + outline.left - 30, box.y + outline.top - 40);
    await page.mouse.down();
    await page.mouse.move(box.x + outline.right + 30, box.y + outline.top + 60, { steps: 4 });
    expect(await byTestId(page, 'selection-rect').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await byTestId(page, 'selection-rect').isVisible()).toBe(false);
    await page.mouse.up();
    expect(await textOf(page, 'selection-summary')).toBe('No vertices selected');

    await page.keyboard.press('g');
    expect(await byTestId(page, 'tool-grab').getAttribute('aria-pressed')).toBe('true');
    expect(await byTestId(page, 'selection-brush').isVisible()).toBe(false);
    expect(session.problems).toEqual([]);
  });
});
