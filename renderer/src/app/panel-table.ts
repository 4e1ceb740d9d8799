/**
 * Every panel of the window, in the order they are mounted: what it is called, the button that
 * shows and hides it (none for a panel always shown, or one that shows itself) and the element
 * that is the panel. Data only, so tests read it too (the e2e toggle check walks every toggle
 * here); mount-panels.ts pairs each row with the function that mounts it.
 */

/** Where a toggle button goes: the top toolbar, the plots panel's header, or the viewport's corner. */
export type ToggleSlot = 'toolbar' | 'plots-header' | 'viewport-hud';

/**
 * A toggle as views/toggle-panel.ts takes it (its ToggleButtonProps), plus its place. Spelled out
 * here rather than imported so that this file needs no DOM types (Node-side tests import it).
 */
export interface PanelToggle {
  slot: ToggleSlot;
  /** A fixed text, or one for each state. */
  text: string | { closed: string; open: string };
  testId: string;
  title: string;
  /** Classes added after 'tool-button'. */
  extraClass?: string;
}

export interface PanelSpec {
  id: string;
  /** The panel's name (its aria-label where the panel makes its own element). */
  title: string;
  /** The button that shows and hides the panel, starting hidden; null where there is none. */
  toggle: PanelToggle | null;
  /** CSS selector of the panel's element once mounted. */
  selector: string;
}

export const PANELS = [
  {
    id: 'tetrahedralize',
    title: 'Tetrahedralize',
    // It shows itself while a static mesh is open; the toolbar button starts a run.
    toggle: null,
    selector: '[data-testid="tetra-panel"]',
  },
  { id: 'outliner', title: 'Outliner', toggle: null, selector: '#outliner' },
  { id: 'properties', title: 'Properties', toggle: null, selector: '#properties' },
  {
    id: 'drift-check',
    title: 'Drift check',
    // Under the selected body's properties; "Check drift" runs it in a worker.
    toggle: null,
    selector: '[data-testid="drift-panel"]',
  },
  {
    id: 'scene-editor',
    title: 'Scene JSON',
    toggle: {
      slot: 'toolbar',
      text: 'JSON',
      testId: 'toggle-scene-editor',
      title: 'Show and edit the scene document as JSON',
    },
    selector: '#scene-editor',
  },
  {
    id: 'plots',
    title: 'Plots',
    toggle: {
      slot: 'plots-header',
      text: { closed: 'Plots ▸', open: 'Plots ▾' },
      testId: 'toggle-plots',
      title: 'Kinetic energy and max strain over the last 10 s',
    },
    selector: '[data-testid="plots"]',
  },
  {
    id: 'calibration',
    title: 'Calibration',
    toggle: {
      slot: 'plots-header',
      text: { closed: 'Calibration ▸', open: 'Calibration ▾' },
      testId: 'toggle-calibration',
      title: "How far the preview is from the selected body's material at the scene's solver budget",
    },
    selector: '[data-testid="calibration-panel"]',
  },
  {
    id: 'selection',
    title: 'Selection',
    // Under the outliner, with the selection tool buttons.
    toggle: null,
    selector: '[data-testid="selection-panel"]',
  },
  {
    id: 'preset-library',
    title: 'Preset library',
    toggle: {
      slot: 'toolbar',
      text: 'Presets',
      testId: 'toggle-preset-library',
      title: 'Show the material and preset library',
    },
    selector: '[data-testid="preset-library"]',
  },
  {
    id: 'stats',
    title: 'Stats',
    toggle: {
      slot: 'viewport-hud',
      text: 'Stats',
      testId: 'toggle-stats',
      title: 'Show or hide the stats overlay — F3',
      extraClass: 'hud-button',
    },
    selector: '[data-testid="stats-overlay"]',
  },
] as const satisfies readonly PanelSpec[];

export type PanelId = (typeof PANELS)[number]['id'];

/** The panels that have a toggle button. */
export function toggledPanels(): (PanelSpec & { toggle: PanelToggle })[] {
  return PANELS.filter((p): p is (typeof PANELS)[number] & { toggle: PanelToggle } => p.toggle !== null);
}
