import { lameLambdaPa, shearModulusPa } from '../elastic.ts';
import { residualBulkModulusPa } from './edges-volume.ts';
import { type NeoHookeanTetCompliance, neoHookeanTetCompliance } from './neo-hookean.ts';

/**
 * Nodal volume constraints: the bulk stiffness of a solid carried by one constraint per vertex
 * instead of one per tet, so that nearly incompressible solids (ν → 0.5) do not lock.
 *
 * Why. Linear tets whose volume is held per tet lock: a tet mesh has about 5–6 tets but only
 * one vertex (3 degrees of freedom) per cube, so one incompressibility constraint per tet leaves
 * almost no motion that keeps every tet's volume (the classic volumetric locking of linear
 * tetrahedra; Hughes, "The Finite Element Method", §4). Measured converged on the calibration
 * scenes (linear statics of the same mesh, identical to the engine at 160 substeps): ν = 0.49
 * came out 21% (hanging bar, 2×10×2 cells) and 27% (cantilever, 20×4×2) too stiff.
 *
 * The cure (averaged nodal pressure; Bonet & Burton 1998, "A simple average nodal pressure
 * tetrahedral element for incompressible and nearly incompressible dynamic explicit
 * applications"): the volume change is measured per vertex n over its star, the tets around it,
 * each tet giving a quarter of its volume to each of its four vertices:
 *
 *   V_n = Σ_{t ∋ n} V_t/4,   C_n = V_n − V_n0                                     (m³)
 *   ∇_{x_k} C_n = Σ_{t ∋ n, k} ∇_{x_k} V_t / 4
 *   ½·C_n²/α_n = ½·K_n·V_n0·(ΔV_n/V_n0)²  with  α_n = V_n0/K_n              (m³/Pa)
 *
 * Summed over the vertices that is the bulk energy ∫ ½·K·(tr ε)² dV, with tr ε averaged over each
 * star. Where the tets of a star have different materials, K_n·V_n0 = Σ_{t ∋ n} K_t·V_t/4, i.e.
 * α_n = V_n0² / Σ_t (K_t·V_t/4). One constraint per vertex against three degrees of freedom:
 * the count no longer exceeds the freedom the mesh has.
 *
 * Rigidly pinned vertices get no constraint. Their star's volume is still held by the stars of
 * the free vertices around them (every tet that can move has a free vertex), but a constraint on
 * a vertex that cannot move only adds incompressibility conditions on its free neighbours, which
 * is what locks the first layer of cells at a clamp: measured at ν = 0.49 with all the bulk
 * nodal, E_eff/E on the 2×10×2 bar 1.037 without them against 1.139 with them (1.213 per tet),
 * and 1.085 / 1.188 / 1.271 on the 20×4×2 cantilever. What is left at a clamp is physical: a clamped face cannot contract, which
 * stiffens a nearly incompressible bar near it (a roller support that lets the face contract
 * gives 1.003 on the same mesh).
 *
 * What the nodal constraints carry, per model, so that the small-strain energy stays linear
 * elasticity μ·ε:ε + λ/2·(tr ε)² with the user's (E, ν). Up to ν = PER_TET_POISSON_LIMIT (0.3) the
 * per-tet constraints keep the whole bulk (they lock little there, see below) and there is no
 * nodal constraint; above it they keep the bulk of a ν = 0.3 material of the same μ and:
 * - neo-Hookean: each tet keeps its stable neo-Hookean pair with λ_NH = λ_t + μ,
 *   λ_t = 2μ·0.3/(1 − 0.6) = 1.5μ, whose small-strain energy is μ·ε:ε + λ_t/2·(tr ε)²
 *   (neo-hookean.ts with λ_NH − μ = λ_t); the nodal constraints carry K_n = λ − λ_t.
 * - edges + volume: the edge network carries K_s = 5μ/3 (edges-volume.ts), the per-tet volume
 *   constraints K_t = K(0.3; μ) − 5μ/3 = μ/2, the nodal constraints K_n = K − 5μ/3 − K_t.
 * Measured converged (linear statics of the compiled mesh, equal to the engine at 160 substeps
 * within 0.1%), E_eff/E with the split, ν = 0.45 / 0.49: neo-Hookean 2×20×2 bar 1.020 / 1.030,
 * 40×8×2 cantilever 1.003 / 1.012; all bulk nodal (λ_t = 0): 1.004 / 1.018 and 0.988 / 1.000;
 * all bulk per tet: 1.052 / 1.099 and 1.035 / 1.077.
 * At ν = 0.5 K_n is Infinity and α_n = 0: the vertex volumes are held rigidly.
 *
 * Not chosen: softening the per-tet bulk on coarse meshes cannot cure it without making the body
 * compressible (per tet even ν = 0.45 is 11% stiff on the 2×10×2 bar, 17% on the 20×4×2
 * cantilever); nodal constraints on every vertex, pinned ones included, leave most of the locking
 * at a clamp (above); sharing a tet's volume among its free vertices only (so that the stars
 * still sum to the body) locks more (1.109 on that bar).
 */

/** Rest volume of each vertex's star, Σ_{t ∋ n} V_t/4, m³ (`volumeM3` one per tet of `tets`). */
export function nodalRestVolumesM3(
  tets: ArrayLike<number>,
  volumeM3: ArrayLike<number>,
  vertexCount: number,
): Float64Array {
  const out = new Float64Array(vertexCount);
  for (let t = 0; t < volumeM3.length; t++)
    for (let k = 0; k < 4; k++) out[tets[4 * t + k]] += volumeM3[t] / 4;
  return out;
}

/**
 * Compliance of a nodal volume constraint, α_n = V_n0² / Σ_t (K_t·V_t/4), m³/Pa: `restVolumeM3`
 * is V_n0, `bulkVolumePaM3` is Σ_{t ∋ n} K_t·V_t/4 (Pa·m³; for one material K·V_n0). 0 when the
 * bulk is Infinity (incompressible). Callers add no constraint when it is ≤ 0.
 */
export function nodalVolumeComplianceM3PerPa(restVolumeM3: number, bulkVolumePaM3: number): number {
  if (!(restVolumeM3 > 0)) throw new RangeError('nodalVolumeComplianceM3PerPa: rest volume must be > 0 m³');
  if (!(bulkVolumePaM3 > 0))
    throw new RangeError('nodalVolumeComplianceM3PerPa: bulk stiffness must be > 0 Pa·m³');
  return (restVolumeM3 * restVolumeM3) / bulkVolumePaM3;
}

/**
 * Largest Poisson's ratio whose bulk stays in the per-tet constraints, dimensionless. Per-tet
 * constraints lock little up to here (measured converged at ν = 0.3: 3.1% stiffer than theory on
 * the 2×10×2 bar against 0.8% softer with the bulk all nodal, 0.3% / 1.9% on the 40×8×2
 * cantilever), and a solid of ν ≤ 0.3 then needs no nodal constraint, whose sweep costs about
 * four per-tet volume sweeps (each tet belongs to four stars). Above it, the per-tet constraints
 * keep the bulk of a ν = 0.3 material of the same μ and the nodal ones carry the rest, so the
 * mapping is continuous in ν.
 */
export const PER_TET_POISSON_LIMIT = 0.3;

/** λ of the per-tet part, min(λ, λ at PER_TET_POISSON_LIMIT for the same μ), Pa. */
function perTetLambdaPa(youngModulusPa: number, poissonRatio: number): number {
  const mu = shearModulusPa(youngModulusPa, poissonRatio);
  const limit = (2 * mu * PER_TET_POISSON_LIMIT) / (1 - 2 * PER_TET_POISSON_LIMIT);
  return Math.min(lameLambdaPa(youngModulusPa, poissonRatio), limit);
}

/**
 * Bulk modulus the nodal constraints carry in the neo-Hookean model, Pa: λ − λ_t with λ_t the
 * per-tet part (0 when ν ≤ PER_TET_POISSON_LIMIT; Infinity at ν = 0.5).
 */
export function neoHookeanNodalBulkModulusPa(youngModulusPa: number, poissonRatio: number): number {
  if (!(poissonRatio > PER_TET_POISSON_LIMIT)) return 0;
  return lameLambdaPa(youngModulusPa, poissonRatio) - perTetLambdaPa(youngModulusPa, poissonRatio);
}

/**
 * The per-tet stable neo-Hookean pair when the nodal constraints carry the bulk above
 * PER_TET_POISSON_LIMIT: neo-hookean.ts with λ_NH = λ_t + μ, i.e. α_D = 1/(μV),
 * α_H = 1/((λ_t + μ)·V) (1/J), γ = 1 + μ/(λ_t + μ); linearised V·(μ·ε:ε + λ_t/2·(tr ε)²).
 * Up to the limit this is neoHookeanTetCompliance itself.
 */
export function neoHookeanSplitTetCompliance(
  youngModulusPa: number,
  poissonRatio: number,
  restVolumeM3: number,
): NeoHookeanTetCompliance {
  if (!(poissonRatio > PER_TET_POISSON_LIMIT))
    return neoHookeanTetCompliance(youngModulusPa, poissonRatio, restVolumeM3);
  if (!(restVolumeM3 > 0)) throw new RangeError('neoHookeanSplitTetCompliance: rest volume must be > 0 m³');
  const mu = shearModulusPa(youngModulusPa, poissonRatio);
  const lambdaNh = perTetLambdaPa(youngModulusPa, poissonRatio) + mu;
  return {
    deviatoricPerJ: 1 / (mu * restVolumeM3),
    hydrostaticPerJ: 1 / (lambdaNh * restVolumeM3),
    gamma: 1 + mu / lambdaNh,
  };
}

/**
 * Edges + volume: the residual bulk K − 5μ/3 (edges-volume.ts) split into the per-tet part, at
 * most the residual of a ν = PER_TET_POISSON_LIMIT material of the same μ, and the nodal rest, Pa
 * (each ≤ 0 means no constraint of that kind; the nodal part is Infinity at ν = 0.5).
 */
export function edgesVolumeBulkSplitPa(
  youngModulusPa: number,
  poissonRatio: number,
): { perTetPa: number; nodalPa: number } {
  const residual = residualBulkModulusPa(youngModulusPa, poissonRatio);
  if (!(poissonRatio > PER_TET_POISSON_LIMIT)) return { perTetPa: residual, nodalPa: 0 };
  const mu = shearModulusPa(youngModulusPa, poissonRatio);
  const nu = PER_TET_POISSON_LIMIT;
  const perTetPa = Math.min(residual, (2 * mu * (1 + nu)) / (3 * (1 - 2 * nu)) - (5 / 3) * mu);
  return { perTetPa, nodalPa: residual - perTetPa };
}
