/**
 * Tet quality as a colour: the smallest dihedral angle of a tet on a red → yellow → green
 * ramp. Slivers (near 0°) are red; RAMP_GOOD_DEG and above is green (the regular tet has
 * 70.5°; meshes good for simulation have most tets above 30°).
 */

/** Smallest dihedral angle drawn fully green, degrees. */
export const RAMP_GOOD_DEG = 45;

/** Writes the linear-RGB colour (components in [0, 1]) for `minDihedralDeg` into `out` at `offset`. */
export function qualityColour(minDihedralDeg: number, out: Float32Array | number[], offset = 0): void {
  const s = Math.min(1, Math.max(0, minDihedralDeg / RAMP_GOOD_DEG));
  // Red (1, 0.1, 0.1) → yellow (1, 0.85, 0.1) at s = ½ → green (0.15, 0.75, 0.25).
  if (s < 0.5) {
    const u = s / 0.5;
    out[offset] = 1;
    out[offset + 1] = 0.1 + 0.75 * u;
    out[offset + 2] = 0.1;
  } else {
    const u = (s - 0.5) / 0.5;
    out[offset] = 1 - 0.85 * u;
    out[offset + 1] = 0.85 - 0.1 * u;
    out[offset + 2] = 0.1 + 0.15 * u;
  }
}

/** The same colour as a CSS rgb() string (sRGB-ish; for the legend). */
export function qualityCss(minDihedralDeg: number): string {
  const c = [0, 0, 0];
  qualityColour(minDihedralDeg, c);
  return `rgb(${c.map((v) => Math.round(255 * v)).join(', ')})`;
}
