/**
 * `npm run bench -- ui [--mesh=TEXT]`: from a dropped mesh to a moving soft body, as a user does
 * it in headless Chromium (the web build served by vite preview, as the e2e suite does): open a
 * mesh of the shared corpus through Open Mesh…'s file chooser, then press the static mesh's
 * one-step Simulate as soft body: a coarse preview body moves first, and a refined one replaces
 * it when its background run is done. An observer in the page records the file choice, the mesh
 * shown and the click on the page's clock, the app marks the progressive body's moments
 * (make-soft-body.ts PROGRESSIVE_MARKS), and the frame log (renderer/src/sim/frame-log.ts) says
 * when the worker built each body and sent its first stepped frame; ui-phases.ts turns them into
 * phases. Each mesh gets a fresh browser. Skipped, with a message, where Chromium is not found.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readMeshFile } from '../core/node/read-mesh.ts';
import { PROGRESSIVE_MARKS } from '../renderer/src/tetra/progressive-marks.ts';
import { sharedMeshes } from '../test/e2e/environment.ts';
import {
  chooserFrom,
  chromiumOrSkip,
  frameLogOf,
  openApp,
  serveWebBuild,
  textOf,
  waitFor,
} from './browser-app.ts';
import { formatUiTable, type UiMarks, type UiRow, uiPhases } from './ui-phases.ts';

/** Closed meshes of the corpus that tetrahedralize (its README), small to large. */
const MESHES = ['Fox.glb', 'horse_quad.obj', 'spot.obj', 'rocker-arm.obj'];
/** Software WebGL, the tetrahedralizer and the solver share two cores with the bench. */
const PHASE_TIMEOUT_MS = 300_000;

/**
 * Records, on the page's clock, the first time each moment is seen (as text: the bench compiles
 * without DOM types). A MutationObserver sees the DOM change in the task that made it.
 */
const OBSERVE = `(() => {
  window.__uiBenchMarks = {};
  const first = (name) => { if (!(name in window.__uiBenchMarks)) window.__uiBenchMarks[name] = performance.now(); };
  document.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.type === 'file') first('chosen');
  }, true);
  document.addEventListener('click', (event) => {
    const id = event.target.closest && event.target.closest('[data-testid]')?.dataset.testid;
    if (id === 'prop-simulate-mesh') first('simulateClick');
  }, true);
  const check = () => {
    const marks = window.__uiBenchMarks;
    const title = document.querySelector('[data-testid="document-title"]')?.textContent ?? '';
    if ('chosen' in marks && title.endsWith('(static mesh)')) first('shown');
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

/** The observer's moments and the app's marks of the progressive body (the first of each). */
const MARKS = `(() => {
  const marks = { ...window.__uiBenchMarks };
  const names = ${JSON.stringify(PROGRESSIVE_MARKS)};
  const at = (name) => performance.getEntriesByName(name, 'mark')[0];
  const run = (name) => { const m = at(name); return m && { atMs: m.startTime, ...m.detail }; };
  const time = (name) => at(name)?.startTime;
  return { ...marks, previewDone: run(names.previewDone), bodyAdded: time(names.bodyAdded),
    refineDone: run(names.refineDone), refineSwapped: time(names.refineSwapped) };
})()`;

const marksOf = (page: Page) => page.evaluate(MARKS) as Promise<UiMarks>;

async function measureMesh(page: Page, mesh: string): Promise<UiRow> {
  await waitFor(async () => (await textOf(page, 'sim-state')) === 'Playing', 'the app to play');
  await page.evaluate(OBSERVE);
  const chooser = await chooserFrom(page, 'open-mesh');
  await chooser.setFiles(join(sharedMeshes, mesh));
  await waitFor(async () => 'shown' in (await marksOf(page)), `${mesh} shown`, PHASE_TIMEOUT_MS, 50);
  await page.locator('[data-testid="prop-simulate-mesh"]').click();
  let phases: ReturnType<typeof uiPhases> = { missing: 'nothing yet' };
  await waitFor(
    async () => {
      phases = uiPhases(await marksOf(page), await frameLogOf(page));
      return !('missing' in phases);
    },
    `${mesh} moving as a soft body, then refined`,
    PHASE_TIMEOUT_MS,
    50,
  );
  if ('missing' in phases) throw new Error(`bench ui: ${mesh}: no ${phases.missing}`);
  const imported = await readMeshFile(join(sharedMeshes, mesh));
  return { mesh, triangles: imported.mesh.indices.length / 3, phases };
}

export async function run(flags: string[]): Promise<void> {
  if (!chromiumOrSkip('ui')) return;
  const filter = flags.find((f) => f.startsWith('--mesh='))?.slice('--mesh='.length);
  const meshes = MESHES.filter((m) => !filter || m.includes(filter));
  const served = await serveWebBuild('ui');
  const rows: UiRow[] = [];
  try {
    for (const mesh of meshes) {
      const session = await openApp(served.url);
      try {
        rows.push(await measureMesh(session.page, mesh));
        console.error(`[bench ui] ${mesh} done`);
      } finally {
        await session.close();
      }
    }
  } finally {
    await served.close();
  }
  console.log(
    'ui: ms on the page clock, one fresh headless Chromium per mesh (software WebGL; the tetrahedralizer and ' +
      'the solver run in workers on the same cores). open = file input change → the title names the static ' +
      'mesh (parse, import report); then the one-step Simulate as soft body: preview = click → coarse embedded ' +
      "cage back from the tetra worker (in brackets: the tetrahedralizer's own time); add = → body in the scene; " +
      'compile = → the sim worker built it; first frame = → first stepped frame; → motion = file chosen → the ' +
      "coarse body moves (the bench's delay before the click left out); refine = body added → refined mesh made " +
      '(background); → refined = file chosen → the refined body moves; triangles = after import',
  );
  console.log(formatUiTable(rows));
}
