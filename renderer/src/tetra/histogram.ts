/**
 * The dihedral-angle histogram as a tiny bar chart on a canvas: one bar per bin, height
 * on a square-root scale (so the few slivers near 0° stay visible beside the bulk), each
 * bar in the quality colour of its angle.
 */
import { qualityCss } from './quality-ramp.ts';

export function drawHistogram(
  canvas: HTMLCanvasElement,
  histogram: { binDeg: number; counts: number[] },
): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  const { width, height } = canvas;
  context.clearRect(0, 0, width, height);
  const { binDeg, counts } = histogram;
  const top = Math.sqrt(Math.max(1, ...counts));
  const barWidth = width / counts.length;
  counts.forEach((count, bin) => {
    if (count === 0) return;
    const barHeight = Math.max(1, (Math.sqrt(count) / top) * (height - 1));
    // Colour by the bin's smallest angle (the ramp describes small dihedrals as bad).
    context.fillStyle = qualityCss(Math.min(bin * binDeg, 180 - (bin + 1) * binDeg));
    context.fillRect(bin * barWidth, height - barHeight, Math.max(1, barWidth - 1), barHeight);
  });
}
