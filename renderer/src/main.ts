/**
 * Entry point of the renderer: picks the host, creates the store, the simulation worker
 * and the viewport, mounts the views and wires input to actions.
 */
import { createActions } from './app/actions.ts';
import { describeError } from './app/describe-error.ts';
import { editorCommandForKey } from './app/keyboard.ts';
import { mountFiles } from './app/mount-files.ts';
import { chooseHost } from './host/choose-host.ts';
import { mountEditor } from './panels/mount-editor.ts';
import { mountSelection } from './selection/mount-selection.ts';
import { SimClient } from './sim/sim-client.ts';
import { initialAppState, withNotification } from './state/app-state.ts';
import { applySimEvent } from './state/sim-reducer.ts';
import { createStore, watch } from './state/store.ts';
import { makeSoftBody } from './tetra/make-soft-body.ts';
import { mountTetra } from './tetra/mount-tetra.ts';
import { Viewport } from './viewport/viewport.ts';
import { mountNotifications } from './views/notifications.ts';
import { mountStatusBar } from './views/status-bar.ts';
import { mountToolbar } from './views/toolbar.ts';
import { mountViewportHud } from './views/viewport-hud.ts';

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
  if (event.type === 'loaded') {
    viewport?.setBodies(event.bodies, event.positions, event.groundHeightM);
    selection.loaded(event.bodies, event.positions);
  } else if (event.type === 'frame') {
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
  // "Simulate as soft body": the result becomes a body of the edited scene (make-soft-body.ts).
  makeSoftBody: (tool) =>
    void makeSoftBody({
      tool,
      fileName: () => {
        const open = store.get().document;
        return open.kind === 'mesh' ? open.title : null;
      },
      addBody: (fileName, view) =>
        editor.addMeshBody({ fileName, mesh: { positions: view.positions, tets: view.tets } }),
      closeMesh: actions.closeMesh,
      play: () => sim.play(),
    }),
});
// The panels around the viewport; the editor loads its scene into the worker as it starts.
const { editor, runCommand: runEditorCommand } = mountEditor(sim, host, actions);
// Vertex selection: tool buttons and keys, picks in the viewport, the panel under the outliner.
const selection = mountSelection({
  panelContainer: required('outliner'),
  viewport,
  editor,
  app: store,
  notify: actions.notify,
});
// Presets and Export Preset, Open Recent, drag and drop, recovery copies.
const runCommand = mountFiles({
  toolbar: required('toolbar'),
  viewport: required('viewport'),
  notifications: required('notifications'),
  editor,
  host,
  actions,
  next: runEditorCommand,
});
mountStatusBar(required('status-bar'), store);
// Colour modes and legend, the gizmo's target, the stats overlay: the viewport's corner.
mountViewportHud({
  container: required('viewport'),
  decorations: viewport?.decorations ?? null,
  app: store,
  editor,
});
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
