/**
 * Closed-form small-strain answers for the calibration scenes (linear elasticity, SI units).
 * Each function states the theory it comes from; the scenes (scenes.ts) are built so that the
 * theory's assumptions hold: small load, slender bodies, static equilibrium.
 */

/**
 * Elongation of a prismatic bar hanging from its top under its own weight, m.
 * At depth s the section carries the weight below it, σ(s) = ρ·g·(L − s); integrating the
 * strain σ/E over the length gives δ = ρ·g·L²/(2E).
 */
export function hangingBarElongationM(
  densityKgM3: number,
  gravityMPerS2: number,
  lengthM: number,
  youngModulusPa: number,
): number {
  return (densityKgM3 * gravityMPerS2 * lengthM * lengthM) / (2 * youngModulusPa);
}

/**
 * Tip deflection of a cantilever under a uniform load q (N/m), Euler–Bernoulli beam theory:
 * δ = q·L⁴/(8·E·I), with I the second moment of area of the section about the bending axis (m⁴).
 * Shear deformation (Timoshenko) adds q·L²/(2κGA); timoshenkoShearFactor gives its size.
 */
export function cantileverTipDeflectionM(
  loadNPerM: number,
  lengthM: number,
  youngModulusPa: number,
  secondMomentM4: number,
): number {
  return (loadNPerM * lengthM ** 4) / (8 * youngModulusPa * secondMomentM4);
}

/**
 * Ratio of the Timoshenko tip deflection to the Euler–Bernoulli one for a uniformly loaded
 * rectangular cantilever of length L and height h: 1 + 4EI/(κ·G·A·L²) = 1 + 2(1+ν)/(3κ)·(h/L)²
 * with κ = 5/6. Reported next to the cantilever so the reader knows what the beam theory leaves out.
 */
export function timoshenkoShearFactor(poissonRatio: number, heightM: number, lengthM: number): number {
  const kappa = 5 / 6;
  return 1 + ((2 * (1 + poissonRatio)) / (3 * kappa)) * (heightM / lengthM) ** 2;
}

/**
 * Elongation of a cloth strip hanging from its top edge under its own weight, m: the membrane
 * version of the bar, with areal density ρ_a = ρ·t (kg/m²) and membrane stiffness E·t (N/m):
 * δ = ρ_a·g·L²/(2·E·t).
 */
export function hangingClothElongationM(
  arealDensityKgM2: number,
  gravityMPerS2: number,
  lengthM: number,
  youngModulusPa: number,
  thicknessM: number,
): number {
  return (arealDensityKgM2 * gravityMPerS2 * lengthM * lengthM) / (2 * youngModulusPa * thicknessM);
}

/**
 * Tip deflection of a cloth strip clamped along one edge and sagging under its own weight
 * (cylindrical bending of a plate strip, the beam formula with E·I → D per unit width):
 * δ = ρ_a·g·L⁴/(8·D), m.
 */
export function clothCantileverTipDeflectionM(
  arealDensityKgM2: number,
  gravityMPerS2: number,
  lengthM: number,
  bendingStiffnessNM: number,
): number {
  return (arealDensityKgM2 * gravityMPerS2 * lengthM ** 4) / (8 * bendingStiffnessNM);
}

/** First longitudinal angular frequency of a bar fixed at one end, (π/2)·c/L, rad/s. */
export function fixedFreeBarFrequencyRadPerS(waveSpeedMPerS: number, lengthM: number): number {
  return ((Math.PI / 2) * waveSpeedMPerS) / lengthM;
}

/**
 * First bending angular frequency of a cantilever, β₁²·√(EI/(ρA))/L² with β₁L = 1.8751, rad/s.
 * `flexuralRigidityPerMass` is √(EI/(ρA)) in m²/s (for a plate strip √(D/ρ_a)).
 */
export function cantileverFrequencyRadPerS(flexuralRigidityPerMass: number, lengthM: number): number {
  const beta1L = 1.8751;
  return (beta1L * beta1L * flexuralRigidityPerMass) / (lengthM * lengthM);
}
