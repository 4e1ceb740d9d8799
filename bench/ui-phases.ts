/**
 * The `ui` benchmark's phases from what the page recorded (pure, unit-tested): the moments the
 * bench's in-page observer saw (file chosen, mesh shown, the Simulate as soft body click), the
 * app's own marks of a progressive body (renderer/src/tetra/make-soft-body.ts PROGRESSIVE_MARKS:
 * preview made, body added, refined mesh made and swapped in) and the frame log of the
 * simulation worker (renderer/src/sim/frame-log.ts), all on the page's performance.now()
 * clock, ms.
 */
import type { FrameLogEntry } from '../renderer/src/sim/frame-log.ts';

/** A finished tetrahedralization as the app marks it. */
export interface RunMark {
  atMs: number;
  /** The tetrahedralizer's own time in its worker, s. */
  workerS: number;
  tets: number;
}

/** What the page records, ms; a moment not seen is absent. */
export interface UiMarks {
  /** The file input's change event: the user picked the file. */
  chosen?: number;
  /** The document title names the mesh as a static mesh (the viewport shows it in the same task). */
  shown?: number;
  /** Click on the static mesh's one-step Simulate as soft body. */
  simulateClick?: number;
  /** The coarse preview cage is made. */
  previewDone?: RunMark;
  /** The preview body is in the scene (the edit applied, the mesh view closed). */
  bodyAdded?: number;
  /** The refined mesh is made, and swapped in. */
  refineDone?: RunMark;
  refineSwapped?: number;
}

export interface UiPhases {
  /** File chosen → mesh shown (parse and import report included). */
  openMs: number;
  /** Click → preview cage back from the worker (worker start and transfer included). */
  previewMs: number;
  /** The tetrahedralizer's own part of previewMs. */
  previewWorkerMs: number;
  /** Preview back → body in the scene (the edit: tet check, scene validation; the mesh view closes). */
  addMs: number;
  /** Body in the scene → the simulation worker built it (compile/setup) and said so. */
  compileMs: number;
  /** Built → first stepped frame (frame ≥ 1) received by the page. */
  firstFrameMs: number;
  /** File chosen → the coarse body moves: the phases above summed (the bench's delay before the click left out). */
  toMotionMs: number;
  /** Body added → refined mesh made (in the background while the preview moves). */
  refineMs: number;
  refineWorkerMs: number;
  /** File chosen → the refined body moves (same accounting as toMotionMs). */
  toRefinedMs: number;
  previewTets: number;
  refinedTets: number;
  /** Particles of the whole scene with the preview body, then with the refined one. */
  previewParticles: number;
  refinedParticles: number;
}

const loadedAfter = (log: readonly FrameLogEntry[], ms: number) =>
  log.find((entry) => entry.type === 'loaded' && entry.receivedMs > ms);
const movingAfter = (log: readonly FrameLogEntry[], ms: number) =>
  log.find((entry) => entry.type === 'frame' && entry.frame >= 1 && entry.receivedMs > ms);

/** The phases, or the name of the first moment that is missing. */
export function uiPhases(marks: UiMarks, log: readonly FrameLogEntry[]): UiPhases | { missing: string } {
  const { chosen, shown, simulateClick, previewDone, bodyAdded, refineDone, refineSwapped } = marks;
  if (chosen === undefined) return { missing: 'file chosen' };
  if (shown === undefined) return { missing: 'mesh shown' };
  if (simulateClick === undefined) return { missing: 'Simulate as soft body click' };
  if (previewDone === undefined) return { missing: 'preview made' };
  if (bodyAdded === undefined) return { missing: 'body added' };
  const loaded = loadedAfter(log, bodyAdded);
  if (!loaded) return { missing: 'body loaded in the worker' };
  const moving = movingAfter(log, loaded.receivedMs);
  if (!moving) return { missing: 'first simulated frame' };
  if (refineDone === undefined) return { missing: 'refined mesh made' };
  if (refineSwapped === undefined) return { missing: 'refined mesh swapped in' };
  const refinedLoaded = loadedAfter(log, refineSwapped);
  if (!refinedLoaded) return { missing: 'refined body loaded in the worker' };
  const refinedMoving = movingAfter(log, refinedLoaded.receivedMs);
  if (!refinedMoving) return { missing: 'first simulated frame of the refined body' };
  const openMs = shown - chosen;
  return {
    openMs,
    previewMs: previewDone.atMs - simulateClick,
    previewWorkerMs: previewDone.workerS * 1000,
    addMs: bodyAdded - previewDone.atMs,
    compileMs: loaded.receivedMs - bodyAdded,
    firstFrameMs: moving.receivedMs - loaded.receivedMs,
    toMotionMs: openMs + moving.receivedMs - simulateClick,
    refineMs: refineDone.atMs - bodyAdded,
    refineWorkerMs: refineDone.workerS * 1000,
    toRefinedMs: openMs + refinedMoving.receivedMs - simulateClick,
    previewTets: previewDone.tets,
    refinedTets: refineDone.tets,
    previewParticles: loaded.particleCount,
    refinedParticles: refinedLoaded.particleCount,
  };
}

export interface UiRow {
  mesh: string;
  triangles: number;
  phases: UiPhases;
}

export function formatUiTable(rows: readonly UiRow[]): string {
  const header = [
    'mesh',
    'triangles',
    'open',
    'preview (worker)',
    'add',
    'compile',
    'first frame',
    '→ motion',
    'refine (worker)',
    '→ refined',
    'tets preview→refined',
  ];
  const ms = (v: number) => v.toFixed(0);
  const lines = rows.map(({ mesh, triangles, phases: p }) => [
    mesh,
    String(triangles),
    ms(p.openMs),
    `${ms(p.previewMs)} (${ms(p.previewWorkerMs)})`,
    ms(p.addMs),
    ms(p.compileMs),
    ms(p.firstFrameMs),
    ms(p.toMotionMs),
    `${ms(p.refineMs)} (${ms(p.refineWorkerMs)})`,
    ms(p.toRefinedMs),
    `${p.previewTets}→${p.refinedTets}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}
