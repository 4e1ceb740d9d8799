/**
 * Material constants derived from the user's (E, ν, ρ). SI units: Pa, kg/m³.
 * Lamé: μ = E / (2(1+ν)), λ = Eν / ((1+ν)(1−2ν)), bulk K = E / (3(1−2ν)).
 * ν is clamped to [0, 0.5]; at ν = 0.5 every "1/λ"-type quantity below is written so that it
 * tends to 0 (incompressible) instead of dividing by zero.
 */

/** Poisson's ratio clamped to the range the models support, dimensionless. */
export function clampPoisson(poissonRatio: number): number {
  return Math.min(0.5, Math.max(0, poissonRatio));
}

/** Shear modulus μ, Pa. */
export function shearModulusPa(youngModulusPa: number, poissonRatio: number): number {
  return youngModulusPa / (2 * (1 + clampPoisson(poissonRatio)));
}

/** Bulk modulus K, Pa (Infinity at ν = 0.5). */
export function bulkModulusPa(youngModulusPa: number, poissonRatio: number): number {
  const nu = clampPoisson(poissonRatio);
  return youngModulusPa / (3 * (1 - 2 * nu));
}

/**
 * Constants of the stable neo-Hookean energy Ψ = μ/2·(I_C − 3) + λ_NH/2·(J − γ)²
 * (Macklin & Müller 2021). Linearising Ψ about F = I gives μ·tr(ε²) + (λ_NH − μ)/2·(tr ε)²,
 * which equals linear elasticity only with λ_NH = λ + μ (Smith et al. 2018, §3.4). Then
 *   λ_NH = E / (2(1+ν)(1−2ν)),  1/λ_NH = 2(1+ν)(1−2ν)/E,  μ/λ_NH = 1 − 2ν,  γ = 1 + μ/λ_NH = 2 − 2ν,
 * all finite at ν = 0.5 (1/λ_NH = 0: the hydrostatic constraint becomes rigid).
 */
export interface NeoHookeanConstants {
  /** Shear modulus μ, Pa. */
  muPa: number;
  /** 1/λ_NH, 1/Pa (0 when incompressible). */
  inverseLambdaNhPerPa: number;
  /** Rest value of det F the hydrostatic term aims at, dimensionless. */
  gamma: number;
}

export function neoHookeanConstants(youngModulusPa: number, poissonRatio: number): NeoHookeanConstants {
  const nu = clampPoisson(poissonRatio);
  return {
    muPa: youngModulusPa / (2 * (1 + nu)),
    inverseLambdaNhPerPa: (2 * (1 + nu) * (1 - 2 * nu)) / youngModulusPa,
    gamma: 2 - 2 * nu,
  };
}

/** Small-signal wave speed c = √(E/ρ), m/s (used for the resolution figure r = h·c/l). */
export function waveSpeedMPerS(youngModulusPa: number, densityKgM3: number): number {
  return Math.sqrt(youngModulusPa / densityKgM3);
}
