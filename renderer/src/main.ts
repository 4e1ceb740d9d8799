/**
 * Entry point of the renderer: picks the host, creates the store, the simulation worker
 * and the viewport, mounts the views and wires input to actions.
 */
import { createActions } from './app/actions.ts';
import { describeError } from './app/describe-error.ts';
import { editorCommandForKey } from './app/keyboard.ts';
import { chooseHost } from './host/choose-host.ts';
import { mountEditor } from './panels/mount-editor.ts';
import { SimClient } from './sim/sim-client.ts';
import { initialAppState, withNotification } from './state/app-state.ts';
import { applySimEvent } from './state/sim-reducer.ts';
import { createStore, watch } from './state/store.ts';
import { mountTetra } from './tetra/mount-tetra.ts';
import { Viewport } from './viewport/viewport.ts';
import { mountNotifications } from './views/notifications.ts';
import { mountStatusBar } from './views/status-bar.ts';
import { mountToolbar } from './views/toolbar.ts';

function required(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (!element) throw new Error(`[renderer] index.html lacks #${id}`);
  return element;
}

/** The viewport, or null (and an error the user sees) where WebGL2 is not available. */
function createViewport(): Viewport | null {
  try {
    return new Viewport(required('viewport'), (fps) =>
      store.update((state) => ({ ...state, ui: { ...state.ui, fps } })),
    );
  } catch (error) {
    console.error('[renderer] viewport unavailable:', error);
    store.update((state) =>
      withNotification(
        state,
        'error',
        `The 3D viewport needs WebGL2, which this system did not provide (${describeError(error)}). The simulation still runs.`,
      ),
    );
    return null;
  }
}

const host = chooseHost();
const store = createStore(initialAppState());
const viewport = createViewport();

const sim = new SimClient((event) => {
  store.update((state) => applySimEvent(state, event));
  if (event.type === 'loaded') viewport?.setBodies(event.bodies, event.positions, event.groundHeightM);
  else if (event.type === 'frame') {
    viewport?.setPositions(event.positions);
    editor.setMetrics(event.bodies, event.simTimeS);
  }
});
const actions = createActions(store, sim, host);
// Mouse grabs in the viewport go to the worker's world (core/sim/grab.ts).
viewport?.setGrabHandler(sim);

watch(
  store,
  (state) => state.document,
  (document) => viewport?.showStaticMesh(document.kind === 'mesh' ? document.mesh : null),
);
mountToolbar(required('toolbar'), store, actions);
// Tetrahedralize: a toolbar button and a panel over the viewport, for the mesh shown static.
mountTetra({
  toolbar: required('toolbar'),
  viewportContainer: required('viewport'),
  app: store,
  viewport,
  notify: actions.notify,
});
// The panels around the viewport; the editor loads its scene into the worker as it starts.
const { editor, runCommand } = mountEditor(sim, host, actions);
mountStatusBar(required('status-bar'), store);
mountNotifications(required('notifications'), store, actions.dismiss);

host.onMenuCommand(runCommand);
window.addEventListener('keydown', (event) => {
  if (event.repeat) return;
  const command = editorCommandForKey(event, document.activeElement as HTMLElement | null);
  if (!command) return;
  // Space would also press a focused toolbar button (toggling twice) or scroll.
  event.preventDefault();
  runCommand(command);
});

host
  .getPreferences()
  .then((preferences) => viewport?.setGridVisible(preferences.showGrid))
  .catch((error: unknown) => console.warn('[renderer] preferences unavailable:', error));

document.body.dataset.host = host.kind;
// The default scene starts moving at once: the editor opens on a live simulation.
sim.play();
