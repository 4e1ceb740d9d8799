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
 * constraint C = θ − θ0 (rad) of each interior edge e (length |e|), shared by triangles A and B
 * whose heights over e are h_A = 2A_A/|e| and h_B = 2A_B/|e| (the bending model
 * core/sim/constraints/dihedral-bend.ts solves, and Jolt's DihedralBend).
 *
 * What a hinge measures. For a small out-of-plane displacement w of a flat mesh, θ_e is the jump
 * across e of the gradient of the piecewise-linear w. Write e's in-plane unit normal n and
 * tangent t, and the wing tips at a_A·t + h_A·n and a_B·t − h_B·n from x0. For a uniform
 * curvature w = ½xᵀκx sampled at the vertices:
 *
 *   θ_e = ½(h_A + h_B)·κ_nn + (a_A − a_B)·κ_tn + ½(a_A(a_A−|e|)/h_A + a_B(a_B−|e|)/h_B)·κ_tt
 *
 * which is h̄·κ_nn, h̄ = (h_A + h_B)/2, on the symmetric hinges of a regular lattice (the mean of the
 * wing HEIGHTS, not the distance (h_A + h_B)/3 between the wing centroids: the linear interpolant
 * does not bend at the centroids).
 *
 * Weight. Give each hinge the moment a plate bent by κ carries across a cut of length |e|:
 * m_e = k_e·θ_e = |e|·D·κ_nn. The bending moments |e|·n·M·n of a uniform moment tensor M are
 * in equilibrium at every vertex, since Σ_e |e|·θ_e·n⊗n = ∫∇²w is a boundary term for any w; so
 * the vertices stay on the sampled surface, and the energy ½Σ m_e·θ_e = ½·M:∫∇²w = ½·D·κ²·area is
 * the plate's. With θ_e = h̄·κ_nn:
 *
 *   k_e = D·|e|/h̄ = D·|e|²/A_e,   α_hinge = A_e/(D·|e|²)      1/(N·m),   A_e = A_A + A_B
 *
 * (a plate strip of width |e| and length h̄ under a uniform moment turns by θ = m·h̄/(D·|e|)). That
 * is a third of the stiffness 3D|e|²/A_e of Grinspun et al. 2003 ("Discrete Shells", eq. 5), which
 * spreads θ over a strip of width A_e/(3|e|) = h̄/3 and so made converged cloth 2.1–2.5× too stiff.
 * Where A and B differ in material the two half-strips bend in series, θ = m·(h_A/(2D_A) + h_B/(2D_B))/|e|:
 *
 *   α_hinge = (A_A/D_A + A_B/D_B)/|e|²
 *
 * which is the line above when D_A = D_B (a wing with D = 0 leaves the hinge free).
 *
 * Exact: cylindrical bending along the rows of a lattice whose hinges are all symmetric (the
 * equilateral lattice in every direction, a square grid with one diagonal direction along x and
 * z). Not exact: a hinge is one number per edge, so no per-edge weight holds the whole plate
 * tensor. On meshes whose vertices are not all alike the vertices move off the sampled surface
 * and lower the energy: the alternating-diagonal grid of cloth-grid.ts (vertices of valence 4
 * and 8, diagonals with θ = h̄·(κ_nn − κ_tt)) relaxes to 5/6 of D along x and z; jittered grids
 * with random diagonals come out 0.92–1.14 (test/core/material/cloth-bending.test.ts measures
 * these with a static solve of the hinge network). Twist is carried only by the edges oblique to
 * the bending axis and comes out stiffer than the plate's (1−ν)·D (2× on the grid); the hinge
 * network has no Poisson coupling (its ν is that of the mesh, not the material's).
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
 * Compliance of one dihedral hinge, 1/(N·m): α = (A_A/D_A + A_B/D_B)/|e|² for triangles A and B of
 * areas (m²) and plate stiffnesses D (N·m) and hinge edge length |e| in m (see above). Infinity (no
 * constraint) when either wing is not stiff or the edge has no length.
 */
export function hingeBendCompliancePerNM(
  areaAM2: number,
  areaBM2: number,
  bendingStiffnessANM: number,
  bendingStiffnessBNM: number,
  edgeLengthM: number,
): number {
  if (!(bendingStiffnessANM > 0 && bendingStiffnessBNM > 0 && edgeLengthM > 0))
    return Number.POSITIVE_INFINITY;
  const compliance =
    (areaAM2 / bendingStiffnessANM + areaBM2 / bendingStiffnessBNM) / (edgeLengthM * edgeLengthM);
  return compliance > 0 && Number.isFinite(compliance) ? compliance : Number.POSITIVE_INFINITY;
}
