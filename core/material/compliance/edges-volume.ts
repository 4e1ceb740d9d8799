import { edgeKey, signedTetVolumeM3 } from '../../math/mesh-measures.ts';
import { bulkModulusPa, shearModulusPa } from '../elastic.ts';

/**
 * Solids as edge springs plus per-tet volume constraints (what simple runtimes such as Jolt
 * support). Mapping from (E, ν) and the rest geometry:
 *
 * Edges. A spring of stiffness k along a tet edge e (length l, direction ê) stores
 * ½·k·l²·(ê·ε·ê)² under a uniform small strain ε; per unit volume V of the tet that is ½·ε:S:ε
 * with S = Σ_e κ_e·ê⊗ê⊗ê⊗ê, κ_e = k_e·l_e²/V (Pa). A central-force network can only produce a
 * fully symmetric S (the Cauchy relation λ = μ, i.e. ν = 1/4), so the springs aim at the isotropic
 * tensor with the material's shear modulus and λ = μ: μ·T, T_ijkl = δ_ij·δ_kl + δ_ik·δ_jl +
 * δ_il·δ_jk. Per tet, κ minimises ‖S − μT‖ (Frobenius), the 6×6 normal equations
 *
 *   Σ_f (ê_e·ê_f)⁴·κ_f = 3μ   for each edge e of the tet,
 *   k_e = Σ_{tets ∋ e} κ_e·V_t / l_e²                (N/m),   edge compliance α_e = 1/k_e   (m/N)
 *
 * with negative κ clamped to 0. For isotropically oriented edges this is the classic k = c·V/l²
 * with c = 5μ/2 (⟨(n·ε·n)²⟩ = (2·tr ε² + (tr ε)²)/15); on a regular tet κ = 12μ/5; on the
 * right-angled corner tets of a box grid the axis edges get 15μ/7 and the face diagonals 12μ/7,
 * so that their uniaxial stiffness S_yyyy is exactly 3μ.
 *
 * Volume. The network's bulk modulus is K_s = λ_s + 2μ_s/3 = 5μ/3; per-tet volume constraints
 * C = V − V0 (m³) carry the rest, K_vol = K − 5μ/3, with α = V0/K_vol (m³/Pa): ½C²/α is the bulk
 * energy ½·K_vol·V0·(ΔV/V0)². K_vol ≤ 0 (ν ≤ 1/4) adds no volume constraint: the body then behaves
 * as ν = 1/4 with the right μ. At ν = 0.5, α = 0 (incompressible). Per tet this locks near
 * ν = 0.5: core/setup keeps per tet only the residual of a ν = 0.3 material and holds the rest per
 * vertex (nodal-volume.ts, edgesVolumeBulkSplitPa); runtimes with per-tet volume only get it all.
 *
 * This is the mapping core/sim's engine uses (test/core/material checks the two agree) and the
 * one test/core/material measures against the analytic bar and the neo-Hookean model.
 */

/** Vertex pairs of a tet's six edges, in the order the per-tet functions use. */
export const TET_EDGE_PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

// Scratch for tetEdgeStiffnessesNPerM, allocated once (it runs once per tet).
const scratchDirection = new Float64Array(18);
const scratchLengthSq = new Float64Array(6);
const scratchGram = new Float64Array(36);
const scratchKappa = new Float64Array(6);

/**
 * Stiffness each of the six edges of tet (a, b, c, d) gets from this tet, N/m, in TET_EDGE_PAIRS
 * order; written to `out` (6 values). All 0 for a degenerate tet.
 */
export function tetEdgeStiffnessesNPerM(
  positions: ArrayLike<number>,
  tet: readonly [number, number, number, number] | ArrayLike<number>,
  shearModulusPa: number,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  const volume = Math.abs(signedTetVolumeM3(positions, tet[0], tet[1], tet[2], tet[3]));
  if (!(volume > 0) || !(shearModulusPa > 0)) return out;
  const direction = scratchDirection;
  const lengthSq = scratchLengthSq;
  TET_EDGE_PAIRS.forEach(([i, j], e) => {
    let sq = 0;
    for (let k = 0; k < 3; k++) {
      const d = positions[3 * tet[j] + k] - positions[3 * tet[i] + k];
      direction[3 * e + k] = d;
      sq += d * d;
    }
    lengthSq[e] = sq;
    const inverse = 1 / Math.sqrt(sq);
    for (let k = 0; k < 3; k++) direction[3 * e + k] *= inverse;
  });
  const gram = scratchGram;
  const kappa = scratchKappa;
  for (let e = 0; e < 6; e++) {
    for (let f = 0; f < 6; f++) {
      const c =
        direction[3 * e] * direction[3 * f] +
        direction[3 * e + 1] * direction[3 * f + 1] +
        direction[3 * e + 2] * direction[3 * f + 2];
      gram[6 * e + f] = c * c * c * c;
    }
    kappa[e] = 3 * shearModulusPa;
  }
  if (!solveInPlace(gram, kappa, 6)) return out;
  for (let e = 0; e < 6; e++) out[e] = kappa[e] > 0 ? (kappa[e] * volume) / lengthSq[e] : 0;
  return out;
}

/**
 * Stiffness of each edge in `edges` (2 vertex indices per edge) of a tet mesh, N/m; 0 where no
 * contributing tet holds the edge. `shearModulusPa` is one μ for all tets or one per tet (0 leaves
 * that tet out, e.g. a tet of a neo-Hookean group).
 */
export function solidEdgeStiffnessNPerM(
  positions: ArrayLike<number>,
  tets: ArrayLike<number>,
  edges: ArrayLike<number>,
  shearModulusPa: number | ArrayLike<number>,
): Float64Array {
  const vertexCount = positions.length / 3;
  const index = new Map<number, number>();
  for (let e = 0; e < edges.length / 2; e++)
    index.set(edgeKey(edges[2 * e], edges[2 * e + 1], vertexCount), e);
  const stiffness = new Float64Array(edges.length / 2);
  const perTet = new Float64Array(6);
  for (let t = 0; t < tets.length / 4; t++) {
    const mu = typeof shearModulusPa === 'number' ? shearModulusPa : shearModulusPa[t];
    const tet = [tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]] as const;
    tetEdgeStiffnessesNPerM(positions, tet, mu, perTet);
    TET_EDGE_PAIRS.forEach(([i, j], e) => {
      const edge = index.get(edgeKey(tet[i], tet[j], vertexCount));
      if (edge !== undefined) stiffness[edge] += perTet[e];
    });
  }
  return stiffness;
}

/** Bulk modulus the volume constraints add on top of the edge network, K − 5μ/3, Pa (≤ 0: none). */
export function residualBulkModulusPa(youngModulusPa: number, poissonRatio: number): number {
  return bulkModulusPa(youngModulusPa, poissonRatio) - (5 / 3) * shearModulusPa(youngModulusPa, poissonRatio);
}

/**
 * Compliance of the volume constraint C = V − V0 of a tet, α = V0/K_vol, m³/Pa (= m⁵/N); 0 when
 * K_vol is Infinity (incompressible). Callers add no constraint when K_vol ≤ 0.
 */
export function tetVolumeComplianceM3PerPa(restVolumeM3: number, residualBulkPa: number): number {
  if (!(residualBulkPa > 0))
    throw new RangeError('tetVolumeComplianceM3PerPa: residual bulk modulus must be > 0 Pa');
  return restVolumeM3 / residualBulkPa;
}

/** Compliance of a spring of stiffness k (N/m): α = 1/k, m/N. */
export function springComplianceMPerN(stiffnessNPerM: number): number {
  if (!(stiffnessNPerM > 0)) throw new RangeError('springComplianceMPerN: stiffness must be > 0 N/m');
  return 1 / stiffnessNPerM;
}

/** Solves A·x = b (n×n, row-major) by Gaussian elimination with partial pivoting; x in b. False if singular. */
function solveInPlace(a: Float64Array, b: Float64Array, n: number): boolean {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let row = col + 1; row < n; row++)
      if (Math.abs(a[row * n + col]) > Math.abs(a[pivot * n + col])) pivot = row;
    if (!(Math.abs(a[pivot * n + col]) > 1e-12)) return false;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [a[col * n + k], a[pivot * n + k]] = [a[pivot * n + k], a[col * n + k]];
      [b[col], b[pivot]] = [b[pivot], b[col]];
    }
    for (let row = col + 1; row < n; row++) {
      const factor = a[row * n + col] / a[col * n + col];
      for (let k = col; k < n; k++) a[row * n + k] -= factor * a[col * n + k];
      b[row] -= factor * b[col];
    }
  }
  for (let row = n - 1; row >= 0; row--) {
    let sum = b[row];
    for (let k = row + 1; k < n; k++) sum -= a[row * n + k] * b[k];
    b[row] = sum / a[row * n + row];
  }
  return true;
}
