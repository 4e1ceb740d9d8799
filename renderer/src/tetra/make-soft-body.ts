/**
 * "Simulate as soft body": turns the Tetrahedralize tool's result into a body of the open scene.
 * A result too large for the live preview is first made again at a coarser target (the panel
 * says so beforehand); then the editor adds the body in one undoable edit, the static mesh view
 * closes so that the viewport shows the scene, the new body is selected and the scene plays.
 */

import type { TriMesh } from '../../../core/mesh/types.ts';
import type { TetraTool } from './mount-tetra.ts';
import type { TetView } from './protocol.ts';
import { softBodyPlan } from './soft-body-plan.ts';
import { withOptions } from './tetra-state.ts';

export interface SoftBodyDeps {
  tool: TetraTool;
  /** Name of the mesh file the result came from ('spot.obj'); null when no mesh is open. */
  fileName: () => string | null;
  /**
   * Adds the body (Editor.addMeshBody) from the tets and the imported surface they were made
   * from; its index, or null when refused (already reported).
   */
  addBody: (fileName: string, view: TetView, surface: TriMesh) => number | null;
  /** Leaves the static mesh view for the scene (AppActions.closeMesh). */
  closeMesh: () => void;
  /** Starts the simulation (the mesh view paused it). */
  play: () => void;
}

/** Runs the whole step; resolves to the new body's index, or null when nothing was added. */
export async function makeSoftBody(deps: SoftBodyDeps): Promise<number | null> {
  const { store, controller } = deps.tool;
  const state = store.get();
  if (state.phase.kind !== 'done') return null;
  const fileName = deps.fileName();
  if (fileName === null) return null;
  const surface = state.phase.source;
  let view: TetView | null = state.phase.view;
  const plan = softBodyPlan(view.quality.tetCount, state.options.targetTetCount);
  if (plan.kind === 'coarser') {
    // The target picker shows the coarser choice, so the panel tells what was run.
    store.update((s) => withOptions(s, { targetTetCount: plan.targetTetCount }));
    view = await controller.start(surface);
    // Cancelled, failed (both reported) or replaced by another run: nothing is added.
    if (view === null) return null;
  }
  const index = deps.addBody(fileName, view, surface);
  if (index === null) return null;
  deps.closeMesh();
  deps.play();
  return index;
}
