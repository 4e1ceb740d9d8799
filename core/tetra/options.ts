import { TetrahedralizeError } from './errors.ts';
import { TETRA_LIMITS, type TetraLimit, type TetraLimits } from './limits.ts';
import type { TetrahedralizeOptions, TetraMode } from './types.ts';

/**
 * Smallest radius-edge bound accepted: Delaunay refinement is proven to end for bounds of 2
 * and above and ends in practice down to about 1.2; below that it may add points forever.
 */
export const MIN_QUALITY_BOUND = 1.2;
export const DEFAULT_QUALITY_BOUND = 2;

/** Options after defaults and validation (edge length and tet count are resolved later). */
export interface CheckedOptions {
  mode: TetraMode;
  qualityBound: number;
  seed: number;
  /** s; Infinity for none. */
  timeLimitS: number;
  limits: TetraLimits;
}

/**
 * The options with their defaults, or TetrahedralizeError('invalid-option') naming the first
 * option out of range, the range allowed and the value given.
 */
export function checkOptions(options: TetrahedralizeOptions): CheckedOptions {
  const mode = options.mode ?? 'conforming';
  if (mode !== 'conforming' && mode !== 'embedded') {
    throw new TetrahedralizeError(
      'invalid-option',
      `mode must be 'conforming' or 'embedded', got '${String(mode)}'.`,
    );
  }
  const qualityBound = options.qualityBound ?? DEFAULT_QUALITY_BOUND;
  if (
    typeof qualityBound !== 'number' ||
    !Number.isFinite(qualityBound) ||
    qualityBound < MIN_QUALITY_BOUND
  ) {
    throw new TetrahedralizeError(
      'invalid-option',
      `The quality bound qualityBound (largest radius-edge ratio) must be a number ≥ ${MIN_QUALITY_BOUND} ` +
        `(refinement to a smaller bound need not end), got ${String(qualityBound)}.`,
    );
  }
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) {
    throw new TetrahedralizeError('invalid-option', `The seed must be a whole number, got ${String(seed)}.`);
  }
  const timeLimitS = options.timeLimitS ?? Number.POSITIVE_INFINITY;
  if (typeof timeLimitS !== 'number' || Number.isNaN(timeLimitS) || timeLimitS <= 0) {
    throw new TetrahedralizeError(
      'invalid-option',
      `The time limit timeLimitS must be a positive number of seconds, got ${String(timeLimitS)}.`,
    );
  }
  const limits: TetraLimits = { ...TETRA_LIMITS };
  for (const [key, value] of Object.entries(options.limits ?? {})) {
    if (!(key in TETRA_LIMITS)) {
      throw new TetrahedralizeError(
        'invalid-option',
        `limits.${key} is not a tetra limit (they are ${Object.keys(TETRA_LIMITS).join(', ')}).`,
      );
    }
    const most = TETRA_LIMITS[key as TetraLimit];
    if (typeof value !== 'number' || !(value > 0 && value <= most)) {
      throw new TetrahedralizeError(
        'invalid-option',
        `limits.${key} must be a number above 0 and at most ${most.toLocaleString('en-US')}, got ${String(value)}.`,
      );
    }
    limits[key as TetraLimit] = value;
  }
  return { mode, qualityBound, seed, timeLimitS, limits };
}
