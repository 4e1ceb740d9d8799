import { clampPoisson } from '../elastic.ts';

/**
 * Nearly incompressible solids swept more than once per substep, where one sweep leaves their
 * rest shape off the material's.
 *
 * Why. Above ν = 0.3 a neo-Hookean body carries its bulk in nodal volume constraints swept after
 * the tets (compile-body.ts). Their wave is faster than the one r = h·c/l measures: the bulk
 * resolution is r_K = h·√(K/ρ)/l = r·√(K/E), K = E/(3(1 − 2ν)), four times r at ν = 0.49. With
 * one sweep per substep and r_K well above 1, the fixed point the body rests at holds a volumetric
 * strain pattern the material would not (its sag barely shows it: compensation sets the sag). The
 * drift check's energy sees it: the natural-rubber hanging bar (ν = 0.49, 2×20×2 cells) at 30 Hz
 * and 20 substeps (r = 0.42, r_K = 1.73) rested at −0.0764 J against −0.1025 J at 60 Hz, −25%,
 * with its nodal volumes storing 0.0167 J against 0.0019 J; settling longer changed nothing.
 *
 * Sweeping the tets k_t times and the nodal volumes k_n times within the substep (λ accumulating,
 * XPBD iterations on those sets) converges the substep's step, and leaves no bias for budget
 * compensation to cancel, so the family is not scaled. Measured on that bar at 30 Hz, compensation
 * off: k_t = 2, k_n = 3 rests at −0.1032 J (+0.7%) with sag −0.6% from 60 Hz; k_t = 1 with k_n = 2,
 * 3, 4 (compensated) −4.6%, −2.7%, −2.1%, the tets' own shape error at r = 0.42 left; k_t = 2,
 * k_n = 2 −0.7%, k_n = 4 +1.2%.
 *
 * Rule: one sweep (budget compensation as before) while r ≤ ONE_PASS_SOLID_RESOLUTION, where the
 * one-pass β of the table is measured, or r_K ≤ ONE_PASS_BULK_RESOLUTION (the bar above at 60 Hz,
 * r_K = 0.87, rests within 2.5% of its 120 Hz energy); beyond both, k_t = ⌈r/0.25⌉ and
 * k_n = max(k_t, ⌈r_K/0.6⌉), up to MAX_SOLID_PASSES tet sweeps. Beyond that (r > 1) the body keeps
 * one sweep and compensation's own reach report. Not swept more where only r is past 0.25: the
 * cartilage cantilever (ν = 0.4, r = 0.42, r_K = 0.54) at 10 substeps measured 0.998 of E with one
 * compensated sweep and 1.047 with two uncompensated.
 */

/** Above this r a body with nodal volumes is swept more often instead of compensated. */
export const ONE_PASS_SOLID_RESOLUTION = 0.25;
/** Up to this r_K one sweep with budget compensation is kept. */
export const ONE_PASS_BULK_RESOLUTION = 1;
/** r_K one nodal-volume sweep takes in this rule. */
export const NODAL_PASS_BULK_RESOLUTION = 0.6;
/** Most tet sweeps per substep. */
export const MAX_SOLID_PASSES = 4;

export interface SolidPasses {
  /** Sweeps of the neo-Hookean tets per substep. */
  tets: number;
  /** Sweeps of the nodal volume constraints per substep. */
  nodalVolumes: number;
}

/** r_K/r = √(K/E) = 1/√(3(1 − 2ν)), ν clamped as the material model clamps it. */
export function bulkResolutionFactor(poissonRatio: number): number {
  return 1 / Math.sqrt(3 * (1 - 2 * clampPoisson(poissonRatio)));
}

/**
 * The sweeps of a neo-Hookean body with nodal volumes at resolution r (h·c/l) and Poisson's ratio
 * ν; null where one sweep with budget compensation is the rule (r ≤ ONE_PASS_SOLID_RESOLUTION,
 * r_K ≤ ONE_PASS_BULK_RESOLUTION, or beyond what MAX_SOLID_PASSES reach).
 */
export function solidPasses(resolution: number, poissonRatio: number): SolidPasses | null {
  const bulk = resolution * bulkResolutionFactor(poissonRatio);
  if (!(resolution > ONE_PASS_SOLID_RESOLUTION) || !(bulk > ONE_PASS_BULK_RESOLUTION)) return null;
  const tets = Math.ceil(resolution / ONE_PASS_SOLID_RESOLUTION - 1e-9);
  if (!(tets <= MAX_SOLID_PASSES)) return null;
  return { tets, nodalVolumes: Math.max(tets, Math.ceil(bulk / NODAL_PASS_BULK_RESOLUTION - 1e-9)) };
}
