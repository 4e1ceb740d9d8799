/**
 * The Tetrahedralize tool's UI: a toolbar button, and a panel over the viewport with the
 * options (mode, target tet count), the progress bar with Cancel, and for a result its
 * quality figures, the dihedral histogram, the colour legend, a wireframe toggle and the
 * cut plane (axis and slider). It only reads the tool's state and calls the controller.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { QualityReport } from '../../../core/tetra/quality.ts';
import type { TetraMode } from '../../../core/tetra/types.ts';
import { MESH_BODY_MATERIAL } from '../editor/mesh-body.ts';
import { watchMany } from '../panels/watch-many.ts';
import { type Store, watch } from '../state/store.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import type { CutAxis } from './cut-geometry.ts';
import { drawHistogram } from './histogram.ts';

import { describeProgress } from './progress-estimate.ts';
import { qualityCss, RAMP_GOOD_DEG } from './quality-ramp.ts';
import { describePlan, softBodyPlan } from './soft-body-plan.ts';
import type { TetraController } from './tetra-controller.ts';
import {
  type CoarserOffer,
  shownView,
  TARGET_TET_CHOICES,
  type TetraState,
  withDisplay,
  withOptions,
} from './tetra-state.ts';

/** When the empty histogram is drawn after the panel is made: after the app's first frames. */
const IDLE_WARM_UP_MS = 1000;

export interface TetraPanelHost {
  /** The toolbar, where the button goes (after Open Mesh… when present). */
  toolbar: HTMLElement;
  /** The viewport container, where the panel floats. */
  viewport: HTMLElement;
  /** The mesh shown static, or null (the button is enabled only with one). */
  openMesh: () => TriMesh | null;
  /** Subscribes to changes of the open mesh; returns the unsubscribe function. */
  watchMesh: (listener: (mesh: TriMesh | null) => void) => () => void;
  /** "Simulate as soft body" on the result; the button shows only where this is given. */
  makeSoftBody?: () => void;
}

const AXES = ['x', 'y', 'z'] as const;
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

export function mountTetraPanel(
  host: TetraPanelHost,
  store: Store<TetraState>,
  controller: TetraController,
): () => void {
  const button = toolButton({
    text: 'Tetrahedralize',
    testId: 'tetrahedralize',
    title: 'Fill the open mesh with tetrahedra (runs in the background)',
  });
  const anchor = host.toolbar.querySelector('[data-testid="open-mesh"]');
  if (anchor) anchor.after(button);
  else host.toolbar.append(button);

  // Options.
  const mode = el('select', {
    testId: 'tetra-mode',
    title: 'Conforming follows the surface; embedded is a coarser cage',
  });
  for (const value of ['conforming', 'embedded'] satisfies TetraMode[]) mode.append(new Option(value, value));
  const target = el('select', { testId: 'tetra-target', title: 'Approximate number of tets' });
  for (const n of TARGET_TET_CHOICES) target.append(new Option(`${count(n)} tets`, String(n)));
  const options = el('div', { className: 'tetra-row' }, [mode, target]);
  // After a run stopped at a limit: what happened, and the next target down one click away.
  const offerText = el('p', { className: 'tetra-note', testId: 'tetra-offer-text' });
  const offerButton = toolButton({ text: 'Try fewer tets', testId: 'tetra-offer' });
  const offer = el('div', { className: 'tetra-offer' }, [offerText, offerButton]);
  offer.hidden = true;

  // Progress.
  const bar = el('progress', { testId: 'tetra-progress' });
  bar.max = 1;
  const progressText = el('span', { className: 'tetra-progress-text', testId: 'tetra-progress-text' });
  const cancel = toolButton({ text: 'Cancel', testId: 'tetra-cancel' });
  const progress = el('div', { className: 'tetra-progress' }, [
    el('div', { className: 'tetra-row' }, [bar, cancel]),
    progressText,
  ]);

  // Result.
  const figures = el('dl', { className: 'tetra-figures', testId: 'tetra-quality' });
  const histogram = el('canvas', {
    className: 'tetra-histogram',
    testId: 'tetra-histogram',
    title: 'Dihedral angles, 0°–180°',
  });
  histogram.width = 200;
  histogram.height = 40;
  // The page's first 2D-canvas drawing sets up its raster backend, which waits on the GPU process
  // (busy with the viewport's WebGL): measured 30–500 ms. Drawn empty once the app is idle, that
  // wait is not paid on the way from a tetrahedralization's result to a moving body.
  setTimeout(() => drawHistogram(histogram, { binDeg: 180, counts: [0] }), IDLE_WARM_UP_MS);
  const legend = el('div', { className: 'tetra-legend', title: 'Tet colour: its smallest dihedral angle' }, [
    el('span', { text: '0°' }),
    el('span', { className: 'tetra-legend-ramp' }),
    el('span', { text: `≥ ${RAMP_GOOD_DEG}°` }),
  ]);
  const ramp = legend.querySelector('.tetra-legend-ramp') as HTMLElement;
  ramp.style.background = `linear-gradient(to right, ${qualityCss(0)}, ${qualityCss(RAMP_GOOD_DEG / 2)}, ${qualityCss(RAMP_GOOD_DEG)})`;
  const wireframe = el('input', { testId: 'tetra-wireframe' });
  wireframe.type = 'checkbox';
  const axis = el('select', { testId: 'tetra-cut-axis', title: 'Axis of the cut plane' });
  for (const [i, name] of AXES.entries()) axis.append(new Option(`cut ${name}`, String(i)));
  const slider = el('input', { testId: 'tetra-cut', title: 'Cut plane position: tets beyond it are hidden' });
  slider.type = 'range';
  slider.min = '0';
  slider.max = '1';
  slider.step = '0.01';
  slider.setAttribute('aria-label', 'Cut plane position');
  const makeBody = toolButton({
    text: 'Simulate as soft body',
    testId: 'make-soft-body',
    title: 'Add this tet mesh to the scene as a soft body and watch it fall (undoable)',
    extraClass: 'tetra-make-body',
  });
  const makeBodyNote = el('p', { className: 'tetra-note', testId: 'make-soft-body-note' });
  const bodyRow = el('div', { className: 'tetra-body-row' }, [makeBody, makeBodyNote]);
  bodyRow.hidden = !host.makeSoftBody;
  const result = el('div', { className: 'tetra-result' }, [
    figures,
    histogram,
    legend,
    el('label', { className: 'tetra-row' }, [wireframe, 'wireframe']),
    el('div', { className: 'tetra-row' }, [axis, slider]),
    bodyRow,
  ]);

  // The panel folds to its title so that it does not hide the mesh in a small viewport.
  const body = el('div', { className: 'tetra-body' }, [options, offer, progress, result]);
  const fold = el('button', { className: 'tetra-fold', text: '−', title: 'Fold the panel' });
  fold.type = 'button';
  fold.setAttribute('aria-expanded', 'true');
  fold.addEventListener('click', () => {
    body.hidden = !body.hidden;
    fold.textContent = body.hidden ? '+' : '−';
    fold.title = body.hidden ? 'Unfold the panel' : 'Fold the panel';
    fold.setAttribute('aria-expanded', String(!body.hidden));
  });
  const panel = el('section', { className: 'tetra-panel', testId: 'tetra-panel' }, [
    el('div', { className: 'tetra-header' }, [el('h2', { text: 'Tetrahedralize' }), fold]),
    body,
  ]);
  panel.setAttribute('aria-label', 'Tetrahedralization');
  host.viewport.append(panel);

  button.addEventListener('click', () => {
    const mesh = host.openMesh();
    if (mesh) void controller.start(mesh);
  });
  cancel.addEventListener('click', () => controller.cancel());
  offerButton.addEventListener('click', () => {
    const offered = store.get().offer;
    const mesh = host.openMesh();
    if (!offered || !mesh) return;
    store.update((s) => withOptions(s, { targetTetCount: offered.targetTetCount }));
    void controller.start(mesh);
  });
  makeBody.addEventListener('click', () => host.makeSoftBody?.());
  mode.addEventListener('change', () =>
    store.update((s) => withOptions(s, { mode: mode.value as TetraMode })),
  );
  target.addEventListener('change', () =>
    store.update((s) => withOptions(s, { targetTetCount: Number(target.value) })),
  );
  wireframe.addEventListener('change', () =>
    store.update((s) => withDisplay(s, { wireframe: wireframe.checked })),
  );
  axis.addEventListener('change', () =>
    store.update((s) => withDisplay(s, { cutAxis: Number(axis.value) as CutAxis })),
  );
  slider.addEventListener('input', () =>
    store.update((s) => withDisplay(s, { cutFraction: Number(slider.value) })),
  );

  const showProgress = () => {
    const phase = store.get().phase;
    if (phase.kind !== 'running') return;
    bar.value = phase.fraction;
    const elapsedS = (performance.now() - phase.startedAtMs) / 1000;
    progressText.textContent = describeProgress(phase.fraction, phase.stage, elapsedS);
  };
  // The time taken and left move on between progress events (a long stage sends few).
  const ticker = setInterval(showProgress, 1000);

  let hasMesh = false;
  const unsubscribers = [
    host.watchMesh((mesh) => {
      panel.hidden = mesh === null;
      hasMesh = mesh !== null;
      button.disabled = !hasMesh || store.get().phase.kind === 'running';
    }),
    watch(
      store,
      (s) => s.phase,
      (phase) => {
        const running = phase.kind === 'running';
        button.disabled = !hasMesh || running;
        makeBody.disabled = running;
        mode.disabled = running;
        target.disabled = running;
        progress.hidden = !running;
        showProgress();
      },
    ),
    watch(
      store,
      (s) => s.offer,
      (o) => showOffer(offerText, offerButton, offer, o),
    ),
    watch(store, shownView, (view) => {
      result.hidden = view === null;
      if (!view) return;
      showFigures(figures, view.quality, view.mode);
      drawHistogram(histogram, view.quality.dihedralHistogram);
    }),
    // What the body will get, said before the button is pressed.
    watchMany(store, [shownView, (s) => s.options], () => {
      const view = shownView(store.get());
      if (!view) return;
      const plan = softBodyPlan(view.quality.tetCount, store.get().options.targetTetCount);
      makeBodyNote.textContent = describePlan(plan, view.quality.tetCount, MESH_BODY_MATERIAL, view.mode);
    }),
    watch(
      store,
      (s) => s.display,
      (display) => {
        wireframe.checked = display.wireframe;
        axis.value = String(display.cutAxis);
        slider.value = String(display.cutFraction);
      },
    ),
    watch(
      store,
      (s) => s.options,
      (o) => {
        mode.value = o.mode;
        target.value = String(o.targetTetCount);
      },
    ),
  ];
  return () => {
    clearInterval(ticker);
    for (const unsubscribe of unsubscribers) unsubscribe();
    panel.remove();
    button.remove();
  };
}

function showOffer(
  text: HTMLElement,
  button: HTMLButtonElement,
  row: HTMLElement,
  offer: CoarserOffer | null,
) {
  row.hidden = offer === null;
  if (!offer) return;
  text.textContent = `Not made at ${count(offer.failedTargetTetCount)} tets.`;
  text.title = offer.reason;
  button.textContent = `Try ${count(offer.targetTetCount)} tets`;
}

function showFigures(list: HTMLElement, q: QualityReport, mode: TetraMode): void {
  const volumeRatio = q.volumeRatio === null ? '— (open input)' : q.volumeRatio.toFixed(4);
  // [term, value, test id, what the figure means]
  const rows: [string, string, string, string][] = [
    ['tets', count(q.tetCount), 'tetra-tets', 'Number of tetrahedra'],
    ['vertices', count(q.vertexCount), 'tetra-vertices', 'Number of tet vertices'],
    [
      'min dihedral',
      `${q.minDihedralDeg.toFixed(1)}°`,
      'tetra-min-dihedral',
      'Smallest dihedral angle of any tet',
    ],
    [
      'mean quality',
      q.meanQuality.toFixed(3),
      'tetra-mean-quality',
      'Mean normalised mean ratio: 1 for a regular tet',
    ],
    [
      'volume ratio',
      volumeRatio,
      'tetra-volume-ratio',
      'Tet volume / volume the input encloses (watertight input)',
    ],
    ['mode', mode, 'tetra-result-mode', 'Conforming follows the surface; embedded is a cage around it'],
  ];
  list.replaceChildren(
    ...rows.flatMap(([term, value, testId, title]) => [
      el('dt', { text: term, title }),
      el('dd', { text: value, testId }),
    ]),
  );
}
