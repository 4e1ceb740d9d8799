/**
 * Entry point of the renderer and its composition root: picks the host, creates the store, the
 * simulation worker, the viewport, the editor and the selection, mounts the window's chrome
 * (toolbar, viewport corner, status bar, notifications, file features) and every panel of the
 * panel table (app/panel-table.ts) from here, and wires menu commands and keys.
 */
// First: it stamps the page's style nonce on the <style> elements later modules create.
import './app/style-nonce.ts';
import type { MenuCommand, MenuCommandDetail } from '../../contract/host-api.ts';
import { createActions } from './app/actions.ts';
import { appStorage } from './app/app-storage.ts';
import { describeError } from './app/describe-error.ts';
import { editorCommandForKey } from './app/keyboard.ts';
import { mountFiles } from './app/mount-files.ts';
import { mountPanels } from './app/mount-panels.ts';
import { chooseHost } from './host/choose-host.ts';
import { prepareImportWorker } from './mesh/import-client.ts';
import { mountEditor } from './panels/mount-editor.ts';
import { SelectionController } from './selection/selection-controller.ts';
import { frameLogFrom } from './sim/frame-log.ts';
import { SimClient } from './sim/sim-client.ts';
import { initialAppState, withNotification } from './state/app-state.ts';
import { applySimEvent } from './state/sim-reducer.ts';
import { createStore, watch } from './state/store.ts';
import { chooseViewportQuality, probeRendererName, type QualityChoice } from './viewport/render-quality.ts';
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
function createViewport(quality: QualityChoice): Viewport | null {
  try {
    return new Viewport(
      required('viewport'),
      (fps) => store.update((state) => ({ ...state, ui: { ...state.ui, fps } })),
      quality.quality,
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
// Light where WebGL draws on the CPU the solver needs (render-quality.ts); `?viewport=` decides.
const viewportQuality = chooseViewportQuality(window.location.search, probeRendererName());
const viewport = createViewport(viewportQuality);

// What the worker sends, for the browser benchmarks; only when the URL asks (`?frameLog`).
const frameLog = frameLogFrom(window.location.search, () => performance.now());
if (frameLog)
  Object.defineProperty(window, 'softbodyFrameLog', {
    value: { entries: frameLog.entries, progress: frameLog.progress },
  });

const sim = new SimClient((event) => {
  frameLog?.record(event);
  store.update((state) => applySimEvent(state, event));
  if (event.type === 'loaded') {
    viewport?.setBodies(event.bodies, event.positions, event.groundHeightM);
    selection.loaded(event.bodies, event.positions);
  } else if (event.type === 'frame') {
    viewport?.setPositions(event.positions, event.constraintForces, event.simTimeS);
    if (event.surfaces) viewport?.setSurfaces(event.surfaces);
    // Frames that skipped measuring (sim-controller.ts) leave the last figures standing.
    if (event.bodies) editor.setMetrics(event.bodies, event.simTimeS);
  }
});
const storage = appStorage((reason) =>
  store.update((state) =>
    withNotification(
      state,
      'warning',
      'This window cannot store data: your presets, recovery copies and mesh units last only until it closes.',
      reason,
    ),
  ),
);
const actions = createActions(store, sim, host, storage);
// Mouse grabs in the viewport go to the worker's world (core/sim/grab.ts).
viewport?.setGrabHandler(sim);

watch(
  store,
  (state) => state.document,
  (document) => viewport?.showStaticMesh(document.kind === 'mesh' ? document.mesh : null),
);
mountToolbar(required('toolbar'), store, actions);
// The editor on the default scene, with the window title and the project buttons; it loads its
// scene into the worker as it starts.
const { editor, runCommand: runEditorCommand } = mountEditor(required('toolbar'), sim, host, actions);
// Vertex selection: the viewport's tool reports picks to it; its panel is in the table.
const selection = new SelectionController(viewport);
viewport?.setSelectionHandler(selection);
// Colour modes and legend and the gizmo's target: the viewport's corner, where the stats panel goes.
const hud = mountViewportHud({
  container: required('viewport'),
  decorations: viewport?.decorations ?? null,
  editor,
});
/** Menu commands a panel carries out, by command (Export Preset belongs to the preset library). */
const panelCommands = new Map<MenuCommand, () => void>();
mountPanels({
  slots: {
    toolbar: required('toolbar'),
    workspace: required('workspace'),
    outliner: required('outliner'),
    properties: required('properties'),
    sceneEditor: required('scene-editor'),
    viewport: required('viewport'),
    plots: required('plots'),
    hud: hud.hud,
    hudControls: hud.controls,
  },
  app: store,
  editor,
  host,
  storage,
  actions,
  sim,
  tetMeshes: viewport,
  selection,
  onCommand: (command, run) => panelCommands.set(command, run),
});
// F: the camera frames the selected body, or every body when none is selected.
panelCommands.set('frame-selection', () => viewport?.frameSelection(editor.state.selectedBody));
// Open Recent, drag and drop, recovery copies.
const runFileCommand = mountFiles({
  toolbar: required('toolbar'),
  notifications: required('notifications'),
  storage,
  editor,
  host,
  actions,
  next: runEditorCommand,
});
const runCommand = (command: MenuCommand, detail?: MenuCommandDetail) => {
  const run = panelCommands.get(command);
  if (run) run();
  else runFileCommand(command, detail);
};
mountStatusBar(
  required('status-bar'),
  store,
  viewport ? { choice: viewportQuality, setQuality: (quality) => viewport.setQuality(quality) } : null,
);
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
// The first mesh opened (a drop, Open Recent) finds its import worker loaded: started once the
// page has painted and is idle.
if ('requestIdleCallback' in window) requestIdleCallback(prepareImportWorker, { timeout: 5000 });
else setTimeout(prepareImportWorker, 1000);
