/**
 * The `ui` benchmark's phases from what the page recorded (pure, unit-tested): the moments the
 * bench's in-page observer saw (file chosen, mesh shown, the two clicks, the tet result shown)
 * and the frame log of the simulation worker (renderer/src/sim/frame-log.ts), all on the page's
 * performance.now() clock, ms.
 */
import type { FrameLogEntry } from '../renderer/src/sim/frame-log.ts';

/** What the observer records, ms; a moment not seen is absent. */
export interface UiMarks {
  /** The file input's change event: the user picked the file. */
  chosen?: number;
  /** The document title names the mesh as a static mesh (the viewport shows it in the same task). */
  shown?: number;
  /** Clicks on Tetrahedralize and on Simulate as soft body. */
  tetraClick?: number;
  makeClick?: number;
  /** Simulate as soft body became visible: the tet result is shown. */
  tetraDone?: number;
}

export interface UiPhases {
  /** File chosen → mesh shown. */
  openMs: number;
  /** Tetrahedralize clicked → result shown. */
  tetraMs: number;
  /** Simulate as soft body clicked → the scene with the body built in the worker (any coarser re-run included). */
  bodyMs: number;
  /** Body built → first stepped frame (frame ≥ 1) received by the page. */
  firstFrameMs: number;
  /** The sum of the phases (the bench's own delays between a phase's end and its next click left out). */
  totalMs: number;
  /** Particles of the whole scene that the body was added to. */
  sceneParticles: number;
}

/** The phases, or the name of the first moment that is missing. */
export function uiPhases(marks: UiMarks, log: readonly FrameLogEntry[]): UiPhases | { missing: string } {
  const { chosen, shown, tetraClick, tetraDone, makeClick } = marks;
  if (chosen === undefined) return { missing: 'file chosen' };
  if (shown === undefined) return { missing: 'mesh shown' };
  if (tetraClick === undefined) return { missing: 'Tetrahedralize click' };
  if (tetraDone === undefined) return { missing: 'tetrahedralization done' };
  if (makeClick === undefined) return { missing: 'Simulate as soft body click' };
  const loaded = log.find((entry) => entry.type === 'loaded' && entry.receivedMs > makeClick);
  if (!loaded) return { missing: 'body loaded in the worker' };
  const moving = log.find(
    (entry) => entry.type === 'frame' && entry.frame >= 1 && entry.receivedMs > loaded.receivedMs,
  );
  if (!moving) return { missing: 'first simulated frame' };
  const openMs = shown - chosen;
  const tetraMs = tetraDone - tetraClick;
  const bodyMs = loaded.receivedMs - makeClick;
  const firstFrameMs = moving.receivedMs - loaded.receivedMs;
  return {
    openMs,
    tetraMs,
    bodyMs,
    firstFrameMs,
    totalMs: openMs + tetraMs + bodyMs + firstFrameMs,
    sceneParticles: loaded.particleCount,
  };
}

export interface UiRow {
  mesh: string;
  triangles: number;
  tets: number;
  phases: UiPhases;
}

export function formatUiTable(rows: readonly UiRow[]): string {
  const header = [
    'mesh',
    'triangles',
    'tets',
    'chosen→shown ms',
    'tetrahedralize ms',
    'make body ms',
    'first frame ms',
    'total ms',
  ];
  const ms = (v: number) => v.toFixed(0);
  const lines = rows.map((r) => [
    r.mesh,
    String(r.triangles),
    String(r.tets),
    ms(r.phases.openMs),
    ms(r.phases.tetraMs),
    ms(r.phases.bodyMs),
    ms(r.phases.firstFrameMs),
    ms(r.phases.totalMs),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}
