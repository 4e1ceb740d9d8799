/**
 * State of the Tetrahedralize tool, apart from the app document: the options, the run in
 * progress, the result and how it is displayed. A result belongs to the mesh it was made
 * from; opening or closing a mesh clears it. Pure transitions only; nothing here runs work.
 */
import type { TriMesh } from '../../../core/mesh/types.ts';
import { DEFAULT_MESH_BODY_TETS } from '../../../core/scene/scene-meshes.ts';
import { DEFAULT_TARGET_TETS } from '../../../core/tetra/types.ts';
import type { CutAxis } from './cut-geometry.ts';
import type { TetraRunOptions, TetView } from './protocol.ts';

export type TetraPhase =
  | { kind: 'idle' }
  | {
      kind: 'running';
      /** Tells this run's progress and end from those of a run it replaced. */
      runId: number;
      source: TriMesh;
      fraction: number;
      stage: string;
      /** When the run started, ms on the performance.now() clock (for the time taken and left). */
      startedAtMs: number;
      /** The earlier result for the same mesh, shown until this run ends. */
      previous: TetView | null;
    }
  | { kind: 'done'; source: TriMesh; view: TetView };

export interface TetraDisplay {
  wireframe: boolean;
  cutAxis: CutAxis;
  /** Where the cut plane sits along the tets' centroid range: 0 keeps nothing, 1 keeps every tet. */
  cutFraction: number;
}

/** After a run stopped at a limit (time, tets): what it asked for and the coarser target offered. */
export interface CoarserOffer {
  failedTargetTetCount: number;
  targetTetCount: number;
  /** The limit's sentence, as the notification gave it. */
  reason: string;
}

export interface TetraState {
  options: TetraRunOptions;
  phase: TetraPhase;
  display: TetraDisplay;
  /** Shown under the options until the next run starts; null when there is nothing to offer. */
  offer: CoarserOffer | null;
}

/**
 * The tet counts offered, ascending; the default (DEFAULT_TARGET_TETS) is among them, and so is
 * DEFAULT_MESH_BODY_TETS (light enough to simulate live), and game-sized counts below it.
 */
export const TARGET_TET_CHOICES = [
  // Game-sized bodies first: a few hundred tets cost well under a millisecond a frame in a runtime.
  ...new Set([500, 1_000, DEFAULT_MESH_BODY_TETS, 5_000, DEFAULT_TARGET_TETS, 50_000, 100_000]),
].sort((a, b) => a - b);

export function initialTetraState(): TetraState {
  return {
    options: { mode: 'conforming', targetTetCount: DEFAULT_TARGET_TETS },
    phase: { kind: 'idle' },
    display: { wireframe: false, cutAxis: 0, cutFraction: 1 },
    offer: null,
  };
}

/**
 * Run `runId` on `source` starts. The previous result of the same mesh stays on screen
 * meanwhile and comes back if the run is cancelled or fails.
 */
export function withStarted(state: TetraState, source: TriMesh, runId: number, nowMs: number): TetraState {
  const previous = shownView(state);
  const kept = previous && state.phase.kind !== 'idle' && state.phase.source === source ? previous : null;
  return {
    ...state,
    phase: {
      kind: 'running',
      runId,
      source,
      fraction: 0,
      stage: 'starting',
      startedAtMs: nowMs,
      previous: kept,
    },
    offer: null,
  };
}

export function withOffer(state: TetraState, offer: CoarserOffer | null): TetraState {
  return { ...state, offer };
}

export function withProgress(state: TetraState, runId: number, fraction: number, stage: string): TetraState {
  // Progress of a run that was cancelled or replaced meanwhile is dropped.
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  return { ...state, phase: { ...state.phase, fraction, stage } };
}

export function withResult(state: TetraState, runId: number, view: TetView): TetraState {
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  const { source } = state.phase;
  // A new mesh starts uncut.
  return { ...state, phase: { kind: 'done', source, view }, display: { ...state.display, cutFraction: 1 } };
}

/** Run `runId` ended without a mesh (failure or cancel): back to what was there before. */
export function withRunEnded(state: TetraState, runId: number): TetraState {
  if (state.phase.kind !== 'running' || state.phase.runId !== runId) return state;
  const { previous, source } = state.phase;
  return { ...state, phase: previous ? { kind: 'done', source, view: previous } : { kind: 'idle' } };
}

/** The tet mesh to draw: the result, or while a new run goes, the result before it. */
export function shownView(state: TetraState): TetView | null {
  if (state.phase.kind === 'done') return state.phase.view;
  if (state.phase.kind === 'running') return state.phase.previous;
  return null;
}

export function withDisplay(state: TetraState, patch: Partial<TetraDisplay>): TetraState {
  const display = { ...state.display, ...patch };
  display.cutFraction = Math.min(1, Math.max(0, display.cutFraction));
  return { ...state, display };
}

export function withOptions(state: TetraState, patch: Partial<TetraRunOptions>): TetraState {
  return { ...state, options: { ...state.options, ...patch } };
}
