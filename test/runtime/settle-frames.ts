import { MAX_SETTLE_FRAMES, remainingChange } from '../../core/calibrate/settle.ts';

/**
 * The stopping rule of core/calibrate/settle.ts for a runtime stepped from outside (Jolt, MuJoCo):
 * step frame by frame, sample `measure` every 1/ω₁, stop when remainingChange is under
 * `relativeTolerance` of the last sample, at most MAX_SETTLE_FRAMES (or 300/ω₁ s) frames.
 */
export function settleFrames(options: {
  step: () => void;
  measure: () => number;
  fundamentalRadPerS: number;
  frameDtS: number;
  relativeTolerance: number;
}): { settled: boolean; hasNaN: boolean; frames: number } {
  const { step, measure, fundamentalRadPerS: omega, frameDtS, relativeTolerance } = options;
  const maxFrames = Math.min(MAX_SETTLE_FRAMES, Math.ceil(Math.max(2, 300 / omega) / frameDtS));
  const window = Math.max(1, Math.round(1 / (omega * frameDtS)));
  const samples: number[] = [];
  let frames = 0;
  while (frames < maxFrames) {
    step();
    frames++;
    if (frames % window !== 0) continue;
    const m = measure();
    if (!Number.isFinite(m)) return { settled: false, hasNaN: true, frames };
    samples.push(m);
    if (samples.length >= 3 && remainingChange(samples) <= relativeTolerance * Math.abs(m))
      return { settled: true, hasNaN: false, frames };
  }
  return { settled: false, hasNaN: false, frames };
}
