/**
 * Cloth bending as a plate element per triangle (the 'plate-bend' constraint of
 * core/sim/constraints/plate-bend.ts): the triangle's curvature tensor from the dihedral angles
 * of its (up to) three hinges, and the plate energy of that curvature over its area.
 *
 * Why not one hinge per edge (hingeBendCompliancePerNM in cloth.ts): a hinge is one number per
 * edge, and no per-edge weight holds the plate's curvature tensor; on meshes whose vertices are not
 * all alike the vertices leave the bent surface and the energy drops (the alternating-diagonal
 * grid of cloth-grid.ts relaxes to 5/6 of D, jittered meshes to 0.90–0.93). A triangle that reads
 * all three of its hinges sees the whole tensor.
 *
 * Curvature. For a small out-of-plane displacement w of the flat rest triangle t (area A), the
 * curvature is ∇∇w = (1/A)·∮ ν ⊗ ∇w ds over its boundary (ν the outward in-plane normal of each
 * edge). Take ∇w on each edge as the interpolation across it of the piecewise-linear gradients of t
 * and of its neighbour t' (whose slopes jump by the hinge angle θ_e along ν): the constant part
 * cancels (Σ|e|ν = 0) and
 *
 *   κ_t = Σ_e ω_e·(|e|/A)·θ_e·ν_e ⊗ ν_e,   ω_e = A/(A + A')                    (1/m)
 *
 * ω_e weights the jump by where the two slopes are sampled (at half the heights h = 2A/|e| on either
 * side): ½ for mirror pairs (then this is the Basic Plate Triangle of Oñate & Zárate 2000), and
 * ω_e(t) + ω_e(t') = 1 for every edge, so the area integral Σ A·κ_t = Σ_e |e|·θ_e·ν⊗ν is the
 * discrete ∫∇∇w, a boundary term for any w: a uniformly bent mesh is in equilibrium at every
 * interior vertex (the patch test) and no vertex can lower the energy by leaving the bent surface.
 * (The alternative that inverts the exact response θ_e(κ) of each triangle's hinges is exact per
 * triangle but fails that test and relaxes to 0.67–0.78 of D on the same grid.)
 *
 * Energy: W = D/2·κ:κ = D/2·(κ₁₁² + κ₂₂² + 2κ₁₂²) per unit area, D = E·t³/(12(1−ν²)) (N·m).
 * Cylindrical bending stores the plate's D/2·κ²; the material's Poisson coupling of the two
 * curvatures is left out (as the hinges do): a strip then bends with D whether or not its edges
 * curl (the wide-plate value the cloth cantilever's analytic uses), and twist is 1/(1−ν) stiffer
 * than the plate's (1−ν)·D.
 *
 * With κ = S·θ (S: 3×3, column e = ω_e·|e|/A·(ν₁², ν₂², ν₁ν₂) in an orthonormal frame of t's rest
 * plane, Voigt order κ₁₁, κ₂₂, κ₁₂) the triangle stores U = ½·A·θᵀ·Sᵀ·C·S·θ, C = D·diag(1, 1, 2),
 * so the constraint vector C = θ − θ₀ (rad) has the compliance matrix
 *
 *   α = S⁻¹·C⁻¹·S⁻ᵀ / A      1/(N·m),   C⁻¹ = diag(1, 1, ½)/D
 *
 * A clamped edge (the triangle across it held rigidly by pins, as a clamped column of cells): the
 * clamp's slope is exact up to the edge, so the edge takes it, ω_e = 1 on the free side, and the
 * rigid triangle stores nothing (it would put the clamp line half a cell inside the held column;
 * this way a clamped strip bends from the held column's edge, as plate theory's clamp).
 *
 * A boundary edge has no hinge: its slope is free, and minimising U over its θ leaves the other
 * hinges the sub-block of α on their rows (the compliance of a marginal is the sub-block of the
 * full compliance); ω of such an edge drops out. Each triangle uses its own D, so where materials
 * meet the bending is that of each side over its own area.
 *
 * Measured by a static solve (test/core/material/cloth-bending.test.ts): cantilever and drape on
 * the alternating grid and on a grid with one diagonal direction within 0.5% of plate theory
 * (span measured from half a cell inside the clamped column); on ±25% jittered grids with the
 * shorter diagonal of each cell 3–5% stiff, with random diagonals (slivers) up to 9%.
 */

/**
 * Orthotropic plate bending (woven cloth, core/material/orthotropic.ts): the same element with the
 * frame's axis 1 on the warp (projected onto the triangle) and C = diag(D₁, D₂, 2·D₃) in place of
 * D·diag(1, 1, 2), the energy ½·(D₁κ₁₁² + D₂κ₂₂² + 2D₃κ₁₂²) with the twist rigidity D₃ = √(D₁D₂)
 * (orthotropicBendingRigidityNM). α = S⁻¹·C⁻¹·S⁻ᵀ/A as above; D₁ = D₂ = D is the isotropic case.
 */
export interface OrthotropicBending {
  /** The warp at rest, any length (projected onto the triangle). */
  warpAxis: readonly [number, number, number];
  /** D₁, D₂, D₃, N·m. */
  warpNM: number;
  weftNM: number;
  twistNM: number;
}

/** Voigt entries of a symmetric 3×3 matrix stored upper-row-major: (00, 01, 02, 11, 12, 22). */
export const UPPER_3X3 = [
  [0, 1, 2],
  [1, 3, 4],
  [2, 4, 5],
] as const;

/**
 * Compliance matrix (1/(N·m), 6 upper entries, see UPPER_3X3) of the plate-bend constraint of
 * triangle (c0, c1, c2) of `positions` (m). `edgeWeight[k]` is ω of edge k = (c_k, c_{k+1}):
 * 0 where it has no hinge (rows and columns of those edges are 0), else hingeEdgeWeight.
 * `bendingStiffnessNM` is the triangle's plate stiffness D (N·m).
 * Null when the triangle is degenerate, has no hinge, or D is not positive and finite.
 */
export function plateBendCompliancePerNM(
  positions: ArrayLike<number>,
  corners: readonly [number, number, number],
  edgeWeight: readonly [number, number, number],
  bendingStiffnessNM: number,
  orthotropic?: OrthotropicBending,
): Float64Array | null {
  if (!(bendingStiffnessNM > 0 && Number.isFinite(bendingStiffnessNM))) return null;
  if (!edgeWeight.some((w) => w > 0)) return null;
  const p = corners.map((c) => Float64Array.of(positions[3 * c], positions[3 * c + 1], positions[3 * c + 2]));
  const e1 = sub(p[1], p[0]);
  const e2 = sub(p[2], p[0]);
  const normal = cross(e1, e2);
  const doubleArea = norm(normal);
  const longest = Math.max(norm(e1), norm(e2), norm(sub(p[2], p[1])));
  if (!(doubleArea > 1e-9 * longest * longest)) return null;
  const area = doubleArea / 2;
  const n = normal.map((v) => v / doubleArea);
  const u = frameAxis(e1, n, orthotropic?.warpAxis);
  const v = cross(n, u);
  // S (row-major 3×3): column k from edge k's outward normal ν = (e × n)/|e| in the frame (u, v).
  const s = new Float64Array(9);
  for (let k = 0; k < 3; k++) {
    const edge = sub(p[(k + 1) % 3], p[k]);
    const length = norm(edge);
    const out = cross(edge, n).map((x) => x / length);
    const nu = out[0] * u[0] + out[1] * u[1] + out[2] * u[2];
    const nv = out[0] * v[0] + out[1] * v[1] + out[2] * v[2];
    // A boundary edge's column drops out of the marginal below; any non-zero weight does.
    const weight = edgeWeight[k] > 0 ? edgeWeight[k] : 0.5;
    const scale = (weight * length) / area;
    s[k] = scale * nu * nu;
    s[3 + k] = scale * nv * nv;
    s[6 + k] = scale * nu * nv;
  }
  const sInverse = invert3(s);
  if (sInverse === null) return null;
  // α = S⁻¹·C⁻¹·S⁻ᵀ/A, C⁻¹ = diag(1, 1, ½)/D (isotropic) or diag(1/D₁, 1/D₂, 1/(2D₃)).
  const cInverse = orthotropic
    ? [
        bendingStiffnessNM / orthotropic.warpNM,
        bendingStiffnessNM / orthotropic.weftNM,
        bendingStiffnessNM / (2 * orthotropic.twistNM),
      ]
    : [1, 1, 0.5];
  const alpha = new Float64Array(6);
  for (let i = 0; i < 3; i++)
    for (let j = i; j < 3; j++) {
      if (!(edgeWeight[i] > 0 && edgeWeight[j] > 0)) continue;
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += sInverse[3 * i + k] * cInverse[k] * sInverse[3 * j + k];
      alpha[UPPER_3X3[i][j]] = sum / (area * bendingStiffnessNM);
    }
  return alpha.every(Number.isFinite) ? alpha : null;
}

/**
 * ω of a hinge edge seen from a triangle of area `areaM2` (m²) whose neighbour across it has
 * `neighbourAreaM2`: A/(A + A'), or 1 when the neighbour is clamped (held rigidly).
 */
export function hingeEdgeWeight(areaM2: number, neighbourAreaM2: number, neighbourClamped: boolean): number {
  return neighbourClamped ? 1 : areaM2 / (areaM2 + neighbourAreaM2);
}

/** Axis 1 of the triangle frame: `axis` projected onto the plane of unit normal n, else e1/|e1|. */
function frameAxis(e1: Vector, n: Vector, axis?: readonly number[]): Vector {
  if (axis !== undefined) {
    const along = axis[0] * n[0] + axis[1] * n[1] + axis[2] * n[2];
    const projected = Float64Array.from(n, (nk, k) => axis[k] - along * nk);
    const length = norm(projected);
    if (length > 1e-6 * Math.hypot(axis[0], axis[1], axis[2])) return projected.map((x) => x / length);
  }
  return e1.map((x) => x / norm(e1));
}

/**
 * A 3-vector. Typed, not number[]: an array literal of coordinates that happen to be integers (a
 * flat cloth's y = 0) is an integer array and the next a double one, and the optimized code of
 * these helpers, seeing both, was thrown away and compiled again on every world build for a while.
 */
type Vector = Float64Array;

function sub(a: Vector, b: Vector): Vector {
  return Float64Array.of(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

function cross(a: Vector, b: Vector): Vector {
  return Float64Array.of(a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]);
}

function norm(a: Vector): number {
  return Math.hypot(a[0], a[1], a[2]);
}

/** Inverse of a row-major 3×3 matrix by its adjugate; null when (nearly) singular. */
function invert3(m: Float64Array): Float64Array | null {
  const [a, b, c, d, e, f, g, h, i] = m;
  const c00 = e * i - f * h;
  const c01 = c * h - b * i;
  const c02 = b * f - c * e;
  const det = a * c00 + d * c01 + g * c02;
  const scale = Math.max(...Array.from(m, Math.abs));
  if (!(Math.abs(det) > 1e-12 * scale ** 3)) return null;
  const r = 1 / det;
  return Float64Array.of(
    c00 * r,
    c01 * r,
    c02 * r,
    (f * g - d * i) * r,
    (a * i - c * g) * r,
    (c * d - a * f) * r,
    (d * h - e * g) * r,
    (b * g - a * h) * r,
    (a * e - b * d) * r,
  );
}
