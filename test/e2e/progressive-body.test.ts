/**
 * Drop a mesh → a moving soft body, progressively, in Chromium with the browser host: open
 * spot.obj, press the static mesh's one-step Simulate as soft body, see a coarse preview body
 * move, then the refined body replace it (the refine panel shows the background run), and one
 * undo remove the body. Then F frames the selected body, and a 100k-triangle mesh far from the
 * origin opens framed; and a second body made while the first refines waits its turn.
 * Screenshots: test-results/progressive-preview.png, progressive-refined.png,
 * progressive-framed.png, progressive-far-mesh.png, progressive-queued.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { PROGRESSIVE_MARKS } from '../../renderer/src/tetra/progressive-marks.ts';
import type { DrawnSummary } from '../../renderer/src/viewport/body-meshes.ts';
import {
  byTestId,
  canvas,
  canvasShot,
  drawnBody,
  expectSimState,
  openMesh,
  refinedSwaps,
  screenshotsNamed,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

interface CameraFrame {
  bounds: { min: number[]; max: number[] };
  position: number[];
  target: number[];
}

/** What the viewport's last framing aimed at (the canvas's data-camera-frame record). */
async function cameraFrame(page: Page): Promise<CameraFrame | null> {
  const record = await canvas(page).getAttribute('data-camera-frame');
  return record ? (JSON.parse(record) as CameraFrame) : null;
}

/** Page-clock times of the app's performance mark `name`, ms, in order. */
const marks = (page: Page, name: string): Promise<number[]> =>
  page.evaluate(`performance.getEntriesByName(${JSON.stringify(name)}, 'mark').map((m) => m.startTime)`);

/**
 * Starts logging, in the page, the drawn lowest point of body `name` in every record the viewport
 * publishes (data-drawn-bodies), with the refined meshes swapped in by then. A poll can miss a
 * short fall on a loaded machine (the refined body lands 0.25 s of simulated time after it
 * appears); the log cannot.
 */
async function logHeights(page: Page, name: string): Promise<void> {
  // A script string: the test's types know no DOM.
  await page.evaluate(`(() => {
    const canvas = document.querySelector('canvas.viewport-canvas');
    const log = (globalThis.heightLog = []);
    new MutationObserver(() => {
      const drawn = JSON.parse(canvas.dataset.drawnBodies ?? '[]').find((b) => b.name === ${JSON.stringify(name)});
      const swaps = performance.getEntriesByName(${JSON.stringify(PROGRESSIVE_MARKS.refineSwapped)}, 'mark').length;
      if (drawn) log.push({ minY: drawn.minY, swaps });
    }).observe(canvas, { attributes: true, attributeFilter: ['data-drawn-bodies'] });
  })()`);
}

/** The drawn heights logHeights keeps. */
type HeightLog = { minY: number; swaps: number }[];

/** Whether `log` shows the body with `swaps` refined meshes swapped in 5 cm below an earlier height. */
function fell(log: HeightLog, swaps: number): boolean {
  let highest = Number.NEGATIVE_INFINITY;
  for (const entry of log) {
    if (entry.swaps !== swaps) continue;
    if (entry.minY < highest - 0.05) return true;
    highest = Math.max(highest, entry.minY);
  }
  return false;
}

const heightLog = (page: Page): Promise<HeightLog> => page.evaluate<HeightLog>('globalThis.heightLog');

/**
 * Waits until the body logged by logHeights is seen falling with `swaps` refined meshes swapped
 * in: a drawn lowest point 5 cm below an earlier one of the same mesh (it starts 0.3 m above the
 * ground).
 */
async function seenFalling(page: Page, swaps: number, timeout: number): Promise<void> {
  await expect.poll(async () => fell(await heightLog(page), swaps), { timeout, interval: 100 }).toBe(true);
}

/**
 * Waits until the preview body is seen falling, or the refined body has replaced it first: on two
 * loaded cores the viewport may draw the preview for a frame or two only, while a refinement of a
 * few thousand tets takes a fraction of a second (seenFalling then checks the refined body). Which
 * of the two happened.
 */
async function previewFellOrWasReplaced(page: Page, timeout: number): Promise<'fell' | 'replaced'> {
  let outcome: 'fell' | 'replaced' | null = null;
  await expect
    .poll(
      async () => {
        const log = await heightLog(page);
        if (fell(log, 0)) outcome = 'fell';
        else if (log.some((entry) => entry.swaps > 0)) outcome = 'replaced';
        return outcome;
      },
      { timeout, interval: 100 },
    )
    .not.toBeNull();
  return outcome!;
}

/** Software WebGL, the tetrahedralizer and the solver share two loaded cores with the browser. */
const REFINE_TIMEOUT_MS = 120_000;
const screenshot = screenshotsNamed('progressive');

describe('progressive soft body (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test(
    'one step from the static mesh: a coarse body moves first, the refined one replaces it, one undo removes it',
    async () => {
      await expectSimState(page, 'Playing');
      await openMesh(page, 'spot.obj');
      const meshVertices = Number((await textOf(page, 'prop-mesh-vertices')).replace(/,/g, ''));
      const before = await textOf(page, 'particles');
      await logHeights(page, 'spot');
      await byTestId(page, 'prop-simulate-mesh').click();
      await expect.poll(() => textOf(page, 'document-title'), { timeout: 60_000 }).toBe('Default scene');
      expect(await byTestId(page, 'outliner').locator('button').allTextContents()).toEqual([
        'soft blocksolid',
        'clothcloth',
        'spotsolid',
      ]);
      // The preview body: the imported surface drawn skinned to a coarse cage (once the worker
      // built it: seconds on a loaded machine), falling.
      await expect
        .poll(async () => (await drawnBody(page, 'spot'))?.vertices, { timeout: 60_000 })
        .toBe(meshVertices);
      const preview = await previewFellOrWasReplaced(page, 30_000);
      console.log(
        `progressive e2e: the preview body ${preview === 'fell' ? 'fell' : 'was replaced before it fell 5 cm'}`,
      );
      // The preview's particles, unless the refined body has replaced it already.
      const previewParticles = preview === 'fell' ? await textOf(page, 'particles') : null;
      if (previewParticles !== null) expect(previewParticles).not.toBe(before);
      await screenshot(page, 'preview');
      // The refinement runs meanwhile, with its progress and Cancel (unless it is done already).
      if ((await refinedSwaps(page)) === 0) {
        await expect
          .poll(
            async () => (await refinedSwaps(page)) > 0 || (await byTestId(page, 'refine-panel').isVisible()),
          )
          .toBe(true);
        if ((await refinedSwaps(page)) === 0)
          expect(await textOf(page, 'refine-title')).toBe('Refining spot: 5,000 target tets');
      }

      // The refined body replaces the preview: more particles, the same surface, falling again.
      await expect.poll(() => refinedSwaps(page), { timeout: REFINE_TIMEOUT_MS, interval: 250 }).toBe(1);
      await expect
        .poll(() => textOf(page, 'particles'), { timeout: 60_000 })
        .not.toBe(previewParticles ?? before);
      const refinedParticles = await textOf(page, 'particles');
      expect(await byTestId(page, 'refine-panel').isVisible()).toBe(false);
      await expect
        .poll(async () => (await drawnBody(page, 'spot'))?.vertices, { timeout: 60_000 })
        .toBe(meshVertices);
      await seenFalling(page, 1, 30_000);
      await screenshot(page, 'refined');
      expect(await byTestId(page, 'outliner').locator('button').count()).toBe(3);
      console.log(
        `progressive e2e: scene with the preview body ${previewParticles ?? '(replaced before read)'}; with the refined body ${refinedParticles}`,
      );

      // Adding the body was one edit: one undo removes it, redo brings back the refined body.
      await canvas(page).click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => byTestId(page, 'outliner').locator('button').count()).toBe(2);
      expect(await refinedSwaps(page)).toBe(1);
      await page.keyboard.press('Control+Shift+z');
      await expect.poll(() => byTestId(page, 'outliner').locator('button').count()).toBe(3);
      await expect.poll(() => textOf(page, 'particles'), { timeout: 60_000 }).toBe(refinedParticles);
      expect(await page.locator('.notification-error').count()).toBe(0);
    },
    3 * REFINE_TIMEOUT_MS,
  );

  test('F frames the selected body: the camera aims at it, and at the other one once that is selected', async () => {
    // Paused, so that the framed box and the drawn record describe the same positions.
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await byTestId(page, 'outliner-body-2').click();
    // The outliner button keeps the focus: F reaches the editor (no text field has it).
    await page.keyboard.press('f');
    await expect
      .poll(
        async () => {
          const frame = await cameraFrame(page);
          const spot = await drawnBody(page, 'spot');
          // The framed box is spot's as drawn now (its tets; the drawn surface lies within 5 cm).
          return frame !== null && spot !== undefined && Math.abs(frame.bounds.max[1] - spot.maxY) < 0.05;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    const onSpot = (await cameraFrame(page)) as CameraFrame;
    await screenshot(page, 'framed');

    await byTestId(page, 'outliner-body-0').click();
    // The outliner button keeps the focus: F reaches the editor (no text field has it).
    await page.keyboard.press('f');
    await expect.poll(async () => (await cameraFrame(page))?.target).not.toEqual(onSpot.target);
    const onBlock = (await cameraFrame(page)) as CameraFrame;
    const block = (await drawnBody(page, 'soft block')) as DrawnSummary;
    // The block's box: its drawn height range (same particles), within 5 cm as it wobbles.
    expect(Math.abs(onBlock.bounds.min[1] - block.minY)).toBeLessThan(0.05);
    expect(Math.abs(onBlock.bounds.max[1] - block.maxY)).toBeLessThan(0.05);
    // The camera looks at the box's centre.
    for (const k of [0, 1, 2])
      expect(onBlock.target[k]).toBeCloseTo((onBlock.bounds.min[k] + onBlock.bounds.max[k]) / 2, 6);
    expect(session.problems).toEqual([]);
  });
});

/**
 * A closed UV sphere of radius `radiusM` around `centre` as OBJ text: `rings` × `segments` quads
 * as two triangles each, capped by fans at the poles.
 */
function sphereObj(
  centre: [number, number, number],
  radiusM: number,
  rings: number,
  segments: number,
): string {
  const lines: string[] = [];
  const [cx, cy, cz] = centre;
  lines.push(`v ${cx} ${cy + radiusM} ${cz}`);
  for (let i = 1; i < rings; i++) {
    const theta = (Math.PI * i) / rings;
    for (let j = 0; j < segments; j++) {
      const phi = (2 * Math.PI * j) / segments;
      const x = cx + radiusM * Math.sin(theta) * Math.cos(phi);
      const y = cy + radiusM * Math.cos(theta);
      const z = cz + radiusM * Math.sin(theta) * Math.sin(phi);
      lines.push(`v ${x.toFixed(4)} ${y.toFixed(4)} ${z.toFixed(4)}`);
    }
  }
  lines.push(`v ${cx} ${cy - radiusM} ${cz}`);
  const top = 1;
  const bottom = 2 + (rings - 1) * segments;
  const at = (ring: number, j: number) => 2 + (ring - 1) * segments + (j % segments);
  for (let j = 0; j < segments; j++) lines.push(`f ${top} ${at(1, j + 1)} ${at(1, j)}`);
  for (let i = 1; i < rings - 1; i++)
    for (let j = 0; j < segments; j++) {
      lines.push(`f ${at(i, j)} ${at(i, j + 1)} ${at(i + 1, j + 1)}`);
      lines.push(`f ${at(i, j)} ${at(i + 1, j + 1)} ${at(i + 1, j)}`);
    }
  for (let j = 0; j < segments; j++) lines.push(`f ${bottom} ${at(rings - 1, j)} ${at(rings - 1, j + 1)}`);
  return `${lines.join('\n')}\n`;
}

describe('an imported mesh is framed, even with 100k triangles far from the origin', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('a 1 m sphere of 102,400 triangles at (5000, 200, −3000) m opens framed', async () => {
    const centre: [number, number, number] = [5000, 200, -3000];
    // 2·segments·(rings − 1) triangles: 2·320·160 = 102,400.
    const obj = sphereObj(centre, 1, 161, 320);
    await expectSimState(page, 'Playing');
    await openMesh(page, { name: 'far-sphere.obj', mimeType: 'text/plain', buffer: Buffer.from(obj) });
    expect(await textOf(page, 'prop-mesh-triangles')).toBe('102,400');
    await expect.poll(async () => (await cameraFrame(page))?.target[0] ?? 0).toBeGreaterThan(4000);
    const frame = (await cameraFrame(page)) as CameraFrame;
    // Aimed at the sphere's centre (within 1 cm: 32-bit positions at 5 km are good to about 0.5 mm).
    for (const k of [0, 1, 2]) expect(Math.abs(frame.target[k] - centre[k])).toBeLessThan(0.01);
    // From a few radii away: close enough to fill the view, far enough to see it whole.
    const distance = Math.hypot(...frame.position.map((p, k) => p - frame.target[k]));
    expect(distance).toBeGreaterThan(2);
    expect(distance).toBeLessThan(10);
    // And it is drawn there: the canvas centre shows the sphere, not the background of its corner.
    const shot = await canvasShot(page);
    const pixel = (x: number, y: number) =>
      Array.from(shot.rgba.subarray(4 * (y * shot.width + x), 4 * (y * shot.width + x) + 3));
    const middle = pixel(Math.floor(shot.width / 2), Math.floor(shot.height / 2));
    const corner = pixel(2, 2);
    expect(Math.max(...middle.map((c, k) => Math.abs(c - corner[k])))).toBeGreaterThan(20);
    await screenshot(page, 'far-mesh');
    console.log(
      `progressive e2e: far sphere framed from ${distance.toFixed(2)} m, centre pixel ${middle}, corner ${corner}`,
    );
    expect(session.problems).toEqual([]);
  }, 90_000);
});

/**
 * Two progressive bodies, the second made while the first still refines: the refinements queue
 * (renderer/src/tetra/refine-queue.ts) instead of the second cancelling the first, the refine
 * panel names the body refining and the one queued, and both bodies get their refined meshes.
 * The first body's refinement is held (its run command is held by the page's Worker, wrapped by
 * the test) until the second body is in, so the order does not depend on the machine's load.
 */
describe('two progressive bodies (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test(
    'a body made while another refines waits its turn; both get their refined meshes',
    async () => {
      await expectSimState(page, 'Playing');
      const outliner = () => byTestId(page, 'outliner').locator('button').allTextContents();
      // The first body's refinement is held until the second body is in: its run is the first
      // `run` command posted to a tetra worker once that body is added (the preview's came
      // before), and the page's Worker, wrapped here, holds it back. Without the hold the order
      // was a race that a loaded machine lost (two CPU hogs: the first refinement ended before the
      // second body came). The run's worker is the preview's, kept for it (tetra-client.ts), so
      // the hold is on its command, not on a worker script's fetch. A script string: the test's
      // types know no DOM.
      await page.evaluate(`(() => {
        const Real = globalThis.Worker;
        let release = () => {};
        const released = new Promise((resolve) => { release = resolve; });
        globalThis.refineHold = { held: false, release: () => { release(); globalThis.Worker = Real; } };
        globalThis.Worker = class extends Real {
          postMessage(message, transfer) {
            const added = performance.getEntriesByName(${JSON.stringify(PROGRESSIVE_MARKS.bodyAdded)}, 'mark').length;
            if (message?.type === 'run' && added === 1 && !globalThis.refineHold.held) {
              globalThis.refineHold.held = true;
              released.then(() => super.postMessage(message, transfer));
              return;
            }
            super.postMessage(message, transfer);
          }
        };
      })()`);
      const held = () => page.evaluate('globalThis.refineHold.held');
      try {
        await openMesh(page, 'rocker-arm.obj');
        await byTestId(page, 'prop-simulate-mesh').click();
        await expect.poll(() => textOf(page, 'document-title'), { timeout: 60_000 }).toBe('Default scene');
        await expect
          .poll(() => marks(page, PROGRESSIVE_MARKS.bodyAdded), { timeout: 60_000 })
          .toHaveLength(1);
        await expect.poll(held, { timeout: 30_000 }).toBe(true);

        await openMesh(page, 'spot.obj');
        await byTestId(page, 'prop-simulate-mesh').click();
        await expect
          .poll(() => marks(page, PROGRESSIVE_MARKS.bodyAdded), { timeout: 60_000 })
          .toHaveLength(2);
        expect(await outliner()).toEqual(['soft blocksolid', 'clothcloth', 'rocker-armsolid', 'spotsolid']);
        expect(await marks(page, PROGRESSIVE_MARKS.refineDone)).toEqual([]);

        // The panel names the body refining and the one queued behind it (each with its Cancel).
        await expect
          .poll(() => byTestId(page, 'refine-queued-0').isVisible(), { timeout: 10_000 })
          .toBe(true);
        expect(await textOf(page, 'refine-title')).toBe('Refining rocker-arm: 5,000 target tets');
        expect(await textOf(page, 'refine-queued-0')).toBe('Queued: spot: 5,000 target tetsCancel');
        expect(await byTestId(page, 'refine-queued-cancel-0').isVisible()).toBe(true);
        await screenshot(page, 'queued');
      } finally {
        await page.evaluate('globalThis.refineHold.release()');
      }

      // Then the second refines, and both refined meshes are swapped in.
      await expect
        .poll(() => marks(page, PROGRESSIVE_MARKS.refineSwapped), {
          timeout: 2 * REFINE_TIMEOUT_MS,
          interval: 250,
        })
        .toHaveLength(2);
      await expect.poll(() => byTestId(page, 'refine-panel').isVisible()).toBe(false);
      // One after the other: the second run's result came after the first was swapped in.
      const [firstSwapped] = await marks(page, PROGRESSIVE_MARKS.refineSwapped);
      const done = await marks(page, PROGRESSIVE_MARKS.refineDone);
      expect(done).toHaveLength(2);
      expect(done[1]).toBeGreaterThan(firstSwapped);
      expect(await page.locator('.notification-error').count()).toBe(0);
      expect(session.problems).toEqual([]);
    },
    3 * REFINE_TIMEOUT_MS,
  );
});
