import type { AirSetup } from '../setup/setup.ts';

/**
 * The wind of a scene at time t, m/s: the mean wind plus, when the air has gusts, seeded smooth
 * value noise per component (the same everywhere in space). Knots every `periodS` seconds hold
 * independent values in [−1, 1] from an integer hash of (seed, knot, axis); between knots the value
 * follows a cosine blend, so the wind is continuous with a continuous rate. Pure: the same air and t
 * give the same wind on every run and every machine (integer hashing, no Math.random).
 */
export function windAt(air: AirSetup, timeS: number, out: Float64Array): Float64Array {
  out[0] = air.windMPerS[0];
  out[1] = air.windMPerS[1];
  out[2] = air.windMPerS[2];
  const gust = air.gust;
  if (!gust || gust.amplitudeMPerS === 0) return out;
  const u = timeS / gust.periodS;
  const knot = Math.floor(u);
  const f = u - knot;
  const blend = 0.5 - 0.5 * Math.cos(Math.PI * f);
  for (let axis = 0; axis < 3; axis++) {
    const a = knotValue(gust.seed, knot, axis);
    const b = knotValue(gust.seed, knot + 1, axis);
    out[axis] += gust.amplitudeMPerS * (a + (b - a) * blend);
  }
  return out;
}

/** A value in [−1, 1] from (seed, knot, axis): a 32-bit integer hash (splitmix-style mixing). */
function knotValue(seed: number, knot: number, axis: number): number {
  let h = (seed ^ Math.imul(knot | 0, 0x9e3779b1) ^ Math.imul(axis + 1, 0x85ebca6b)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h = (h ^ (h >>> 16)) >>> 0;
  return (h / 0xffffffff) * 2 - 1;
}
