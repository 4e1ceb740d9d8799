/**
 * `npm run bench -- ui [--mesh=TEXT]`: from a dropped mesh to a moving soft body, as a user does
 * it in headless Chromium (the web build served by vite preview, as the e2e suite does): open a
 * mesh of the shared corpus through Open Mesh…'s file chooser, press Tetrahedralize (the panel's
 * default target), then Simulate as soft body. An observer in the page records each moment on the
 * page's clock and the frame log (renderer/src/sim/frame-log.ts) says when the worker built the
 * body and sent its first stepped frame; ui-phases.ts turns them into phases. Each mesh gets a
 * fresh browser. Skipped, with a message, where Chromium is not found.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { readMeshFile } from '../core/node/read-mesh.ts';
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
    if (id === 'tetrahedralize') first('tetraClick');
    if (id === 'make-soft-body') first('makeClick');
  }, true);
  const check = () => {
    const marks = window.__uiBenchMarks;
    const title = document.querySelector('[data-testid="document-title"]')?.textContent ?? '';
    if ('chosen' in marks && title.endsWith('(static mesh)')) first('shown');
    const make = document.querySelector('[data-testid="make-soft-body"]');
    if ('tetraClick' in marks && make && make.checkVisibility()) first('tetraDone');
  };
  new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
})()`;

const marksOf = (page: Page) => page.evaluate('window.__uiBenchMarks') as Promise<UiMarks>;

async function measureMesh(page: Page, mesh: string): Promise<{ row: UiRow; note: string }> {
  await waitFor(async () => (await textOf(page, 'sim-state')) === 'Playing', 'the app to play');
  await page.evaluate(OBSERVE);
  const chooser = await chooserFrom(page, 'open-mesh');
  await chooser.setFiles(join(sharedMeshes, mesh));
  await waitFor(async () => 'shown' in (await marksOf(page)), `${mesh} shown`, PHASE_TIMEOUT_MS, 50);
  await page.locator('[data-testid="tetrahedralize"]').click();
  await waitFor(
    async () => 'tetraDone' in (await marksOf(page)),
    `${mesh} tetrahedralized`,
    PHASE_TIMEOUT_MS,
    50,
  );
  const tets = Number((await textOf(page, 'tetra-tets')).replace(/,/g, ''));
  const note = await textOf(page, 'make-soft-body-note');
  await page.locator('[data-testid="make-soft-body"]').click();
  let phases: ReturnType<typeof uiPhases> = { missing: 'nothing yet' };
  await waitFor(
    async () => {
      phases = uiPhases(await marksOf(page), await frameLogOf(page));
      return !('missing' in phases);
    },
    `${mesh} moving as a soft body`,
    PHASE_TIMEOUT_MS,
    50,
  );
  if ('missing' in phases) throw new Error(`bench ui: ${mesh}: no ${phases.missing}`);
  const imported = await readMeshFile(join(sharedMeshes, mesh));
  return { row: { mesh, triangles: imported.mesh.indices.length / 3, tets, phases }, note };
}

export async function run(flags: string[]): Promise<void> {
  if (!chromiumOrSkip('ui')) return;
  const filter = flags.find((f) => f.startsWith('--mesh='))?.slice('--mesh='.length);
  const meshes = MESHES.filter((m) => !filter || m.includes(filter));
  const served = await serveWebBuild('ui');
  const rows: UiRow[] = [];
  const notes: string[] = [];
  try {
    for (const mesh of meshes) {
      const session = await openApp(served.url);
      try {
        const { row, note } = await measureMesh(session.page, mesh);
        rows.push(row);
        if (note) notes.push(`${mesh}: ${note}`);
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
      'the solver run in workers on the same cores). chosen→shown = file input change → the title names the ' +
      'mesh; tetrahedralize = click → result shown at the default target; make body = Simulate as soft body ' +
      'click → scene with the body built in the worker; first frame = → first stepped frame on the page; total ' +
      "= their sum (the bench's own delay before each click left out); triangles = after import; tets = the " +
      'Tetrahedralize result',
  );
  console.log(formatUiTable(rows));
  for (const note of notes) console.log(note);
}
