/**
 * The drift check in the properties panel: for the selected body, "Check drift" reruns the scene
 * at other frame rates and mesh resolutions in a worker (drift-client.ts; the UI thread never
 * waits on it), with progress and Cancel, then shows the table with every drift beyond the
 * tolerance marked. A result made for another scene or body shows as stale. The document is never
 * changed.
 */

import { simulationMeshOf } from '../../../core/scene/scene-meshes.ts';
import type { Editor } from '../editor/editor.ts';
import { meshesOfScene } from '../editor/mesh-body.ts';
import { watchMany } from '../panels/watch-many.ts';
import { el } from '../views/dom.ts';
import { toolButton } from '../views/toggle-panel.ts';
import {
  type DriftFailure,
  type DriftOutcome,
  type StartDriftCheck,
  startDriftCheck,
} from './drift-client.ts';
import {
  DEFAULT_RATES_TEXT,
  DEFAULT_RESOLUTIONS_TEXT,
  DRIFT_COLUMNS,
  driftRows,
  driftSummary,
  parseList,
} from './drift-view.ts';
import type { DriftRequest } from './protocol.ts';

interface Shown {
  outcome: DriftOutcome;
  /** The scene and body it was made for. */
  key: string;
}

export function mountDriftPanel(
  container: HTMLElement,
  editor: Editor,
  start: StartDriftCheck = startDriftCheck,
): () => void {
  const subject = el('p', { className: 'panel-note', testId: 'drift-subject' });
  const rates = textInput('drift-rates', DEFAULT_RATES_TEXT, 'Frame rates to run, Hz');
  const resolutions = textInput(
    'drift-resolutions',
    DEFAULT_RESOLUTIONS_TEXT,
    'Cells per axis × these factors',
  );
  const run = toolButton({ text: 'Check drift', testId: 'run-drift-check' });
  const bar = el('progress', { testId: 'drift-progress' });
  bar.max = 1;
  const progressText = el('span', { className: 'drift-dim', testId: 'drift-progress-text' });
  const cancel = toolButton({ text: 'Cancel', testId: 'cancel-drift-check' });
  const progress = el('div', { className: 'drift-progress' }, [bar, progressText, cancel]);
  const notice = el('p', { className: 'drift-notice', testId: 'drift-notice' });
  const summary = el('p', { className: 'drift-summary', testId: 'drift-summary' });
  const stale = el('p', {
    className: 'drift-stale',
    testId: 'drift-stale',
    text: 'Stale: the scene or the selected body changed since this check.',
  });
  const table = el('table', { className: 'drift-table', testId: 'drift-table' });
  const details = el('ul', { className: 'drift-details', testId: 'drift-details' });
  const result = el('div', { className: 'drift-result', testId: 'drift-result' }, [
    summary,
    stale,
    table,
    details,
  ]);
  const panel = el('section', { className: 'panel-section drift-panel', testId: 'drift-panel' }, [
    el('h3', { className: 'panel-heading', text: 'Drift check' }),
    subject,
    el('label', { className: 'field-row' }, [
      el('span', { className: 'field-label', text: 'Rates (Hz)' }),
      rates,
    ]),
    el('label', { className: 'field-row' }, [
      el('span', { className: 'field-label', text: 'Resolutions' }),
      resolutions,
    ]),
    el('div', { className: 'drift-actions' }, [run]),
    progress,
    notice,
    result,
  ]);
  panel.setAttribute('aria-label', 'Drift check');
  container.append(panel);

  let current: { id: number; run: ReturnType<StartDriftCheck> } | null = null;
  let runs = 0;
  let shown: Shown | null = null;
  let noticeText: string | null = null;

  const selected = () => {
    const { scene, selectedBody } = editor.state;
    return selectedBody === null ? undefined : scene.bodies[selectedBody];
  };
  const keyOf = (bodyName: string) => JSON.stringify([bodyName, editor.state.scene]);

  const render = () => {
    const body = selected();
    const running = current !== null;
    subject.textContent = body
      ? `Reruns the scene at other frame rates (the ${editor.state.scene.solver.substeps} substeps per frame kept, so h changes) and mesh resolutions, and compares '${body.name}' with the scene as authored.`
      : 'Select a body to check how it drifts with the frame rate and the mesh resolution.';
    run.disabled = !body || running;
    progress.hidden = !running;
    notice.hidden = noticeText === null;
    notice.textContent = noticeText ?? '';
    result.hidden = shown === null;
    if (shown) stale.hidden = body !== undefined && keyOf(body.name) === shown.key;
  };

  const showResult = (outcome: DriftOutcome) => {
    const { report } = outcome;
    summary.textContent = driftSummary(report);
    summary.classList.toggle('flagged', report.flagged);
    const head = el(
      'tr',
      {},
      DRIFT_COLUMNS.map((c) => el('th', { text: c.text, title: c.title })),
    );
    const rows = driftRows(report).map((row) => {
      const tr = el(
        'tr',
        { className: row.flagged ? 'drift-row-flagged' : '' },
        row.cells.map((cell) =>
          el('td', {
            className: cell.flagged ? 'drift-flagged' : '',
            text: cell.flagged ? `${cell.text} !` : cell.text,
            title: cell.flagged ? `Beyond ±${100 * report.tolerance}%` : '',
          }),
        ),
      );
      if (!row.settled) tr.title = 'Still moving when the time limit came: not a rest state';
      return tr;
    });
    table.replaceChildren(el('thead', {}, [head]), el('tbody', {}, rows));
    details.replaceChildren(
      el('li', { text: `Probe: ${report.probe}; budget compensation ${report.compensation}.` }),
      ...report.skipped.map((s) =>
        el('li', { text: `${s.rateHz} Hz, resolution ${s.resolution}: skipped: ${s.reason}` }),
      ),
      ...report.notes.map((n) => el('li', { text: n })),
      el('li', {
        text: `${report.runs.length + 1} runs to rest in ${outcome.seconds.toFixed(1)} s, in the background.`,
      }),
    );
  };

  const startCheck = async () => {
    const body = selected();
    if (!body || current) return;
    const r = parseList(rates.value, 'rates');
    const k = parseList(resolutions.value, 'resolutions');
    if ('error' in r || 'error' in k) {
      noticeText = 'error' in r ? r.error : (k as { error: string }).error;
      render();
      return;
    }
    const { scene, meshes } = editor.state;
    const tetsOnly = [...meshesOfScene(scene, meshes)].map(
      ([path, mesh]) => [path, simulationMeshOf(mesh)] as DriftRequest['meshes'][number],
    );
    const request: DriftRequest = {
      scene,
      meshes: tetsOnly,
      body: body.name,
      ratesHz: r.values,
      resolutions: k.values,
    };
    const key = keyOf(body.name);
    const id = ++runs;
    noticeText = null;
    bar.value = 0;
    progressText.textContent = 'starting';
    const handle = start(request, (done, total, label) => {
      if (current?.id !== id) return;
      bar.value = total > 0 ? done / total : 0;
      progressText.textContent = `${done}/${total} · ${label}`;
    });
    current = { id, run: handle };
    render();
    try {
      const outcome = await handle.result;
      if (current?.id !== id) return;
      shown = { outcome, key };
      showResult(outcome);
    } catch (error) {
      if (current?.id !== id) return;
      const failure = error as DriftFailure;
      noticeText = failure.cancelled
        ? 'Drift check cancelled; the previous result (if any) is kept.'
        : `Drift check failed: ${failure.message}`;
    } finally {
      if (current?.id === id) current = null;
      render();
    }
  };

  run.addEventListener('click', () => void startCheck());
  cancel.addEventListener('click', () => current?.run.cancel());
  // Renders now, and again when the scene or the selection changes (not every frame).
  const unwatch = watchMany(editor.store, [(s) => s.scene, (s) => s.selectedBody], render);
  return () => {
    unwatch();
    current?.run.cancel();
    panel.remove();
  };
}

function textInput(testId: string, value: string, title: string): HTMLInputElement {
  const input = el('input', { className: 'field-input', testId, title });
  input.type = 'text';
  input.value = value;
  return input;
}
