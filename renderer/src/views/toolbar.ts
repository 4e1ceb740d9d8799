/** The top toolbar: Open Mesh…, Play/Pause, Step, Reset, and the document title. */
import type { AppActions } from '../app/actions.ts';
import type { AppState } from '../state/app-state.ts';
import { type Store, watch } from '../state/store.ts';
import { el } from './dom.ts';
import { toolButton } from './toggle-panel.ts';

export function mountToolbar(
  container: HTMLElement,
  store: Store<AppState>,
  actions: AppActions,
): () => void {
  const button = (label: string, testId: string, title: string, onClick: () => void) => {
    const b = toolButton({ text: label, testId, title });
    b.addEventListener('click', onClick);
    return b;
  };
  const open = button('Open Mesh…', 'open-mesh', 'Open a mesh (OBJ, glTF, GLB) — Ctrl+O', () => {
    void actions.openMesh();
  });
  const play = button('Play', 'play-pause', 'Play or pause the simulation — Space', actions.togglePlay);
  const step = button('Step', 'step', 'Advance one frame', actions.step);
  const reset = button('Reset', 'reset', 'Return to the rest state — R', actions.reset);
  const closeMesh = button('Close Mesh', 'close-mesh', 'Back to the simulated scene', actions.closeMesh);
  const title = el('span', { className: 'document-title', testId: 'document-title' });

  container.append(
    el('span', { className: 'app-name', text: 'Softbody Studio' }),
    open,
    el('span', { className: 'toolbar-separator' }),
    play,
    step,
    reset,
    el('span', { className: 'toolbar-spacer' }),
    title,
    closeMesh,
  );

  const unsubscribers = [
    watch(
      store,
      (s) => s.sim.playing,
      (playing) => {
        play.textContent = playing ? 'Pause' : 'Play';
        play.setAttribute('aria-pressed', String(playing));
      },
    ),
    watch(
      store,
      (s) => s.sim.status === 'ready' && s.document.kind === 'scene',
      (enabled) => {
        for (const b of [play, step, reset]) b.disabled = !enabled;
      },
    ),
    watch(
      store,
      (s) => s.document,
      (document) => {
        title.textContent = document.kind === 'mesh' ? `${document.title} (static mesh)` : document.title;
        closeMesh.hidden = document.kind !== 'mesh';
      },
    ),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
