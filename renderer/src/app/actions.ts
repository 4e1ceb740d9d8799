/**
 * What the user can do, in one place: toolbar buttons, keyboard shortcuts and menu
 * commands all call these. They change state through the store and the worker only.
 */
import type { HostApi, MenuCommand, MenuCommandDetail, OpenedFile } from '../../../contract/host-api.ts';
import { companionReader } from '../mesh/companion-files.ts';
import { type CheckedImport, importMeshInWorker, prepareImportWorker } from '../mesh/import-client.ts';
import {
  DEFAULT_FRAME,
  type FrameStorage,
  frameFixedByFormat,
  frameKey,
  importOptionsOf,
  type MeshFrameChoice,
  rememberedFrame,
  rememberFrame,
} from '../mesh/import-frame.ts';
import { reportSummary } from '../mesh/import-report.ts';
import type { SimClient } from '../sim/sim-client.ts';
import {
  type AppState,
  DEFAULT_SCENE_DOCUMENT,
  type NotificationLevel,
  withNotification,
  withoutNotification,
} from '../state/app-state.ts';
import type { Store } from '../state/store.ts';
import { describeError } from './describe-error.ts';

export interface AppActions {
  togglePlay(): void;
  step(): void;
  reset(): void;
  /** Asks the host for a mesh file, imports it and shows it static. */
  openMesh(): Promise<void>;
  /** Imports a file the user handed over (a drop, Open Recent) and shows it static. */
  showMeshFile(file: OpenedFile): Promise<void>;
  /** Reads the static mesh again in other units or with another up axis, and remembers them for its file. */
  reimportMesh(frame: MeshFrameChoice): Promise<void>;
  /** Reads the static mesh again through core's repair pipeline (weld, degenerate and duplicate triangles, orient). */
  repairMesh(): Promise<void>;
  /** Leaves the mesh view for the simulated scene. */
  closeMesh(): void;
  runMenuCommand(command: MenuCommand, detail?: MenuCommandDetail): void;
  /** Shows a notification; `detail` (optional) is one click away. */
  notify(level: NotificationLevel, text: string, detail?: string): void;
  dismiss(id: number): void;
}

export function createActions(
  store: Store<AppState>,
  sim: SimClient,
  host: HostApi,
  /** Where the units chosen per mesh file are remembered (the app's storage). */
  storage: FrameStorage,
): AppActions {
  /** Reads `file` in a worker in `frame`'s units and axes (the format's own without one). */
  const importFile = async (file: OpenedFile, frame: MeshFrameChoice | undefined, repair = false) => {
    const { path } = file;
    const readRelated =
      host.openRelated && path !== undefined
        ? async (uri: string) => (await host.openRelated!(path, uri)).bytes
        : file.companions
          ? companionReader(file.companions)
          : undefined;
    try {
      return await importMeshInWorker(
        file.name,
        file.bytes,
        readRelated,
        frame && importOptionsOf(frame),
        repair,
      );
    } catch (error) {
      notify('error', describeError(error));
      return null;
    }
  };

  /**
   * Puts the self-intersection count into the open mesh's report when the import worker has it, if
   * that mesh is still the one open; a surface that passes through itself gets a warning.
   */
  const whenCounted = (imported: CheckedImport, title: string) => {
    void imported.selfIntersections.then((selfIntersections) => {
      const open = store.get().document;
      if (selfIntersections === null || open.kind !== 'mesh' || open.mesh !== imported.mesh) return;
      store.update((state) => ({
        ...state,
        document: { ...open, report: { ...open.report, selfIntersections } },
      }));
      if (selfIntersections > 0)
        notify(
          'warning',
          `${title}: ${new Intl.NumberFormat('en-US').format(selfIntersections)} self-intersecting triangle pair${selfIntersections === 1 ? '' : 's'}: tetrahedralization cannot mesh a surface that passes through itself (Simulate as cloth can).`,
        );
    });
  };

  /**
   * Imports `file` and shows it static; a bad file changes nothing but a notification. An OBJ is
   * read in the units and up axis last chosen for it (metres, Y-up the first time).
   */
  const showMeshFile = async (file: OpenedFile) => {
    const frame = frameFixedByFormat(file.name)
      ? undefined
      : (rememberedFrame(storage, frameKey(file.name, file.bytes.length)) ?? DEFAULT_FRAME);
    // The mesh view shows the scene paused: it pauses while the file is read, so that the import
    // has the cores the solver and the viewport's drawing would take; a bad file resumes it.
    const wasPlaying = store.get().sim.playing;
    if (wasPlaying) sim.pause();
    const imported = await importFile(file, frame);
    if (!imported) {
      if (wasPlaying && store.get().document.kind === 'scene') sim.play();
      return;
    }
    const { mesh, notes, format, report } = imported;
    store.update((state) => ({
      ...state,
      document: { kind: 'mesh', title: file.name, mesh, format, source: file, frame, report },
    }));
    const count = new Intl.NumberFormat('en-US');
    const vertices = count.format(mesh.positions.length / 3);
    const triangles = count.format(mesh.indices.length / 3);
    notify(
      'info',
      `Imported ${file.name}: ${vertices} vertices, ${triangles} triangles. Surface: ${reportSummary(report)}. Shown static: Tetrahedralize it, then Simulate as soft body, or Simulate as cloth as it is.`,
    );
    for (const note of notes) notify('warning', `${file.name}: ${note}`);
    whenCounted(imported, file.name);
  };

  /** Reads the open static mesh again in `frame` (and remembers it for the file). */
  const reimportMesh = async (frame: MeshFrameChoice) => {
    const open = store.get().document;
    if (open.kind !== 'mesh' || !open.source) return;
    const source = open.source;
    const imported = await importFile(source, frame, open.repairs !== undefined);
    // Closed or replaced meanwhile: that document is not this one's to change.
    if (!imported || store.get().document !== open) return;
    rememberFrame(storage, frameKey(source.name, source.bytes.length), frame);
    store.update((state) => ({
      ...state,
      document: { ...open, mesh: imported.mesh, frame, report: imported.report, repairs: imported.repairs },
    }));
    whenCounted(imported, source.name);
  };

  /** Reads the open static mesh again, repaired; the notice lists what each repair changed. */
  const repairMesh = async () => {
    const open = store.get().document;
    if (open.kind !== 'mesh' || !open.source) return;
    const imported = await importFile(open.source, open.frame, true);
    if (!imported || store.get().document !== open) return;
    store.update((state) => ({
      ...state,
      document: { ...open, mesh: imported.mesh, report: imported.report, repairs: imported.repairs ?? [] },
    }));
    whenCounted(imported, open.title);
    const changed = (imported.repairs ?? []).filter((step) => step.changed > 0).map((step) => step.summary);
    notify(
      'info',
      `Repaired ${open.title}: ${changed.length > 0 ? changed.join('; ') : 'nothing to change'}. Now ${reportSummary(imported.report)}.`,
    );
  };

  /** The sim controls act only on a loaded scene that is on screen. */
  const ready = () => store.get().sim.status === 'ready' && store.get().document.kind === 'scene';
  const notify = (level: NotificationLevel, text: string, detail?: string) =>
    store.update((state) => withNotification(state, level, text, detail));

  const actions: AppActions = {
    togglePlay() {
      if (!ready()) return;
      if (store.get().sim.playing) sim.pause();
      else sim.play();
    },
    step() {
      if (ready()) sim.step();
    },
    reset() {
      if (ready()) sim.reset();
    },
    async openMesh() {
      // The import's worker loads while the user picks the file.
      prepareImportWorker();
      let file: OpenedFile | null;
      try {
        file = await host.openMesh();
      } catch (error) {
        notify('error', describeError(error));
        return;
      }
      if (file) await showMeshFile(file);
    },
    showMeshFile,
    reimportMesh,
    repairMesh,
    closeMesh() {
      store.update((state) =>
        state.document.kind === 'mesh' ? { ...state, document: DEFAULT_SCENE_DOCUMENT } : state,
      );
    },
    runMenuCommand(command) {
      switch (command) {
        case 'open-recent':
          // The app routes it to its file opener (app/mount-files.ts) before it gets here.
          return;
        case 'open-mesh':
          void actions.openMesh();
          return;
        case 'toggle-play':
          actions.togglePlay();
          return;
        case 'reset-simulation':
          actions.reset();
          return;
        case 'open-project':
          notify('info', 'Opening projects arrives with the project format.');
          return;
        case 'save':
        case 'save-as':
          notify('info', 'Saving arrives with the project format; nothing was saved.');
          return;
        case 'export-preset':
          // The app routes it to the preset feature (app/mount-files.ts) before it gets here.
          return;
        case 'undo':
        case 'redo':
          notify('info', 'Nothing to undo or redo yet: editing arrives with the body panels.');
          return;
        case 'frame-selection':
          // The app routes it to the viewport (main.ts) before it gets here.
          return;
        case 'about':
          notify('info', `Softbody Studio: soft-body authoring with XPBD (${host.kind} host).`);
          return;
      }
    },
    notify,
    dismiss(id) {
      store.update((state) => withoutNotification(state, id));
    },
  };
  return actions;
}
