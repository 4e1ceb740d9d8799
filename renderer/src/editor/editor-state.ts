/**
 * The editor's document state: the scene being authored, the selection, the undo history, the
 * file it belongs to, and the latest figures from the running simulation. Pure transitions only;
 * editor.ts applies them and talks to the worker and the host.
 */
import type { Scene, Vec3 } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import type { Comparison } from './ab-edits.ts';
import { emptyHistory, type History, record, redo, undo } from './history.ts';

export interface EditorState {
  scene: Scene;
  /** Index into scene.bodies; null when nothing is selected. */
  selectedBody: number | null;
  history: History<Scene>;
  /** The scene as last saved or opened; the document is dirty while `scene` differs from it. */
  savedScene: Scene;
  /** File name of the project ('untitled.sbproj' before the first save). */
  fileName: string;
  /** Where the host saved or opened it (Electron only). */
  path?: string;
  /** Per-body figures of the latest simulated frame, in scene.bodies order; null before the first. */
  metrics: BodyMetrics[] | null;
  /**
   * Tet meshes of mesh bodies, by the shape's `path`. Only ever added to while a document is open
   * (an undone body leaves its mesh here, so redo finds it again); opening a project replaces it.
   */
  meshes: ReadonlyMap<string, SolidMesh>;
  /**
   * The two bodies the A/B section compares, by name (set by Duplicate for A/B and PBD vs XPBD);
   * not part of the document: an undone copy leaves a name that no body has, and nothing is shown.
   */
  comparison?: Comparison;
}

export const UNTITLED_PROJECT = 'untitled.sbproj';

export function initialEditorState(
  scene: Scene,
  meshes: ReadonlyMap<string, SolidMesh> = new Map(),
): EditorState {
  return {
    scene,
    meshes,
    selectedBody: scene.bodies.length > 0 ? 0 : null,
    history: emptyHistory(),
    savedScene: scene,
    fileName: UNTITLED_PROJECT,
    metrics: null,
  };
}

export function isDirty(state: EditorState): boolean {
  return state.scene !== state.savedScene;
}

/** Applies an edit to the scene and records it; an edit that changes nothing records nothing. */
export function withEdit(state: EditorState, label: string, scene: Scene): EditorState {
  if (scene === state.scene || JSON.stringify(scene) === JSON.stringify(state.scene)) return state;
  return {
    ...state,
    scene,
    selectedBody: clampSelection(state.selectedBody, scene),
    history: record(state.history, { label, before: state.scene, after: scene }),
  };
}

export function withUndo(state: EditorState): EditorState {
  const step = undo(state.history);
  if (!step) return state;
  const scene = step.entry.before;
  return { ...state, scene, history: step.history, selectedBody: clampSelection(state.selectedBody, scene) };
}

export function withRedo(state: EditorState): EditorState {
  const step = redo(state.history);
  if (!step) return state;
  const scene = step.entry.after;
  return { ...state, scene, history: step.history, selectedBody: clampSelection(state.selectedBody, scene) };
}

/**
 * Applies an edit that also brings a new tet mesh (a new mesh body): the mesh joins the asset map
 * and the scene edit is recorded, in one step. A path already in the map is never replaced, so a
 * redo of an older edit always finds the mesh it was made with.
 */
export function withMeshEdit(
  state: EditorState,
  label: string,
  scene: Scene,
  path: string,
  mesh: SolidMesh,
): EditorState {
  if (state.meshes.has(path)) throw new RangeError(`the project already has a mesh '${path}'`);
  const meshes = new Map(state.meshes).set(path, mesh);
  return withEdit({ ...state, meshes }, label, scene);
}

/**
 * A progressive body's refined mesh replaces its preview mesh, without an undo step of its own:
 * adding the body stays the one edit the user undoes. The asset under `path` becomes `refined`,
 * and in the current scene and in every snapshot of the history, a mesh body on `path` still at
 * the placement the add gave it (`from`, shape untouched: no rotation or scale) moves to `to`;
 * every other field, and so every edit the user made meanwhile (a material, a name, a move), is
 * kept as it is. The scene as last saved is left alone: it describes the file, which holds the
 * preview mesh. Null, changing nothing, when the asset under `path` is no longer `preview` (another
 * project was opened, or the mesh was already replaced).
 */
export function withRefinedMesh(
  state: EditorState,
  path: string,
  preview: SolidMesh,
  refined: SolidMesh,
  from: Vec3,
  to: Vec3,
): EditorState | null {
  if (state.meshes.get(path) !== preview) return null;
  const meshes = new Map(state.meshes).set(path, refined);
  // Snapshots are shared between neighbouring entries (one's after is the next one's before):
  // the same scene maps to the same rebased scene.
  const rebased = new Map<Scene, Scene>();
  const rebase = (scene: Scene): Scene => {
    let next = rebased.get(scene);
    if (next) return next;
    next = withPlacement(scene, path, from, to);
    rebased.set(scene, next);
    return next;
  };
  const entry = <E extends { before: Scene; after: Scene }>(e: E): E => ({
    ...e,
    before: rebase(e.before),
    after: rebase(e.after),
  });
  return {
    ...state,
    meshes,
    scene: rebase(state.scene),
    history: { past: state.history.past.map(entry), future: state.history.future.map(entry) },
  };
}

/** `scene` with its untouched mesh bodies on `path` at `from` moved to `to`; `scene` itself when none is. */
function withPlacement(scene: Scene, path: string, from: Vec3, to: Vec3): Scene {
  let changed = false;
  const bodies = scene.bodies.map((body) => {
    const shape = body.shape;
    if (shape.type !== 'mesh' || shape.path !== path || !sameVec(shape.position, from)) return body;
    if (Object.keys(shape).some((key) => key !== 'type' && key !== 'path' && key !== 'position')) return body;
    changed = true;
    return { ...body, shape: { ...shape, position: [...to] as Vec3 } };
  });
  return changed ? { ...scene, bodies } : scene;
}

function sameVec(a: ArrayLike<number> | undefined, b: Vec3): boolean {
  return a !== undefined && a.length === 3 && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/** After a save: the current scene is what the file holds. */
export function withSaved(state: EditorState, fileName: string, path: string | undefined): EditorState {
  return { ...state, savedScene: state.scene, fileName, path };
}

/** A project opened from a file replaces the document and its history (nothing of `_state` stays). */
export function withOpened(
  _state: EditorState,
  scene: Scene,
  selectedBody: number | null,
  fileName: string,
  path: string | undefined,
  meshes: ReadonlyMap<string, SolidMesh> = new Map(),
): EditorState {
  return {
    ...initialEditorState(scene, meshes),
    selectedBody: clampSelection(selectedBody, scene),
    fileName,
    path,
  };
}

function clampSelection(selected: number | null, scene: Scene): number | null {
  if (scene.bodies.length === 0) return null;
  if (selected === null) return null;
  return Math.min(selected, scene.bodies.length - 1);
}
