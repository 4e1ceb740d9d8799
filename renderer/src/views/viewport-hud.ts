/**
 * The controls in the viewport's top-left corner: the colour mode (data-testid colour-mode)
 * with its legend, the gizmo's target (gizmo-target: a mesh body, a collider or a box pin, also
 * chosen by clicking its marker) and mode (gizmo-mode: move, or for mesh bodies rotate and scale). It connects the editor to the viewport's decorations: the scene goes in,
 * finished gizmo drags come back as one edit each. The stats panel (stats-panel.ts) puts its
 * toggle in the controls and its overlay in the corner.
 */
import { isTextEntry } from '../app/keyboard.ts';
import type { Editor } from '../editor/editor.ts';
import {
  movableTargets,
  sameTarget,
  setMeshTransform,
  type TransformTarget,
  targetCentre,
  targetLabel,
  translateTarget,
} from '../editor/transform-edits.ts';
import { watch } from '../state/store.ts';
import { COLOUR_MODES, type ColourMode } from '../viewport/body-colouring.ts';
import type { SceneDecorations } from '../viewport/scene-decorations.ts';
import type { GizmoMode } from '../viewport/transform-gizmo.ts';
import { renderLegend } from './colour-legend.ts';
import { el } from './dom.ts';
import { showPressed, toggleButton } from './toggle-panel.ts';

/** The gizmo's modes as the HUD offers them. */
const GIZMO_MODES: readonly [GizmoMode, string][] = [
  ['translate', 'Move'],
  ['rotate', 'Rotate'],
  ['scale', 'Scale'],
];

export interface ViewportHudOptions {
  /** The viewport's container (#viewport). */
  container: HTMLElement;
  /** Absent where WebGL2 is missing: then only the stats overlay is shown. */
  decorations: SceneDecorations | null;
  editor: Editor;
}

export interface ViewportHud {
  /** The corner: the controls, the gizmo readout, the legend; overlays join at the end. */
  hud: HTMLElement;
  /** The row of controls (hidden where WebGL2 is missing); toggles join at the end. */
  controls: HTMLElement;
  dispose(): void;
}

export function mountViewportHud(options: ViewportHudOptions): ViewportHud {
  const { container, decorations, editor } = options;
  const hud = el('div', { className: 'viewport-hud' });
  const controls = el('div', { className: 'hud-controls' });
  const modeSelect = el('select', {
    className: 'hud-select',
    testId: 'colour-mode',
    title: 'Colour the bodies by',
  });
  for (const { mode, label } of COLOUR_MODES) {
    const option = el('option', { text: label });
    option.value = mode;
    modeSelect.append(option);
  }
  const targetSelect = el('select', {
    className: 'hud-select',
    testId: 'gizmo-target',
    title: 'Mesh body, collider or box pin to move with the gizmo (or click its marker in the view)',
  });
  // Bodies with a render mesh are drawn by it; this shows what is simulated (tets or lattice cage).
  const simulationMesh = toggleButton({
    text: 'Simulation mesh',
    testId: 'show-simulation-mesh',
    title:
      'Show simulation mesh: draw the simulated surface (tet boundary or lattice cage) instead of the render mesh',
    extraClass: 'hud-button',
  });
  const gizmoModeSelect = el('select', {
    className: 'hud-select',
    testId: 'gizmo-mode',
    title: 'What a drag on the gizmo does (turn and scale: mesh bodies)',
  });
  for (const [mode, text] of GIZMO_MODES) {
    const option = el('option', { text });
    option.value = mode;
    gizmoModeSelect.append(option);
  }
  controls.append(modeSelect, targetSelect, gizmoModeSelect, simulationMesh);
  const where = el('div', { className: 'hud-readout', testId: 'gizmo-position' });
  where.hidden = true;
  const legend = el('div', { className: 'colour-legend', testId: 'colour-legend' });
  legend.hidden = true;
  hud.append(controls, where, legend);
  container.append(hud);
  const cleanups: (() => void)[] = [() => hud.remove()];
  const dispose = () => {
    for (const cleanup of cleanups) cleanup();
  };

  if (!decorations) {
    controls.hidden = true;
    return { hud, controls, dispose };
  }

  const onKey = (event: KeyboardEvent) => {
    if (
      event.key !== 'Escape' ||
      !decorations.selected ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      isTextEntry(document.activeElement as HTMLElement | null)
    )
      return;
    decorations.select(null);
  };
  window.addEventListener('keydown', onKey);
  cleanups.push(() => window.removeEventListener('keydown', onKey));

  // Each choice hands the keyboard back to the document (Space, R, Ctrl+Z), as a toolbar button does.
  modeSelect.addEventListener('change', () => {
    decorations.setColourMode(modeSelect.value as ColourMode);
    modeSelect.blur();
  });
  simulationMesh.addEventListener('click', () => {
    decorations.setShowSimulationMesh(!decorations.showSimulationMesh);
    simulationMesh.blur();
  });
  gizmoModeSelect.addEventListener('change', () => {
    decorations.setGizmoMode(gizmoModeSelect.value as GizmoMode);
    gizmoModeSelect.blur();
  });
  let targets: TransformTarget[] = [];
  targetSelect.addEventListener('change', () => {
    const index = Number(targetSelect.value);
    decorations.select(Number.isInteger(index) && index >= 0 ? (targets[index] ?? null) : null);
    targetSelect.blur();
  });

  const render = () => {
    const scene = editor.state.scene;
    modeSelect.value = decorations.colourMode;
    showPressed(simulationMesh, decorations.showSimulationMesh);
    // Without a render mesh every body is drawn by its simulation mesh already.
    simulationMesh.disabled = !decorations.hasRenderMeshes;
    for (const option of modeSelect.options) {
      const left = decorations.uncoloured(option.value as ColourMode);
      // A mode no body can show is offered disabled, with the reasons as its tooltip.
      option.disabled = left.length > 0 && left.length === decorations.drawnBodies;
      option.title = left.map((l) => `${l.body}: ${l.reason}`).join('\n');
    }
    targets = movableTargets(scene);
    const options = [el('option', { text: targets.length ? 'Move: none' : 'Nothing to move' })];
    options[0].value = '-1';
    targets.forEach((target, index) => {
      const option = el('option', { text: `Move ${targetLabel(scene, target)}` });
      option.value = String(index);
      options.push(option);
    });
    targetSelect.replaceChildren(...options);
    const selected = targets.findIndex((t) => sameTarget(t, decorations.selected));
    targetSelect.value = String(selected);
    gizmoModeSelect.value = decorations.gizmoMode;
    // Colliders and pins only move; the choice stays for the next mesh body.
    gizmoModeSelect.disabled = decorations.selected?.kind !== 'body';
    const centre = decorations.selected ? targetCentre(scene, decorations.selected) : null;
    where.hidden = centre === null;
    if (centre && decorations.selected) {
      const [x, y, z] = centre.map((v) => v.toFixed(3));
      where.textContent = `${targetLabel(scene, decorations.selected)} at x ${x}, y ${y}, z ${z} m`;
    }
    renderLegend(legend, decorations.legend);
  };
  cleanups.push(decorations.subscribe(render));

  decorations.onMove = (target, deltaM) => {
    // One undoable edit per drag; a refused move puts the marker back where the scene has it.
    if (!editor.edit((scene) => translateTarget(scene, target, deltaM))) decorations.refresh();
  };
  decorations.onTransform = (index, transform) => {
    if (!editor.edit((scene) => setMeshTransform(scene, index, transform))) decorations.refresh();
  };
  cleanups.push(
    watch(
      editor.store,
      (state) => state.scene,
      (scene) => decorations.setScene(scene),
    ),
  );
  cleanups.push(() => {
    decorations.onMove = null;
    decorations.onTransform = null;
  });
  render();
  return { hud, controls, dispose };
}
