/**
 * What a plot legend says for a line: its value under the cursor, or its latest value while the
 * cursor is elsewhere, so the legend reads as a live readout instead of uPlot's "--". A line with
 * no samples yet says nothing.
 */

/** Significant digits in the legend: enough to tell a volume ratio of 0.9987 from 1. */
const LEGEND_DIGITS = 4;

/** @param cursorIndex the sample under the cursor, null when the cursor is off the plot */
export function legendValue(
  samples: ArrayLike<number | null | undefined>,
  cursorIndex: number | null,
): string {
  const value = cursorIndex === null ? samples[samples.length - 1] : samples[cursorIndex];
  return value === null || value === undefined ? '' : formatLegendNumber(value);
}

export function formatLegendNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const size = Math.abs(value);
  // Energies span many decades: exponents outside the readable range.
  if (size !== 0 && (size < 1e-3 || size >= 1e5)) return value.toExponential(LEGEND_DIGITS - 2);
  return String(Number(value.toPrecision(LEGEND_DIGITS)));
}
