/**
 * "Simulate as soft body": turns the open mesh into a body of the open scene. A Tetrahedralize
 * result the live preview can run becomes the body as it is. Otherwise the body is made
 * progressively (soft-body-plan.ts): a coarse embedded cage is made first and added at once, so
 * that the body moves within a second or two; a conforming run at the live target then goes on
 * in the background (its progress and Cancel in the refine panel; queued behind other bodies
 * still refining, refine-queue.ts) and its result replaces the cage when done
 * (Editor.refineMeshBody: no undo step of its own, edits made meanwhile kept).
 * Each target is run once. Adding the body is one undoable edit; the static mesh view closes
 * so that the viewport shows the scene, the new body is selected and the scene plays.
 */

import type { TriMesh } from '../../../core/mesh/types.ts';
import type { TetraTool } from './mount-tetra.ts';
import { markProgress, PROGRESSIVE_MARKS } from './progressive-marks.ts';
import type { TetView } from './protocol.ts';
import { liveTargetTets, previewTargetTets, softBodyPlan } from './soft-body-plan.ts';

/** A body just added, and how to give it its refined mesh later. */
export interface AddedBody {
  index: number;
  /** The body's name in the scene, for the refine panel. */
  name: string;
  /** Replaces the body's mesh by `view` (Editor.refineMeshBody); false when it no longer can. */
  refine: (view: TetView) => boolean;
}

export interface SoftBodyDeps {
  tool: TetraTool;
  /** Name of the mesh file the result came from ('spot.obj'); null when no mesh is open. */
  fileName: () => string | null;
  /**
   * Adds the body (Editor.addMeshBody) from the tets and the imported surface they were made
   * from; null when refused (already reported).
   */
  addBody: (fileName: string, view: TetView, surface: TriMesh) => AddedBody | null;
  /** Leaves the static mesh view for the scene (AppActions.closeMesh). */
  closeMesh: () => void;
  /** Starts the simulation (the mesh view paused it). */
  play: () => void;
  /**
   * Resolves once the next world loaded has stepped its first frame (SimClient.nextWorldStepped);
   * the background refinement waits for it. Absent: it starts at once.
   */
  nextWorldStepped?: () => Promise<void>;
}

export interface MadeBody {
  index: number;
  /**
   * Settles when the background refinement ends: true when the refined mesh replaced the
   * preview, false when it was cancelled, failed or could no longer be used; null when the body
   * was made from the result as it is (nothing to refine).
   */
  refined: Promise<boolean> | null;
}

/** Runs the step on the tool's result; resolves to the new body, or null when nothing was added. */
export async function makeSoftBody(deps: SoftBodyDeps): Promise<MadeBody | null> {
  const state = deps.tool.store.get();
  if (state.phase.kind !== 'done') return null;
  const fileName = deps.fileName();
  if (fileName === null) return null;
  const surface = state.phase.source;
  const view = state.phase.view;
  const plan = softBodyPlan(view.quality.tetCount, state.options.targetTetCount);
  if (plan.kind === 'coarser') return makeProgressively(deps, fileName, surface, plan.targetTetCount);
  const added = deps.addBody(fileName, view, surface);
  if (added === null) return null;
  deps.closeMesh();
  deps.play();
  return { index: added.index, refined: null };
}

/**
 * The one step from a mesh shown static: the tool's result where it has one (makeSoftBody),
 * else progressively with the live target. A run already going is the user's own: nothing starts.
 */
export async function simulateMesh(deps: SoftBodyDeps, mesh: TriMesh): Promise<MadeBody | null> {
  const phase = deps.tool.store.get().phase.kind;
  if (phase === 'running') return null;
  if (phase === 'done') return makeSoftBody(deps);
  const fileName = deps.fileName();
  if (fileName === null) return null;
  return makeProgressively(deps, fileName, mesh, liveTargetTets());
}

async function makeProgressively(
  deps: SoftBodyDeps,
  fileName: string,
  surface: TriMesh,
  refinedTargetTets: number,
): Promise<MadeBody | null> {
  const { controller, refiner } = deps.tool;
  const triangles = surface.indices.length / 3;
  markProgress(PROGRESSIVE_MARKS.previewStart);
  // The preview leaves the panel's mode and target as the user picked them.
  const preview = await controller.start(surface, {
    mode: 'embedded',
    targetTetCount: previewTargetTets(triangles, refinedTargetTets),
  });
  // Cancelled, failed (both reported) or replaced by another run: nothing is added.
  if (preview === null) return null;
  markProgress(PROGRESSIVE_MARKS.previewDone, preview);
  const added = deps.addBody(fileName, preview, surface);
  if (added === null) return null;
  // Asked before any event of the world the add loads can arrive.
  const moving = deps.nextWorldStepped?.();
  deps.closeMesh();
  deps.play();
  markProgress(PROGRESSIVE_MARKS.bodyAdded);
  // Queued behind any body still refining (refine-queue.ts): each body gets its refined mesh. It
  // runs once the preview moves: until then the worker builds and steps it on the same cores.
  const { applied } = refiner.refine({
    bodyName: added.name,
    surface,
    targetTetCount: refinedTargetTets,
    ...(moving ? { startAfter: moving } : {}),
    apply: (view) => {
      markProgress(PROGRESSIVE_MARKS.refineDone, view);
      const swapped = added.refine(view);
      if (swapped) markProgress(PROGRESSIVE_MARKS.refineSwapped);
      return swapped;
    },
  });
  return { index: added.index, refined: applied };
}
