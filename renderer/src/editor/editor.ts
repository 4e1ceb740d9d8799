/**
 * The editor controller: applies edits through the history, keeps the running simulation on the
 * current scene, and saves and opens project files through the host. Views call it; it changes
 * state only through its store.
 */

import {
  fileFilters,
  type HostApi,
  isHostError,
  type MenuCommand,
  type OpenedFile,
} from '../../../contract/host-api.ts';
import { DocumentError } from '../../../core/document/problem.ts';
import { readProject, writeProject } from '../../../core/project/index.ts';
import { CONSTRAINT_MODEL_INFO } from '../../../core/scene/models.ts';
import type { Scene, Vec3 } from '../../../core/scene/scene.ts';
import type { SolidMesh } from '../../../core/scene/scene-meshes.ts';
import type { BodyMetrics } from '../../../core/sim/world.ts';
import { badTetsMessage, findBadTets } from '../../../core/tetra/check-tets.ts';
import { describeError } from '../app/describe-error.ts';
import type { NotificationLevel } from '../state/app-state.ts';
import { createStore, type Store, watch } from '../state/store.ts';
import type { ComparisonEdit } from './ab-edits.ts';
import { addClothBody, CLOTH_BODY_MATERIAL, type ClothBodyRequest } from './cloth-body.ts';
import {
  type EditorState,
  initialEditorState,
  isDirty,
  withEdit,
  withMeshEdit,
  withOpened,
  withRedo,
  withRefinedMesh,
  withSaved,
  withUndo,
} from './editor-state.ts';
import {
  addMeshBody,
  DROP_HEIGHT_M,
  liftedPosition,
  MESH_BODY_MATERIAL,
  type MeshBodyEdit,
  type MeshBodyRequest,
  meshAssetOf,
  meshesOfScene,
  missingMeshAssets,
} from './mesh-body.ts';
import { MetricSeries } from './metric-series.ts';
import { addRagdoll, type RagdollEdit } from './ragdoll-body.ts';
import type { SceneEdit } from './scene-edits.ts';

/** Simulated seconds the plots show, s. */
const PLOT_WINDOW_S = 10;

/** What the editor needs of the simulation worker. */
export interface SceneSink {
  /** Builds `scene` in the worker; `meshes` holds the tet mesh of each mesh body, by its path. */
  loadScene(scene: Scene, meshes: ReadonlyMap<string, SolidMesh>): void;
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
    // Every change of the document rebuilds the running simulation at once, with the tet meshes
    // of its mesh bodies (only those: every load copies them to the worker).
    watch(
      this.store,
      (state) => state.scene,
      (next) => deps.sim.loadScene(next, meshesOfScene(next, this.state.meshes)),
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
      const problems = this.meshProblems(edit.scene);
      if (problems.length > 0) throw new DocumentError('scene', problems);
    } catch (error) {
      this.deps.notify('error', `Edit refused: ${describeError(error)}`, detailOf(error));
      return false;
    }
    this.store.update((state) => withEdit(state, edit.label, edit.scene));
    return true;
  }

  /**
   * Mesh bodies of `scene` whose tet mesh the project lacks and the current scene did not
   * already lack (a scene opened with one missing stays editable), with JSON pointers.
   */
  meshProblems(scene: Scene): { pointer: string; message: string }[] {
    const meshes = this.state.meshes;
    const before = new Set(missingMeshAssets(this.state.scene, meshes).map((p) => p.message));
    return missingMeshAssets(scene, meshes).filter((p) => !before.has(p.message));
  }

  /**
   * Adds a tetrahedralized mesh to the scene as a soft body (one undoable edit, with a ground
   * plane when the scene has none) and selects it. Returns the new body's index, or null when
   * the edit was refused (reported; nothing changed).
   */
  addMeshBody(request: MeshBodyRequest): number | null {
    let edit: ReturnType<typeof addMeshBody>;
    try {
      edit = addMeshBody(this.state.scene, this.state.meshes, request);
    } catch (error) {
      this.deps.notify(
        'error',
        `Could not add ${request.fileName} as a body: ${describeError(error)}`,
        detailOf(error),
      );
      return null;
    }
    this.store.update((state) => ({
      ...withMeshEdit(state, edit.label, edit.scene, edit.path, edit.mesh),
      selectedBody: edit.index,
    }));
    const body = edit.scene.bodies[edit.index];
    const tets = new Intl.NumberFormat('en-US').format(edit.mesh.tets.length / 4);
    this.deps.notify(
      'info',
      `Added ${body.name} to the scene: ${tets} tets of ${request.material?.name ?? MESH_BODY_MATERIAL}, ${DROP_HEIGHT_M} m above the ground. Undo removes it.`,
    );
    return edit.index;
  }

  /**
   * Adds the humanoid ragdoll to the scene (one undoable edit, with a ground plane when the scene
   * has none) and selects it. Returns the new body's index, or null when refused (reported).
   */
  addRagdoll(): number | null {
    let edit: RagdollEdit;
    try {
      edit = addRagdoll(this.state.scene, this.state.meshes);
    } catch (error) {
      this.deps.notify('error', `Could not add a ragdoll: ${describeError(error)}`, detailOf(error));
      return null;
    }
    this.store.update((state) => ({ ...withEdit(state, edit.label, edit.scene), selectedBody: edit.index }));
    const body = edit.scene.bodies[edit.index];
    this.deps.notify('info', `Added ${body.name} to the scene: a humanoid ragdoll. Undo removes it.`);
    return edit.index;
  }

  /**
   * Adds an imported surface to the scene as a cloth body (one undoable edit, with a ground plane
   * when the scene has none; the surface kept as an asset) and selects it. Returns the new body's
   * index, or null when the surface cannot be a cloth (reported, naming the file; nothing changed).
   */
  addClothBody(request: ClothBodyRequest): number | null {
    let edit: MeshBodyEdit;
    try {
      edit = addClothBody(this.state.scene, this.state.meshes, request);
    } catch (error) {
      this.deps.notify(
        'error',
        `Could not add ${request.fileName} as cloth: ${describeError(error)}`,
        detailOf(error),
      );
      return null;
    }
    this.store.update((state) => ({
      ...withMeshEdit(state, edit.label, edit.scene, edit.path, edit.mesh),
      selectedBody: edit.index,
    }));
    const body = edit.scene.bodies[edit.index];
    const triangles = new Intl.NumberFormat('en-US').format((edit.mesh.surface?.indices.length ?? 0) / 3);
    const extras = [
      body.pins?.length ? 'top edge pinned' : '',
      body.tethers ? 'tethers' : '',
      body.pressure ? 'inflated' : '',
    ].filter(Boolean);
    this.deps.notify(
      'info',
      `Added ${body.name} to the scene as cloth: ${triangles} triangles of ${request.material?.name ?? CLOTH_BODY_MATERIAL}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}. Undo removes it.`,
    );
    return edit.index;
  }

  /**
   * Applies a comparison edit (Duplicate for A/B, PBD vs XPBD: one undo step), selects the new
   * body and shows the pair in the A/B section. A refused edit changes nothing and is reported.
   */
  compare(make: (scene: Scene) => ComparisonEdit): boolean {
    let edit: ComparisonEdit;
    try {
      edit = make(this.state.scene);
    } catch (error) {
      this.deps.notify('error', `Comparison refused: ${describeError(error)}`, detailOf(error));
      return false;
    }
    this.store.update((state) => ({
      ...withEdit(state, edit.label, edit.scene),
      selectedBody: edit.index,
      comparison: edit.comparison,
    }));
    return true;
  }

  /**
   * The mesh body added from `preview` (under `path`, placed at `from`) gets the refined tet mesh
   * of the same surface (editor-state.ts withRefinedMesh: no undo step of its own; edits made
   * meanwhile are kept; the placement moves so that its lowest point stays DROP_HEIGHT_M above the
   * ground). The simulation restarts with it, as after any edit. False, changing nothing, when the
   * preview is no longer the project's (another one was opened) or the refined mesh has bad tets
   * (reported).
   */
  refineMeshBody(
    path: string,
    preview: SolidMesh,
    from: Vec3,
    request: Pick<MeshBodyRequest, 'mesh' | 'surface'>,
  ): boolean {
    const bad = findBadTets(request.mesh.positions, request.mesh.tets);
    if (bad) {
      this.deps.notify(
        'error',
        `The refined mesh of ${path} was not used: ${badTetsMessage(bad)}; the preview stays.`,
      );
      return false;
    }
    const refined = meshAssetOf(request);
    const to = liftedPosition(from, preview.positions, refined.positions);
    const before = this.state;
    const next = withRefinedMesh(before, path, preview, refined, from, to);
    if (!next) return false;
    this.store.update(() => next);
    // The scene may be the same object (the body was undone, or moved meanwhile): the worker
    // still needs the new mesh.
    if (next.scene === before.scene)
      this.deps.sim.loadScene(next.scene, meshesOfScene(next.scene, next.meshes));
    const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
    this.deps.notify(
      'info',
      `Refined ${path}: ${count(refined.tets.length / 4)} tets replace the ${count(preview.tets.length / 4)}-tet preview. Undo still removes the body in one step.`,
    );
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
    // Metrics come in scene.bodies order; only solids have a volume to plot.
    const { bodies } = this.store.get().scene;
    const solids = metrics.map(
      (_, i) => bodies[i] === undefined || CONSTRAINT_MODEL_INFO[bodies[i].model].kind === 'solid',
    );
    this.series.push(timeS, metrics, solids);
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

  /** The project file's text of the open document: what Save writes and recovery copies hold. */
  projectText(): string {
    const state = this.state;
    // Format 2 embeds the tet mesh of every mesh body (only those the scene uses).
    return writeProject(
      state.scene,
      { selectedBody: state.selectedBody },
      meshesOfScene(state.scene, state.meshes),
    );
  }

  /**
   * Opens a recovered project text as unsaved changes of `fileName`: like opening the file (the
   * document, its meshes and a fresh history), except that it stays dirty until saved. Text that
   * does not read as a project changes nothing and is reported.
   */
  restore(text: string, fileName: string, path?: string): boolean {
    let project: ReturnType<typeof readProject>;
    try {
      project = readProject(text, fileName);
    } catch (error) {
      this.deps.notify(
        'error',
        `Could not restore the recovery copy of ${fileName}; nothing changed.`,
        detailOf(error),
      );
      return false;
    }
    const meshes = new Map(project.meshes);
    this.store.update((state) => ({
      ...withOpened(state, project.scene, project.editor.selectedBody, fileName, path, meshes),
      // Saved nowhere yet: any scene but the recovered one keeps the document dirty.
      savedScene: state.scene,
    }));
    return true;
  }

  /**
   * Opens files of kinds other than projects that reach the Open dialog (presets); set by the
   * app once its opener exists. Without it such files are refused with a notification.
   */
  openOtherFile: ((file: OpenedFile) => unknown) | null = null;

  /**
   * Progressive bodies still refining (tetra/refine-queue.ts pending: their names, and a promise
   * settled once every refined mesh is in, or cancelled); set by the app once its Tetrahedralize
   * tool exists. Null, or a function returning null, when nothing refines.
   */
  pendingRefinements: (() => { bodyNames: string[]; settled: Promise<void> } | null) | null = null;

  /**
   * Writes the project; Save As (or a first save) asks where. Errors become notifications.
   *
   * A save while progressive bodies refine waits for their refined meshes and then writes them:
   * a saved project never holds a coarse preview cage as if it were the body. (The other way,
   * saving the preview marked as such and refining again on open, would put a preview state
   * and the imported surface into the project format, and give every reader of a project,
   * the CLI and exporters included, a body that is not final.) The wait is a few seconds
   * (`npm run bench -- ui`: 2–6 s a body); Cancel in the refine panel ends it, the body then
   * saved with its preview mesh as its mesh. Recovery copies (projectText) do not wait.
   */
  async save(asNew: boolean): Promise<boolean> {
    const pending = this.pendingRefinements?.() ?? null;
    if (pending !== null) {
      const names = pending.bodyNames.join(', ');
      this.deps.notify(
        'info',
        `Saving once ${names} ${pending.bodyNames.length === 1 ? 'is' : 'are'} refined (Cancel in the refine panel keeps the preview mesh and saves).`,
      );
      await pending.settled;
    }
    const state = this.state;
    const text = this.projectText();
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
    return this.openFile(file, false);
  }

  /**
   * Opens a project file handed over (Open…, Open Recent, a drop); asks before discarding
   * unsaved changes unless `askFirst` is false (Open… asked before its dialog). A file that does
   * not read changes nothing.
   */
  async openFile(file: OpenedFile, askFirst = true): Promise<boolean> {
    if (!file.name.toLowerCase().endsWith('.sbproj')) {
      if (this.openOtherFile) {
        await this.openOtherFile(file);
        return false;
      }
      this.deps.notify('info', `${file.name} was not opened: it is not a project (.sbproj).`);
      return false;
    }
    if (
      askFirst &&
      isDirty(this.state) &&
      !this.deps.confirm(`Discard the unsaved changes to ${this.state.fileName}?`)
    )
      return false;
    try {
      const project = readProject(new TextDecoder().decode(file.bytes), file.name);
      const meshes = new Map(project.meshes);
      this.store.update((state) =>
        withOpened(state, project.scene, project.editor.selectedBody, file.name, file.path, meshes),
      );
      this.deps.notify('info', `Opened ${file.name}.`);
      const missing = missingMeshAssets(project.scene, meshes);
      if (missing.length > 0)
        this.deps.notify(
          'warning',
          `${file.name}: ${missing.length} mesh ${missing.length === 1 ? 'body has' : 'bodies have'} no tet mesh in the file and cannot be simulated.`,
          missing.map((p) => `${file.name}: /scene${p.pointer}: ${p.message}`).join('\n'),
        );
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
  if (error instanceof DocumentError) return error.lines().join('\n');
  if (error instanceof Error || isHostError(error)) return `${error.name}: ${error.message}`;
  return String(error);
}
