import { clampPoisson } from '../elastic.ts';

/**
 * The one-pass bias of XPBD at a runtime's own substep budget, and the stiffness that cancels it.
 *
 * Why a bias. One Gauss-Seidel pass per substep with λ reset (Macklin et al. 2019) converges to
 * the implicit solution only as h → 0. At rest, each substep predicts x + h²·g and one sweep
 * pulls it back; because the sweep is a single Gauss-Seidel iteration on a coupled network, the
 * fixed point sags further than the elastic answer by an amount that does not depend on the
 * stiffness: about h²·g·(L/l)² times a constant of the mesh and the sweep order (DESIGN.md). The
 * elastic sag is about g·L²/c², so the ratio of the two is β·r² with the resolution r = h·c/l
 * (c the wave speed of the mode that carries the load, l the mean edge length) and a coefficient
 * β of the constraint family:
 *
 *   E_eff = E / (1 + β·r²)
 *
 * Measured on the standard scenes (core/calibrate), β·r² holds across 10…160 substeps within a
 * few per cent of the converged value for each family (test/core/material/substep-bias.test.ts
 * re-measures the table below and fails when it drifts).
 *
 * Compensation. Scaling every compliance of the family by 1/s scales the elastic sag by 1/s and
 * leaves the bias sag as it was, while r² grows by s; the effective modulus is then
 * s·E/(1 + β·s·r²), which equals E for
 *
 *   s = 1 / (1 − β·r²)       (reachable while β·r² < 1)
 *
 * Near β·r² = 1 the scale diverges and any error in β is amplified by 1/(1 − β·r²), so
 * compensation stops at β·r² = MAX_COMPENSATED_BIAS: beyond, the body is as stiff as that scale
 * makes it, the report says the material is not reached, and how many substeps would reach it
 * (r ∝ 1/substeps for membranes and solids, and for bending too since r_b = h·√(D/ρ_a)/l²).
 */

/** Constraint families whose one-pass bias is modelled. */
export type BiasFamily =
  | 'solid-neo-hookean'
  | 'solid-edges-volume'
  | 'cloth-stretch'
  | 'cloth-edges'
  | 'cloth-bending'
  | 'cloth-hinges';

/**
 * β per family as a function of Poisson's ratio: (ν, β) points, ν ascending, linear in between
 * and constant beyond the ends. Measured with `softbody calibrate --compensation off --substeps 10
 * 20 80` (β = (E_conv/E_n − 1)/r_n² at 10 and 20 substeps of a 1/60 s frame against 80 as
 * converged, corrected for the r²/64 and r²/16 bias left at 80, mean over the family's standard
 * scenes) and, for Jolt, `npm run -s bench -- calibration --beta`.
 */
export const SUBSTEP_BIAS_COEFFICIENTS: Readonly<Record<BiasFamily, readonly (readonly [number, number])[]>> =
  {
    // The coupled 2×2 tet solve (constraints/neo-hookean.ts) has almost no one-pass bias of its
    // own (ν = 0.3: β measured −0.03 … −0.07, taken as 0); above ν = 0.3 the bulk moves to nodal volume constraints
    // (nodal-volume.ts), swept after the tets, and the body comes out a little STIFFER at coarse
    // substeps (β < 0: cartilage bar 1.072 at 10 substeps against 1.017 converged).
    'solid-neo-hookean': [
      [0.3, 0],
      [0.4, -0.3],
      [0.45, -0.31],
      [0.49, -0.22],
    ],
    'solid-edges-volume': [
      [0.3, 1.08],
      [0.4, 1.1],
      [0.45, 1.17],
      [0.49, 1.29],
    ],
    // The membrane triangles (constraints/membrane.ts).
    'cloth-stretch': [[0.3, 0.8]],
    // The fitted edge network that edge-only runtimes (Jolt) and classic PBD get for the membrane.
    'cloth-edges': [[0.3, 1.2]],
    // The plate-bend triangles (constraints/plate-bend.ts). Fitted on compensated runs, not on
    // uncompensated ones: the cotton cantilever's uncompensated bias gives β = 1.22 at 20 substeps,
    // but its bias grows much faster than s (about s^3.7 between s = 1 and 1.17), so the q = 1
    // model needs β = 2.0 to land on the converged stiffness at 20 and 40 substeps (0.999, 0.992
    // against 0.990). At r_b = 0.5 (the cantilever at 10 substeps, B = 0.5: not reached) the
    // response to s is erratic (0.83…1.18 for s from 1.15 to 1.9): the one pass is at its limit.
    // Past r_b = 0.2 by the mesh's mean edge (0.25 by the cantilever's cell) the set is swept
    // more than once per substep instead of scaled (bending-passes.ts).
    'cloth-bending': [[0.3, 2.0]],
    // The dihedral hinges that hinge-only runtimes (Jolt) get for bending (classic PBD is not
    // compensated). Fitted on Jolt's own compensated runs of the calibrated hinges: with β = 4.7
    // (our engine's uncompensated hinges) the cotton cantilever came out at 0.876 and 0.970 of its
    // converged stiffness at 20 and 40 substeps, which s/(1 + β·r²·s²) puts at β = 7.4 and 7.7.
    // With 7.5 Jolt measures 1.028 and 0.968 of E (load ×10); at 20 substeps B = 0.29 is past the
    // q = 1 model's reach (it predicts 0.92 and reports 22 substeps), the model being conservative
    // there. At 10 substeps (B = 1.2) Jolt's hinges reach 0.38.
    'cloth-hinges': [[0.3, 7.5]],
  };

/**
 * How the bias sag of a family grows when its stiffness is scaled by s: as s^q. Measured: q = 0
 * for solids and membranes (the sag of the one-pass fixed point does not depend on the stiffness),
 * q = 1 for bending, dihedral hinges (at 20 substeps, stiffening the hinges by 1.41 grew the
 * cantilever's bias sag by 1.39) and plate triangles alike, where the coupling to the nearly rigid
 * membrane sets the bias.
 */
export const BIAS_STIFFNESS_EXPONENT: Readonly<Record<BiasFamily, 0 | 1>> = {
  'solid-neo-hookean': 0,
  'solid-edges-volume': 0,
  'cloth-stretch': 0,
  'cloth-edges': 0,
  'cloth-bending': 1,
  'cloth-hinges': 1,
};

/** The largest β·r² compensated where q = 0: s = 1/(1 − β·r²) ≤ 2.5 (see the file comment). */
export const MAX_COMPENSATED_BIAS = 0.6;
/**
 * Where q = 1, E_eff/E = s/(1 + B·s²) (B = β·r²) peaks at s = 1/√B with 1/(2√B): the material is
 * reachable for B ≤ 1/4; compensation stops a little short of the peak, where the slope is gentle
 * enough that an error in β moves the result by less than it.
 */
export const MAX_COMPENSATED_BIAS_STIFFNESS_GROWING = 0.22;

/** β of `family` at Poisson's ratio ν, dimensionless. */
export function biasCoefficient(family: BiasFamily, poissonRatio: number): number {
  const points = SUBSTEP_BIAS_COEFFICIENTS[family];
  const nu = clampPoisson(poissonRatio);
  if (nu <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    const [nu1, beta1] = points[i];
    if (nu <= nu1) {
      const [nu0, beta0] = points[i - 1];
      return beta0 + ((beta1 - beta0) * (nu - nu0)) / (nu1 - nu0);
    }
  }
  return points[points.length - 1][1];
}

/** r = h·c/l of a membrane or solid: substep h (s), c = √(E/ρ), mean edge length l (m). */
export function waveResolution(substepS: number, waveSpeedMPerS: number, edgeLengthM: number): number {
  return edgeLengthM > 0 ? (substepS * waveSpeedMPerS) / edgeLengthM : Number.POSITIVE_INFINITY;
}

/**
 * r_b = h·√(D/ρ_a)/l² of plate bending (bending waves are dispersive, ω = √(D/ρ_a)·k²): substep h
 * (s), plate stiffness D (N·m), areal density ρ_a (kg/m²), mean edge length l (m).
 */
export function bendingResolution(
  substepS: number,
  plateStiffnessNM: number,
  arealDensityKgM2: number,
  edgeLengthM: number,
): number {
  return edgeLengthM > 0 && arealDensityKgM2 > 0
    ? (substepS * Math.sqrt(plateStiffnessNM / arealDensityKgM2)) / (edgeLengthM * edgeLengthM)
    : Number.POSITIVE_INFINITY;
}

export interface SubstepCompensation {
  /** s: every compliance of the family is divided by it (below 1 where the bias stiffens). */
  stiffnessScale: number;
  /** β·r² of the uncompensated family, dimensionless. */
  bias: number;
  /** True when s makes the effective modulus the material's (β·r² ≤ MAX_COMPENSATED_BIAS). */
  reachable: boolean;
  /** E_eff/E the model predicts with s applied: 1 when reachable, below 1 otherwise. */
  predictedRatio: number;
  /** Substeps per frame at which β·r² = MAX_COMPENSATED_BIAS (the fewest that reach), given `substeps` now. */
  substepsToReach: number;
}

/**
 * The stiffness scale that cancels bias β at resolution r, for a frame of `substeps` substeps,
 * for a family whose bias sag grows as s^q (BIAS_STIFFNESS_EXPONENT).
 */
export function substepCompensation(
  beta: number,
  resolution: number,
  substeps: number,
  exponent: 0 | 1 = 0,
): SubstepCompensation {
  const bias = beta * resolution * resolution;
  // E_eff/E after scaling by s: s/(1 + B·s^(1+q)).
  const ratio = (s: number) => s / (1 + bias * s ** (1 + exponent));
  const limit = exponent === 0 ? MAX_COMPENSATED_BIAS : MAX_COMPENSATED_BIAS_STIFFNESS_GROWING;
  const reachable = bias <= limit;
  let stiffnessScale: number;
  if (exponent === 0) stiffnessScale = 1 / (1 - Math.min(bias, limit));
  else if (reachable) stiffnessScale = bias > 0 ? (1 - Math.sqrt(1 - 4 * bias)) / (2 * bias) : 1;
  else stiffnessScale = Math.max(1, 1 / Math.sqrt(bias)); // the peak of s/(1 + B·s²)
  const predictedRatio = reachable ? 1 : ratio(stiffnessScale);
  // r scales as 1/substeps, so β·r² as 1/substeps².
  const substepsToReach = reachable ? substeps : Math.ceil(substeps * Math.sqrt(bias / limit) - 1e-9);
  return {
    stiffnessScale,
    bias,
    reachable,
    predictedRatio,
    substepsToReach: Math.max(substeps, substepsToReach),
  };
}
