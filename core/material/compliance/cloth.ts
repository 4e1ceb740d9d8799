import { edgeKey, indexEdges, triangleAreaM2 } from '../../math/mesh-measures.ts';
import { clampPoisson, shearModulusPa } from '../elastic.ts';

/**
 * Cloth (a membrane of thickness t, m): per-triangle membrane constraints for stretch and shear
 * (or, for runtimes that only have edges, edge springs fitted per triangle) plus dihedral hinges
 * for bending.
 *
 * Stretch/shear: see membraneTriangleCompliance (the membrane constraint the engine solves) and
 * clothTriangleEdgeStiffnessesNPerM (the edge network of exports to edge-only runtimes) below.
 *
 * Bending. The engine bends cloth with one plate element per triangle (plate-bend.ts, within 1% of
 * plate theory on grids); runtimes that have only hinges (Jolt) and classic PBD get the hinges
 * below. The plate stiffness D = E·t³/(12(1−ν²)) (N·m) mapped onto the dihedral-angle hinge
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
 * with random diagonals come out 0.92–1.05, with the shorter diagonals 0.90–0.93
 * (test/core/material/cloth-bending.test.ts measures
 * these with a static solve of the hinge network). Twist is carried only by the edges oblique to
 * the bending axis and comes out stiffer than the plate's (1−ν)·D (2× on the grid); the hinge
 * network has no Poisson coupling (its ν is that of the mesh, not the material's).
 */

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

/**
 * Membrane (stretch and shear) compliance of one cloth triangle of rest area A (m²), as the
 * constraint of core/sim/constraints/membrane.ts solves it.
 *
 * Constraint: the Green strain of the triangle in an orthonormal frame of its rest plane,
 * C = (E₁₁, E₂₂, E₁₂), E = ½(FᵀF − I), F = Ds·Dm⁻¹ the 3×2 deformation gradient (Ds the current
 * edge vectors x1 − x0, x2 − x0, Dm the rest ones in the frame). E is invariant to rotations, so
 * bending and rigid motion cost nothing, and for small strains it is the linear strain ε.
 *
 * Energy: linear plane-stress elasticity of the membrane (St. Venant–Kirchhoff with plane-stress
 * constants), the constant-strain triangle of FEM, per triangle
 *
 *   U = A·(μ₂·tr(E²) + λ₂/2·(tr E)²) = ½·Cᵀ·K·C,   μ₂ = μ·t = E·t/(2(1+ν)),  λ₂ = E·t·ν/(1−ν²)
 *
 *   K = A·| λ₂+2μ₂   λ₂      0   |        α = K⁻¹ = 1/(E·t·A) · | 1   −ν   0       |
 *         | λ₂      λ₂+2μ₂   0   |                              | −ν   1   0       |      (1/J)
 *         | 0        0      4μ₂  |                              | 0    0   (1+ν)/2 |
 *
 * (the 2×2 block is the plane-stress compliance [1 −ν; −ν 1]/(E·t); the shear entry is 1/(4μ₂A)
 * because E₁₂ is the tensor, not the engineering, shear strain). XPBD solves the three as one
 * constraint vector with this compliance matrix, so the small-strain response is linear
 * elasticity with (E, ν) for any ν in [0, 0.5] and on any triangulation (a constant strain is
 * reproduced exactly by every triangle).
 *
 * Why not the 2D analogue of the stable neo-Hookean pair (C_D = ‖F‖ with α = 1/(μ₂A), C_H = J − γ
 * with α = 1/(λ₂_NH·A), γ = 1 + μ₂/λ₂_NH; its second-order expansion gives μ₂·tr ε² +
 * (λ₂_NH − μ₂)/2·(tr ε)², so λ₂_NH = λ₂ + μ₂, as in 3D): at rest both of its constraints carry
 * large opposing multipliers and the coupled 2×2 solve is singular up to the compliances, which
 * is stable only to r = h·c/l ≈ 0.35 (stiffness-limit.ts). Cloth runs at r ≫ 1 (cotton,
 * 1 cm cells, 20 substeps: r ≈ 24), where the limit would soften it by orders of magnitude.
 * The Green-strain vector is 0 at rest, has no rest multipliers and its 3×3 system is positive
 * definite for any h; its weakness, StVK's loss of stiffness under strong in-plane compression
 * (below 1/√3 of the rest length), is where cloth buckles out of plane instead.
 */
export interface MembraneTriangleCompliance {
  /** α₁₁ = α₂₂ = 1/(E·t·A), 1/J. */
  normalPerJ: number;
  /** α₁₂ = −ν/(E·t·A), 1/J. */
  couplingPerJ: number;
  /** α₃₃ = (1+ν)/(2·E·t·A) = 1/(4μ₂A), 1/J. */
  shearPerJ: number;
}

export function membraneTriangleCompliance(
  youngModulusPa: number,
  poissonRatio: number,
  thicknessM: number,
  restAreaM2: number,
): MembraneTriangleCompliance {
  const stiffness = membraneStiffnessNPerM(youngModulusPa, thicknessM) * restAreaM2; // E·t·A, J
  if (!(stiffness > 0) || !Number.isFinite(stiffness))
    throw new RangeError('membraneTriangleCompliance: E·t·A must be > 0 and finite');
  const nu = clampPoisson(poissonRatio);
  return { normalPerJ: 1 / stiffness, couplingPerJ: -nu / stiffness, shearPerJ: (1 + nu) / (2 * stiffness) };
}

/**
 * Edge springs for cloth stretch and shear, for runtimes that have only edges (the Jolt export):
 * the 2D analogue of tetEdgeStiffnessesNPerM (edges-volume.ts). A spring k along an edge of
 * length l and in-plane direction n stores ½·k·l²·(n·ε·n)² under a uniform small strain ε; per
 * unit area of a triangle of area A that is ½·ε:S:ε with S = Σ_e κ_e·n⊗n⊗n⊗n, κ_e = k_e·l_e²/A
 * (N/m). Central springs only make fully symmetric S: the isotropic c·T (T_ijkl = δ_ij·δ_kl +
 * δ_ik·δ_jl + δ_il·δ_jk), i.e. membrane Lamé constants λ₂ = μ₂ = c, ν = 1/3 and uniaxial modulus
 * 8c/3. The springs aim at the uniaxial modulus E·t: c = 3·E·t/8. Per triangle, κ minimises
 * ‖S − c·T‖ (Frobenius), the 3×3 normal equations
 *
 *   Σ_f (n_e·n_f)⁴·κ_f = 3c = 9·E·t/8   for each edge e,      k_e = Σ_{triangles ∋ e} κ_e·A_t / l_e²
 *
 * (negative κ clamped to 0). An equilateral triangle gets κ = 8c/3 = E·t on every edge (Van
 * Gelder 1998's k = E·t·A/l²); the right triangles of the grid shape get 18c/7 on the legs and
 * 12c/7 on the diagonal, exact along the three edge directions. The network's own ν is 1/3
 * whatever the material's, and a network is not isotropic on every mesh: measured by linear
 * statics on a strip (test/core/material/cloth-stretch.test.ts) its uniaxial modulus is
 * within about 10% of E·t on the grid and on jittered meshes (the former rule
 * k = (8/3)·μ·t·A/l² was 21% stiff at ν = 0.3 on the grid). The membrane constraint above is
 * the accurate model; these springs are the export's approximation.
 *
 * Writes the stiffness (N/m) each edge (a, b), (b, c), (c, a) gets from triangle (a, b, c) to
 * `out`; all 0 for a degenerate triangle.
 */
export function clothTriangleEdgeStiffnessesNPerM(
  positions: ArrayLike<number>,
  a: number,
  b: number,
  c: number,
  membraneStiffnessNPerM: number,
  out: Float64Array,
): Float64Array {
  out.fill(0);
  const area = triangleAreaM2(positions, a, b, c);
  if (!(area > 0) || !(membraneStiffnessNPerM > 0)) return out;
  const corners = [a, b, c];
  const direction = new Float64Array(9);
  const lengthSq = new Float64Array(3);
  for (let e = 0; e < 3; e++) {
    const i = corners[e];
    const j = corners[(e + 1) % 3];
    let sq = 0;
    for (let k = 0; k < 3; k++) {
      const d = positions[3 * j + k] - positions[3 * i + k];
      direction[3 * e + k] = d;
      sq += d * d;
    }
    if (!(sq > 0)) return out;
    lengthSq[e] = sq;
    const inverse = 1 / Math.sqrt(sq);
    for (let k = 0; k < 3; k++) direction[3 * e + k] *= inverse;
  }
  // Normal equations G·κ = 3c, G_ef = (n_e·n_f)⁴, solved by Cramer's rule (G is symmetric).
  const g = (e: number, f: number) => {
    const dot =
      direction[3 * e] * direction[3 * f] +
      direction[3 * e + 1] * direction[3 * f + 1] +
      direction[3 * e + 2] * direction[3 * f + 2];
    return dot * dot * dot * dot;
  };
  const g01 = g(0, 1);
  const g02 = g(0, 2);
  const g12 = g(1, 2);
  // Diagonal entries are 1 (unit directions).
  const det = 1 + 2 * g01 * g02 * g12 - g01 * g01 - g02 * g02 - g12 * g12;
  if (!(det > 1e-12)) return out;
  const rhs = (9 / 8) * membraneStiffnessNPerM; // 3c with c = 3·E·t/8
  // κ = G⁻¹·(rhs, rhs, rhs): row sums of the adjugate.
  const kappa = [
    (1 - g12 * g12 + g02 * g12 - g01 + g01 * g12 - g02) / det,
    (g02 * g12 - g01 + 1 - g02 * g02 + g01 * g02 - g12) / det,
    (g01 * g12 - g02 + g01 * g02 - g12 + 1 - g01 * g01) / det,
  ];
  for (let e = 0; e < 3; e++) out[e] = kappa[e] > 0 ? (rhs * kappa[e] * area) / lengthSq[e] : 0;
  return out;
}

/**
 * Stiffness of each edge in `edges` (2 vertex indices per edge) of a cloth triangle mesh, N/m:
 * clothTriangleEdgeStiffnessesNPerM summed over the triangles holding the edge (0 where none).
 */
export function clothEdgeStiffnessNPerM(
  positions: ArrayLike<number>,
  triangles: ArrayLike<number>,
  edges: ArrayLike<number>,
  youngModulusPa: number,
  thicknessM: number,
): Float64Array {
  const vertexCount = positions.length / 3;
  const index = indexEdges(edges, vertexCount);
  const stiffness = new Float64Array(edges.length / 2);
  const perTriangle = new Float64Array(3);
  const membrane = membraneStiffnessNPerM(youngModulusPa, thicknessM);
  for (let t = 0; t < triangles.length / 3; t++) {
    const corners = [triangles[3 * t], triangles[3 * t + 1], triangles[3 * t + 2]];
    clothTriangleEdgeStiffnessesNPerM(positions, corners[0], corners[1], corners[2], membrane, perTriangle);
    for (let e = 0; e < 3; e++) {
      const edge = index.get(edgeKey(corners[e], corners[(e + 1) % 3], vertexCount));
      if (edge !== undefined) stiffness[edge] += perTriangle[e];
    }
  }
  return stiffness;
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
 * constraint) when either wing is not stiff or the edge has no length; a rigid wing (D = ∞, held by
 * a clamp) leaves the bending to the other; two rigid wings: no constraint.
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
