/**
 * The stats overlay in the viewport corner (toggled by its button or F3): fps, solver ms per
 * frame, particles, constraints, substeps and each body's resolution r, with a warning where
 * the preview is softer or stiffer than its material (stats-rows.ts says what it shows; this
 * only draws it).
 */
import type { EditorState } from '../editor/editor-state.ts';
import { PreviewStiffnessCache } from '../editor/preview-stiffness.ts';
import { type AppState, onlyRunningFiguresChanged } from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { el } from './dom.ts';
import { readoutPacer } from './readout-pacer.ts';
import { statsRows } from './stats-rows.ts';

export function mountStatsOverlay(
  container: HTMLElement,
  app: Store<AppState>,
  editor: Store<EditorState>,
): { element: HTMLElement; setVisible(visible: boolean): void; dispose(): void } {
  const element = el('div', { className: 'stats-overlay', testId: 'stats-overlay' });
  element.hidden = true;
  container.append(element);
  let shownKey = '';
  /** E_eff/E per body, compiled once per scene (the store changes every frame, the scene rarely). */
  const stiffness = new PreviewStiffnessCache();
  let ratios = {
    scene: null as EditorState['scene'] | null,
    meshes: null as EditorState['meshes'] | null,
    values: [] as (number | null)[],
  };

  const render = () => {
    if (element.hidden) return;
    const a = app.get();
    const e = editor.get();
    if (ratios.scene !== e.scene || ratios.meshes !== e.meshes)
      ratios = { scene: e.scene, meshes: e.meshes, values: stiffness.ratios(e.scene, e.meshes) };
    const rows = statsRows({
      fps: a.ui.fps,
      simMsPerFrame: a.sim.simMsPerFrame,
      particleCount: a.sim.particleCount,
      constraintCount: a.sim.constraintCount,
      kernels: a.sim.kernels,
      substeps: e.scene.solver.substeps,
      metrics: e.metrics,
      stiffnessRatios: ratios.values,
    });
    // Redrawn only when the text changes: the store updates every simulated frame.
    const key = JSON.stringify(rows);
    if (key === shownKey) return;
    shownKey = key;
    element.replaceChildren(
      ...rows.map((row) => {
        const line = el(
          'div',
          { className: `stats-row${row.warning ? ' stats-warning' : ''}`, title: row.note },
          [
            el('span', { className: 'stats-label', text: row.label }),
            el('span', { className: 'stats-value', text: row.value }),
          ],
        );
        line.dataset.stat = row.key;
        return line;
      }),
      ...rows
        .filter((row) => row.note)
        .map((row) => el('div', { className: 'stats-note', testId: 'stats-warning', text: row.note })),
    );
  };
  // The figures a playing simulation changes every frame are paced; anything else shows at once.
  // Hidden, it shows nothing (setVisible draws it afresh).
  const pacer = readoutPacer(render);
  const follow = (paced: boolean) => {
    if (element.hidden) return;
    if (paced) pacer.request();
    else pacer.now();
  };
  const unsubscribe = [
    app.subscribe((next, previous) => follow(onlyRunningFiguresChanged(next, previous))),
    editor.subscribe((next, previous) =>
      follow(next.scene === previous.scene && next.meshes === previous.meshes),
    ),
  ];
  return {
    element,
    setVisible(visible) {
      element.hidden = !visible;
      shownKey = '';
      pacer.now();
    },
    dispose() {
      pacer.cancel();
      for (const u of unsubscribe) u();
      element.remove();
    },
  };
}
