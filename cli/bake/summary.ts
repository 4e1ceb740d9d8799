import { frameCostLines } from '../frame-cost.ts';
import type { BakeResult } from './bake-file.ts';

/**
 * The table printed after a bake: one row per file with its simulation mesh, groups, time and
 * outcome, the notes of the files that baked with something to know, each body's frame cost
 * (with a warning line under a body over budget), then a count line. Cloth bodies have no tets; their column reads 'cloth N tris'.
 */
export function summaryTable(results: readonly BakeResult[]): string {
  const header = ['file', 'vertices', 'tets', 'groups', 'seconds', 'status'];
  const rows = results.map((r) => [
    r.file,
    r.vertices === undefined ? '-' : String(r.vertices),
    r.elements === undefined ? '-' : r.kind === 'cloth' ? `cloth ${r.elements} tris` : String(r.elements),
    r.groups.length === 0 ? '-' : r.groups.join(','),
    r.seconds.toFixed(2),
    r.error === undefined ? `ok → ${r.output}` : `FAILED: ${r.error}`,
  ]);
  const widths = header.map((_, c) => Math.max(header[c].length, ...rows.map((row) => row[c].length)));
  const numeric = new Set([1, 2, 4]);
  const line = (cells: string[]) =>
    cells
      .map((cell, c) =>
        c === cells.length - 1 ? cell : numeric.has(c) ? cell.padStart(widths[c]) : cell.padEnd(widths[c]),
      )
      .join('  ')
      .trimEnd();
  const failed = results.filter((r) => r.error !== undefined).length;
  const counts =
    failed === 0
      ? `${results.length} file${results.length === 1 ? '' : 's'} baked`
      : `${results.length - failed} of ${results.length} file${results.length === 1 ? '' : 's'} baked, ${failed} failed`;
  const notes = results.flatMap((r) => r.notes.map((note) => `  ${r.file}: ${note}`));
  const costs = results.flatMap((r) => frameCostLines(r.frameCost ?? [], `  ${r.file}: `));
  return [
    line(header),
    ...rows.map(line),
    ...(notes.length > 0 ? ['', 'notes:', ...notes] : []),
    ...(costs.length > 0 ? ['', 'frame cost (median of timed frames, ms per 60 Hz frame):', ...costs] : []),
    '',
    counts,
  ].join('\n');
}

/** The summary as a document: every file's result (`error` on the failed ones) and the counts. */
export function summaryJson(results: readonly BakeResult[]) {
  const failed = results.filter((r) => r.error !== undefined).length;
  return {
    files: results.map((r) => ({ ...r, seconds: Number(r.seconds.toFixed(3)) })),
    baked: results.length - failed,
    failed,
  };
}
