/**
 * Material constants the engine derives from the user's (E, ν, ρ). One definition only: these are
 * the canonical conversions of core/material/elastic.ts (Lamé, bulk, the neo-Hookean constants
 * with λ_NH = λ + μ, the wave speed), re-exported so the engine's files keep one local import.
 * core/material must not import core/sim (the dependency runs this way only).
 */
export {
  bulkModulusPa,
  clampPoisson,
  type NeoHookeanConstants,
  neoHookeanConstants,
  shearModulusPa,
  waveSpeedMPerS,
} from '../material/elastic.ts';
