/**
 * The editor driven as a person would: it loads cleanly under its CSP, the viewport
 * draws the default scene and it moves, Pause/Play/Step/Reset and the keyboard work,
 * and Open Mesh… asks for a file. Runs on the browser host, and on Electron when present.
 */
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { readMeshFile } from '../../core/node/read-mesh.ts';
import { compressedGlb, loadEncoders } from '../core/mesh/compressed-fixtures.ts';
import { findElectron, repoRoot, resultsDir, sharedMeshes } from './environment.ts';
import {
  animationFrames,
  byTestId,
  canvas,
  canvasShot,
  centroidOf,
  chooserFrom,
  expectCanvasChange,
  expectSimState,
  saveScreenshot,
  sessionPerSuite,
  simTimeOf,
  textOf,
} from './page-helpers.ts';
import { changedFraction, type DecodedImage, decodePng, distinctColours } from './png.ts';
import { type AppSession, openInChromium, openInElectron } from './sessions.ts';

interface Target {
  name: string;
  host: 'browser' | 'electron';
  open(): Promise<AppSession>;
}

const electron = findElectron();
const targets: Target[] = [
  { name: 'browser host in Chromium', host: 'browser', open: () => openInChromium(inject('baseUrl')) },
];
if (!('missing' in electron)) {
  targets.push({ name: 'Electron app', host: 'electron', open: () => openInElectron(electron) });
}

/**
 * Centre of the pixels drawn in the soft block's orange (0xe8833a, body-palette.ts, shaded), in
 * canvas pixels, and how many there are.
 */
function orangeCentre(image: DecodedImage): { x: number; y: number; count: number } {
  let x = 0;
  let y = 0;
  let count = 0;
  for (let row = 0; row < image.height; row++) {
    for (let column = 0; column < image.width; column++) {
      const i = 4 * (row * image.width + column);
      const [r, g, b] = [image.rgba[i], image.rgba[i + 1], image.rgba[i + 2]];
      if (r > 110 && r > g + 25 && g > b + 15) {
        x += column;
        y += row;
        count++;
      }
    }
  }
  return { x: x / count, y: y / count, count };
}

/** The bottom `rows` rows of an image: the ground just in front of the camera. */
function bottomStrip(image: DecodedImage, rows: number): DecodedImage {
  const start = 4 * image.width * (image.height - rows);
  return { width: image.width, height: rows, rgba: image.rgba.slice(start) };
}

describe.each(targets)('$name', ({ host, open }) => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  }, open);

  test('loads the default scene and starts playing with no console errors or CSP violations', async () => {
    await expectSimState(page, 'Playing');
    expect(await page.evaluate('document.body.dataset.host')).toBe(host);
    expect(await byTestId(page, 'notification').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });

  test('the status bar shows fps, solver ms per frame and the world size', async () => {
    // A window in which no new frame arrived reads 0.0 fps; while playing, a positive rate follows.
    await expect.poll(() => textOf(page, 'fps'), { timeout: 10_000 }).toMatch(/^(?!0\.0 )\d+\.\d fps$/);
    await expect.poll(() => textOf(page, 'sim-ms'), { timeout: 10_000 }).toMatch(/^sim \d+\.\d\d ms$/);
    expect(await textOf(page, 'particles')).toMatch(/^[1-9][\d,]* particles$/);
    expect(await textOf(page, 'constraints')).toMatch(/^[1-9][\d,]* constraints$/);
  });

  test('the viewport draws the scene and the scene moves', async () => {
    const first = await canvasShot(page);
    // Shaded bodies, ground, grid and shadows make hundreds of colours; a blank canvas has one.
    expect(distinctColours(first)).toBeGreaterThan(200);
    await expectCanvasChange(page, first, 0.001);
  });

  test('a screenshot of the scene 1.5 s in is saved', async () => {
    // Pause, reset and press Step 90 times (1.5 s at 60 Hz): the same picture on every run, with
    // the block landed and the cloth hanging from its pins.
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await page.keyboard.press('r');
    await expect.poll(() => simTimeOf(page)).toBe(0);
    await page.evaluate(
      `for (let i = 0; i < 90; i++) document.querySelector('[data-testid="step"]').click()`,
    );
    await expect.poll(() => textOf(page, 'sim-time'), { timeout: 20_000 }).toBe('t = 1.50 s');
    await animationFrames(page, 3);
    const file = await saveScreenshot(page, `default-scene-${host}.png`);
    if (process.env.UPDATE_DOCS_SCREENSHOT === '1' && host === 'browser') {
      copyFileSync(file, join(repoRoot, 'docs', 'screenshot.png'));
    }
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Playing');
  });

  test('Pause stops the motion and Play resumes it', async () => {
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    // A frame already on its way when Pause was pressed may still be drawn.
    await animationFrames(page, 3);
    const pausedA = await canvasShot(page);
    const timeA = await simTimeOf(page);
    // Thirty of the page's frames (half a second at 60 Hz, longer under load): nothing may move.
    await animationFrames(page, 30);
    const pausedB = await canvasShot(page);
    expect(changedFraction(pausedA, pausedB)).toBe(0);
    expect(await simTimeOf(page)).toBe(timeA);

    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Playing');
    await expectCanvasChange(page, pausedB, 0.001);
    await expect.poll(() => simTimeOf(page)).toBeGreaterThan(timeA);
  });

  test('Space toggles play exactly once, even with a toolbar button focused', async () => {
    await byTestId(page, 'play-pause').focus();
    await page.keyboard.press('Space');
    await expectSimState(page, 'Paused');
    // A focused button would also be pressed by the key-up; the state must not flip back.
    await animationFrames(page, 10);
    expect(await textOf(page, 'sim-state')).toBe('Paused');
    await page.keyboard.press('Space');
    await expectSimState(page, 'Playing');
  });

  test('R resets to the rest state and Step advances one frame', async () => {
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Paused');
    await page.keyboard.press('r');
    await expect.poll(() => simTimeOf(page)).toBe(0);
    await byTestId(page, 'step').click();
    await expect.poll(() => simTimeOf(page)).toBeGreaterThan(0);
    expect(await simTimeOf(page)).toBeLessThan(0.1);
    await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Playing');
  });

  test.runIf(host === 'browser')('Open Mesh… imports the chosen file and shows it static', async () => {
    const before = await canvasShot(page);
    const chooser = await chooserFrom(page, 'open-mesh');
    // Several files at once: a .gltf comes with its .bin and textures.
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles(join(sharedMeshes, 'spot.obj'));
    await expect
      .poll(() => byTestId(page, 'notification').last().textContent())
      .toContain('Imported spot.obj: 2,930 vertices, 5,856 triangles.');
    expect(await textOf(page, 'document-title')).toBe('spot.obj (static mesh)');
    expect(await byTestId(page, 'play-pause').isDisabled()).toBe(true);
    await expectSimState(page, 'Paused');
    await expectCanvasChange(page, before, 0.05);
    await saveScreenshot(page, `static-mesh-${host}.png`);

    await byTestId(page, 'close-mesh').click();
    expect(await textOf(page, 'document-title')).toBe('Default scene');
    expect(await byTestId(page, 'play-pause').isDisabled()).toBe(false);
    expect(await byTestId(page, 'close-mesh').isVisible()).toBe(false);
  });

  test.runIf(host === 'browser')(
    'a multi-file glTF opens with its .bin and texture, chosen together or dropped together',
    async () => {
      const folder = join(sharedMeshes, 'BoxTextured');
      const names = ['BoxTextured.gltf', 'BoxTextured0.bin', 'CesiumLogoFlat.png'];
      const imported = () =>
        expect
          .poll(() => byTestId(page, 'notification').last().textContent())
          .toMatch(/^Imported BoxTextured\.gltf: [\d,]+ vertices, 12 triangles\./);
      const chooser = await chooserFrom(page, 'open-mesh');
      await chooser.setFiles(names.map((name) => join(folder, name)));
      await imported();
      expect(await textOf(page, 'document-title')).toBe('BoxTextured.gltf (static mesh)');
      await byTestId(page, 'close-mesh').click();

      // The same three files dropped on the window: one import, the .bin read as the glTF's companion.
      const files = names.map((name) => ({
        name,
        base64: readFileSync(join(folder, name)).toString('base64'),
      }));
      await page.evaluate(`(() => {
        const data = new DataTransfer();
        for (const { name, base64 } of ${JSON.stringify(files)}) {
          const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
          data.items.add(new File([bytes], name));
        }
        window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      })()`);
      await expect.poll(() => textOf(page, 'document-title')).toBe('BoxTextured.gltf (static mesh)');
      expect(session.problems).toEqual([]);
      await byTestId(page, 'close-mesh').click();
    },
  );

  test.runIf(host === 'browser')(
    'Open Mesh… decodes Draco- and meshopt-compressed GLB files in the import worker',
    async () => {
      await loadEncoders();
      const { mesh } = await readMeshFile(join(sharedMeshes, 'spot.obj'));
      for (const compression of ['draco', 'meshopt'] as const) {
        const chooser = await chooserFrom(page, 'open-mesh');
        await chooser.setFiles({
          name: `spot-${compression}.glb`,
          mimeType: 'model/gltf-binary',
          buffer: Buffer.from(await compressedGlb(mesh, compression)),
        });
        await expect
          .poll(() => byTestId(page, 'notification').last().textContent())
          .toContain(`Imported spot-${compression}.glb: 2,930 vertices, 5,856 triangles.`);
        await byTestId(page, 'close-mesh').click();
      }
    },
  );

  test.runIf(host === 'browser')(
    'a broken mesh file is reported with its line and changes nothing',
    async () => {
      const chooser = await chooserFrom(page, 'open-mesh');
      await chooser.setFiles({
        name: 'broken.obj',
        mimeType: 'text/plain',
        buffer: Buffer.from('v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 7\n'),
      });
      const error = page.locator('.notification-error').last();
      await expect.poll(() => error.textContent()).toMatch(/^broken\.obj:4: /);
      expect(await textOf(page, 'document-title')).toBe('Default scene');
      // Errors stay until dismissed.
      await error.locator('button').click();
      expect(await page.locator('.notification-error').count()).toBe(0);
    },
  );

  test.runIf(host === 'browser')('Ctrl+O opens the file chooser in the browser host', async () => {
    // Playwright switches file-chooser interception on for a new listener asynchronously and
    // forwards choosers only once that is done. A click takes several round trips before it acts;
    // a key press reaches the page at once and can open the chooser before the switch lands (the
    // likely cause of a 30 s timeout seen once on a loaded machine). So the listener goes first,
    // and the click's round trips come between it and the key.
    const chooser = page.waitForEvent('filechooser');
    // The click only gives the page focus: it must not wait for a notification or panel over the
    // canvas to move away (on a loaded machine that wait outlasted the test).
    await canvas(page).click({ force: true });
    await page.keyboard.press('Control+o');
    // Several files at once: a .gltf comes with its .bin and textures.
    expect((await chooser).isMultiple()).toBe(true);
  });

  test('dragging the block with the mouse lifts it, the camera stays put, and releasing drops it', {
    timeout: 90_000,
  }, async () => {
    // Opening a mesh (above) pauses the simulation; the grab needs it running.
    if ((await textOf(page, 'sim-state')) !== 'Playing') await byTestId(page, 'play-pause').click();
    await expectSimState(page, 'Playing');
    const box = await canvas(page).boundingBox();
    expect(box).not.toBeNull();
    // Wait until the block rests (it lands about 1 s after load) and the view is still: the
    // ground strip the no-orbit check reads must not be changing already (a camera still
    // settling after the previous test's static mesh closed, on a slow machine).
    // Notifications (a mesh's report, a late self-intersection count) come and go over the
    // canvas on their own clock, and on a loaded machine they stack up past the ground strip
    // read below: hidden (not removed: the layout stays) while the pictures are compared.
    await page.evaluate("document.getElementById('notifications').style.visibility = 'hidden'");
    const shot = async () => {
      const png = await canvas(page).screenshot();
      return { png, ...decodePng(png) };
    };
    let before = await shot();
    await expect
      .poll(
        async () => {
          const previous = before;
          before = await shot();
          return (
            Math.abs(orangeCentre(before).y - orangeCentre(previous).y) < 2 &&
            changedFraction(bottomStrip(previous, 30), bottomStrip(before, 30)) < 0.02
          );
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBe(true);
    const block = orangeCentre(before);
    expect(block.count).toBeGreaterThan(200);
    const [, restY] = await centroidOf(page);
    await page.mouse.move(box!.x + block.x, box!.y + block.y);
    await page.mouse.down();
    await expect.poll(() => canvas(page).getAttribute('data-grab')).toBe('soft block');
    await page.mouse.move(box!.x + block.x, box!.y + block.y - 120, { steps: 12 });
    // The block follows the cursor up (120 px asked; the soft grab spring and the body's weight
    // leave it somewhat below): wait for it, as long as a loaded machine's frame rate needs.
    let held = await shot();
    await expect
      .poll(
        async () => {
          held = await shot();
          return block.y - orangeCentre(held).y;
        },
        { timeout: 20_000, interval: 300 },
      )
      .toBeGreaterThan(40);
    // In metres too (the block is selected: the properties panel reads its centre of mass).
    const [, heldY] = await centroidOf(page);
    expect(heldY - restY).toBeGreaterThan(0.1);
    await saveScreenshot(page, `grab-held-${host}.png`);
    // The ground in front of the camera did not move: no orbit. When it did, the picture before
    // the grab is kept beside the one held, to tell an orbit from something drawn over the strip.
    const groundChanged = changedFraction(bottomStrip(before, 30), bottomStrip(held, 30));
    if (groundChanged >= 0.02) writeFileSync(join(resultsDir, `grab-before-${host}.png`), before.png);
    expect(groundChanged).toBeLessThan(0.02);
    await page.mouse.up();
    await expect.poll(() => canvas(page).getAttribute('data-grab')).toBe('');
    // The released jelly block falls, bounces and may roll for a while (E = 100 kPa, ζ = 0.3):
    // wait until it is back in view and its centre of mass has come down at least halfway from
    // where it was held to where it rested. Read in metres, not pixels: on a loaded machine it can
    // land farther back, where the perspective shows it higher on the screen (seen once: it came to
    // rest some 100 px to the side and barely below where it was held). The notifications stay
    // hidden until then: a stack of them over the block at rest would hide its orange. The last
    // picture is kept when it never does.
    let dropped = await shot();
    try {
      await expect
        .poll(
          async () => {
            dropped = await shot();
            return orangeCentre(dropped).count > 200 && (await centroidOf(page))[1] < (restY + heldY) / 2;
          },
          { timeout: 20_000, interval: 400 },
        )
        .toBe(true);
    } catch (error) {
      writeFileSync(join(resultsDir, `grab-dropped-${host}.png`), dropped.png);
      throw error;
    } finally {
      await page.evaluate("document.getElementById('notifications').style.visibility = ''");
    }
  });

  test('nothing logged an error or broke the CSP during the session', () => {
    expect(session.problems).toEqual([]);
  });
});
