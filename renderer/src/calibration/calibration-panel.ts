/**
 * The calibration panel's UI, under the plots: a toggle beside the plots toggle, and a panel with
 * what is calibrated (the selected body's material at the scene's dt and substeps), Run, the
 * progress bar with Cancel, and for a result the verdict, the table at the scene's substep
 * count, the E_eff/E chart, the scenes' sizes and every run. It only reads the panel's state and
 * the subject, and calls the controller.
 */
import type { CalibrationReport } from '../../../core/calibrate/index.ts';
import { CONSTRAINT_MODEL_INFO } from '../../../core/scene/models.ts';
import { type Store, watch } from '../state/store.ts';
import { el } from '../views/dom.ts';
import { showPressed, type ToggleButtonProps, toggleButton, toolButton } from '../views/toggle-panel.ts';
import type { CalibrationChart } from './calibration-chart.ts';
import type { CalibrationController } from './calibration-controller.ts';
import {
  type CalibrationResult,
  type CalibrationState,
  isStale,
  progressFraction,
  shownResult,
  withOpen,
} from './calibration-state.ts';
import type { CalibrationSubject } from './calibration-subject.ts';
import { resolutionLine, sceneLabel, sweepOf, tableRows, verdictText } from './verdict.ts';

export interface CalibrationPanelHost {
  /** The plots section: the toggle joins its header, the panel goes below. */
  container: HTMLElement;
  /** What Run would calibrate now. */
  subject: () => CalibrationSubject;
  /** Subscribes to changes of the subject (scene or selection); returns the unsubscribe function. */
  watchSubject: (listener: () => void) => () => void;
  /** The selected body's r = h·c/l in the running preview, once it has one; subscribes to it. */
  watchBodyResolution: (listener: (resolution: number | null) => void) => () => void;
  /** The toggle's text (closed and open), test id and tooltip, from the panel table. */
  toggle: ToggleButtonProps;
}

export function mountCalibrationPanel(
  host: CalibrationPanelHost,
  store: Store<CalibrationState>,
  controller: CalibrationController,
): () => void {
  // Not togglePanel: whether the panel is open lives in the store (the chart loads with it).
  const toggle = toggleButton(host.toggle);
  const header = host.container.querySelector('.plots-header') ?? host.container;
  header.append(toggle);

  const subjectText = el('span', { className: 'calibration-subject', testId: 'calibration-subject' });
  const run = toolButton({ text: 'Run', testId: 'run-calibration' });
  const bar = el('progress', { testId: 'calibration-progress' });
  bar.max = 1;
  const progressText = el('span', { className: 'calibration-dim', testId: 'calibration-progress-text' });
  const cancel = toolButton({ text: 'Cancel', testId: 'cancel-calibration' });
  const progress = el('span', { className: 'calibration-progress' }, [bar, progressText, cancel]);
  const notice = el('p', { className: 'calibration-notice', testId: 'calibration-notice' });
  const rerun = toolButton({ text: 'Re-run', testId: 'rerun-calibration' });
  const staleText = el('span');
  const stale = el('p', { className: 'calibration-stale', testId: 'calibration-stale' }, [staleText, rerun]);

  const verdict = el('p', { className: 'calibration-verdict', testId: 'calibration-verdict' });
  const table = el('table', { className: 'calibration-table', testId: 'calibration-table' });
  const resolutionText = el('p', { className: 'calibration-dim', testId: 'calibration-resolution' });
  const meta = el('p', { className: 'calibration-dim', testId: 'calibration-meta' });
  const scenes = el('ul', { className: 'calibration-scenes', testId: 'calibration-scenes' });
  const sweepTable = el('table', { className: 'calibration-table', testId: 'calibration-sweep' });
  const details = el('details', { className: 'calibration-details' }, [
    el('summary', { text: 'Scenes and every run' }),
    scenes,
    sweepTable,
  ]);
  const chartHost = el('div', { className: 'calibration-chart', testId: 'calibration-chart' });
  const result = el('div', { className: 'calibration-result', testId: 'calibration-result' }, [
    verdict,
    stale,
    el('div', { className: 'calibration-columns' }, [
      el('div', { className: 'calibration-text' }, [table, resolutionText, meta, details]),
      chartHost,
    ]),
  ]);
  const panel = el('section', { className: 'calibration-panel', testId: 'calibration-panel' }, [
    el('div', { className: 'calibration-bar' }, [
      el('h2', { text: 'Calibration' }),
      subjectText,
      run,
      progress,
    ]),
    notice,
    result,
  ]);
  panel.setAttribute('aria-label', 'Calibration');
  panel.hidden = true;
  host.container.append(panel);

  const startRun = () => {
    const subject = host.subject();
    if (subject.ok) void controller.start(subject);
  };
  toggle.addEventListener('click', () => store.update((s) => withOpen(s, !s.open)));
  run.addEventListener('click', startRun);
  rerun.addEventListener('click', startRun);
  cancel.addEventListener('click', () => controller.cancel());

  // The chart module (uPlot) loads with the first result shown in an open panel.
  let chart: Promise<CalibrationChart | null> | null = null;
  let charted: CalibrationResult | null = null;
  const drawChart = (shown: CalibrationResult | null) => {
    if (!store.get().open || !shown || shown === charted) return;
    charted = shown;
    chart ??= import('./calibration-chart.ts')
      .then((module) => module.createCalibrationChart(chartHost))
      .catch((error: unknown) => {
        console.error('[calibration] could not load the chart:', error);
        return null;
      });
    void chart.then((c) => c?.show(sweepOf(shown.report), shown.sceneSubsteps));
  };

  const render = () => {
    const state = store.get();
    const subject = host.subject();
    const running = state.phase.kind === 'running';
    panel.hidden = !state.open;
    showPressed(toggle, state.open, host.toggle.text);
    subjectText.textContent = subject.ok ? describeSubject(subject) : subject.reason;
    subjectText.title = subjectText.textContent;
    run.disabled = !subject.ok || running;
    run.title = subject.ok
      ? 'Run the standard scenes with this material at each substep count (in the background)'
      : subject.reason;
    progress.hidden = !running;
    if (state.phase.kind === 'running') {
      const { done, total, label } = state.phase;
      bar.value = progressFraction(state);
      progressText.textContent = total > 0 ? `${done}/${total} · ${label}` : label;
    }
    notice.hidden = state.notice === null;
    notice.textContent = state.notice ?? '';
    const shown = shownResult(state);
    result.hidden = shown === null;
    if (!shown) return;
    const outdated = isStale(shown, subject.ok ? subject.key : null);
    result.classList.toggle('stale', outdated);
    stale.hidden = !outdated;
    rerun.disabled = !subject.ok || running;
    staleText.textContent = `Stale: made for '${shown.bodyName}' at ${shown.sceneSubsteps} substeps; the selected material or the solver budget differs now. `;
    showResult(shown);
    // The body's own r is comparable only with a result made for its material and budget.
    const own = !outdated && subject.ok && bodyResolution !== null ? bodyResolution : null;
    resolutionText.textContent = resolutionLine(
      shown.report,
      shown.sceneSubsteps,
      own === null ? null : { name: shown.bodyName, resolution: own },
    );
    drawChart(shown);
  };
  let bodyResolution: number | null = null;

  let filled: CalibrationResult | null = null;
  const showResult = (shown: CalibrationResult) => {
    if (shown === filled) return;
    filled = shown;
    const { report, sceneSubsteps } = shown;
    verdict.textContent = `${verdictText(report, sceneSubsteps)}.`;
    fillTable(table, report, sceneSubsteps);
    const runs = report.scenes.length;
    meta.textContent = `${runs} runs to rest in ${shown.seconds.toFixed(1)} s, in the background · E_eff = E·analytic/simulated`;
    scenes.replaceChildren(
      ...report.setups.map((s) =>
        el('li', { text: `${sceneLabel(s.scene, report.kind)}: ${s.description}; analytic ${s.formula}` }),
      ),
      ...report.skipped.map((s) => el('li', { text: `${s.scene}: skipped: ${s.reason}` })),
    );
    fillSweep(sweepTable, report);
  };

  const unsubscribers = [
    watch(store, (s) => s, render),
    host.watchSubject(render),
    host.watchBodyResolution((resolution) => {
      bodyResolution = resolution;
      render();
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
    void chart?.then((c) => c?.destroy());
    panel.remove();
    toggle.remove();
  };
}

function describeSubject(subject: Extract<CalibrationSubject, { ok: true }>): string {
  const { material, solidModel, frameDtS } = subject.request;
  const model = CONSTRAINT_MODEL_INFO[solidModel ?? 'cloth'].noun;
  const thickness = material.thicknessM === undefined ? '' : `, t ${mm(material.thicknessM)} mm`;
  return (
    `${subject.bodyName} (${model}): E ${modulus(material.youngModulusPa)}, ν ${material.poissonRatio}, ` +
    `ρ ${material.densityKgM3} kg/m³${thickness} · dt ${ms(frameDtS)} ms × ${subject.sceneSubsteps} substeps`
  );
}

function fillTable(table: HTMLTableElement, report: CalibrationReport, substeps: number): void {
  const head = el('tr', {}, [
    el('th', { text: 'scene', title: `At the scene's ${substeps} substeps per frame` }),
    el('th', { text: 'simulated' }),
    el('th', { text: 'analytic' }),
    el('th', {
      text: 'ratio',
      title: 'simulated/analytic: above 1 the preview moves more than the material would',
    }),
    el('th', { text: 'E_eff/E', title: "Effective Young's modulus over the material's: analytic/simulated" }),
  ]);
  const rows = tableRows(report, substeps).map((row) =>
    el('tr', {}, [
      el('td', {}, [row.label, el('span', { className: 'calibration-quantity', text: row.quantity })]),
      el('td', {
        text: `${mm(row.simulatedM)} mm${row.settled ? '' : '*'}`,
        title: row.settled ? '' : 'Still moving when the time limit came: not a rest state',
      }),
      el('td', { text: `${mm(row.analyticM)} mm` }),
      el('td', { text: fixed(row.ratio, 3) }),
      el('td', { text: fixed(row.stiffnessRatio, 3) }),
    ]),
  );
  table.replaceChildren(el('thead', {}, [head]), el('tbody', {}, rows));
}

function fillSweep(table: HTMLTableElement, report: CalibrationReport): void {
  const sweep = sweepOf(report);
  const rTitle = 'Resolution of the run (see the scene); the physics holds for r ≤ 0.25';
  const head = el('tr', {}, [
    el('th', { text: 'substeps' }),
    ...sweep.series.flatMap((s) => [
      el('th', { text: `${s.label} E_eff/E` }),
      el('th', { text: `${s.label} r`, title: rTitle }),
    ]),
  ]);
  const rows = sweep.substeps.map((n, i) =>
    el('tr', {}, [
      el('td', { text: String(n) }),
      ...sweep.series.flatMap((s) => [
        el('td', { text: fixed(s.stiffnessRatios[i], 3) }),
        el('td', { text: fixed(s.resolutions[i], 2) }),
      ]),
    ]),
  );
  table.replaceChildren(el('thead', {}, [head]), el('tbody', {}, rows));
}

function fixed(v: number, digits: number): string {
  return Number.isFinite(v) ? v.toFixed(digits) : 'NaN';
}

/** Three significant digits of a length given in m, shown in mm. */
function mm(m: number): string {
  return Number.isFinite(m) ? String(Number((1000 * m).toPrecision(3))) : 'NaN';
}

function ms(s: number): string {
  return String(Number((1000 * s).toPrecision(3)));
}

function modulus(pa: number): string {
  return pa >= 1e6 ? `${Number((pa / 1e6).toPrecision(4))} MPa` : `${Number((pa / 1e3).toPrecision(4))} kPa`;
}
