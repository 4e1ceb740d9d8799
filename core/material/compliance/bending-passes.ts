/**
 * Plate bending swept more than once per substep, where one sweep cannot reach the plate.
 *
 * Why. One Gauss-Seidel sweep per substep leaves plate bending softer than D by a bias that grows
 * with r_b = h·√(D/ρ_a)/l² (substep-bias.ts). Budget compensation cancels it up to about
 * r_b = 0.25; beyond, the bias of the plate triangles grows faster than the stiffness scale
 * (q = 1) and the response to the scale turns erratic (the cloth cantilever at r_b = 0.5: 0.83…1.18
 * of E for s from 1.15 to 1.9). Sweeping the bending set k times within the substep (λ
 * accumulating, XPBD iterations on that set alone) converges the substep's implicit step instead:
 * the bending sets hold one constraint per triangle and need no other set re-swept, so this is
 * cheaper than more substeps, which re-run the membrane, the collisions and the prediction too.
 *
 * Measured (the cotton cloth cantilever, compensation off, E_eff/E converged 0.990 at 160 substeps;
 * r_b as compensate.ts computes it, with the mean edge length of the grid, diagonals included,
 * 0.79 times the r_b of the scene's cell size):
 *
 *   r_b     k=1     k=2     k=3     k=4     k=5     k=8     k=16
 *   0.198   0.920   0.995   0.993   0.991
 *   0.283           0.984
 *   0.396   0.738   0.938   0.992   1.004
 *   0.565                                   0.998
 *   0.792   0.398   0.644   0.792   0.881   0.934   0.997
 *   1.19                                            0.885
 *   1.58    0.137                                   0.715   0.926
 *   2.37                                            0.429
 *
 * The passes needed grow faster than r_b (one sweep relaxes the bending system less as r_b
 * grows): k = ⌈8·(r_b/0.8)^1.5⌉ lands within 2% of the converged stiffness at every measured
 * r_b ≤ 0.8. k is capped at MAX_BENDING_PASSES (8, reached at r_b = 0.8): at r_b = 1.58, 16
 * sweeps still leave 7% while doubling the substeps instead gets r_b = 0.79 at 8 sweeps each.
 *
 * Beyond the cap (x = r_b/0.8 − 1 > 0, at 8 sweeps) the bias left, E_conv/E_eff − 1, measured
 * 0.119, 0.385 and 1.306 at x = 0.48, 0.98 and 1.97: 0.4·x^1.7 gives 0.116, 0.386 and 1.26, so
 * the predicted E_eff/E = 1/(1 + 0.4·x^1.7) is within 3% of the measured ratio (0.902, 0.722,
 * 0.442 against 0.885, 0.715, 0.429). r_b ∝ h, so ⌈substeps·r_b/0.8⌉ substeps bring r_b to 0.8,
 * where the capped sweeps reach the plate.
 */

/** Above this r_b one sweep with budget compensation is not trusted: the bending set is swept more. */
export const ONE_PASS_BENDING_RESOLUTION = 0.2;
/** Most sweeps of the bending set per substep. */
export const MAX_BENDING_PASSES = 8;
/** The largest r_b MAX_BENDING_PASSES reach. */
export const MAX_PASSES_BENDING_RESOLUTION = 0.8;
/**
 * Above this r_b the set is swept once again, as budget compensation alone does it. The sweeps
 * were measured up to r_b = 2.37 (0.43 of the plate at 8 sweeps); far beyond, where the frame
 * cannot resolve the cloth at all, repeated sweeps of near-rigid hinges on a badly stretched
 * prediction put energy in: a 1 mm, 1e12 Pa sheet stepped in 1 s substeps (r_b ≈ 600) reached
 * 4,095 J/kg of kinetic energy with 8 sweeps against 0.48 J/kg with one
 * (test/core/sim/hostile.test.ts).
 */
export const MAX_SWEPT_BENDING_RESOLUTION = 2.4;

/** What sweeping the bending set does at resolution r_b and `substeps` substeps per frame. */
export interface BendingPasses {
  /** Sweeps of the bending set per substep (1: one pass, budget compensation as before). */
  passes: number;
  /** False when even MAX_BENDING_PASSES leave the plate more than a few per cent soft. */
  reachable: boolean;
  /** E_eff/E predicted with those sweeps (1 when reachable), dimensionless. */
  predictedRatio: number;
  /** The fewest substeps per frame at which the sweeps reach the plate (the current count when reached). */
  substepsToReach: number;
}

/** The sweeps of the plate-bend set at bending resolution `resolution` (r_b) and `substeps` per frame. */
export function bendingPasses(resolution: number, substeps: number): BendingPasses {
  if (!(resolution > ONE_PASS_BENDING_RESOLUTION))
    return { passes: 1, reachable: true, predictedRatio: 1, substepsToReach: substeps };
  // Beyond the swept range: one sweep, and budget compensation's own 'not reached' report
  // (compensate.ts) says what it leaves; no ratio is predicted here.
  if (!(resolution <= MAX_SWEPT_BENDING_RESOLUTION))
    return { passes: 1, reachable: false, predictedRatio: 0, substepsToReach: substeps };
  const relative = resolution / MAX_PASSES_BENDING_RESOLUTION;
  const passes = Math.min(
    MAX_BENDING_PASSES,
    Math.max(2, Math.ceil(MAX_BENDING_PASSES * relative ** 1.5 - 1e-9)),
  );
  if (resolution <= MAX_PASSES_BENDING_RESOLUTION)
    return { passes, reachable: true, predictedRatio: 1, substepsToReach: substeps };
  const bias = 0.4 * (relative - 1) ** 1.7;
  return {
    passes,
    reachable: false,
    predictedRatio: 1 / (1 + bias),
    substepsToReach: Math.max(substeps, Math.ceil(substeps * relative - 1e-9)),
  };
}
