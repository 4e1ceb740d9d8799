/**
 * Elastic constants from the user's (E, ν): the canonical conversions every constraint model
 * and exporter uses. SI units: Pa, kg/m³, m/s.
 *
 *   μ = E / (2(1+ν))            shear modulus
 *   λ = Eν / ((1+ν)(1−2ν))      Lamé's first parameter
 *   K = E / (3(1−2ν))           bulk modulus
 *
 * ν is clamped to [0, 0.5]. At ν = 0.5 (incompressible) λ and K are Infinity; every quantity a
 * solver divides by is written as an inverse that tends to 0 instead (see neoHookeanConstants).
 */

/** Largest Poisson's ratio the models accept, dimensionless (incompressible limit). */
export const MAX_POISSON_RATIO = 0.5;

/** Poisson's ratio clamped to the range the models support, [0, 0.5]. */
export function clampPoisson(poissonRatio: number): number {
  return Math.min(MAX_POISSON_RATIO, Math.max(0, poissonRatio));
}

/** Shear modulus μ, Pa. */
export function shearModulusPa(youngModulusPa: number, poissonRatio: number): number {
  return youngModulusPa / (2 * (1 + clampPoisson(poissonRatio)));
}

/** Lamé's first parameter λ, Pa (Infinity at ν = 0.5). */
export function lameLambdaPa(youngModulusPa: number, poissonRatio: number): number {
  const nu = clampPoisson(poissonRatio);
  return (youngModulusPa * nu) / ((1 + nu) * (1 - 2 * nu));
}

/** Bulk modulus K, Pa (Infinity at ν = 0.5). */
export function bulkModulusPa(youngModulusPa: number, poissonRatio: number): number {
  return youngModulusPa / (3 * (1 - 2 * clampPoisson(poissonRatio)));
}

/**
 * Constants of the stable neo-Hookean energy Ψ = μ/2·(I_C − 3) + λ_NH/2·(J − γ)² (Macklin &
 * Müller 2021). Linearising Ψ about F = I gives μ·tr(ε²) + (λ_NH − μ)/2·(tr ε)², which equals
 * linear elasticity only with λ_NH = λ + μ (Smith, de Goes & Kim 2018, §3.4). Then
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

/** Small-signal bar wave speed c = √(E/ρ), m/s (the resolution figure r = h·c/l uses it). */
export function waveSpeedMPerS(youngModulusPa: number, densityKgM3: number): number {
  return Math.sqrt(youngModulusPa / densityKgM3);
}
