/**
 * The strain heat map: a blue → cyan → green → yellow → red ramp over [0, 1] of the scale,
 * and the scale itself, a round number of percent that follows the largest strain shown
 * without flickering from frame to frame.
 */
import { Color } from 'three';

/** Ramp stops in sRGB (what the legend's CSS gradient shows), evenly spaced over [0, 1]. */
export const HEAT_STOPS_SRGB: readonly (readonly [number, number, number])[] = [
  [0.16, 0.32, 0.85],
  [0.15, 0.75, 0.85],
  [0.3, 0.8, 0.3],
  [0.95, 0.85, 0.2],
  [0.9, 0.2, 0.15],
];

const scratch = new Color();

/** The sRGB colour at `t` in [0, 1] (clamped; NaN counts as 0), components in [0, 1]. */
export function heatSrgb(t: number, out: number[] | Float32Array, offset = 0): void {
  const s = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const x = s * (HEAT_STOPS_SRGB.length - 1);
  const i = Math.min(HEAT_STOPS_SRGB.length - 2, Math.floor(x));
  const u = x - i;
  const a = HEAT_STOPS_SRGB[i];
  const b = HEAT_STOPS_SRGB[i + 1];
  for (let k = 0; k < 3; k++) out[offset + k] = a[k] + (b[k] - a[k]) * u;
}

/** Entries of the linear-RGB lookup table: finer than a screen's 8-bit steps along the ramp. */
const LINEAR_TABLE_SIZE = 1024;
let linearTable: Float32Array | null = null;

/**
 * The same colour in linear RGB, which is how three.js reads vertex colours (its colour
 * management converts sRGB inputs, and a vertex attribute is taken as already linear). Read
 * from a table: this runs for every vertex of every body on every frame in strain mode.
 */
export function heatLinear(t: number, out: Float32Array, offset: number): void {
  if (!linearTable) linearTable = buildLinearTable();
  const s = Number.isFinite(t) ? Math.min(1, Math.max(0, t)) : 0;
  const i = 3 * Math.round(s * (LINEAR_TABLE_SIZE - 1));
  out[offset] = linearTable[i];
  out[offset + 1] = linearTable[i + 1];
  out[offset + 2] = linearTable[i + 2];
}

function buildLinearTable(): Float32Array {
  const table = new Float32Array(3 * LINEAR_TABLE_SIZE);
  for (let k = 0; k < LINEAR_TABLE_SIZE; k++) {
    heatSrgb(k / (LINEAR_TABLE_SIZE - 1), table, 3 * k);
    scratch.setRGB(table[3 * k], table[3 * k + 1], table[3 * k + 2]).convertSRGBToLinear();
    table[3 * k] = scratch.r;
    table[3 * k + 1] = scratch.g;
    table[3 * k + 2] = scratch.b;
  }
  return table;
}

/** The legend's CSS gradient, low at the left. */
export function heatGradientCss(): string {
  const stops = HEAT_STOPS_SRGB.map((c) => `rgb(${c.map((v) => Math.round(255 * v)).join(', ')})`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

/** Smallest scale the heat map uses: 0.1% strain (below that everything would be noise). */
export const MIN_STRAIN_SCALE = 0.001;

/** The 1-2-5 step at or above `value` (> 0): 0.001, 0.002, 0.005, 0.01, … */
export function niceCeiling(value: number): number {
  const decade = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    // The tolerance keeps 0.02 at 0.02 despite 10^-2 · 2 rounding to 0.020000000000000004.
    if (value <= step * decade * (1 + 1e-9)) return step * decade;
  }
  return 10 * decade;
}

/**
 * The heat map's full scale (dimensionless strain) for a frame whose largest strain is
 * `maxStrain`, given last frame's `previous` (null at first). It grows at once when the strain
 * exceeds it and shrinks only when the strain falls below a quarter of it, so a body that
 * jiggles around a value keeps one scale and the legend stays readable.
 */
export function nextStrainScale(previous: number | null, maxStrain: number): number {
  const wanted = niceCeiling(Math.max(MIN_STRAIN_SCALE, Number.isFinite(maxStrain) ? maxStrain : 0));
  if (previous === null) return wanted;
  if (wanted > previous || wanted * 4 <= previous) return wanted;
  return previous;
}

/** A strain scale as the legend writes it: 0.005 → "0.5%", 0.02 → "2%". */
export function formatStrainPercent(strain: number): string {
  const percent = strain * 100;
  return `${Number.parseFloat(percent.toPrecision(3))}%`;
}
