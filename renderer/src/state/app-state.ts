/**
 * The application state: the open document and the UI state, with the pure transitions
 * the app applies to it. Views read it through the store; nothing here touches the DOM.
 */

import type { OpenedFile } from '../../../contract/host-api.ts';
import type { RepairStep } from '../../../core/mesh/repair/repair-mesh.ts';
import type { TriMesh } from '../../../core/mesh/types.ts';
import type { MeshFrameChoice } from '../mesh/import-frame.ts';
import type { ImportReport } from '../mesh/import-report.ts';

export type SimStatus = 'loading' | 'ready' | 'error';

export interface SimState {
  status: SimStatus;
  playing: boolean;
  /** Frames stepped since load or reset. */
  frame: number;
  /** Simulated time since load or reset, s. */
  simTimeS: number;
  /** Solver wall time per frame, ms, smoothed. */
  simMsPerFrame: number | null;
  particleCount: number;
  constraintCount: number;
  /** The solver's kernels: WebAssembly, or JS where the worker could not compile it; null before loading. */
  kernels: 'wasm' | 'js' | null;
  kineticEnergyJ: number;
}

export type NotificationLevel = 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  level: NotificationLevel;
  text: string;
  /** More about it (e.g. every problem of a file, one a line), shown on request. */
  detail?: string;
}

/**
 * What is open: the simulated scene, or an imported mesh shown static (Tetrahedralize, then
 * "Simulate as soft body", adds it to the scene).
 */
export type OpenDocument =
  | { kind: 'scene'; title: string }
  | {
      kind: 'mesh';
      title: string;
      mesh: TriMesh;
      format: string;
      /** The file as opened, kept to read it again in other units. */
      source?: OpenedFile;
      /** The units and up axis it was read with; absent where the format fixes them (glTF). */
      frame?: MeshFrameChoice;
      /** Core's report of the mesh shown (measured in the import worker). */
      report: ImportReport;
      /** The repairs made to it, once the artist asked for them (each reimport repeats them). */
      repairs?: RepairStep[];
    };

export interface AppState {
  document: OpenDocument;
  sim: SimState;
  ui: {
    /** Viewport frames drawn per second; null before the first second of drawing. */
    fps: number | null;
    notifications: Notification[];
  };
}

export const DEFAULT_SCENE_DOCUMENT: OpenDocument = { kind: 'scene', title: 'Default scene' };

export function initialAppState(): AppState {
  return {
    document: DEFAULT_SCENE_DOCUMENT,
    sim: {
      status: 'loading',
      playing: false,
      frame: 0,
      simTimeS: 0,
      simMsPerFrame: null,
      particleCount: 0,
      constraintCount: 0,
      kernels: null,
      kineticEnergyJ: 0,
    },
    ui: { fps: null, notifications: [] },
  };
}

export function withSim(state: AppState, patch: Partial<SimState>): AppState {
  return { ...state, sim: { ...state.sim, ...patch } };
}

/**
 * Whether `next` differs from `previous` only in what a playing simulation changes every frame
 * (frame, time, solver ms, kinetic energy) or the viewport's fps: views pace their readouts of
 * those (views/readout-pacer.ts) and show any other change at once.
 */
export function onlyRunningFiguresChanged(next: AppState, previous: AppState): boolean {
  const a = next.sim;
  const b = previous.sim;
  return (
    a.playing &&
    b.playing &&
    a.status === b.status &&
    a.particleCount === b.particleCount &&
    a.constraintCount === b.constraintCount &&
    a.kernels === b.kernels &&
    next.document === previous.document &&
    next.ui.notifications === previous.ui.notifications
  );
}

/** Weight of the newest sample in the exponential moving average of sim ms. */
const SIM_MS_SMOOTHING = 0.1;

/** Folds one frame's solver time into the smoothed figure (the first sample is taken as is). */
export function smoothSimMs(previous: number | null, sampleMs: number): number {
  return previous === null ? sampleMs : previous + SIM_MS_SMOOTHING * (sampleMs - previous);
}

let nextNotificationId = 1;

export function withNotification(
  state: AppState,
  level: NotificationLevel,
  text: string,
  detail?: string,
): AppState {
  const notification: Notification = { id: nextNotificationId++, level, text };
  if (detail) notification.detail = detail;
  return { ...state, ui: { ...state.ui, notifications: [...state.ui.notifications, notification] } };
}

export function withoutNotification(state: AppState, id: number): AppState {
  const notifications = state.ui.notifications.filter((n) => n.id !== id);
  if (notifications.length === state.ui.notifications.length) return state;
  return { ...state, ui: { ...state.ui, notifications } };
}
