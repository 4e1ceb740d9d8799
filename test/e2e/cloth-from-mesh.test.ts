/**
 * From an imported surface to cloth, driven as a person would in Chromium with the browser host:
 * an OBJ sheet written here (a flat 1 m square lying level, split along a UV seam so that its
 * middle column of vertices is written twice) is opened, Tetrahedralize calls it a cloth
 * candidate and points at Simulate as cloth; the button adds it with its top (far) edge pinned
 * and it swings down. A closed UV sphere (seam and poles as exporters write them) is added
 * inflated and falls to the ground. The project saved keeps both surfaces and opens again with
 * both bodies. A mesh cloth whose surface the project lacks is not called valid in the JSON
 * editor. Screenshot: test-results/cloth-from-mesh.png (both bodies draped and landed).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { resultsDir } from './environment.ts';
import {
  byTestId,
  centroidOf,
  chooserFrom,
  expectSimState,
  openMesh,
  openSceneEditor,
  readout,
  saveScreenshot,
  sessionPerSuite,
  setJsonText,
  textOf,
} from './page-helpers.ts';
import type { AppSession } from './sessions.ts';

/** Cells per side of the sheet: 12 × 12 quads, two triangles each. */
const SHEET_CELLS = 12;

/**
 * A 1 m square in the plane y = 0 as OBJ text, counter-clockwise from +y, written as two UV
 * islands: the vertices of the middle column appear once for each half (a seam).
 */
function seamedSheetObj(): string {
  const lines: string[] = [];
  const index = new Map<string, number>();
  const vertex = (i: number, j: number, half: number) => {
    const key = `${i},${j},${half}`;
    let found = index.get(key);
    if (found === undefined) {
      lines.push(`v ${i / SHEET_CELLS - 0.5} 0 ${j / SHEET_CELLS - 0.5}`);
      found = index.size + 1;
      index.set(key, found);
    }
    return found;
  };
  const faces: string[] = [];
  for (let i = 0; i < SHEET_CELLS; i++) {
    const half = i < SHEET_CELLS / 2 ? 0 : 1;
    for (let j = 0; j < SHEET_CELLS; j++) {
      const [a, b, c, d] = [
        vertex(i, j, half),
        vertex(i + 1, j, half),
        vertex(i + 1, j + 1, half),
        vertex(i, j + 1, half),
      ];
      faces.push(`f ${a} ${d} ${c}`, `f ${a} ${c} ${b}`);
    }
  }
  return `${lines.join('\n')}\n${faces.join('\n')}\n`;
}

/**
 * A UV sphere of radius 0.25 m as OBJ text, wound counter-clockwise from outside, with a seam:
 * the last column of every ring repeats the first one's coordinates (as exporters write it).
 */
function seamedSphereObj(rings = 10, segments = 16, radius = 0.25): string {
  const v: string[] = [`v 0 ${radius} 0`];
  const at = (ring: number, segment: number) => 2 + (ring - 1) * (segments + 1) + segment;
  for (let ring = 1; ring < rings; ring++) {
    const theta = (Math.PI * ring) / rings;
    for (let s = 0; s <= segments; s++) {
      const phi = (2 * Math.PI * (s % segments)) / segments;
      const [x, y, z] = [
        radius * Math.sin(theta) * Math.cos(phi),
        radius * Math.cos(theta),
        radius * Math.sin(theta) * Math.sin(phi),
      ];
      v.push(`v ${x} ${y} ${z}`);
    }
  }
  v.push(`v 0 ${-radius} 0`);
  const south = v.length;
  const f: string[] = [];
  for (let s = 0; s < segments; s++) {
    f.push(`f 1 ${at(1, s + 1)} ${at(1, s)}`);
    f.push(`f ${south} ${at(rings - 1, s)} ${at(rings - 1, s + 1)}`);
    for (let ring = 1; ring < rings - 1; ring++) {
      const [a, b, c, d] = [at(ring, s), at(ring, s + 1), at(ring + 1, s + 1), at(ring + 1, s)];
      f.push(`f ${a} ${b} ${c}`, `f ${a} ${c} ${d}`);
    }
  }
  return `${v.join('\n')}\n${f.join('\n')}\n`;
}

const obj = (name: string, text: string) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
const centroidY = async (page: Page) => (await centroidOf(page))[1];
const RUN_TIMEOUT_MS = 60_000;

describe('surface to cloth (browser host in Chromium)', () => {
  let session: AppSession;
  let page: Page;
  /** The scene of the saved project. */
  let savedScene: { bodies: { shape: { path?: string }; pressure?: object }[] };
  sessionPerSuite((opened) => {
    ({ session, page } = opened);
  });

  test('a flat sheet is a cloth candidate, and Simulate as cloth is where the notice says', async () => {
    await expectSimState(page, 'Playing');
    await openMesh(page, obj('sheet.obj', seamedSheetObj()));
    await byTestId(page, 'tetrahedralize').click();
    const notice = page.locator('.notification-warning', { hasText: 'cloth candidate' });
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(1);
    expect(await notice.textContent()).toContain('Simulate as cloth');
    expect(await textOf(page, 'prop-cloth-note')).toContain('open sheet');
    expect(await byTestId(page, 'prop-cloth-pin-top').isChecked()).toBe(true);
    expect(await byTestId(page, 'prop-cloth-pressure').count()).toBe(0);
  }, 90_000);

  test('Simulate as cloth adds the sheet, selected, pinned at its far edge, and it swings down', async () => {
    await byTestId(page, 'prop-simulate-cloth').click();
    await expect
      .poll(() => textOf(page, 'document-title'), { timeout: RUN_TIMEOUT_MS })
      .toBe('Default scene');
    expect(await byTestId(page, 'outliner').locator('button').allTextContents()).toEqual([
      'soft blocksolid',
      'clothcloth',
      'sheetcloth',
    ]);
    expect(await textOf(page, 'prop-body-name')).toBe('sheet');
    await expectSimState(page, 'Playing');
    // Placed 0.3 m over the ground; pinned along its far edge, the rest of it swings down: the
    // centre of mass falls well below the pinned edge (half the sheet's length, 0.5 m, at most).
    await expect
      .poll(() => centroidY(page), { timeout: RUN_TIMEOUT_MS, interval: 200 })
      .toBeLessThan(0.3 - 0.1);
    // One connected sheet: a seam that fell apart would drop the free half to the ground.
    expect(await readout(page, 'metric-lowest-y')).toBeGreaterThan(-0.01);
    expect(await page.locator('.notification-error').count()).toBe(0);
  }, 90_000);

  test('a closed sphere is offered pressure, added inflated and free, and falls to the ground', async () => {
    await openMesh(page, obj('ball.obj', seamedSphereObj()));
    expect(await textOf(page, 'prop-mesh-surface')).toBe('watertight');
    expect(await textOf(page, 'prop-cloth-note')).toContain('closed surface');
    expect(await byTestId(page, 'prop-cloth-pressure').isChecked()).toBe(true);
    expect(await byTestId(page, 'prop-cloth-pin-top').count()).toBe(0);
    await byTestId(page, 'prop-simulate-cloth').click();
    await expect.poll(() => textOf(page, 'prop-body-name'), { timeout: RUN_TIMEOUT_MS }).toBe('ball');
    // Its properties: a cloth (the only model its surface allows) with the gas on.
    expect(await byTestId(page, 'prop-model').inputValue()).toBe('cloth');
    expect(await byTestId(page, 'prop-pressure').inputValue()).toBe('on');
    expect(Number(await byTestId(page, 'prop-pressure-inflation').inputValue())).toBe(100);
    await expect
      .poll(() => readout(page, 'metric-lowest-y'), { timeout: RUN_TIMEOUT_MS, interval: 200 })
      .toBeLessThan(0.02);
    // Inflated, it lands as a ball: its centre stays most of a radius (0.25 m) over the ground.
    expect(await centroidY(page)).toBeGreaterThan(0.15);
    await saveScreenshot(page, 'cloth-from-mesh.png');
    expect(await page.locator('.notification-error').count()).toBe(0);
  }, 90_000);

  test('the saved project keeps both surfaces; opened again, both cloths are back and move', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      byTestId(page, 'save-project').click(),
    ]);
    const saved = join(resultsDir, 'cloth-from-mesh.sbproj');
    mkdirSync(resultsDir, { recursive: true });
    await download.saveAs(saved);
    const project = JSON.parse(readFileSync(saved, 'utf8'));
    savedScene = project.scene;
    for (const path of ['sheet.obj', 'ball.obj']) {
      expect(project.meshes[path].tets.count).toBe(0);
      expect(project.meshes[path].surface.indices.count).toBeGreaterThan(0);
    }
    expect(project.scene.bodies[3]).toMatchObject({ model: 'cloth', pressure: {} });
    await page.reload();
    await expectSimState(page, 'Playing');
    await (await chooserFrom(page, 'open-project')).setFiles(saved);
    await expect.poll(() => page.title()).toBe('cloth-from-mesh.sbproj — Softbody Studio');
    expect(await byTestId(page, 'outliner').locator('button').allTextContents()).toEqual([
      'soft blocksolid',
      'clothcloth',
      'sheetcloth',
      'ballcloth',
    ]);
    await byTestId(page, 'outliner-body-2').click();
    await expect
      .poll(() => centroidY(page), { timeout: RUN_TIMEOUT_MS, interval: 200 })
      .toBeLessThan(0.3 - 0.1);
  }, 90_000);

  test('the JSON status does not call valid what the preview cannot build: it names the problem and its place', async () => {
    await openSceneEditor(page);
    const missing = structuredClone(savedScene);
    missing.bodies[2].shape.path = 'missing.obj';
    await setJsonText(page, JSON.stringify(missing, null, 2));
    await expect
      .poll(() => textOf(page, 'scene-editor-status'), { timeout: 10_000 })
      .toMatch(/^\/bodies\/2\/shape\/path: no surface 'missing\.obj' in this project/);
    // Found only by compiling: gas pressure inside the open sheet.
    const inflatedSheet = structuredClone(savedScene);
    inflatedSheet.bodies[2].pressure = {};
    await setJsonText(page, JSON.stringify(inflatedSheet, null, 2));
    await expect
      .poll(() => textOf(page, 'scene-editor-status'), { timeout: 10_000 })
      .toMatch(/^\/bodies\/2\/pressure: body 'sheet': pressure needs a closed/);
    await setJsonText(page, JSON.stringify(savedScene, null, 2));
    await expect
      .poll(() => textOf(page, 'scene-editor-status'), { timeout: 10_000 })
      .toBe('Valid: the preview runs this scene.');
  }, 90_000);

  test('nothing logged an error or broke the CSP', async () => {
    expect(await page.locator('.notification-error').count()).toBe(0);
    expect(session.problems).toEqual([]);
  });
});
