/**
 * The editor's document state: the scene being authored, the selection, the undo history, the
 * file it belongs to, and the latest figures from the running simulation. Pure transitions only;
 * editor.ts applies them and talks to the worker and the host.
 */
import type { Scene } from '../../../core/scene/scene.ts';
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
