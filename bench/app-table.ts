/**
 * The `app` benchmark's figures from what it measured (pure, unit-tested): per scene the Node
 * engine's ms per frame, the Chromium worker's own step time and the interval between frames as
 * the page received them; the table, the scenes where the app is more than 10% slower, and the
 * bytes the app posts per frame that the bench does not.
 */
import type { FrameLogEntry } from '../renderer/src/sim/frame-log.ts';

export interface AppRow {
  scene: string;
  particles: number;
  /** Median wall ms per frame of the engine stepped in Node (the sim bench's own measuring). */
  benchMsPerFrame: number;
  /** Median of the worker's own step time, ms, over the measured frames. */
  workerMsPerFrame: number;
  /** Median interval between consecutive frames received by the page, ms. */
  pageIntervalMs: number;
  /** Median bytes of positions and of metrics (as JSON) per frame event. */
  positionsBytesPerFrame: number;
  metricsJsonBytesPerFrame: number;
  frames: number;
  /** Kernels of the Node engine and of the worker ('wasm' or 'js'). */
  benchKernels: string;
  workerKernels: string;
}

/** Worker time over bench time above which the app counts as slower than the bench. */
export const SLOWER_RATIO = 1.1;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
}

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
  'workerMsPerFrame' | 'pageIntervalMs' | 'positionsBytesPerFrame' | 'metricsJsonBytesPerFrame' | 'frames'
> {
  const intervals: number[] = [];
  for (let i = 1; i < frames.length; i++) intervals.push(frames[i].receivedMs - frames[i - 1].receivedMs);
  return {
    workerMsPerFrame: median(frames.map((f) => f.simMs)),
    pageIntervalMs: median(intervals),
    positionsBytesPerFrame: median(frames.map((f) => f.positionsBytes)),
    metricsJsonBytesPerFrame: median(frames.map((f) => f.metricsJsonBytes)),
    frames: frames.length,
  };
}

export const ratioOf = (row: AppRow): number => row.workerMsPerFrame / row.benchMsPerFrame;

/** The table and, below it, one line per scene where the worker is more than 10% slower. */
export function formatAppTable(rows: readonly AppRow[]): string {
  const header = [
    'scene',
    'particles',
    'bench ms/frame (Node)',
    'worker step ms/frame (Chromium)',
    'page frame interval ms',
    'ratio worker/bench',
  ];
  const lines = rows.map((r) => [
    r.scene,
    String(r.particles),
    r.benchMsPerFrame.toFixed(2),
    r.workerMsPerFrame.toFixed(2),
    r.pageIntervalMs.toFixed(2),
    ratioOf(r).toFixed(2),
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
    const ratio = ratioOf(r);
    if (ratio > SLOWER_RATIO) {
      out.push(
        `${r.scene}: the app's worker is ${((ratio - 1) * 100).toFixed(0)}% slower per step than the Node bench (more than ${((SLOWER_RATIO - 1) * 100).toFixed(0)}%)`,
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
        `${r.scene}: ${r.positionsBytesPerFrame} B of positions (${(r.positionsBytesPerFrame / r.particles).toFixed(0)} B/particle) + ~${r.metricsJsonBytesPerFrame} B of metrics (as JSON)`,
    )
    .join('; ');
  return [
    'Copies per frame in the app that the Node bench does not make (bytes counted on the page per frame event):',
    `  ${perScene}.`,
    '  Positions are copied 3 times before the GPU upload: World.positions.slice() in the worker, the structured',
    '  clone of postMessage (posted without transfer), and into the three.js position attribute (body-meshes.ts,',
    '  once per drawn frame), which WebGL then uploads; the per-body metrics are structured-cloned as well.',
    `  No SharedArrayBuffer: the page is ${crossOriginIsolated ? '' : 'not '}cross-origin isolated${crossOriginIsolated ? '' : ', so it could not share one with the worker'}.`,
  ].join('\n');
}
