/**
 * Presets, files and recovery driven as a person would, in Chromium with the browser host: Export
 * asks whether to export the selected body or the whole scene (Ctrl+E too, and Cancel exports
 * nothing); the cloth alone exports to Jolt and the notification names it and lists what Jolt
 * approximates; the whole scene exports as GLB and as preset JSON, and `softbody validate` accepts
 * both; a built-in material from the library changes the properties and undo restores them; a
 * user preset is saved and deleted; the exported preset reopens from Open Recent as a body; an
 * unknown dropped file is named; a dropped project asks before discarding edits; an unsaved edit
 * survives a reload through the recovery copy; a dropped mesh is imported. Screenshots go to
 * test-results/presets-*.png.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { writeProject } from '../../core/project/index.ts';
import { parseScene } from '../../core/scene/scene-validate.ts';
import { repoRoot, resultsDir, sharedMeshes } from './environment.ts';
import {
  byTestId,
  enterValue,
  expectSimState,
  screenshotsNamed,
  sessionPerSuite,
  textOf,
} from './page-helpers.ts';
import { type AppSession, openInChromium } from './sessions.ts';

const run = promisify(execFile);
/** The recovery interval the page runs with, ms (the app's default is a minute). */
const RECOVERY_INTERVAL_MS = 500;
const screenshot = screenshotsNamed('presets');

/** Takes focus off any field, so Ctrl+Z undoes the document rather than typing. */
async function blur(page: Page): Promise<void> {
  await page.evaluate('document.activeElement?.blur()');
}

async function notificationTexts(page: Page): Promise<string[]> {
  return byTestId(page, 'notification-text').allTextContents();
}

describe('presets, export, recent files and recovery (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  sessionPerSuite(
    (opened) => {
      ({ session, page } = opened);
      // A click that cannot happen fails with Playwright's reason, not the test's timeout.
      page.setDefaultTimeout(10_000);
    },
    () => openInChromium(`${inject('baseUrl')}?recoveryIntervalMs=${RECOVERY_INTERVAL_MS}`),
  );

  test('Ctrl+E asks whether to export the selected body or the whole scene; Cancel exports nothing', async () => {
    await expectSimState(page, 'Playing');
    // The default scene opens with its first body selected.
    await blur(page);
    await page.keyboard.press('Control+e');
    await expect.poll(() => byTestId(page, 'export-question').isVisible()).toBe(true);
    expect(await byTestId(page, 'toggle-preset-library').getAttribute('aria-pressed')).toBe('true');
    expect(await textOf(page, 'export-question-text')).toBe(
      'Export the selected body or the whole scene as Preset JSON?',
    );
    expect(await textOf(page, 'export-scope-body')).toBe('soft block');
    expect(await textOf(page, 'export-scope-scene')).toBe('Whole scene (2 bodies)');
    await screenshot(page, 'export-question');
    await byTestId(page, 'export-scope-cancel').click();
    await expect.poll(() => byTestId(page, 'export-question').count()).toBe(0);
    expect(await byTestId(page, 'export-preset').isVisible()).toBe(true);
    expect(await notificationTexts(page)).toEqual([]);
    expect(session.problems).toEqual([]);
  });

  test('one body exports alone to Jolt, and the notification names it and lists the approximations', async () => {
    await byTestId(page, 'outliner-body-1').click();
    await byTestId(page, 'export-preset-jolt').click();
    expect(await textOf(page, 'export-question-text')).toBe(
      'Export the selected body or the whole scene as Jolt Physics JSON?',
    );
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'export-scope-body').click(),
    ]);
    expect(download.suggestedFilename()).toBe('cloth.jolt.json');
    mkdirSync(resultsDir, { recursive: true });
    const file = join(resultsDir, 'presets-cloth.jolt.json');
    await download.saveAs(file);
    const jolt = JSON.parse(readFileSync(file, 'utf8'));
    expect(jolt.bodies.map((b: { name: string }) => b.name)).toEqual(['cloth']);
    await expect
      .poll(() => notificationTexts(page))
      .toContainEqual(
        expect.stringMatching(
          /^Exported cloth\.jolt\.json: cloth \(\d+\.\d KiB\); approximated: cloth membrane, cloth plate bending, constraint damping\.$/,
        ),
      );
    const notification = byTestId(page, 'notification').filter({ hasText: 'Exported cloth.jolt.json' });
    await notification.locator('[data-testid="notification-details"]').click();
    const detail = (await notification.locator('[data-testid="notification-detail"]').textContent()) ?? '';
    // The body exports as an asset, without the scene's ground: only its membrane (as fitted edge
    // springs), its bending (as hinges) and the damping are approximated.
    const lines = detail.split('\n');
    expect(lines.map((line) => line.slice(0, line.indexOf(':')))).toEqual([
      'cloth membrane',
      'cloth plate bending',
      'constraint damping',
      'budget',
      'budget',
    ]);
    expect(lines[0]).toMatch(/^cloth membrane: 'cloth': Jolt has no membrane triangles: /);
    expect(lines[2]).toMatch(/^constraint damping: 'cloth': damping along ∇C dropped, Jolt has none/);
    // Then what Jolt's 15 substeps do to the exported networks: the stretch of this stiff cloth is
    // out of reach at that budget, and the notice says which substep count would reach it.
    expect(lines[3]).toMatch(
      /^budget: cloth: cloth edges: stiffened ×[\d.]+ for 15 substeps .*substeps would reach it/,
    );
    expect(lines[4]).toMatch(/^budget: cloth: cloth hinges: /);
    await screenshot(page, 'jolt-approximations');
    // A warning stays until closed.
    await notification.locator('.notification-close').click();
    expect(session.problems).toEqual([]);
  });

  test('the whole scene exports as GLB and `softbody validate` reads the preset in it', async () => {
    await byTestId(page, 'export-preset-glb').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'export-scope-scene').click(),
    ]);
    expect(download.suggestedFilename()).toBe('untitled.glb');
    const file = join(resultsDir, 'presets-default.glb');
    await download.saveAs(file);
    await expect
      .poll(() => notificationTexts(page))
      .toContainEqual(
        expect.stringMatching(/^Exported untitled\.glb: whole scene, 2 bodies \(\d+\.\d KiB\)\.$/),
      );
    const { stdout } = await run('npx', ['softbody', 'validate', file], { cwd: repoRoot });
    expect(stdout.trim()).toMatch(
      /: valid preset 'untitled' \(formatVersion 3, in the GLB's SOFTBODY_soft_body extension\); bodies: soft block \(solid, 216 vertices, 625 tets, [\d.]+ kg\), cloth \(cloth, 441 vertices, 800 triangles, [\d.]+ kg\)$/,
    );
    expect(session.problems).toEqual([]);
  });

  test("the default scene's preset downloads and `softbody validate` accepts it", async () => {
    // Export lives in the library panel (and on Ctrl+E and the Electron File menu).
    await byTestId(page, 'export-preset').click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'export-scope-scene').click(),
    ]);
    expect(download.suggestedFilename()).toBe('untitled.preset.json');
    const file = join(resultsDir, 'presets-default.preset.json');
    await download.saveAs(file);
    await expect
      .poll(() => notificationTexts(page))
      .toContainEqual(
        expect.stringMatching(/^Exported untitled\.preset\.json: whole scene, 2 bodies \(\d+\.\d KiB\)\.$/),
      );

    const { stdout } = await run('npx', ['softbody', 'validate', file], { cwd: repoRoot });
    // execFile rejects on a non-zero exit, so reaching here means exit 0.
    expect(stdout.trim()).toMatch(
      /: valid preset 'untitled' \(formatVersion 3\); bodies: soft block \(solid, 216 vertices, 625 tets, [\d.]+ kg\), cloth \(cloth, 441 vertices, 800 triangles, [\d.]+ kg\)$/,
    );
    console.log(`presets e2e: softbody validate: ${stdout.trim()}`);
    expect(session.problems).toEqual([]);
  });

  test('a built-in material applies to the selected body in one step and undo restores it', async () => {
    await byTestId(page, 'outliner-body-0').click();
    await expect.poll(() => byTestId(page, 'preset-library').isVisible()).toBe(true);
    expect(await textOf(page, 'library-target')).toBe('Applies to: soft block');
    const rubber = byTestId(page, 'library-material-natural-rubber');
    expect(await rubber.textContent()).toContain('E 1.2 MPa · ν 0.49 · ρ 930 kg/m³');
    // A cloth material does not fit a block.
    expect(await byTestId(page, 'library-apply-cotton').isDisabled()).toBe(true);
    expect(await byTestId(page, 'prop-youngs-modulus').inputValue()).toBe('100');

    await byTestId(page, 'library-apply-natural-rubber').click();
    await expect.poll(() => byTestId(page, 'prop-youngs-modulus').inputValue()).toBe('1.2');
    expect(await byTestId(page, 'prop-youngs-unit').inputValue()).toBe('MPa');
    expect(await byTestId(page, 'prop-poisson').inputValue()).toBe('0.49');
    expect(await byTestId(page, 'prop-density').inputValue()).toBe('930');
    expect(await page.title()).toBe('• untitled.sbproj — Softbody Studio');
    await screenshot(page, 'library');

    await blur(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'prop-youngs-modulus').inputValue()).toBe('100');
    expect(await byTestId(page, 'prop-poisson').inputValue()).toBe('0.4');
    expect(await byTestId(page, 'prop-density').inputValue()).toBe('1000');
    expect(await page.title()).toBe('untitled.sbproj — Softbody Studio');
    expect(session.problems).toEqual([]);
  });

  test('a user preset is saved from the selected body, listed, and deleted after confirming', async () => {
    await byTestId(page, 'save-user-preset').click();
    const name = byTestId(page, 'user-preset-name');
    expect(await name.inputValue()).toBe('soft block preset');
    await enterValue(page, 'user-preset-name', 'Firm block');
    const entry = byTestId(page, 'user-preset-firm-block');
    await expect.poll(() => entry.isVisible()).toBe(true);
    expect(await entry.textContent()).toContain(
      'solid, neo-hookean, ζ 0.3 · E 100 kPa · ν 0.4 · ρ 1000 kg/m³ · 15 substeps',
    );
    // Applying to the cloth is refused up front: the preset's model does not fit a cloth.
    await byTestId(page, 'outliner-body-1').click();
    expect(await byTestId(page, 'user-preset-apply-firm-block').isDisabled()).toBe(true);
    await byTestId(page, 'outliner-body-0').click();

    page.once('dialog', (dialog) => void dialog.accept());
    await byTestId(page, 'user-preset-delete-firm-block').click();
    await expect.poll(() => entry.count()).toBe(0);
    await byTestId(page, 'toggle-preset-library').click();
    expect(session.problems).toEqual([]);
  });

  test('Open Recent lists the exported preset and reopens it: its solid body joins the scene', async () => {
    await byTestId(page, 'open-recent').click();
    await expect.poll(() => textOf(page, 'recent-entry-0')).toBe('untitled.preset.json');
    await byTestId(page, 'recent-entry-0').click();
    await expect.poll(() => byTestId(page, 'outliner').locator('button').count()).toBe(3);
    await expect
      .poll(() => notificationTexts(page))
      .toContainEqual(
        'Opened untitled.preset.json: added soft block to the scene. Not added (cloth bodies cannot be mesh bodies yet): cloth.',
      );
    await screenshot(page, 'reopened-preset');
    // One undoable step.
    await blur(page);
    await page.keyboard.press('Control+z');
    await expect.poll(() => byTestId(page, 'outliner').locator('button').count()).toBe(2);
    expect(session.problems).toEqual([]);
  });

  test('a dropped file of an unknown kind is named in a warning and changes nothing', async () => {
    // A string script: this file is compiled without DOM types.
    const highlighted = await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
      const shown = !document.querySelector('[data-testid="drop-highlight"]').hidden;
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
      return shown;
    })()`);
    expect(highlighted).toBe(true);
    expect(await byTestId(page, 'drop-highlight').isHidden()).toBe(true);
    await expect
      .poll(() => notificationTexts(page))
      .toContainEqual(
        'notes.txt was not opened: drop a mesh (.obj, .gltf, .glb), a project (.sbproj) or a preset (.json).',
      );
    expect(await byTestId(page, 'outliner').locator('button').count()).toBe(2);
    expect(session.problems).toEqual([]);
  });

  test('a dropped project asks before discarding unsaved changes, then opens under its name', async () => {
    await byTestId(page, 'outliner-body-0').click();
    const field = await enterValue(page, 'prop-youngs-modulus', '20');
    await expect.poll(() => page.title()).toBe('• untitled.sbproj — Softbody Studio');
    // The dropped project: the default scene with a stiffer cloth.
    const scene = parseScene(
      JSON.parse(readFileSync(join(repoRoot, 'assets', 'default-scene.json'), 'utf8')),
    );
    scene.bodies[1].material.youngModulusPa = 9e6;
    const text = writeProject(scene, { selectedBody: 1 });
    let question = '';
    page.once('dialog', (dialog) => {
      question = dialog.message();
      void dialog.accept();
    });
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File([${JSON.stringify(text)}], 'dropped.sbproj'));
      window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await expect.poll(() => page.title()).toBe('dropped.sbproj — Softbody Studio');
    expect(question).toBe('Discard the unsaved changes to untitled.sbproj?');
    expect(await textOf(page, 'prop-body-name')).toBe('cloth');
    expect(await field.inputValue()).toBe('9');
    expect(session.problems).toEqual([]);
  });

  // Two page reloads, each starting the app and its software-rendered viewport afresh: the budget
  // of two pages, not one interaction's.
  test('an unsaved edit is copied within the interval and restored after a reload', {
    timeout: 60_000,
  }, async () => {
    await byTestId(page, 'outliner-body-0').click();
    const field = await enterValue(page, 'prop-youngs-modulus', '55');
    await expect.poll(() => page.title()).toBe('• dropped.sbproj — Softbody Studio');
    // The copy lands within an interval or two.
    await expect
      .poll(
        () =>
          page.evaluate(
            `(() => { const k = Object.keys(localStorage).find((key) => key.startsWith('softbody-studio.recovery-copy')); const c = k ? localStorage.getItem(k) : null; return c ? JSON.parse(JSON.parse(c).text).scene.bodies[0].material.youngModulusPa : null; })()`,
          ),
        { timeout: 5_000, interval: RECOVERY_INTERVAL_MS / 2 },
      )
      .toBe(55_000);

    await page.reload();
    await expect.poll(() => byTestId(page, 'recovery-offer').isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await textOf(page, 'recovery-offer-text')).toMatch(
      /^Unsaved changes to dropped\.sbproj from .+ were kept when the app last closed\.$/,
    );
    // The fresh page shows the default scene until the user answers.
    expect(await field.inputValue()).toBe('100');
    await screenshot(page, 'recovery-offer');
    await byTestId(page, 'recovery-restore').click();
    await expect.poll(() => field.inputValue()).toBe('55');
    expect(await page.title()).toBe('• dropped.sbproj — Softbody Studio');
    // The dropped project's cloth came back with the copy too.
    await byTestId(page, 'outliner-body-1').click();
    expect(await field.inputValue()).toBe('9');
    expect(await byTestId(page, 'recovery-offer').count()).toBe(0);

    // A clean save removes the copy: the next start offers nothing.
    await Promise.all([page.waitForEvent('download'), byTestId(page, 'save-project').click()]);
    await expect.poll(() => page.title()).toBe('dropped.sbproj — Softbody Studio');
    // Neither this session's slot nor the restored one is left.
    expect(
      await page.evaluate(
        `Object.keys(localStorage).filter((key) => key.startsWith('softbody-studio.recovery-copy'))`,
      ),
    ).toEqual([]);
    await page.reload();
    await expectSimState(page, 'Playing');
    expect(await byTestId(page, 'recovery-offer').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });

  test('a dropped mesh goes to the mesh import and is shown static', async () => {
    const base64 = readFileSync(join(sharedMeshes, 'spot.obj')).toString('base64');
    await page.evaluate(`(() => {
      const bytes = Uint8Array.from(atob('${base64}'), (c) => c.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'spot.obj'));
      window.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await expect
      .poll(() => notificationTexts(page), { timeout: 15_000 })
      .toContainEqual(expect.stringMatching(/^Imported spot\.obj: 2,930 vertices, 5,856 triangles\./));
    expect(await textOf(page, 'document-title')).toBe('spot.obj (static mesh)');
    await byTestId(page, 'close-mesh').click();
    expect(session.problems).toEqual([]);
  });
});
