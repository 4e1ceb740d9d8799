import type { OrthotropicCloth } from '../orthotropic.ts';
import { isStableOrthotropic } from '../orthotropic.ts';

/**
 * Membrane compliance of one orthotropic cloth triangle of rest area A (m²) and thickness t (m),
 * for the constraint of core/sim/constraints/membrane.ts with its frame axis 1 on the warp.
 *
 * Constraint: the Green strain C = (E₁₁, E₂₂, E₁₂) in the orthonormal rest frame (warp, n × warp)
 * of the triangle (E₁₂ the tensor shear, half the engineering γ₁₂). Energy: the plane-stress
 * orthotropic law (core/material/orthotropic.ts) over the triangle, St-Venant–Kirchhoff style
 * (the linear law applied to the Green strain, so rigid rotations and bending cost nothing),
 *
 *   U = ½·A·t·εᵀ·Q·ε,  ε = T·C,  T = diag(1, 1, 2),  Q = S⁻¹
 *
 * so the stiffness of C is K = A·t·T·Q·T and XPBD's compliance is its inverse
 *
 *   α = K⁻¹ = T⁻¹·S·T⁻¹/(A·t) = 1/(A·t) · | 1/E₁      −ν₁₂/E₁   0          |      (1/J)
 *                                          | −ν₁₂/E₁   1/E₂      0          |
 *                                          | 0         0         1/(4·G₁₂)  |
 *
 * With E₁ = E₂ = E and G₁₂ = E/(2(1+ν)) this is membraneTriangleCompliance (cloth.ts) entry for
 * entry. A strip pulled along the warp with free sides then carries σ₁₁ = E₁·ε₁₁ (σ₂₂ = 0), along
 * the weft E₂·ε₂₂, and a pure shear τ = G₁₂·γ₁₂: the moduli the material names, for small strains
 * on any triangulation (each triangle reproduces a constant strain exactly).
 */
export interface OrthotropicMembraneCompliance {
  /** α₁₁ = 1/(E₁·t·A), 1/J. */
  warpNormalPerJ: number;
  /** α₂₂ = 1/(E₂·t·A), 1/J. */
  weftNormalPerJ: number;
  /** α₁₂ = −ν₁₂/(E₁·t·A), 1/J. */
  couplingPerJ: number;
  /** α₃₃ = 1/(4·G₁₂·t·A), 1/J. */
  shearPerJ: number;
}

export function orthotropicMembraneCompliance(
  cloth: OrthotropicCloth,
  thicknessM: number,
  restAreaM2: number,
): OrthotropicMembraneCompliance {
  const volume = thicknessM * restAreaM2; // t·A, m³
  if (!(volume > 0) || !Number.isFinite(volume))
    throw new RangeError('orthotropicMembraneCompliance: t·A must be > 0 and finite');
  if (!isStableOrthotropic(cloth))
    throw new RangeError('orthotropicMembraneCompliance: ν₁₂² must be below E₁/E₂');
  return {
    warpNormalPerJ: 1 / (cloth.warpYoungModulusPa * volume),
    weftNormalPerJ: 1 / (cloth.weftYoungModulusPa * volume),
    couplingPerJ: -cloth.poissonRatioWarpWeft / (cloth.warpYoungModulusPa * volume),
    shearPerJ: 1 / (4 * cloth.shearModulusPa * volume),
  };
}
