/** Longest bar of a histogram, characters. */
const BAR_WIDTH = 40;

/**
 * A histogram as text, one line per bin from the first to the last non-empty one:
 * `  60–65   1204  ##########`; bars scaled to the fullest bin (a non-empty bin shows at least one #).
 */
export function histogramLines(binWidth: number, counts: readonly number[]): string[] {
  const first = counts.findIndex((c) => c > 0);
  if (first < 0) return ['(empty)'];
  const last = counts.length - 1 - [...counts].reverse().findIndex((c) => c > 0);
  const most = Math.max(...counts);
  const rows = counts.slice(first, last + 1).map((count, k) => {
    const bin = first + k;
    return [
      `${bin * binWidth}–${(bin + 1) * binWidth}`,
      String(count),
      count > 0 ? '#'.repeat(Math.max(1, Math.round((BAR_WIDTH * count) / most))) : '',
    ];
  });
  const widths = [0, 1].map((c) => Math.max(...rows.map((r) => r[c].length)));
  return rows.map(([range, count, bar]) =>
    `${range.padStart(widths[0])}  ${count.padStart(widths[1])}  ${bar}`.trimEnd(),
  );
}
