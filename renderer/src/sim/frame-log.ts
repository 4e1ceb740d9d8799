/**
 * A read-only record of what the simulation worker sends the page, for the browser benchmarks
 * (bench/app.ts, bench/ui.ts): when each 'loaded' and 'frame' event arrived on the main thread,
 * the worker's own step time, and the bytes each one carried. Off unless the page's URL asks for
 * it with `?frameLog`; then `window.softbodyFrameLog.entries()` returns a copy of the record.
 */
import type { SolverTeamCounts } from '../../../core/sim/world.ts';
import type { SimEvent } from './protocol.ts';

export interface FrameLogEntry {
  type: 'loaded' | 'frame';
  /** When the main thread received the event, ms on its performance.now() clock. */
  receivedMs: number;
  /** Frames stepped since load or reset (0 for 'loaded' and for a reset pose). */
  frame: number;
  /** The worker's wall time of `World.step` for this frame, ms (0 for 'loaded'). */
  simMs: number;
  /** The worker's wall time for the whole frame (step, metrics, forces, positions out), ms; 0 where not sent. */
  workMs: number;
  particleCount: number;
  /**
   * Bytes of positions the message carried (copied by postMessage, not transferred); 0 when they
   * came through shared memory.
   */
  positionsBytes: number;
  /** Whether this world's positions go through shared memory (shared-positions.ts). */
  sharedPositions: boolean;
  /** The per-body metrics the event carried, as JSON bytes (a stand-in for their structured clone); 0 for none. */
  metricsJsonBytes: number;
  /** Which kernels the worker's solver runs ('loaded' entries only). */
  kernels?: 'wasm' | 'js';
  /**
   * Threads in the team that steps the world ('frame' entries only; renderer/src/sim/solver-helpers.ts);
   * the frames the team stepped alone are counted in `solverTeamCounts.framesAlone`.
   */
  solverThreads?: number;
  /** The solver team's running counts after the frame ('frame' entries of a world with a team). */
  solverTeamCounts?: SolverTeamCounts;
}

/** Where the log stands, for polling without copying it (FrameLog.progress). */
export interface FrameLogProgress {
  /** When the last 'loaded' event arrived (ms, page clock), null before any. */
  loadedMs: number | null;
  /** Its world's particles (0 before any load). */
  particleCount: number;
  /** Stepped frames (frame ≥ 1) received since that load. */
  framesSinceLoad: number;
}

export interface FrameLog {
  record(event: SimEvent): void;
  entries(): FrameLogEntry[];
  /**
   * Where the log stands: what a benchmark polls while it waits, so that the page does not copy
   * thousands of entries to it a few times a second (that work would take the cores the
   * simulation is measured on).
   */
  progress(): FrameLogProgress;
}

/** Enough for several seconds at 60 frames/s; older entries are dropped so a long session stays small. */
const MAX_ENTRIES = 4096;

export function createFrameLog(now: () => number): FrameLog {
  const entries: FrameLogEntry[] = [];
  let particleCount = 0;
  let loadedMs: number | null = null;
  let framesSinceLoad = 0;
  return {
    record(event) {
      if (event.type === 'loaded') {
        particleCount = event.particleCount;
        loadedMs = now();
        framesSinceLoad = 0;
        entries.push({
          type: 'loaded',
          receivedMs: loadedMs,
          frame: 0,
          simMs: 0,
          workMs: 0,
          particleCount,
          positionsBytes: event.positions.byteLength,
          sharedPositions: event.sharedPositions !== undefined,
          metricsJsonBytes: 0,
          kernels: event.kernels,
        });
      } else if (event.type === 'frame') {
        if (event.frame >= 1) framesSinceLoad++;
        entries.push({
          type: 'frame',
          receivedMs: now(),
          frame: event.frame,
          simMs: event.simMs,
          workMs: event.frameWorkMs ?? 0,
          particleCount,
          positionsBytes: event.positionsShared ? 0 : event.positions.byteLength,
          sharedPositions: event.positionsShared === true,
          metricsJsonBytes: event.bodies ? JSON.stringify(event.bodies).length : 0,
          solverThreads: event.solverThreads ?? 1,
          ...(event.solverTeamCounts ? { solverTeamCounts: { ...event.solverTeamCounts } } : {}),
        });
      } else {
        return;
      }
      if (entries.length > MAX_ENTRIES) entries.splice(0, entries.length - MAX_ENTRIES);
    },
    entries: () => entries.map((entry) => ({ ...entry })),
    progress: () => ({ loadedMs, particleCount, framesSinceLoad }),
  };
}

/** The log the URL asks for (`?frameLog`), or null: the app keeps none by default. */
export function frameLogFrom(search: string, now: () => number): FrameLog | null {
  return new URLSearchParams(search).has('frameLog') ? createFrameLog(now) : null;
}
