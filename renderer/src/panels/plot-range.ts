/**
 * The y range of a plot's data before uPlot pads it. uPlot's own ranger returns [v, v] for a line
 * that is flat up to float noise (a volume ratio held at 1 ± 1e-8 by the single-precision solve),
 * and its tick loop then never ends (RangeError: Invalid array length). A line spanning less than
 * MIN_RELATIVE_SPAN of its size is widened to that span around its middle: uPlot ranges spans of
 * 1e-5 relative and more at every size tried (test/renderer/panels/plot-range.test.ts).
 */
export const MIN_RELATIVE_SPAN = 1e-4;

export function widenFlat(min: number, max: number): [number, number] {
  const size = Math.max(Math.abs(min), Math.abs(max));
  const span = MIN_RELATIVE_SPAN * size;
  if (!(max - min < span)) return [min, max]; // wide enough, or all zero (uPlot ranges 0 itself)
  const middle = (min + max) / 2;
  return [middle - span / 2, middle + span / 2];
}
