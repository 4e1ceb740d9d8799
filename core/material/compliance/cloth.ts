import { clampPoisson, shearModulusPa } from '../elastic.ts';

/**
 * Cloth (a membrane of thickness t, m) as edge springs for stretch and shear plus dihedral hinges
 * for bending.
 *
 * Stretch/shear. The solid edge-network argument in 2D: over in-plane directions
 * ⟨(n·ε·n)²⟩ = (2·tr ε² + (tr ε)²)/8, three edges per triangle, so springs k = c·A/l² give the
 * membrane Lamé constants μ₂ = λ₂ = 3c/8. With the membrane shear stiffness μ₂ = μ·t (N/m):
 *
 *   k_e = (8/3)·μ·t·Σ_{triangles ∋ e} A_t / l_e²      (N/m),   α_e = 1/k_e   (m/N)
 *
 * The network's own ν₂ is 1/3 and its membrane modulus 8/3·μ·t, which equals E·t = 2(1+ν)·μ·t
 * exactly at ν = 1/3 (Van Gelder 1998 has k = E·t·A/l², the same there); for other ν the shear
 * stiffness is right and the stretch stiffness off by the factor 4/(3(1+ν)).
 *
 * Bending. The plate stiffness D = E·t³/(12(1−ν²)) (N·m) mapped onto the dihedral-angle hinge
 * constraint C = θ − θ0 (rad) of each interior edge e, shared by triangles A and B (the bending
 * model core/sim/constraints/dihedral-bend.ts solves, and Jolt's DihedralBend). The bend θ is
 * spread over the strip of area A_e/3 (a third of both triangles, A_e = A_A + A_B) and width
 * A_e/(3|e|), curvature κ = θ·3|e|/A_e, energy ½·D·κ²·A_e/3 = ½·(3D|e|²/A_e)·θ² (Grinspun et
 * al. 2003, "Discrete Shells", eq. 5), hence
 *
 *   α_hinge = A_e / (3·D·|e|²)      1/(N·m)
 *
 * Where A and B differ in material, each triangle contributes with its own D over its own third:
 * 1/α = 3|e|²·(D_A·A_A + D_B·A_B)/A_e², which reduces to the line above when D_A = D_B.
 */

/** The c/(μ·t) factor of the cloth edge network, dimensionless. */
export const CLOTH_EDGE_FACTOR = 8 / 3;

/** Membrane shear stiffness μ·t, N/m. */
export function membraneShearStiffnessNPerM(
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
): number {
  return shearModulusPa(youngModulusPa, poissonRatio) * thicknessM;
}

/** Membrane (stretch) stiffness E·t, N/m. */
export function membraneStiffnessNPerM(youngModulusPa: number, thicknessM: number): number {
  return youngModulusPa * thicknessM;
}

/** One triangle's contribution to the stiffness of one of its edges: (8/3)·μt·A/l², N/m. */
export function clothEdgeContributionNPerM(
  membraneShearNPerM: number,
  triangleAreaM2: number,
  edgeLengthM: number,
): number {
  return edgeLengthM > 0
    ? (CLOTH_EDGE_FACTOR * membraneShearNPerM * triangleAreaM2) / (edgeLengthM * edgeLengthM)
    : 0;
}

/** Plate bending stiffness D = E·t³ / (12(1 − ν²)), N·m. */
export function plateBendingStiffnessNM(
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
): number {
  const nu = clampPoisson(poissonRatio);
  return (youngModulusPa * thicknessM ** 3) / (12 * (1 - nu * nu));
}

/**
 * Compliance of one dihedral hinge, 1/(N·m): triangles A and B of areas (m²) and plate
 * stiffnesses D (N·m), hinge edge length in m. Infinity (no constraint) when nothing is stiff.
 */
export function hingeBendCompliancePerNM(
  areaAM2: number,
  areaBM2: number,
  bendingStiffnessANM: number,
  bendingStiffnessBNM: number,
  edgeLengthM: number,
): number {
  const areaSum = areaAM2 + areaBM2;
  const stiffness =
    (3 * edgeLengthM * edgeLengthM * (bendingStiffnessANM * areaAM2 + bendingStiffnessBNM * areaBM2)) /
    (areaSum * areaSum);
  return stiffness > 0 && Number.isFinite(stiffness) ? 1 / stiffness : Number.POSITIVE_INFINITY;
}
