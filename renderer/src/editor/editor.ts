/**
 * The editor controller: applies edits through the history, keeps the running simulation on the
 * current scene, and saves and opens project files through the host. Views call it; it changes
 * state only through its store.
 */

import { ProjectReadError, readProject, writeProject } from '../../../core/project/index.ts';
import type { Scene } from '../../../core/sim/scene.ts';
import { SceneValidationError } from '../../../core/sim/scene-error.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import { fileFilters, type HostApi, isHostError, type MenuCommand } from '../../../electron/ipc-contract.ts';
import { describeError } from '../app/describe-error.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { createStore, type Store, watch } from '../state/store.ts';
import {
  type EditorState,
  initialEditorState,
  isDirty,
  withEdit,
  withOpened,
  withRedo,
  withSaved,
  withUndo,
} from './editor-state.ts';
import { MetricSeries } from './metric-series.ts';
import type { SceneEdit } from './scene-edits.ts';

/** Simulated seconds the plots show, s. */
const PLOT_WINDOW_S = 10;

/** What the editor needs of the simulation worker. */
export interface SceneSink {
  loadScene(scene: Scene): void;
}

export interface EditorDeps {
  sim: SceneSink;
  host: HostApi;
  /** Shows a notification; `detail` is shown on request (every problem of a file, one a line). */
  notify: (level: NotificationLevel, text: string, detail?: string) => void;
  /** Asks the user to confirm discarding unsaved changes (window.confirm in the app). */
  confirm: (question: string) => boolean;
}

/** Something that handles undo/redo itself while it has focus (a text field, the JSON editor). */
export type FocusedUndo = (command: 'undo' | 'redo') => boolean;

export class Editor {
  readonly store: Store<EditorState>;
  /** The last ten simulated seconds of per-body figures, for the plots. */
  readonly series = new MetricSeries(PLOT_WINDOW_S);
  private readonly focusedUndoHandlers: FocusedUndo[] = [];

  constructor(
    private readonly deps: EditorDeps,
    scene: Scene,
  ) {
    this.store = createStore(initialEditorState(scene));
    // Every change of the document rebuilds the running simulation at once.
    watch(
      this.store,
      (state) => state.scene,
      (next) => deps.sim.loadScene(next),
    );
  }

  get state(): EditorState {
    return this.store.get();
  }

  /**
   * Applies an edit made by `make` from the current scene and records it for undo. An edit the
   * scene validator refuses changes nothing and is reported; returns whether it applied.
   */
  edit(make: (scene: Scene) => SceneEdit): boolean {
    let edit: SceneEdit;
    try {
      edit = make(this.state.scene);
    } catch (error) {
      this.deps.notify('error', `Edit refused: ${describeError(error)}`, detailOf(error));
      return false;
    }
    this.store.update((state) => withEdit(state, edit.label, edit.scene));
    return true;
  }

  select(index: number | null): void {
    this.store.update((state) => (state.selectedBody === index ? state : { ...state, selectedBody: index }));
  }

  undo(): void {
    this.store.update(withUndo);
  }

  redo(): void {
    this.store.update(withRedo);
  }

  /** Per-body figures of the newest frame at simulated time `timeS` (s); shown and plotted, never recorded in history. */
  setMetrics(metrics: BodyMetrics[], timeS: number): void {
    this.series.push(timeS, metrics);
    this.store.update((state) => ({ ...state, metrics }));
  }

  /** Registers a focused-field undo handler (tried before the document's history). */
  addFocusedUndo(handler: FocusedUndo): void {
    this.focusedUndoHandlers.push(handler);
  }

  /**
   * Handles the menu commands that belong to the document; false for the others. Undo and redo
   * go to a focused text field or JSON editor first, so typing is undone there, not in the document.
   */
  handleMenuCommand(command: MenuCommand): boolean {
    switch (command) {
      case 'undo':
      case 'redo':
        if (this.focusedUndoHandlers.some((handler) => handler(command))) return true;
        if (command === 'undo') this.undo();
        else this.redo();
        return true;
      case 'save':
        void this.save(false);
        return true;
      case 'save-as':
        void this.save(true);
        return true;
      case 'open-project':
        void this.open();
        return true;
      default:
        return false;
    }
  }

  /** Writes the project; Save As (or a first save) asks where. Errors become notifications. */
  async save(asNew: boolean): Promise<boolean> {
    const state = this.state;
    const text = writeProject(state.scene, { selectedBody: state.selectedBody });
    const scene = state.scene;
    try {
      const saved = await this.deps.host.saveFile({
        suggestedName: state.fileName,
        bytes: new TextEncoder().encode(text),
        filters: [fileFilters.projects],
        path: asNew ? undefined : state.path,
      });
      if (!saved) return false;
      // Edits made while the host was writing stay unsaved: only the written scene counts as saved.
      this.store.update((current) => ({
        ...withSaved(current, saved.name, saved.path ?? current.path),
        savedScene: scene,
      }));
      this.deps.notify('info', `Saved ${saved.name}.`);
      return true;
    } catch (error) {
      this.deps.notify('error', `Could not save ${state.fileName}: ${describeError(error)}`, detailOf(error));
      return false;
    }
  }

  /** Asks for a project file and opens it; unsaved changes are discarded only after confirming. */
  async open(): Promise<boolean> {
    if (isDirty(this.state) && !this.deps.confirm(`Discard the unsaved changes to ${this.state.fileName}?`))
      return false;
    let file: Awaited<ReturnType<HostApi['openProject']>>;
    try {
      file = await this.deps.host.openProject();
    } catch (error) {
      this.deps.notify('error', describeError(error));
      return false;
    }
    if (!file) return false;
    if (!file.name.toLowerCase().endsWith('.sbproj')) {
      this.deps.notify(
        'info',
        `${file.name} was not opened: opening presets arrives with the preset library.`,
      );
      return false;
    }
    try {
      const project = readProject(new TextDecoder().decode(file.bytes), file.name);
      this.store.update((state) =>
        withOpened(state, project.scene, project.editor.selectedBody, file.name, file.path),
      );
      this.deps.notify('info', `Opened ${file.name}.`);
      return true;
    } catch (error) {
      this.deps.notify(
        'error',
        `Could not open ${file.name}; the open project is unchanged.`,
        detailOf(error),
      );
      return false;
    }
  }
}

/** Every problem of a file or scene, one a line; else the error's name and message. */
function detailOf(error: unknown): string {
  if (error instanceof ProjectReadError) {
    return error.problems.map((p) => `${error.file}: ${p.pointer || '/'}: ${p.message}`).join('\n');
  }
  if (error instanceof SceneValidationError) {
    return error.problems.map((p) => `${p.pointer || '/'}: ${p.message}`).join('\n');
  }
  if (error instanceof Error || isHostError(error)) return `${error.name}: ${error.message}`;
  return String(error);
}
