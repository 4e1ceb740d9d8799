/**
 * The `app` benchmark's figures from what it measured (pure, unit-tested): per scene the Node
 * engine's ms per frame, the Chromium worker's own step time, its whole frame's work (the step and
 * what the app measures and sends after it) and the interval between frames as the page received
 * them; the table, the scenes where the app is more than 10% slower, and the bytes the app posts
 * per frame that the bench does not.
 */

import { median } from '../core/math/median.ts';
import type { FrameLogEntry } from '../renderer/src/sim/frame-log.ts';

export interface AppRow {
  scene: string;
  particles: number;
  /**
   * Median wall ms per frame of the engine stepped in Node (the sim bench's own measuring): the mean
   * of its measures right before and right after the app's (`benchBeforeAfterMs`), so that load
   * from other processes that rises or falls over the round weighs on both sides alike.
   */
  benchMsPerFrame: number;
  benchBeforeAfterMs: readonly [number, number];
  /**
   * Median wall ms per frame of the same engine and scene stepped back to back in a blank page of
   * the same Chromium, one thread (bench/chromium-engine-entry.ts): Chromium's V8 without the editor.
   */
  chromiumEngineMsPerFrame: number;
  /** Median of the worker's own step time, ms, over the measured frames. */
  workerMsPerFrame: number;
  /** Median of the worker's time for the whole frame (step, metrics, forces, positions out), ms. */
  workerFrameMsPerFrame: number;
  /** Median interval between consecutive frames received by the page, ms. */
  pageIntervalMs: number;
  /** Median bytes of positions posted (0 through shared memory) and of metrics (as JSON) per frame event. */
  positionsBytesPerFrame: number;
  /** Whether the positions went through shared memory (every measured frame). */
  sharedPositions: boolean;
  metricsJsonBytesPerFrame: number;
  frames: number;
  /** Threads that stepped the measured frames (most of any frame): the worker's solver team. */
  solverThreads: number;
  /** Share of the team's divided chunks that its helpers solved over the measured frames, 0…1 (0 alone). */
  helperShare: number;
  /** Stalls of the team over the measured frames (core/sim/wasm/solver-team.ts: a helper descheduled mid-chunk). */
  stalls: number;
  /** Share of the measured frames the worker stepped alone, 0…1 (core/sim/wasm/team-chooser.ts). */
  aloneShare: number;
  /**
   * Medians of the worker's step time over the measured frames it stepped with its team and
   * alone (NaN where none): on a machine whose cores are busy, what the team's choice weighed.
   */
  togetherMsPerFrame: number;
  aloneMsPerFrame: number;
  /** Kernels of the Node engine and of the worker ('wasm' or 'js'). */
  benchKernels: string;
  workerKernels: string;
  /**
   * The worker's step time, and its whole frame (step and what the app does after it), over the
   * bench's step (`withRatios`); over rounds, the median of the rounds' ratios (`medianRow`).
   */
  stepRatio: number;
  frameRatio: number;
}

/** Worker time over bench time above which the app counts as slower than the bench. */
export const SLOWER_RATIO = 1.1;

/**
 * The last `count` stepped frames (frame ≥ 1) received after the log's last 'loaded' entry, or
 * null while fewer have arrived; `skip` more right after the load are left out (warm-up).
 */
export function measuredFrames(
  log: readonly FrameLogEntry[],
  skip: number,
  count: number,
): FrameLogEntry[] | null {
  let loaded = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].type === 'loaded') {
      loaded = i;
      break;
    }
  }
  const frames = log.slice(loaded + 1).filter((entry) => entry.type === 'frame' && entry.frame >= 1);
  if (frames.length < skip + count) return null;
  return frames.slice(skip, skip + count);
}

/** Medians of step time, page interval and bytes over `frames` (consecutive, as received). */
export function summarizeFrames(
  frames: readonly FrameLogEntry[],
): Pick<
  AppRow,
  | 'workerMsPerFrame'
  | 'workerFrameMsPerFrame'
  | 'pageIntervalMs'
  | 'positionsBytesPerFrame'
  | 'sharedPositions'
  | 'metricsJsonBytesPerFrame'
  | 'frames'
  | 'solverThreads'
  | 'helperShare'
  | 'stalls'
  | 'aloneShare'
  | 'togetherMsPerFrame'
  | 'aloneMsPerFrame'
> {
  const intervals: number[] = [];
  for (let i = 1; i < frames.length; i++) intervals.push(frames[i].receivedMs - frames[i - 1].receivedMs);
  return {
    workerMsPerFrame: median(frames.map((f) => f.simMs)),
    workerFrameMsPerFrame: median(frames.map((f) => f.workMs)),
    pageIntervalMs: median(intervals),
    positionsBytesPerFrame: median(frames.map((f) => f.positionsBytes)),
    sharedPositions: frames.length > 0 && frames.every((f) => f.sharedPositions),
    metricsJsonBytesPerFrame: median(frames.map((f) => f.metricsJsonBytes)),
    frames: frames.length,
    solverThreads: Math.max(1, ...frames.map((f) => f.solverThreads ?? 1)),
    ...teamOver(frames),
  };
}

/**
 * The team's work over `frames`, from the running counts before the first (those of the frame
 * before it are not at hand, so the first frame's own chunks are left out) and after the last.
 */
function teamOver(
  frames: readonly FrameLogEntry[],
): Pick<AppRow, 'helperShare' | 'stalls' | 'aloneShare' | 'togetherMsPerFrame' | 'aloneMsPerFrame'> {
  const first = frames[0]?.solverTeamCounts;
  const last = frames[frames.length - 1]?.solverTeamCounts;
  if (!first || !last) {
    const ms = median(frames.map((f) => f.simMs));
    return { helperShare: 0, stalls: 0, aloneShare: 1, togetherMsPerFrame: Number.NaN, aloneMsPerFrame: ms };
  }
  const chunks = last.chunks - first.chunks;
  const together: number[] = [];
  const alone: number[] = [];
  for (let i = 1; i < frames.length; i++) {
    const steppedAlone =
      (frames[i].solverTeamCounts?.framesAlone ?? 0) > (frames[i - 1].solverTeamCounts?.framesAlone ?? 0);
    (steppedAlone ? alone : together).push(frames[i].simMs);
  }
  return {
    helperShare: chunks > 0 ? (last.helperChunks - first.helperChunks) / chunks : 0,
    stalls: last.stalls - first.stalls,
    aloneShare: frames.length > 1 ? alone.length / (frames.length - 1) : 0,
    togetherMsPerFrame: median(together),
    aloneMsPerFrame: median(alone),
  };
}

/** A round's row with its ratios to the bench. */
export function withRatios(row: Omit<AppRow, 'stepRatio' | 'frameRatio'>): AppRow {
  return {
    ...row,
    stepRatio: row.workerMsPerFrame / row.benchMsPerFrame,
    frameRatio: row.workerFrameMsPerFrame / row.benchMsPerFrame,
  };
}

/**
 * One row from several rounds of the same scene: each figure the median over the rounds, the
 * ratios to the bench too (each round's app against its own Node measures, taken seconds apart,
 * not against another round's).
 */
export function medianRow(rounds: readonly AppRow[]): AppRow {
  if (rounds.length === 0) throw new Error('bench app: no rounds to take the median of');
  const of = (figure: (row: AppRow) => number) => median(rounds.map(figure));
  return {
    ...rounds[0],
    benchMsPerFrame: of((r) => r.benchMsPerFrame),
    benchBeforeAfterMs: [of((r) => r.benchBeforeAfterMs[0]), of((r) => r.benchBeforeAfterMs[1])],
    chromiumEngineMsPerFrame: of((r) => r.chromiumEngineMsPerFrame),
    workerMsPerFrame: of((r) => r.workerMsPerFrame),
    workerFrameMsPerFrame: of((r) => r.workerFrameMsPerFrame),
    pageIntervalMs: of((r) => r.pageIntervalMs),
    positionsBytesPerFrame: of((r) => r.positionsBytesPerFrame),
    metricsJsonBytesPerFrame: of((r) => r.metricsJsonBytesPerFrame),
    sharedPositions: rounds.every((r) => r.sharedPositions),
    frames: rounds.reduce((sum, r) => sum + r.frames, 0),
    solverThreads: Math.max(...rounds.map((r) => r.solverThreads)),
    helperShare: of((r) => r.helperShare),
    stalls: of((r) => r.stalls),
    aloneShare: of((r) => r.aloneShare),
    togetherMsPerFrame: of((r) => r.togetherMsPerFrame),
    aloneMsPerFrame: of((r) => r.aloneMsPerFrame),
    stepRatio: of((r) => r.stepRatio),
    frameRatio: of((r) => r.frameRatio),
  };
}

/** The table and, below it, one line per scene where the worker is more than 10% slower. */
export function formatAppTable(rows: readonly AppRow[]): string {
  const header = [
    'scene',
    'particles',
    'bench ms/frame (Node)',
    'Node before / after',
    'engine in Chromium ms/frame',
    'worker step ms/frame (Chromium)',
    'ratio step/bench',
    'ratio step/engine in Chromium',
    'worker frame ms (step+metrics+send)',
    'ratio frame/bench',
    'page frame interval ms',
    'threads',
    'helpers %',
    'stalls',
    'alone %',
    'step ms together / alone',
  ];
  const lines = rows.map((r) => [
    r.scene,
    String(r.particles),
    r.benchMsPerFrame.toFixed(2),
    `${r.benchBeforeAfterMs[0].toFixed(2)} / ${r.benchBeforeAfterMs[1].toFixed(2)}`,
    r.chromiumEngineMsPerFrame.toFixed(2),
    r.workerMsPerFrame.toFixed(2),
    r.stepRatio.toFixed(2),
    (r.workerMsPerFrame / r.chromiumEngineMsPerFrame).toFixed(2),
    r.workerFrameMsPerFrame.toFixed(2),
    r.frameRatio.toFixed(2),
    r.pageIntervalMs.toFixed(2),
    String(r.solverThreads),
    (100 * r.helperShare).toFixed(0),
    String(r.stalls),
    (100 * r.aloneShare).toFixed(0),
    `${r.togetherMsPerFrame.toFixed(2)} / ${r.aloneMsPerFrame.toFixed(2)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const out = [format(header), ...lines.map(format)];
  for (const r of rows) {
    if (r.benchKernels !== r.workerKernels) {
      out.push(
        `${r.scene}: not the same kernels: ${r.benchKernels} in Node, ${r.workerKernels} in the worker`,
      );
    }
    const ratio = r.stepRatio;
    if (ratio > SLOWER_RATIO) {
      out.push(
        `${r.scene}: the app's worker is ${((ratio - 1) * 100).toFixed(0)}% slower per step than the Node bench (more than ${((SLOWER_RATIO - 1) * 100).toFixed(0)}%)`,
      );
    }
    const frameRatio = r.frameRatio;
    if (frameRatio > SLOWER_RATIO) {
      out.push(
        `${r.scene}: the app's worker spends ${((frameRatio - 1) * 100).toFixed(0)}% more per frame (step, metrics, sending) than the Node bench's step (more than ${((SLOWER_RATIO - 1) * 100).toFixed(0)}%)`,
      );
    }
  }
  return out.join('\n');
}

/** The copies per frame the app pays and the bench does not, with the bytes counted per frame. */
export function formatCopiesNote(rows: readonly AppRow[], crossOriginIsolated: boolean): string {
  const perScene = rows
    .map(
      (r) =>
        `${r.scene}: ${r.positionsBytesPerFrame} B of positions posted (${(r.positionsBytesPerFrame / r.particles).toFixed(0)} B/particle${r.sharedPositions ? ', through shared memory' : ''}) + ~${r.metricsJsonBytesPerFrame} B of metrics (as JSON)`,
    )
    .join('; ');
  const shared = rows.length > 0 && rows.every((r) => r.sharedPositions);
  const path = shared
    ? [
        "  Positions are copied twice before the GPU upload: into the worker's slot of the shared triple buffer",
        "  (renderer/src/sim/shared-positions.ts), and from the page's slot into an array of the page's own (the",
        '  viewport keeps the latest for its selection tools); then into the three.js position attribute',
        '  (body-meshes.ts, once per drawn frame), which WebGL uploads. No positions are posted.',
      ]
    : [
        '  Positions are copied 3 times before the GPU upload: World.positions.slice() in the worker, the structured',
        '  clone of postMessage (posted without transfer), and into the three.js position attribute (body-meshes.ts,',
        '  once per drawn frame), which WebGL then uploads.',
      ];
  return [
    'Copies per frame in the app that the Node bench does not make (bytes counted on the page per frame event):',
    `  ${perScene}.`,
    ...path,
    '  The per-body metrics (and, where measured, per-particle constraint forces) are structured-cloned.',
    `  The page is ${crossOriginIsolated ? '' : 'not '}cross-origin isolated${crossOriginIsolated ? '' : ', so it could not share memory with the worker'}.`,
  ].join('\n');
}
