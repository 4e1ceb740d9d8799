/**
 * The editor and `softbody bake` make the same preset of the same mesh, driven as a person would in
 * Chromium with the browser host: open spot.obj through the file chooser, tetrahedralize it,
 * Simulate as soft body, export the selected body as preset JSON; then bake spot.obj with the
 * material, tet target, dt and substeps the editor used. The two files must be the same bytes, and
 * `softbody validate` must accept the editor's JSON and its GLB export of the same body.
 * The files go to test-results/bake-parity-*.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { repoRoot, resultsDir, sharedMeshes } from './environment.ts';
import { byTestId, expectSimState, openMesh, refinedSwaps, sessionPerSuite, textOf } from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

const run = promisify(execFile);
/** Software WebGL and the solver share two cores with the browser: tetrahedralizing takes seconds. */
const RUN_TIMEOUT_MS = 60_000;

/** The JSON pointer of the first place where `a` and `b` differ, with both values; null when equal. */
function firstDifference(a: unknown, b: unknown, pointer = ''): string | null {
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return Object.is(a, b)
      ? null
      : `${pointer || '/'}: ${JSON.stringify(a)?.slice(0, 80)} ≠ ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${pointer}/${key}`,
    );
    if (found) return found;
  }
  return Object.keys(a).join() === Object.keys(b).join() ? null : `${pointer || '/'}: key order differs`;
}

/** Exports the selected body with the library panel's button `buttonId`; the saved file's path. */
async function exportSelectedBody(page: Page, buttonId: string, fileName: string): Promise<string> {
  const library = byTestId(page, 'toggle-preset-library');
  if ((await library.getAttribute('aria-pressed')) !== 'true') await library.click();
  await byTestId(page, buttonId).click();
  expect(await textOf(page, 'export-scope-body')).toBe('spot');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byTestId(page, 'export-scope-body').click(),
  ]);
  const file = join(resultsDir, fileName);
  await download.saveAs(file);
  return file;
}

describe('editor and softbody bake give the same preset (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  let targetTets: number;
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('spot.obj becomes a soft body through Tetrahedralize and Simulate as soft body', async () => {
    await expectSimState(page, 'Playing');
    await openMesh(page, 'spot.obj');
    await byTestId(page, 'tetrahedralize').click();
    await expect
      .poll(() => byTestId(page, 'make-soft-body').isVisible(), { timeout: RUN_TIMEOUT_MS, interval: 250 })
      .toBe(true);
    // The target the body is made at: the panel's, or the one it says the body is refined at.
    const note = await textOf(page, 'make-soft-body-note');
    const coarser = /refined by a run at ([\d,]+) target tets/.exec(note);
    targetTets = Number(
      coarser ? coarser[1].replace(/,/g, '') : await byTestId(page, 'tetra-target').inputValue(),
    );
    expect(targetTets).toBeGreaterThan(0);
    await byTestId(page, 'make-soft-body').click();
    await expect
      .poll(() => textOf(page, 'document-title'), { timeout: RUN_TIMEOUT_MS })
      .toBe('Default scene');
    // A result over the live limit starts as a coarse cage: the body compared is the refined
    // one, swapped in when its background run is done.
    if (coarser) await expect.poll(() => refinedSwaps(page), { timeout: 120_000, interval: 250 }).toBe(1);
    await byTestId(page, 'outliner-body-2').click();
    expect(await textOf(page, 'prop-body-name')).toBe('spot');
  }, 240_000);

  test('the selected body exported as preset JSON is byte for byte what `softbody bake` makes', async () => {
    mkdirSync(resultsDir, { recursive: true });
    const editorFile = await exportSelectedBody(page, 'export-preset', 'bake-parity-editor.preset.json');
    const editorJson = readFileSync(editorFile, 'utf8');
    const exported = JSON.parse(editorJson);
    // What the editor used: the body's library material and the scene's time step and substeps.
    const material = exported.scene.bodies[0].material;
    expect(typeof material).toBe('string');
    const { dt, substeps } = exported.scene.solver;

    const bakeDir = join(resultsDir, 'bake-parity-bake');
    rmSync(bakeDir, { recursive: true, force: true });
    const args = [
      ...['softbody', 'bake', join(sharedMeshes, 'spot.obj'), '--material', material],
      ...['--tets', String(targetTets), '--dt', String(dt), '--substeps', String(substeps), '-o', bakeDir],
    ];
    // execFile rejects on a non-zero exit: every file baked.
    await run('npx', args, { cwd: repoRoot });
    const bakedJson = readFileSync(join(bakeDir, 'spot.preset.json'), 'utf8');

    const { stdout } = await run('npx', ['softbody', 'validate', editorFile], { cwd: repoRoot });
    const tets = /\(solid, \d+ vertices, (\d+) tets/.exec(stdout)?.[1];
    console.log(
      `bake-parity e2e: ${material} at ${targetTets} target tets, dt ${dt} s, ${substeps} substeps: ${tets} tets; editor preset ${Buffer.byteLength(editorJson)} bytes, bake preset ${Buffer.byteLength(bakedJson)} bytes, ${editorJson === bakedJson ? 'identical' : 'different'}`,
    );
    expect(firstDifference(exported, JSON.parse(bakedJson))).toBeNull();
    expect(editorJson === bakedJson).toBe(true);
    expect(stdout.trim()).toMatch(/: valid preset 'spot' \(formatVersion 3\); bodies: spot \(solid, /);
  }, 120_000);

  test('the same body exported as GLB is a preset `softbody validate` accepts', async () => {
    const file = await exportSelectedBody(page, 'export-preset-glb', 'bake-parity-editor.glb');
    const { stdout } = await run('npx', ['softbody', 'validate', file], { cwd: repoRoot });
    expect(stdout.trim()).toMatch(
      /: valid preset 'spot' \(formatVersion 3, in the GLB's SOFTBODY_soft_body extension\); bodies: spot \(solid, /,
    );
    console.log(`bake-parity e2e: ${stdout.trim()}`);
  }, 60_000);

  test('nothing logged an error, showed an error notification or broke the CSP', async () => {
    expect(await page.locator('.notification-error').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });
});
