/**
 * Puts the Tetrahedralize tool together: its state, the controller running worker jobs, the
 * panel and the tet mesh view in the viewport. The tool follows the app document: a result
 * belongs to the static mesh it came from and is dropped when that mesh is closed or replaced.
 */
import type { Object3D } from 'three';
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { AppState, NotificationLevel } from '../state/app-state.ts';
import { createStore, type Store, watch } from '../state/store.ts';
import { TetMeshView } from '../viewport/tet-mesh-view.ts';
import { mountRefinePanel } from './refine-panel.ts';
import { RefineQueue } from './refine-queue.ts';
import { prepareTetraWorker, startTetrahedralization } from './tetra-client.ts';
import { TetraController } from './tetra-controller.ts';
import { mountTetraPanel } from './tetra-panel.ts';
import { initialTetraState, shownView, type TetraState } from './tetra-state.ts';

/** The part of the viewport the tool uses (absent where WebGL2 is missing). */
export interface TetMeshHost {
  showTetMesh(object: Object3D | null): void;
  invalidate(): void;
}

export interface TetraTool {
  store: Store<TetraState>;
  controller: TetraController;
  /**
   * The background runs that refine progressive bodies, one after another (make-soft-body.ts,
   * refine-queue.ts): their own state, so that they go on after the mesh view closes and never
   * replace the panel's result.
   */
  refiner: RefineQueue;
}

export function mountTetra(options: {
  toolbar: HTMLElement;
  viewportContainer: HTMLElement;
  app: Store<AppState>;
  viewport: TetMeshHost | null;
  notify: (level: NotificationLevel, text: string) => void;
  /** "Simulate as soft body" on a result (make-soft-body.ts); no button without it. */
  makeSoftBody?: (tool: TetraTool) => void;
}): TetraTool {
  const { app, viewport } = options;
  const store = createStore(initialTetraState());
  const controller = new TetraController(store, startTetrahedralization, options.notify);
  const refineStore = createStore(initialTetraState());
  const refiner = new RefineQueue(
    refineStore,
    new TetraController(refineStore, startTetrahedralization, options.notify),
  );
  const tool: TetraTool = { store, controller, refiner };
  mountRefinePanel(options.viewportContainer, refiner);
  const { makeSoftBody } = options;
  const meshOf = (state: AppState): TriMesh | null =>
    state.document.kind === 'mesh' ? state.document.mesh : null;

  mountTetraPanel(
    {
      toolbar: options.toolbar,
      viewport: options.viewportContainer,
      openMesh: () => meshOf(app.get()),
      watchMesh: (listener) => watch(app, meshOf, listener),
      makeSoftBody: makeSoftBody && (() => makeSoftBody(tool)),
    },
    store,
    controller,
  );
  // A new or closed mesh drops the result made from the previous one (and any run on it); a
  // new one gets a worker started ahead for its first run.
  watch(app, meshOf, (mesh) => {
    controller.forget();
    if (mesh) prepareTetraWorker();
  });

  const view = new TetMeshView();
  let drawn = false;
  watch(
    store,
    (s) => s,
    (s) => {
      if (!viewport) return;
      const shown = shownView(s);
      if (!shown) {
        if (drawn) viewport.showTetMesh(null);
        drawn = false;
        return;
      }
      view.show(shown, { axis: s.display.cutAxis, fraction: s.display.cutFraction }, s.display.wireframe);
      if (!drawn) viewport.showTetMesh(view.root);
      drawn = true;
      viewport.invalidate();
    },
  );
  return tool;
}
