import { CLOTH_EDGE_FACTOR, membraneShearStiffnessNPerM } from '../material/compliance/cloth.ts';
import { solidEdgeStiffnessNPerM } from '../material/compliance/edges-volume.ts';
import { edgeKey, indexEdges, triangleAreaM2 } from '../material/compliance/mesh-measures.ts';
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
 * Cloth (membrane of thickness t). The same argument in 2D: ⟨(n·ε·n)²⟩ = (2·tr ε² + (tr ε)²)/8
 * over in-plane directions, three edges per triangle, so k = c·A/l² gives μ₂ = λ₂ = 3c/8. With the
 * membrane shear stiffness μ₂ = μ·t (N/m):
 *
 *   k_e = (8/3)·μ·t·Σ_{triangles ∋ e} A_t / l_e²                    (N/m)
 *
 * (Van Gelder 1998 has k = E·t·A/l², the same at ν = 1/3.) The network's own ν₂ is 1/3.
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

/** Stiffness of each edge in `edges` of a cloth triangle mesh, N/m. */
export function clothEdgeStiffness(
  positions: Float64Array,
  triangles: Uint32Array,
  edges: Uint32Array,
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
): Float64Array {
  const vertexCount = positions.length / 3;
  const areaSum = sumOverEdges(triangles, 3, edges, vertexCount, (t) =>
    triangleAreaM2(positions, triangles[t], triangles[t + 1], triangles[t + 2]),
  );
  const membraneShear = membraneShearStiffnessNPerM(youngModulusPa, poissonRatio, thicknessM);
  return scaleByLength(positions, edges, areaSum, CLOTH_EDGE_FACTOR * membraneShear);
}

/** Per edge, the sum of `measure(element)` over the elements containing it. */
function sumOverEdges(
  elements: Uint32Array,
  arity: number,
  edges: Uint32Array,
  vertexCount: number,
  measure: (elementStart: number) => number,
): Float64Array {
  const edgeIndex = indexEdges(edges, vertexCount);
  const sum = new Float64Array(edges.length / 2);
  for (let start = 0; start < elements.length; start += arity) {
    const m = measure(start);
    for (let i = 0; i < arity; i++) {
      for (let j = i + 1; j < arity; j++) {
        const e = edgeIndex.get(edgeKey(elements[start + i], elements[start + j], vertexCount));
        if (e !== undefined) sum[e] += m;
      }
    }
  }
  return sum;
}

/** k_e = factor · measure_e / l_e². */
function scaleByLength(positions: Float64Array, edges: Uint32Array, measure: Float64Array, factor: number) {
  const out = new Float64Array(edges.length / 2);
  for (let e = 0; e < out.length; e++) {
    const a = edges[2 * e];
    const b = edges[2 * e + 1];
    const lengthSq =
      (positions[3 * a] - positions[3 * b]) ** 2 +
      (positions[3 * a + 1] - positions[3 * b + 1]) ** 2 +
      (positions[3 * a + 2] - positions[3 * b + 2]) ** 2;
    out[e] = lengthSq > 0 ? (factor * measure[e]) / lengthSq : 0;
  }
  return out;
}
