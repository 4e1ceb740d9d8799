import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  type BlockBase,
  type ConstraintSubset,
  type Created,
  subsetCount,
  TORN_COMPLIANCE,
} from './block.ts';
import { complianceTable, type RowIndex, rowStride, tableRow } from './compliance-table.ts';
import { dot2, dot3, MIN_DENOMINATOR_F32, powerOfTwoScale } from './single-precision.ts';

/**
 * Cloth membrane (stretch and shear) as one constraint vector per triangle: the Green strain in an
 * orthonormal frame of the rest triangle,
 *
 *   C = (E₁₁, E₂₂, E₁₂),  E = ½(FᵀF − I),  F = [f1 f2] = Ds·Dm⁻¹ (3×2)
 *
 * with Ds = [x1−x0, x2−x0] the current edges and Dm the rest edges in the frame (2×2). Its
 * compliance is the 3×3 matrix α = K⁻¹ of linear plane-stress elasticity over the rest area A
 * (core/material/compliance/cloth.ts, derived by core/setup):
 *
 *   α = | a  c  0 |   a = 1/(E·t·A), c = −ν/(E·t·A), s = (1+ν)/(2·E·t·A)   (1/J)
 *       | c  a  0 |
 *       | 0  0  s |
 *
 * so ½·CᵀKC = A·(μ₂·tr E² + λ₂/2·(tr E)²), the plane-stress StVK energy, linear elasticity with
 * (E, ν) for small strains on any triangulation.
 *
 * Orthotropic cloth (woven fabric with warp and weft, core/material/orthotropic.ts): the frame's
 * axis 1 is the warp projected onto the rest triangle (MembraneInput.warpDirection) instead of
 * the first edge, and α₂₂ = 1/(E₂·t·A) differs from α₁₁ = 1/(E₁·t·A); with α₁₂ = −ν₁₂/(E₁·t·A) and
 * α₃₃ = 1/(4·G₁₂·t·A) the same ½·CᵀKC is the plane-stress orthotropic law in the material frame
 * (derivation in core/material/compliance/orthotropic-cloth.ts). Isotropic cloth is the case
 * α₂₂ = α₁₁, whatever the frame.
 *
 * Gradients. With B = Dm⁻¹ (B_ia: edge i, column a) and β_ka the coefficients of vertex k
 * (β_1a = B_1a, β_2a = B_2a, β_0a = −B_1a − B_2a), f_a = Σ_i B_ia·e_i and
 *   ∇_k E₁₁ = β_k1·f1,  ∇_k E₂₂ = β_k2·f2,  ∇_k E₁₂ = ½(β_k1·f2 + β_k2·f1).
 * With S_ab = Σ_k w_k·β_ka·β_kb and q_ab = f_a·f_b the 3×3 matrix Σ_k w_k ∇_k C_i·∇_k C_j is
 *   | S11·q11                S12·q12                ½(S11·q12 + S12·q11)           |
 *   | ·                      S22·q22                ½(S12·q22 + S22·q12)           |
 *   | ·                      ·                      ¼(S11·q22 + 2·S12·q12 + S22·q11) |
 * (symmetric). One XPBD step for the vector (Macklin et al. 2016, eq. 18 written for a
 * constraint vector, as in neo-hookean.ts): (∇C·W·∇Cᵀ + α̃)·Δλ = −C − α̃·λ, α̃ = α/h²; the moves
 * are x_k += w_k·(β_k1·g1 + β_k2·g2), g1 = Δλ₁·f1 + ½Δλ₃·f2, g2 = Δλ₂·f2 + ½Δλ₃·f1.
 *
 * The solve is in single precision (`solveMembrane`; single-precision.ts): C itself is only known
 * to about 6e-8 there (|F|² is rounded near 1), a strain far below the discretisation's error.
 * At rest λ = 0 and C = 0 but for that rounding and the single-precision Dm⁻¹ (|C| about 5e-8 on
 * cloth grids), and the system is positive definite (no rest multipliers, unlike the stable
 * neo-Hookean pair).
 * Guards: a 3×3 determinant, of the system scaled to a trace in [1, 2), at or below
 * MIN_DENOMINATOR or NaN (a collapsed triangle with α = 0; a torn one, whose infinite compliance
 * makes it NaN) skips the triangle; degenerate rest triangles are left out of the block when it is
 * built.
 * Damping is not done here: the cloth compiler adds an edge-damper set along the triangle edges.
 */
export interface MembraneBlock extends BlockBase {
  readonly kind: 'membrane';
  /**
   * Dm⁻¹ rows, row-major (B11, B12, B21, B22), 1/m, in single precision: a rest constant (its
   * rounding, 6e-8 relative, is a rest shape that much off, far below the discretisation's error),
   * as the kernels compute with it. Triangle t's is at restShapeOffset(block, t).
   */
  readonly inverseRestShape: Float32Array;
  /**
   * Rows of inverseRestShape by triangle: empty when each triangle has its own (row t), else the
   * row of each triangle (compliance-table.ts RowIndex). A grid's triangles have a handful of
   * shapes, so the distinct rows once and a byte per triangle (or one row for all) hold what
   * 16 bytes per triangle did; a block whose rest shapes may flow (plasticity.ts) keeps its own.
   */
  readonly restShapeIndex: RowIndex;
  /**
   * The distinct compliance rows of the block, MEMBRANE_ROW values each: α₁₁ (along frame axis 1:
   * the warp for orthotropic cloth), α₁₂ (≤ 0), α₃₃, α₂₂ (along axis 2: the weft; α₁₁ for isotropic
   * cloth), 1/J. A grid's triangles share one or a few; a block that may tear ends with
   * MEMBRANE_TORN_ROW (row `tornRow`).
   */
  readonly compliance: Float64Array;
  /**
   * Per triangle, its row of `compliance` (compliance-table.ts RowIndex): one element for all when
   * they share one row and the block cannot tear, else one per triangle.
   */
  readonly complianceIndex: RowIndex;
  /** The row a torn triangle is switched to (tearing.ts); null when the block was built not to tear. */
  readonly tornRow: number | null;
  /**
   * Multipliers of the current substep, 3 per triangle (E₁₁, E₂₂, E₁₂), J·s² (C is dimensionless),
   * in single precision: reset every substep, a sweep moves the particles by its Δλ in f64 and
   * stores λ + Δλ rounded, read back by a further sweep of the same substep (rounding 6e-8 of a
   * term already O(α̃λ)) and by the force metrics.
   */
  readonly lambda: Float32Array;
  /** Input triangles left out because their rest area is (nearly) zero. */
  readonly degenerateCount: number;
}

/** Compliances per triangle as core/setup derives them (core/material/compliance/cloth.ts). */
export interface MembraneInput {
  /** Triangles, 3 world-global particle indices each. */
  triangles: Uint32Array;
  normalCompliancePerJ: Float64Array;
  couplingCompliancePerJ: Float64Array;
  shearCompliancePerJ: Float64Array;
  /** α₂₂ per triangle, 1/J, where it differs from α₁₁ (orthotropic cloth). Absent: α₂₂ = α₁₁. */
  weftNormalCompliancePerJ?: Float64Array;
  /**
   * Axis 1 of each triangle's strain frame, 3 per triangle (any length; projected onto the rest
   * triangle): the warp of orthotropic cloth. Absent: the triangle's first edge.
   */
  warpDirection?: Float64Array;
  /** Plastic flow may rewrite each triangle's rest shape (plasticity.ts): keep one per triangle. */
  plastic?: boolean;
  /**
   * The block may tear (tearing.ts): it keeps MEMBRANE_TORN_ROW and a row index per triangle to
   * switch. Absent: it never tears, and triangles of one row keep no per-triangle index.
   */
  tearable?: boolean;
}

/** Values per compliance row: α₁₁, α₁₂, α₃₃, α₂₂ (offsets below). */
export const MEMBRANE_ROW = 4;
export const ALPHA_NORMAL = 0;
export const ALPHA_COUPLING = 1;
export const ALPHA_SHEAR = 2;
export const ALPHA_NORMAL_WEFT = 3;

/** Compliance `entry` (ALPHA_NORMAL, …) of block triangle t, 1/J. */
export function membraneCompliance(block: MembraneBlock, t: number, entry: number): number {
  return block.compliance[MEMBRANE_ROW * tableRow(block.complianceIndex, t) + entry];
}

/** Offset of block triangle t's Dm⁻¹ in inverseRestShape. */
export function restShapeOffset(block: MembraneBlock, t: number): number {
  const index = block.restShapeIndex;
  return 4 * (index.length === 0 ? t : tableRow(index, t));
}

/** Rest area of block triangle t, m²: Dm⁻¹ has determinant 1/det Dm = 1/(2A). */
export function membraneRestAreaM2(block: MembraneBlock, t: number): number {
  const B = block.inverseRestShape;
  const o = restShapeOffset(block, t);
  return 0.5 / Math.abs(B[o] * B[o + 3] - B[o + 1] * B[o + 2]);
}

/** A rest triangle is degenerate when 2A ≤ this × (longest edge)² (no valid Dm⁻¹). */
export const DEGENERATE_TRIANGLE_RATIO = 1e-9;

/** True when triangle (a, b, c) of `positions` has (nearly) no area and must get no membrane constraint. */
export function isDegenerateTriangle(positions: ArrayLike<number>, a: number, b: number, c: number): boolean {
  const e = [0, 1, 2].map((k) => positions[3 * b + k] - positions[3 * a + k]);
  const f = [0, 1, 2].map((k) => positions[3 * c + k] - positions[3 * a + k]);
  const g = [0, 1, 2].map((k) => f[k] - e[k]);
  const doubleArea = Math.hypot(
    e[1] * f[2] - e[2] * f[1],
    e[2] * f[0] - e[0] * f[2],
    e[0] * f[1] - e[1] * f[0],
  );
  const longestSq = Math.max(
    e[0] ** 2 + e[1] ** 2 + e[2] ** 2,
    f[0] ** 2 + f[1] ** 2 + f[2] ** 2,
    g[0] ** 2 + g[1] ** 2 + g[2] ** 2,
  );
  return !(doubleArea > DEGENERATE_TRIANGLE_RATIO * longestSq);
}

/**
 * Dm⁻¹ of rest triangle (a, b, c) into out[o..o+4) (row-major) in the frame x̂ = e1/|e1|,
 * ŷ ⟂ x̂ in the plane: Dm = [[|e1|, e2·x̂], [0, 2A/|e1|]]. Returns the rest area, m².
 *
 * With `axis` (3 values from axis[axisOffset]): x̂ = the axis projected onto the triangle's plane
 * and normalised, ŷ = n̂ × x̂ (n̂ along e1 × e2), Dm = [[e1·x̂, e2·x̂], [e1·ŷ, e2·ŷ]]; an axis (nearly)
 * normal to the triangle leaves the first-edge frame.
 */
export function writeTriangleInverseRestShape(
  rest: Float64Array,
  a: number,
  b: number,
  c: number,
  out: Float64Array | Float32Array,
  o: number,
  axis?: ArrayLike<number>,
  axisOffset = 0,
): number {
  if (axis !== undefined) {
    const area = writeAxisInverseRestShape(rest, a, b, c, out, o, axis, axisOffset);
    if (area >= 0) return area;
  }
  let e1Sq = 0;
  let dot = 0;
  let e2Sq = 0;
  for (let k = 0; k < 3; k++) {
    const e1 = rest[3 * b + k] - rest[3 * a + k];
    const e2 = rest[3 * c + k] - rest[3 * a + k];
    e1Sq += e1 * e1;
    dot += e1 * e2;
    e2Sq += e2 * e2;
  }
  const e1Length = Math.sqrt(e1Sq);
  const doubleArea = Math.sqrt(Math.max(0, e1Sq * e2Sq - dot * dot));
  const d00 = e1Length;
  const d01 = dot / e1Length;
  const d11 = doubleArea / e1Length;
  // Inverse of the upper-triangular [[d00, d01], [0, d11]].
  out[o] = 1 / d00;
  out[o + 1] = -d01 / (d00 * d11);
  out[o + 2] = 0;
  out[o + 3] = 1 / d11;
  return doubleArea / 2;
}

/** writeTriangleInverseRestShape in the frame of `axis`; −1 when the axis has no in-plane part. */
function writeAxisInverseRestShape(
  rest: Float64Array,
  a: number,
  b: number,
  c: number,
  out: Float64Array | Float32Array,
  o: number,
  axis: ArrayLike<number>,
  axisOffset: number,
): number {
  const e1 = [0, 1, 2].map((k) => rest[3 * b + k] - rest[3 * a + k]);
  const e2 = [0, 1, 2].map((k) => rest[3 * c + k] - rest[3 * a + k]);
  const n = [e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2], e1[0] * e2[1] - e1[1] * e2[0]];
  const doubleArea = Math.hypot(n[0], n[1], n[2]);
  const d = [axis[axisOffset], axis[axisOffset + 1], axis[axisOffset + 2]];
  const axisLength = Math.hypot(d[0], d[1], d[2]);
  if (!(doubleArea > 0) || !(axisLength > 0)) return -1;
  const along = (d[0] * n[0] + d[1] * n[1] + d[2] * n[2]) / (doubleArea * doubleArea);
  const u = [0, 1, 2].map((k) => d[k] - along * n[k]);
  const uLength = Math.hypot(u[0], u[1], u[2]);
  if (!(uLength > 1e-6 * axisLength)) return -1;
  for (let k = 0; k < 3; k++) u[k] /= uLength;
  const v = [0, 1, 2].map(
    (k) => (n[(k + 1) % 3] * u[(k + 2) % 3] - n[(k + 2) % 3] * u[(k + 1) % 3]) / doubleArea,
  );
  const dot = (p: number[], q: number[]) => p[0] * q[0] + p[1] * q[1] + p[2] * q[2];
  const d00 = dot(e1, u);
  const d01 = dot(e2, u);
  const d10 = dot(e1, v);
  const d11 = dot(e2, v);
  const determinant = d00 * d11 - d01 * d10; // = 2A > 0 (v = n̂ × u keeps the winding)
  if (!(determinant > 0)) return -1;
  out[o] = d11 / determinant;
  out[o + 1] = -d01 / determinant;
  out[o + 2] = -d10 / determinant;
  out[o + 3] = d00 / determinant;
  return doubleArea / 2;
}

export function createMembraneBlock(input: MembraneInput, state: ParticleState): Created<MembraneBlock> {
  const rest = state.rest;
  const inputCount = input.triangles.length / 3;
  const kept: number[] = [];
  for (let t = 0; t < inputCount; t++) {
    const [a, b, c] = input.triangles.subarray(3 * t, 3 * t + 3);
    if (!isDegenerateTriangle(rest, a, b, c)) kept.push(t);
  }
  const count = kept.length;
  const triangles = new Uint32Array(3 * count);
  const dmInv = new Float64Array(4 * count);
  kept.forEach((t, k) => {
    const [a, b, c] = input.triangles.subarray(3 * t, 3 * t + 3);
    triangles.set([a, b, c], 3 * k);
    writeTriangleInverseRestShape(rest, a, b, c, dmInv, 4 * k, input.warpDirection, 3 * t);
  });
  const colouring = colourConstraints(triangles, 3, state.count, state.leafOf);
  const order = colouring.order;
  const inputOrder = Uint32Array.from(order, (k) => kept[k]);
  // Rows per input triangle (α₂₂ = α₁₁ where no weft is given: isotropic cloth), then shared.
  const rows = new Float64Array(MEMBRANE_ROW * inputCount);
  for (let t = 0; t < inputCount; t++) {
    const o = MEMBRANE_ROW * t;
    rows[o + ALPHA_NORMAL] = input.normalCompliancePerJ[t];
    rows[o + ALPHA_COUPLING] = input.couplingCompliancePerJ[t];
    rows[o + ALPHA_SHEAR] = input.shearCompliancePerJ[t];
    rows[o + ALPHA_NORMAL_WEFT] = (input.weftNormalCompliancePerJ ?? input.normalCompliancePerJ)[t];
  }
  const table = complianceTable(rows, MEMBRANE_ROW, inputOrder, input.tearable ? MEMBRANE_TORN_ROW : []);
  return {
    kind: 'membrane',
    count,
    arity: 3,
    particles: permute(triangles, 3, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: inputOrder,
    stiffnessScale: 1,
    damped: false, // damped along its edges: edge-damper.ts
    ...restShapes(Float32Array.from(permute(dmInv, 4, order)), input.plastic ?? false),
    compliance: table.values,
    complianceIndex: table.index,
    tornRow: input.tearable ? table.values.length / MEMBRANE_ROW - 1 : null,
    lambda: new Float32Array(3 * count),
    degenerateCount: inputCount - count,
  };
}

/**
 * The block's Dm⁻¹ rows from one per triangle (block order, single precision): each distinct row
 * once and an index, where that takes less memory and the shapes cannot flow; else as they are.
 */
function restShapes(
  perTriangle: Float32Array,
  plastic: boolean,
): { inverseRestShape: Float32Array; restShapeIndex: RowIndex } {
  const own = { inverseRestShape: perTriangle, restShapeIndex: new Uint8Array(0) };
  const count = perTriangle.length / 4;
  if (plastic || count === 0) return own;
  const identity = Uint32Array.from({ length: count }, (_, t) => t);
  // The f32 values widened to f64 and back: exact, so the shared rows are the same floats.
  const table = complianceTable(Float64Array.from(perTriangle), 4, identity);
  const indexBytes = table.index.byteLength;
  if (4 * table.values.length + indexBytes >= perTriangle.byteLength) return own;
  return { inverseRestShape: Float32Array.from(table.values), restShapeIndex: table.index };
}

/** The row a torn triangle is switched to (tearing.ts): every compliance TORN_COMPLIANCE. */
export const MEMBRANE_TORN_ROW = [
  TORN_COMPLIANCE,
  TORN_COMPLIANCE,
  TORN_COMPLIANCE,
  TORN_COMPLIANCE,
] as const;

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s (see the block comment),
 * in single precision (single-precision.ts): the edges taken in double and rounded, F, C, the 3×3
 * system and Δλ in f32, the moves in double with u_0 = −(u_1 + u_2). The system's entries grow as
 * w·|Dm⁻¹|² (4e9 on the 128² bench cloth, 1e14 on a 5 cm patch of 64² cells of silk), so that its
 * determinant, about their cube, would pass single precision's 3.4e38 on small or finely meshed
 * cloth: the system is scaled by the power of two that brings its trace to [1, 2) before the
 * adjugate solve, and Δλ by it again. Scaling by a power of two is exact, so the floats are those
 * of the unscaled solve wherever that one stays within range. A torn triangle's compliance is
 * infinite in single precision and makes the determinant NaN: it sits out.
 */
export function solveMembrane(block: MembraneBlock, state: ParticleState, h: number): void {
  const fr = Math.fround;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const B = block.inverseRestShape;
  const shapeIndex = block.restShapeIndex;
  const ownShapes = shapeIndex.length === 0;
  const shapeStep = rowStride(shapeIndex);
  const alpha = block.compliance;
  const alphaIndex = block.complianceIndex;
  const rowStep = rowStride(alphaIndex);
  const lambda = block.lambda;
  const scale = fr(block.stiffnessScale);
  const count = block.count;
  const invHSq = fr(1 / (h * h));
  for (let t = 0; t < count; t++) {
    const q0 = particles[3 * t];
    const q1 = particles[3 * t + 1];
    const q2 = particles[3 * t + 2];
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const w0 = fr(w[q0]);
    const w1 = fr(w[q1]);
    const w2 = fr(w[q2]);
    const o = 4 * (ownShapes ? t : shapeIndex[t * shapeStep]);
    const b11 = B[o];
    const b12 = B[o + 1];
    const b21 = B[o + 2];
    const b22 = B[o + 3];
    const x0 = x[i0];
    const y0 = x[i0 + 1];
    const z0 = x[i0 + 2];
    const e1x = fr(x[i1] - x0);
    const e1y = fr(x[i1 + 1] - y0);
    const e1z = fr(x[i1 + 2] - z0);
    const e2x = fr(x[i2] - x0);
    const e2y = fr(x[i2 + 1] - y0);
    const e2z = fr(x[i2 + 2] - z0);
    const f1x = dot2(e1x, e2x, b11, b21);
    const f1y = dot2(e1y, e2y, b11, b21);
    const f1z = dot2(e1z, e2z, b11, b21);
    const f2x = dot2(e1x, e2x, b12, b22);
    const f2y = dot2(e1y, e2y, b12, b22);
    const f2z = dot2(e1z, e2z, b12, b22);
    const q11 = dot3(f1x, f1y, f1z, f1x, f1y, f1z);
    const q22 = dot3(f2x, f2y, f2z, f2x, f2y, f2z);
    const q12 = dot3(f1x, f1y, f1z, f2x, f2y, f2z);
    const c1 = fr(0.5 * fr(q11 - 1));
    const c2 = fr(0.5 * fr(q22 - 1));
    const c3 = fr(0.5 * q12);
    // β_k1, β_k2 per vertex and S_ab = Σ w·β_a·β_b.
    const p01 = -fr(b11 + b21);
    const p02 = -fr(b12 + b22);
    const s11 = dot3(fr(w0 * p01), fr(w1 * b11), fr(w2 * b21), p01, b11, b21);
    const s22 = dot3(fr(w0 * p02), fr(w1 * b12), fr(w2 * b22), p02, b12, b22);
    const s12 = dot3(fr(w0 * p01), fr(w1 * b11), fr(w2 * b21), p02, b12, b22);
    const a = MEMBRANE_ROW * alphaIndex[t * rowStep];
    const an = fr(fr(alpha[a + ALPHA_NORMAL]) * invHSq);
    const an2 = fr(fr(alpha[a + ALPHA_NORMAL_WEFT]) * invHSq);
    const ac = fr(fr(alpha[a + ALPHA_COUPLING]) * invHSq);
    const as = fr(fr(alpha[a + ALPHA_SHEAR]) * invHSq);
    const a11 = fr(fr(s11 * q11) + an);
    const a22 = fr(fr(s22 * q22) + an2);
    const a33 = fr(fr(0.25 * fr(fr(fr(s11 * q22) + fr(fr(2 * s12) * q12)) + fr(s22 * q11))) + as);
    const a12 = fr(fr(s12 * q12) + ac);
    const a13 = fr(0.5 * dot2(s11, s12, q12, q11));
    const a23 = fr(0.5 * dot2(s12, s22, q22, q12));
    // Scaled by the power of two that brings the trace to [1, 2): exact (see the function comment).
    const k = powerOfTwoScale(fr(fr(a11 + a22) + a33));
    const A11 = fr(a11 * k);
    const A22 = fr(a22 * k);
    const A33 = fr(a33 * k);
    const A12 = fr(a12 * k);
    const A13 = fr(a13 * k);
    const A23 = fr(a23 * k);
    const l = 3 * t;
    const l1 = lambda[l];
    const l2 = lambda[l + 1];
    const l3 = lambda[l + 2];
    const r1 = fr(-c1 - dot2(an, ac, l1, l2));
    const r2 = fr(-c2 - dot2(ac, an2, l1, l2));
    const r3 = fr(-c3 - fr(as * l3));
    // Symmetric 3×3 solve by the adjugate.
    const m11 = fr(fr(A22 * A33) - fr(A23 * A23));
    const m12 = fr(fr(A13 * A23) - fr(A12 * A33));
    const m13 = fr(fr(A12 * A23) - fr(A13 * A22));
    const determinant = dot3(A11, A12, A13, m11, m12, m13);
    if (!(determinant > MIN_DENOMINATOR_F32)) continue;
    const m22 = fr(fr(A11 * A33) - fr(A13 * A13));
    const m23 = fr(fr(A12 * A13) - fr(A11 * A23));
    const m33 = fr(fr(A11 * A22) - fr(A12 * A12));
    const inv = fr(fr(k * scale) / determinant);
    const d1 = fr(dot3(m11, m12, m13, r1, r2, r3) * inv);
    const d2 = fr(dot3(m12, m22, m23, r1, r2, r3) * inv);
    const d3 = fr(dot3(m13, m23, m33, r1, r2, r3) * inv);
    lambda[l] = l1 + d1;
    lambda[l + 1] = l2 + d2;
    lambda[l + 2] = l3 + d3;
    const h3 = fr(0.5 * d3);
    const g1x = dot2(d1, h3, f1x, f2x);
    const g1y = dot2(d1, h3, f1y, f2y);
    const g1z = dot2(d1, h3, f1z, f2z);
    const g2x = dot2(d2, h3, f2x, f1x);
    const g2y = dot2(d2, h3, f2y, f1y);
    const g2z = dot2(d2, h3, f2z, f1z);
    const u1x = dot2(b11, b12, g1x, g2x);
    const u1y = dot2(b11, b12, g1y, g2y);
    const u1z = dot2(b11, b12, g1z, g2z);
    const u2x = dot2(b21, b22, g1x, g2x);
    const u2y = dot2(b21, b22, g1y, g2y);
    const u2z = dot2(b21, b22, g1z, g2z);
    const W0 = w[q0];
    const W1 = w[q1];
    const W2 = w[q2];
    x[i0] = x0 + W0 * -(u1x + u2x);
    x[i0 + 1] = y0 + W0 * -(u1y + u2y);
    x[i0 + 2] = z0 + W0 * -(u1z + u2z);
    x[i1] += W1 * u1x;
    x[i1 + 1] += W1 * u1y;
    x[i1 + 2] += W1 * u1z;
    x[i2] += W2 * u2x;
    x[i2 + 1] += W2 * u2y;
    x[i2 + 2] += W2 * u2z;
  }
}

/** The deformation gradient columns f1, f2 of block triangle t into `f` (6 values). */
function deformation(x: Float64Array, block: MembraneBlock, t: number, f: Float64Array): void {
  const p = block.particles;
  const B = block.inverseRestShape;
  const i0 = 3 * p[3 * t];
  const i1 = 3 * p[3 * t + 1];
  const i2 = 3 * p[3 * t + 2];
  const o = restShapeOffset(block, t);
  for (let r = 0; r < 3; r++) {
    const e1 = x[i1 + r] - x[i0 + r];
    const e2 = x[i2 + r] - x[i0 + r];
    f[r] = e1 * B[o] + e2 * B[o + 2];
    f[3 + r] = e1 * B[o + 1] + e2 * B[o + 3];
  }
}

const scratchF = new Float64Array(6);

/** Adds λ·∇C/h² (N) of every triangle to `forceN` (3 per particle). */
export function addMembraneForces(
  block: MembraneBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  const f = scratchF;
  const B = block.inverseRestShape;
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const t = only ? only[i] : i;
    deformation(state.x, block, t, f);
    const l1 = block.lambda[3 * t] * invHSq;
    const l2 = block.lambda[3 * t + 1] * invHSq;
    const l3 = 0.5 * block.lambda[3 * t + 2] * invHSq;
    const o = restShapeOffset(block, t);
    const beta = [
      [-(B[o] + B[o + 2]), -(B[o + 1] + B[o + 3])],
      [B[o], B[o + 1]],
      [B[o + 2], B[o + 3]],
    ];
    for (let k = 0; k < 3; k++) {
      const p3 = 3 * block.particles[3 * t + k];
      for (let r = 0; r < 3; r++) {
        const g1 = l1 * f[r] + l3 * f[3 + r];
        const g2 = l2 * f[3 + r] + l3 * f[r];
        forceN[p3 + r] += beta[k][0] * g1 + beta[k][1] * g2;
      }
    }
  }
}

/** Green strain (E₁₁, E₂₂, E₁₂) of block triangle t at positions x, into `out`. */
export function membraneStrain(
  x: Float64Array,
  block: MembraneBlock,
  t: number,
  out: Float64Array,
): Float64Array {
  const f = scratchF;
  deformation(x, block, t, f);
  out[0] = 0.5 * (f[0] * f[0] + f[1] * f[1] + f[2] * f[2] - 1);
  out[1] = 0.5 * (f[3] * f[3] + f[4] * f[4] + f[5] * f[5] - 1);
  out[2] = 0.5 * (f[0] * f[3] + f[1] * f[4] + f[2] * f[5]);
  return out;
}
