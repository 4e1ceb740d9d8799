/**
 * The app's marks of a progressive body on the page's performance timeline, read by
 * `npm run bench -- ui` (bench/ui-phases.ts). No DOM types: the bench imports the names.
 */
import type { TetView } from './protocol.ts';

/**
 * Moments of a progressive body on the page's performance timeline (performance.mark), for
 * `npm run bench -- ui`; a finished run's `detail` is a MarkedRun.
 */
export const PROGRESSIVE_MARKS = {
  previewStart: 'softbody:preview-start',
  previewDone: 'softbody:preview-done',
  bodyAdded: 'softbody:body-added',
  refineDone: 'softbody:refine-done',
  refineSwapped: 'softbody:refine-swapped',
} as const;

/** What a run's mark carries. */
export interface MarkedRun {
  /** The tetrahedralizer's own time in its worker, s. */
  workerS: number;
  tets: number;
}

export function markProgress(name: string, run?: TetView): void {
  const detail: MarkedRun | undefined = run && { workerS: run.seconds, tets: run.quality.tetCount };
  // Absent in a test without a performance timeline.
  globalThis.performance?.mark?.(name, { detail });
}
