import { neoHookeanConstants } from '../elastic.ts';

/**
 * Compliance of the stable neo-Hookean tetrahedron (Macklin & Müller 2021, "A Constraint-based
 * Formulation of Stable Neo-Hookean Materials", §4). Per tet of rest volume V (m³) two
 * constraints on the deformation gradient F:
 *
 *   deviatoric   C_D = ‖F‖_F         α_D = 1/(μ·V)        1/(Pa·m³) = 1/J
 *   hydrostatic  C_H = det F − γ     α_H = 1/(λ_NH·V)     1/J   (0 when ν = 0.5)
 *
 * with λ_NH = λ + μ and γ = 1 + μ/λ_NH = 2 − 2ν, so that small strains reproduce linear
 * elasticity with the user's (E, ν) (see elastic.ts). ½C²/α summed over both constraints is
 * V·(μ/2·I_C + λ_NH/2·(J − γ)²), the element's strain energy up to a constant.
 *
 * Per tet this locks near ν = 0.5; core/setup gives the tets only the bulk of a ν = 0.3 material
 * and the rest to nodal volume constraints (nodal-volume.ts, neoHookeanSplitTetCompliance).
 */
export interface NeoHookeanTetCompliance {
  /** α_D = 1/(μV), 1/J. */
  deviatoricPerJ: number;
  /** α_H = 1/(λ_NH·V), 1/J. */
  hydrostaticPerJ: number;
  /** Rest target of det F, dimensionless. */
  gamma: number;
}

export function neoHookeanTetCompliance(
  youngModulusPa: number,
  poissonRatio: number,
  restVolumeM3: number,
): NeoHookeanTetCompliance {
  if (!(restVolumeM3 > 0)) throw new RangeError('neoHookeanTetCompliance: rest volume must be > 0 m³');
  const constants = neoHookeanConstants(youngModulusPa, poissonRatio);
  return {
    deviatoricPerJ: 1 / (constants.muPa * restVolumeM3),
    hydrostaticPerJ: constants.inverseLambdaNhPerPa / restVolumeM3,
    gamma: constants.gamma,
  };
}
