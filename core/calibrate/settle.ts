import type { World } from '../sim/world.ts';

/**
 * Runs a world until a measured value stops changing: the static answer of a dynamic solver.
 *
 * Damping. Mass-proportional damping c (1/s) is added while settling; it scales the velocity only,
 * so it does not move the rest state the solver converges to. c = 2ω₁ damps the scene's lowest
 * mode critically (ω₁ from theory); higher modes decay at c/2 or faster.
 *
 * Stopping. Every window of about 1/ω₁ the value m is sampled. While it converges geometrically,
 * successive changes d₀, d₁ have one sign and a ratio ρ = d₁/d₀ < 1, and what is left to go is
 * about d₁·ρ/(1−ρ); otherwise (oscillating, or not yet slowing down) at most |d₀| + |d₁|. The run
 * stops when that estimate is below `relativeTolerance`·|m|, or at `maxSimulatedS`.
 */

export interface SettleOptions {
  /** Frame time step, s. */
  frameDtS: number;
  /** Lowest mode of the scene from theory, rad/s. */
  fundamentalRadPerS: number;
  /** Stop when the estimated remaining change is below this fraction of the value. Default 1e-4. */
  relativeTolerance?: number;
  /** The most simulated time, s. Default: 300/ω₁, at least 2 s, at most MAX_SETTLE_FRAMES frames. */
  maxSimulatedS?: number;
}

export interface SettleResult {
  /** The measured value at the end, m (NaN when the state became NaN). */
  value: number;
  /** True when the stopping rule held before the time limit. */
  settled: boolean;
  /** Simulated time, s. */
  simulatedS: number;
  /** True when a position or velocity became NaN or infinite. */
  hasNaN: boolean;
}

export const DEFAULT_SETTLE_TOLERANCE = 1e-4;
/**
 * The most frames a run takes unless told otherwise: the standard scenes settle within about 400
 * (7 s at 60 Hz); a body far slower than that (a huge element size) reports `settled: false`.
 */
export const MAX_SETTLE_FRAMES = 3000;

/**
 * Settles `world` and returns the mean displacement of the `probe` particles along `direction`
 * (a unit vector), m, measured from `rest` (positions at build, xyz interleaved).
 */
export function settleWorld(
  world: World,
  probe: readonly number[],
  direction: readonly [number, number, number],
  rest: ArrayLike<number>,
  options: SettleOptions,
): SettleResult {
  const dt = options.frameDtS;
  const omega = options.fundamentalRadPerS;
  const tolerance = options.relativeTolerance ?? DEFAULT_SETTLE_TOLERANCE;
  const maxFrames = Math.max(
    1,
    options.maxSimulatedS !== undefined
      ? Math.ceil(options.maxSimulatedS / dt)
      : Math.min(MAX_SETTLE_FRAMES, Math.ceil(Math.max(2, 300 / omega) / dt)),
  );
  const window = Math.max(1, Math.round(1 / (omega * dt)));
  const measure = (): number => {
    const x = world.positions;
    let sum = 0;
    for (const p of probe) {
      for (let a = 0; a < 3; a++) sum += (x[3 * p + a] - rest[3 * p + a]) * direction[a];
    }
    return probe.length > 0 ? sum / probe.length : Number.NaN;
  };
  const saved = world.extraLinearDampingPerS;
  world.extraLinearDampingPerS = 2 * omega;
  const samples: number[] = [];
  let frames = 0;
  let settled = false;
  let hasNaN = false;
  try {
    while (frames < maxFrames) {
      const metrics = world.step(dt);
      frames++;
      if (metrics.hasNaN) {
        hasNaN = true;
        break;
      }
      if (frames % window !== 0) continue;
      samples.push(measure());
      if (
        samples.length >= 3 &&
        remainingChange(samples) <= tolerance * Math.abs(samples[samples.length - 1])
      ) {
        settled = true;
        break;
      }
    }
  } finally {
    world.extraLinearDampingPerS = saved;
  }
  return { value: hasNaN ? Number.NaN : measure(), settled, simulatedS: frames * dt, hasNaN };
}

/** Estimated change still to come from the last three samples (see the file comment). */
export function remainingChange(samples: readonly number[]): number {
  const n = samples.length;
  const d0 = samples[n - 2] - samples[n - 3];
  const d1 = samples[n - 1] - samples[n - 2];
  const ratio = d0 !== 0 ? d1 / d0 : Number.POSITIVE_INFINITY;
  if (ratio >= 0 && ratio < 1) return (Math.abs(d1) * ratio) / (1 - ratio);
  return Math.abs(d0) + Math.abs(d1);
}
