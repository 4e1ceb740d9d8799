import { clothEdgeStiffnessNPerM } from '../material/compliance/cloth.ts';
import { solidEdgeStiffnessNPerM } from '../material/compliance/edges-volume.ts';
import { shearModulusPa } from '../material/elastic.ts';

/**
 * Spring stiffnesses for edge-based models, from (E, ν) and the rest geometry: the engine's
 * entry points over the canonical mappings of core/material/compliance (edges-volume.ts, cloth.ts),
 * which hold the formulas; the derivation is repeated here because the engine's tests cite it.
 *
 * Solids ('edges-volume'). A spring of stiffness k along a tet edge e (length l, direction ê)
 * stores ½·k·l²·(ê·ε·ê)² under a uniform small strain ε; per unit volume V of the tet that is
 * ½·ε:S:ε with S = Σ_e κ_e·ê⊗ê⊗ê⊗ê, κ_e = k_e·l_e²/V (Pa). A central-force network can only
 * produce fully symmetric S (the Cauchy relation λ = μ, ν = 1/4), so the springs aim at the
 * isotropic tensor with the material's shear modulus and λ = μ: μ·T, T_ijkl = δ_ij·δ_kl +
 * δ_ik·δ_jl + δ_il·δ_jk. Per tet, κ minimises ‖S − μT‖ (Frobenius): the 6×6 normal equations
 *
 *   Σ_f (ê_e·ê_f)⁴·κ_f = 3μ   for each edge e,      k_e = Σ_{tets ∋ e} κ_e·V_t / l_e²   (N/m)
 *
 * (negative κ are clamped to 0). For isotropically oriented edges this gives κ = 5μ/2 (the
 * classic k = c·V/l² rule); on a regular tet κ = 12μ/5; on the right-angled corner tets of a
 * box grid it gives the axis edges 15μ/7 and the face diagonals 12μ/7, so that their uniaxial
 * stiffness S_yyyy is exactly 3μ. The network has bulk modulus K_s = 5μ/3; the per-tet volume
 * constraints carry the rest, K_vol = K − 5μ/3 (≥ 0 for ν ≥ 1/4; below 1/4 no volume term is
 * added and the body behaves as ν = 1/4 with the right μ). test/core/sim measures the bar.
 *
 * Cloth (membrane of thickness t), for runtimes with edges only: per triangle, the three κ
 * minimise ‖S − c·T‖ with c = 3·E·t/8 (uniaxial modulus E·t), the 3×3 normal equations
 * Σ_f (n_e·n_f)⁴·κ_f = 3c, k_e = Σ_{triangles ∋ e} κ_e·A_t / l_e² (cloth.ts,
 * clothTriangleEdgeStiffnessesNPerM). The network's own ν is 1/3. The engine solves cloth with
 * per-triangle membrane constraints instead (cloth.ts, membraneTriangleCompliance); these springs
 * set the damping of that membrane and are what the Jolt export and classic PBD mode use.
 *
 * Ropes: an axial bar of cross-section πr² and link length L: k = E·πr²/L.
 */

/** Stiffness of each edge in `edges` of a tet mesh, N/m (0 where no tet holds the edge). */
export function solidEdgeStiffness(
  positions: Float64Array,
  tets: Uint32Array,
  edges: Uint32Array,
  youngModulusPa: number,
  poissonRatio: number,
): Float64Array {
  return solidEdgeStiffnessNPerM(positions, tets, edges, shearModulusPa(youngModulusPa, poissonRatio));
}

/** Stiffness of each edge in `edges` of a cloth triangle mesh, N/m (0 where no triangle holds the edge). */
export function clothEdgeStiffness(
  positions: Float64Array,
  triangles: Uint32Array,
  edges: Uint32Array,
  youngModulusPa: number,
  thicknessM: number,
): Float64Array {
  return clothEdgeStiffnessNPerM(positions, triangles, edges, youngModulusPa, thicknessM);
}
