import { triangleArea } from './body-geometry.ts';
import { tetVolume } from './constraints/tet-rest.ts';
import { bulkModulusPa, shearModulusPa } from './material.ts';

/**
 * Spring stiffnesses for edge-based models, from (E, ν) and the rest geometry.
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
  const mu = shearModulusPa(youngModulusPa, poissonRatio);
  const vertexCount = positions.length / 3;
  const edgeIndex = new Map<number, number>();
  for (let e = 0; e < edges.length / 2; e++) edgeIndex.set(edges[2 * e] * vertexCount + edges[2 * e + 1], e);
  const stiffness = new Float64Array(edges.length / 2);
  const direction = new Float64Array(18);
  const lengthSq = new Float64Array(6);
  const gram = new Float64Array(36);
  const kappa = new Float64Array(6);
  for (let t = 0; t < tets.length; t += 4) {
    const volume = Math.abs(tetVolume(positions, tets[t], tets[t + 1], tets[t + 2], tets[t + 3]));
    if (!(volume > 0)) continue;
    const ends: number[] = [];
    for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) ends.push(tets[t + i], tets[t + j]);
    for (let e = 0; e < 6; e++) {
      const a = ends[2 * e];
      const b = ends[2 * e + 1];
      let sq = 0;
      for (let k = 0; k < 3; k++) {
        const d = positions[3 * b + k] - positions[3 * a + k];
        direction[3 * e + k] = d;
        sq += d * d;
      }
      lengthSq[e] = sq;
      const inv = 1 / Math.sqrt(sq);
      for (let k = 0; k < 3; k++) direction[3 * e + k] *= inv;
    }
    for (let e = 0; e < 6; e++) {
      for (let f = 0; f < 6; f++) {
        const c =
          direction[3 * e] * direction[3 * f] +
          direction[3 * e + 1] * direction[3 * f + 1] +
          direction[3 * e + 2] * direction[3 * f + 2];
        gram[6 * e + f] = c * c * c * c;
      }
      kappa[e] = 3 * mu;
    }
    if (!solveInPlace(gram, kappa, 6)) continue;
    for (let e = 0; e < 6; e++) {
      const a = Math.min(ends[2 * e], ends[2 * e + 1]);
      const b = Math.max(ends[2 * e], ends[2 * e + 1]);
      const index = edgeIndex.get(a * vertexCount + b);
      if (index !== undefined && kappa[e] > 0) stiffness[index] += (kappa[e] * volume) / lengthSq[e];
    }
  }
  return stiffness;
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

/** Bulk modulus the volume constraints add on top of the edge network, Pa (≤ 0: none). */
export function residualBulkModulusPa(youngModulusPa: number, poissonRatio: number): number {
  return bulkModulusPa(youngModulusPa, poissonRatio) - (5 / 3) * shearModulusPa(youngModulusPa, poissonRatio);
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
  const mu = shearModulusPa(youngModulusPa, poissonRatio);
  const vertexCount = positions.length / 3;
  const areaSum = sumOverEdges(triangles, 3, edges, vertexCount, (t) =>
    triangleArea(positions, triangles[t], triangles[t + 1], triangles[t + 2]),
  );
  return scaleByLength(positions, edges, areaSum, (8 / 3) * mu * thicknessM);
}

/** Plate bending stiffness D = E·t³ / (12(1 − ν²)), N·m. */
export function plateBendingStiffnessNM(
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
): number {
  return (youngModulusPa * thicknessM ** 3) / (12 * (1 - poissonRatio * poissonRatio));
}

/** Per edge, the sum of `measure(element)` over the elements containing it. */
function sumOverEdges(
  elements: Uint32Array,
  arity: number,
  edges: Uint32Array,
  vertexCount: number,
  measure: (elementStart: number) => number,
): Float64Array {
  const edgeIndex = new Map<number, number>();
  for (let e = 0; e < edges.length / 2; e++) edgeIndex.set(edges[2 * e] * vertexCount + edges[2 * e + 1], e);
  const sum = new Float64Array(edges.length / 2);
  for (let start = 0; start < elements.length; start += arity) {
    const m = measure(start);
    for (let i = 0; i < arity; i++) {
      for (let j = i + 1; j < arity; j++) {
        const a = Math.min(elements[start + i], elements[start + j]);
        const b = Math.max(elements[start + i], elements[start + j]);
        const e = edgeIndex.get(a * vertexCount + b);
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
