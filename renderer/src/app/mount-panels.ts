/**
 * Mounts every panel of the panel table (panel-table.ts), in its order, each with the function
 * paired with it here; a panel that is added to the table and not here is a compile error. After
 * mounting, each panel's element and toggle must be where the table says: a row that no longer
 * matches the app is reported on the console (which the e2e suite fails on).
 */
import type { HostApi, MenuCommand } from '../../../contract/host-api.ts';
import { mountCalibration } from '../calibration/mount-calibration.ts';
import { mountDriftPanel } from '../drift/drift-panel.ts';
import type { Editor } from '../editor/editor.ts';
import type { KeyValueStorage } from '../host/browser-storage.ts';
import type { ClothChoices } from '../panels/cloth-from-mesh-section.ts';
import { mountOutliner } from '../panels/outliner.ts';
import { mountPlots } from '../panels/plots.ts';
import { mountProperties } from '../panels/properties.ts';
import { mountSceneEditorToggle } from '../panels/scene-editor-toggle.ts';
import { mountPresets } from '../presets/mount-presets.ts';
import { mountSelection } from '../selection/mount-selection.ts';
import type { SelectionController } from '../selection/selection-controller.ts';
import type { AppState } from '../state/app-state.ts';
import { type Store, watch } from '../state/store.ts';
import { makeSoftBody, type SoftBodyDeps, simulateMesh } from '../tetra/make-soft-body.ts';
import { mountTetra, type TetMeshHost, type TetraTool } from '../tetra/mount-tetra.ts';
import { mountStatsPanel } from '../views/stats-panel.ts';
import type { AppActions } from './actions.ts';
import { PANELS, type PanelId, type PanelSpec, type PanelToggle, type ToggleSlot } from './panel-table.ts';

/** The elements panels go into: index.html's, and the viewport corner's (viewport-hud.ts). */
export interface PanelSlots {
  toolbar: HTMLElement;
  workspace: HTMLElement;
  outliner: HTMLElement;
  properties: HTMLElement;
  sceneEditor: HTMLElement;
  /** #viewport: panels floating over the view. */
  viewport: HTMLElement;
  plots: HTMLElement;
  hud: HTMLElement;
  hudControls: HTMLElement;
}

/** What the panels work with; made by the composition root (main.ts). */
export interface PanelContext {
  slots: PanelSlots;
  app: Store<AppState>;
  editor: Editor;
  host: HostApi;
  /** The app's storage (the user's presets live there). */
  storage: KeyValueStorage;
  actions: AppActions;
  sim: { play(): void; nextWorldStepped(): Promise<void> };
  /** The viewport's tet mesh layer; null where WebGL2 is missing. */
  tetMeshes: TetMeshHost | null;
  selection: SelectionController;
  /** Makes `run` the handler of a menu command that a panel carries out ('export-preset'). */
  onCommand(command: MenuCommand, run: () => void): void;
}

type MountPanel = (context: PanelContext, panel: PanelSpec) => void;

/** The Tetrahedralize tool of each app, for the panels mounted after it (the properties). */
const tetraTools = new WeakMap<PanelContext, TetraTool>();

/** What make-soft-body.ts needs of the app: the open mesh's name, the editor, the mesh view, play. */
function softBodyDeps(c: PanelContext, tool: TetraTool): SoftBodyDeps {
  return {
    tool,
    fileName: () => {
      const open = c.app.get().document;
      return open.kind === 'mesh' ? open.title : null;
    },
    addBody: (fileName, view, surface) => {
      const index = c.editor.addMeshBody({
        fileName,
        mesh: { positions: view.positions, tets: view.tets },
        surface,
      });
      if (index === null) return null;
      // The asset and placement the add made: the refined mesh replaces exactly these.
      const shape = c.editor.state.scene.bodies[index].shape;
      const path = shape.type === 'mesh' ? shape.path : '';
      const preview = c.editor.state.meshes.get(path);
      const from = shape.type === 'mesh' ? shape.position : undefined;
      return {
        index,
        name: c.editor.state.scene.bodies[index].name,
        refine: (refined) =>
          preview !== undefined &&
          from !== undefined &&
          c.editor.refineMeshBody(path, preview, from, {
            mesh: { positions: refined.positions, tets: refined.tets },
            surface,
          }),
      };
    },
    closeMesh: c.actions.closeMesh,
    play: () => c.sim.play(),
    nextWorldStepped: () => c.sim.nextWorldStepped(),
  };
}

/** The open static mesh made a body in one step (make-soft-body.ts simulateMesh). */
async function simulateOpenMesh(c: PanelContext): Promise<void> {
  const tool = tetraTools.get(c);
  const open = c.app.get().document;
  if (!tool || open.kind !== 'mesh') return;
  await simulateMesh(softBodyDeps(c, tool), open.mesh);
}

/**
 * "Simulate as cloth": the open mesh's surface becomes a cloth body in one undoable edit; the
 * static mesh view closes so the viewport shows the scene, the new body is selected and plays.
 */
function clothFromOpenMesh(c: PanelContext, choices: ClothChoices): void {
  const open = c.app.get().document;
  if (open.kind !== 'mesh') return;
  const index = c.editor.addClothBody({ fileName: open.title, surface: open.mesh, ...choices });
  if (index === null) return;
  c.actions.closeMesh();
  c.sim.play();
}

const openMeshOf = (state: AppState) => (state.document.kind === 'mesh' ? state.document : null);

function toggleOf(panel: PanelSpec): PanelToggle {
  if (!panel.toggle) throw new Error(`[panels] '${panel.id}' has no toggle in the panel table`);
  return panel.toggle;
}

const MOUNTS = {
  tetrahedralize: (c) => {
    // "Simulate as soft body": the result becomes a body of the edited scene (make-soft-body.ts).
    const tool = mountTetra({
      toolbar: c.slots.toolbar,
      viewportContainer: c.slots.viewport,
      app: c.app,
      viewport: c.tetMeshes,
      notify: c.actions.notify,
      makeSoftBody: (t) => void makeSoftBody(softBodyDeps(c, t)),
    });
    tetraTools.set(c, tool);
    // Save waits for progressive bodies still refining (Editor.save).
    c.editor.pendingRefinements = () => tool.refiner.pending();
  },
  outliner: (c) => mountOutliner(c.slots.outliner, c.editor),
  properties: (c) =>
    mountProperties(c.slots.properties, c.editor, {
      current: () => openMeshOf(c.app.get()),
      watch: (listener) => watch(c.app, openMeshOf, listener),
      simulate: () => void simulateOpenMesh(c),
      reimport: (frame) => void c.actions.reimportMesh(frame),
      simulateCloth: (choices) => clothFromOpenMesh(c, choices),
      repair: () => void c.actions.repairMesh(),
    }),
  'drift-check': (c) => {
    mountDriftPanel(c.slots.properties, c.editor);
    // The drift check is about the scene's bodies: not shown while a mesh is shown static.
    const panel = c.slots.properties.querySelector<HTMLElement>('[data-testid="drift-panel"]');
    if (panel)
      watch(
        c.app,
        (s) => s.document.kind === 'mesh',
        (isMesh) => (panel.hidden = isMesh),
      );
  },
  'scene-editor': (c, panel) =>
    mountSceneEditorToggle({
      toolbar: c.slots.toolbar,
      panel: c.slots.sceneEditor,
      workspace: c.slots.workspace,
      editor: c.editor,
      notifyError: (text) => c.actions.notify('error', text),
      toggle: toggleOf(panel),
    }),
  plots: (c, panel) => mountPlots(c.slots.plots, c.editor, toggleOf(panel)),
  // Its toggle sits beside the plots toggle; the panel opens under the plots.
  calibration: (c, panel) => void mountCalibration(c.slots.plots, c.editor, toggleOf(panel)),
  selection: (c) =>
    mountSelection({
      panelContainer: c.slots.outliner,
      selection: c.selection,
      editor: c.editor,
      app: c.app,
      notify: c.actions.notify,
    }),
  'preset-library': (c, panel) => {
    const presets = mountPresets({
      title: panel.title,
      toggle: toggleOf(panel),
      toolbar: c.slots.toolbar,
      viewport: c.slots.viewport,
      editor: c.editor,
      host: c.host,
      storage: c.storage,
      notify: c.actions.notify,
    });
    // Ctrl/Cmd+E and the File menu: the preset itself, asking which body first.
    c.onCommand('export-preset', () => presets.requestExport('native'));
  },
  stats: (c, panel) =>
    void mountStatsPanel({
      hud: c.slots.hud,
      controls: c.slots.hudControls,
      toggle: toggleOf(panel),
      app: c.app,
      editor: c.editor.store,
    }),
} satisfies Record<PanelId, MountPanel>;

function slotOf(slots: PanelSlots, slot: ToggleSlot): HTMLElement {
  if (slot === 'toolbar') return slots.toolbar;
  if (slot === 'plots-header') return slots.plots;
  return slots.hudControls;
}

/** Where a mounted panel differs from its row: its element or its toggle is not where the table says. */
function mismatches(panel: PanelSpec, slots: PanelSlots): string[] {
  const found: string[] = [];
  if (!document.querySelector(panel.selector)) found.push(`no element matches '${panel.selector}'`);
  const toggle = panel.toggle;
  if (toggle && !slotOf(slots, toggle.slot).querySelector(`[data-testid="${toggle.testId}"]`))
    found.push(`no toggle '${toggle.testId}' in the ${toggle.slot}`);
  return found;
}

/** Mounts every panel of the table, in order. */
export function mountPanels(context: PanelContext): void {
  for (const panel of PANELS) {
    MOUNTS[panel.id](context, panel);
    for (const problem of mismatches(panel, context.slots))
      console.error(`[panels] '${panel.id}' does not match the panel table: ${problem}`);
  }
}
