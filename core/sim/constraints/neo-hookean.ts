import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';
import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, type ConstraintSubset, type Created, subsetCount } from './block.ts';
import { dot2, dot3, MIN_DENOMINATOR_F32, weighted4 } from './single-precision.ts';
import { isDegenerateTet, writeInverseRestShape } from './tet-rest.ts';

/**
 * Stable neo-Hookean tetrahedron as two constraints (Macklin & Müller 2021, "A Constraint-based
 * Formulation of Stable Neo-Hookean Materials", §4). With F = Ds·Dm⁻¹, Ds = [x1−x0, x2−x0, x3−x0]:
 *
 *   hydrostatic  C_H = det F − γ,         ∂C_H/∂F = cof F = [f1×f2, f2×f0, f0×f1],  α_H = 1/(λ_NH·V)
 *   deviatoric   C_D = ‖F‖_F = √tr(FᵀF),  ∂C_D/∂F = F/‖F‖_F,                       α_D = 1/(μ·V)
 *
 * (f_c the columns of F, V the rest volume in m³, compliances in 1/(Pa·m³) = 1/J.) ½C²/α sums to
 * V·(μ/2·I_C + λ_NH/2·(J − γ)²); the paper writes C_D without the "−3" because √(I_C − 3) has no
 * gradient at rest, and γ = 1 + μ/λ_NH cancels the resulting rest stress. λ_NH = λ + μ so that
 * small strains match linear elasticity (see material.ts). Gradients w.r.t. positions:
 * ∇_{x_i}C = Σ_c P_c·Dm⁻¹[i−1][c] for i = 1..3 (P_c the columns of ∂C/∂F), ∇_{x_0}C = −Σ_{i≥1} ∇_{x_i}C.
 *
 * Both constraints of a tet are solved together as one 2×2 XPBD system (see solveNeoHookean).
 * Guards: cof F and F/‖F‖ stay finite for inverted or collapsed tets (that is the point of the
 * formulation); ‖F‖ ≈ 0 skips the deviatoric part, a zero denominator skips either. Degenerate
 * rest tets (no Dm⁻¹) are left out of the block when it is built.
 */
export interface NeoHookeanBlock extends BlockBase {
  readonly kind: 'neo-hookean';
  /** Dm⁻¹ row-major, 9 per tet, 1/m. */
  readonly inverseRestShape: Float64Array;
  /**
   * M = Dm⁻¹·Dm⁻ᵀ, symmetric, 6 per tet (m00, m01, m02, m11, m12, m22), 1/m², and
   * det Dm⁻¹ = 1/(6V), 1/m³: what the solve needs of the rest shape (see solveNeoHookean).
   */
  readonly restShapeProduct: Float64Array;
  readonly inverseRestDeterminant: Float64Array;
  /** Rest volume V, m³. */
  readonly restVolumeM3: Float64Array;
  /** α_D = 1/(μV), 1/J. */
  readonly complianceDeviatoric: Float64Array;
  /** α_H = 1/(λ_NH·V), 1/J. */
  readonly complianceHydrostatic: Float64Array;
  /** Rest target γ of det F, dimensionless. */
  readonly gamma: Float64Array;
  /** Multipliers of the current substep, J·s² (C is dimensionless), single precision as the solve. */
  readonly lambdaDeviatoric: Float32Array;
  readonly lambdaHydrostatic: Float32Array;
  /** Input tets left out because their rest volume is (nearly) zero. */
  readonly degenerateCount: number;
}

/** Compliances per tet as core/setup derives them (core/material/compliance/neo-hookean.ts). */
export interface NeoHookeanInput {
  /** Tets, 4 world-global particle indices each. Negative rest orientation is fixed by a swap. */
  tets: Uint32Array;
  /** α_D = 1/(μV) per tet, 1/J. */
  deviatoricCompliancePerJ: Float64Array;
  /** α_H = 1/(λ_NH·V) per tet, 1/J (0 = incompressible). */
  hydrostaticCompliancePerJ: Float64Array;
  /** γ = 1 + μ/λ_NH per tet. */
  gamma: Float64Array;
}

/** Tets of a colour the WebAssembly kernel solves at a time: f32x4 lanes (wasm/assembly/kernels.ts). */
const NEO_HOOKEAN_LANES = 4;

const F = new Float64Array(9); // deformation gradient, column-major: F[3c + r]
const P = new Float64Array(9); // ∂C/∂F, column-major
const G = new Float64Array(12); // ∇C for the 4 particles, xyz each

export function createNeoHookeanBlock(
  input: NeoHookeanInput,
  state: ParticleState,
): Created<NeoHookeanBlock> {
  const rest = state.rest;
  const inputCount = input.tets.length / 4;
  const kept: number[] = [];
  for (let t = 0; t < inputCount; t++)
    if (!isDegenerateTet(rest, input.tets.subarray(4 * t, 4 * t + 4))) kept.push(t);
  const count = kept.length;
  const tets = new Uint32Array(4 * count);
  const dmInv = new Float64Array(9 * count);
  const volume = new Float64Array(count);
  const alphaD = new Float64Array(count);
  const alphaH = new Float64Array(count);
  const gamma = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const t = kept[k];
    const a = input.tets[4 * t];
    let b = input.tets[4 * t + 1];
    let c = input.tets[4 * t + 2];
    const d = input.tets[4 * t + 3];
    if (signedTetVolumeM3(rest, a, b, c, d) < 0) [b, c] = [c, b];
    tets.set([a, b, c, d], 4 * k);
    writeInverseRestShape(rest, a, b, c, d, dmInv, 9 * k);
    volume[k] = signedTetVolumeM3(rest, a, b, c, d);
    alphaD[k] = input.deviatoricCompliancePerJ[t];
    alphaH[k] = input.hydrostaticCompliancePerJ[t];
    gamma[k] = input.gamma[t];
  }
  // Colours in multiples of the kernel's four lanes (f32x4) where they can be: a tet left over at a
  // colour's end costs the scalar kernel some three lanes' time, and a 16³ cube has 245 colours
  // (first fit alone left 348 of its 20,480 tets so, 4% of its frame; evened, 4).
  const colouring = colourConstraints(tets, 4, state.count, state.leafOf, NEO_HOOKEAN_LANES);
  const order = colouring.order;
  const inputOrder = Uint32Array.from(order, (k) => kept[k]);
  const inverseRestShape = permute(dmInv, 9, order);
  const restVolumeM3 = permute(volume, 1, order);
  return {
    kind: 'neo-hookean',
    count,
    arity: 4,
    particles: permute(tets, 4, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: inputOrder,
    stiffnessScale: 1,
    damped: false, // damped through its edges: edge-damper.ts
    inverseRestShape,
    restShapeProduct: restShapeProducts(inverseRestShape, count),
    inverseRestDeterminant: Float64Array.from(restVolumeM3, (v) => 1 / (6 * v)),
    restVolumeM3,
    complianceDeviatoric: permute(alphaD, 1, order),
    complianceHydrostatic: permute(alphaH, 1, order),
    gamma: permute(gamma, 1, order),
    lambdaDeviatoric: new Float32Array(count),
    lambdaHydrostatic: new Float32Array(count),
    degenerateCount: inputCount - count,
  };
}

/** M = B·Bᵀ per tet from B = Dm⁻¹ (row-major, 9 each): m00, m01, m02, m11, m12, m22. */
function restShapeProducts(B: Float64Array, count: number): Float64Array {
  const out = new Float64Array(6 * count);
  for (let t = 0; t < count; t++) {
    const o = 9 * t;
    const row = (i: number, j: number) =>
      B[o + 3 * i] * B[o + 3 * j] + B[o + 3 * i + 1] * B[o + 3 * j + 1] + B[o + 3 * i + 2] * B[o + 3 * j + 2];
    out.set([row(0, 0), row(0, 1), row(0, 2), row(1, 1), row(1, 2), row(2, 2)], 6 * t);
  }
  return out;
}

/** F = Ds·Dm⁻¹ of block tet t at the current positions, into the scratch F. */
/** F = Ds·Dm⁻¹ of tet t into `out` (column-major, out[3c + r]; the module's scratch by default). */
export function deformationGradient(
  x: Float64Array,
  particles: Uint32Array,
  dmInv: Float64Array,
  t: number,
  out: Float64Array = F,
): void {
  const i0 = 3 * particles[4 * t];
  const i1 = 3 * particles[4 * t + 1];
  const i2 = 3 * particles[4 * t + 2];
  const i3 = 3 * particles[4 * t + 3];
  const o = 9 * t;
  for (let r = 0; r < 3; r++) {
    const e1 = x[i1 + r] - x[i0 + r];
    const e2 = x[i2 + r] - x[i0 + r];
    const e3 = x[i3 + r] - x[i0 + r];
    out[r] = e1 * dmInv[o] + e2 * dmInv[o + 3] + e3 * dmInv[o + 6];
    out[3 + r] = e1 * dmInv[o + 1] + e2 * dmInv[o + 4] + e3 * dmInv[o + 7];
    out[6 + r] = e1 * dmInv[o + 2] + e2 * dmInv[o + 5] + e3 * dmInv[o + 8];
  }
}

/** ∇_x C from ∂C/∂F (scratch P) into scratch G; returns Σ w|∇C|². */
function gradientsFromP(w: Float64Array, particles: Uint32Array, dmInv: Float64Array, t: number): number {
  const o = 9 * t;
  let wGradSq = 0;
  for (let r = 0; r < 3; r++) {
    let sum = 0;
    for (let i = 0; i < 3; i++) {
      const g = P[r] * dmInv[o + 3 * i] + P[3 + r] * dmInv[o + 3 * i + 1] + P[6 + r] * dmInv[o + 3 * i + 2];
      G[3 + 3 * i + r] = g;
      sum += g;
    }
    G[r] = -sum;
  }
  for (let k = 0; k < 4; k++) {
    const gx = G[3 * k];
    const gy = G[3 * k + 1];
    const gz = G[3 * k + 2];
    wGradSq += w[particles[4 * t + k]] * (gx * gx + gy * gy + gz * gz);
  }
  return wGradSq;
}

/** Scratch P ← cof F; returns det F. */
function cofactorIntoP(): number {
  P[0] = F[4] * F[8] - F[5] * F[7];
  P[1] = F[5] * F[6] - F[3] * F[8];
  P[2] = F[3] * F[7] - F[4] * F[6];
  P[3] = F[7] * F[2] - F[8] * F[1];
  P[4] = F[8] * F[0] - F[6] * F[2];
  P[5] = F[6] * F[1] - F[7] * F[0];
  P[6] = F[1] * F[5] - F[2] * F[4];
  P[7] = F[2] * F[3] - F[0] * F[5];
  P[8] = F[0] * F[4] - F[1] * F[3];
  return F[0] * P[0] + F[1] * P[1] + F[2] * P[2];
}

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s.
 *
 * The two constraints of a tet are solved together as a 2×2 system (the XPBD update of
 * Macklin et al. 2016, eq. 18, written for a constraint vector):
 *   Σ_j (∇C_i M⁻¹ ∇C_jᵀ)·Δλ_j + α̃_i·Δλ_i = −C_i − α̃_i·λ_i,   i, j ∈ {H, D}.
 * Solving them one after the other leaves a rest-state bias: at F = I both constraints carry
 * large opposing multipliers (C_D = √3, C_H = 1 − γ) whose updates cancel only when solved
 * jointly; with the coupled solve F = I is an exact fixed point for any h.
 *
 * The gradients are formed from the edge vectors E = Ds = [e1 e2 e3] without forming F
 * (fewer operations; the same values up to rounding, checked by perf-kernels.test.ts):
 *   det F = det E·det Dm⁻¹,  ∇_{x_i}C_H = det Dm⁻¹·c_i,  c = cof E = [e2×e3, e3×e1, e1×e2]
 *   (∂ det F/∂Ds = cof F·Dm⁻ᵀ = det Dm⁻¹·cof Ds);
 *   F·Dm⁻ᵀ = E·M with M = Dm⁻¹·Dm⁻ᵀ, so ∇_{x_i}C_D = p_i/‖F‖ with p_i = column i of E·M, and
 *   ‖F‖² = tr(E·M·Eᵀ) = Σ_i e_i·p_i;  ∇_{x_0} = −Σ_{i≥1} ∇_{x_i} for both.
 * The 2×2 system is written in the unscaled c and p: Δλ_H's move is det Dm⁻¹·Δλ_H along c,
 * Δλ_D's is Δλ_D/‖F‖ along p.
 */
export function solveNeoHookean(block: NeoHookeanBlock, state: ParticleState, h: number): void {
  const fr = Math.fround;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const M = block.restShapeProduct;
  const detB = block.inverseRestDeterminant;
  const alphaH = block.complianceHydrostatic;
  const alphaD = block.complianceDeviatoric;
  const gammaRest = block.gamma;
  const lambdaH = block.lambdaHydrostatic;
  const lambdaD = block.lambdaDeviatoric;
  const scale = fr(block.stiffnessScale);
  const count = block.count;
  const invHSq = fr(1 / (h * h));
  const minDenominator = MIN_DENOMINATOR_F32;
  const minNormSq = MIN_NORM_SQ_F32; // ‖F‖² below which the deviatoric part sits out
  for (let t = 0; t < count; t++) {
    const t4 = 4 * t;
    const q0 = particles[t4];
    const q1 = particles[t4 + 1];
    const q2 = particles[t4 + 2];
    const q3 = particles[t4 + 3];
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const i3 = 3 * q3;
    // Edges in double precision, then rounded: what single precision loses is relative to the
    // tet's size, not to its distance from the origin.
    const x0 = x[i0];
    const y0 = x[i0 + 1];
    const z0 = x[i0 + 2];
    const e1x = fr(x[i1] - x0);
    const e1y = fr(x[i1 + 1] - y0);
    const e1z = fr(x[i1 + 2] - z0);
    const e2x = fr(x[i2] - x0);
    const e2y = fr(x[i2 + 1] - y0);
    const e2z = fr(x[i2 + 2] - z0);
    const e3x = fr(x[i3] - x0);
    const e3y = fr(x[i3 + 1] - y0);
    const e3z = fr(x[i3 + 2] - z0);
    // c_i = cof E columns.
    const c1x = fr(fr(e2y * e3z) - fr(e2z * e3y));
    const c1y = fr(fr(e2z * e3x) - fr(e2x * e3z));
    const c1z = fr(fr(e2x * e3y) - fr(e2y * e3x));
    const c2x = fr(fr(e3y * e1z) - fr(e3z * e1y));
    const c2y = fr(fr(e3z * e1x) - fr(e3x * e1z));
    const c2z = fr(fr(e3x * e1y) - fr(e3y * e1x));
    const c3x = fr(fr(e1y * e2z) - fr(e1z * e2y));
    const c3y = fr(fr(e1z * e2x) - fr(e1x * e2z));
    const c3z = fr(fr(e1x * e2y) - fr(e1y * e2x));
    const c0x = -fr(fr(c1x + c2x) + c3x);
    const c0y = -fr(fr(c1y + c2y) + c3y);
    const c0z = -fr(fr(c1z + c2z) + c3z);
    const b = fr(detB[t]);
    const det = fr(b * dot3(e1x, e1y, e1z, c1x, c1y, c1z));
    const w0 = fr(w[q0]);
    const w1 = fr(w[q1]);
    const w2 = fr(w[q2]);
    const w3 = fr(w[q3]);
    // Σ w|∇C_H|² = det Dm⁻¹²·Σ w|c|².
    const wCC = weighted4(
      w0,
      w1,
      w2,
      w3,
      dot3(c0x, c0y, c0z, c0x, c0y, c0z),
      dot3(c1x, c1y, c1z, c1x, c1y, c1z),
      dot3(c2x, c2y, c2z, c2x, c2y, c2z),
      dot3(c3x, c3y, c3z, c3x, c3y, c3z),
    );
    const aTildeH = fr(fr(alphaH[t]) * invHSq);
    const a11 = fr(fr(fr(b * b) * wCC) + aTildeH);
    const lambdaHT = lambdaH[t];
    const b1 = fr(fr(fr(gammaRest[t]) - det) - fr(aTildeH * lambdaHT));
    // p_i = column i of E·M.
    const o = 6 * t;
    const m00 = fr(M[o]);
    const m01 = fr(M[o + 1]);
    const m02 = fr(M[o + 2]);
    const m11 = fr(M[o + 3]);
    const m12 = fr(M[o + 4]);
    const m22 = fr(M[o + 5]);
    const p1x = dot3(e1x, e2x, e3x, m00, m01, m02);
    const p1y = dot3(e1y, e2y, e3y, m00, m01, m02);
    const p1z = dot3(e1z, e2z, e3z, m00, m01, m02);
    const p2x = dot3(e1x, e2x, e3x, m01, m11, m12);
    const p2y = dot3(e1y, e2y, e3y, m01, m11, m12);
    const p2z = dot3(e1z, e2z, e3z, m01, m11, m12);
    const p3x = dot3(e1x, e2x, e3x, m02, m12, m22);
    const p3y = dot3(e1y, e2y, e3y, m02, m12, m22);
    const p3z = dot3(e1z, e2z, e3z, m02, m12, m22);
    let normSq = fr(fr(e1x * p1x) + fr(e1y * p1y));
    normSq = fr(normSq + fr(e1z * p1z));
    normSq = fr(normSq + fr(e2x * p2x));
    normSq = fr(normSq + fr(e2y * p2y));
    normSq = fr(normSq + fr(e2z * p2z));
    normSq = fr(normSq + fr(e3x * p3x));
    normSq = fr(normSq + fr(e3y * p3y));
    normSq = fr(normSq + fr(e3z * p3z));
    // Moves per unit multiplier: sH along c (= det Dm⁻¹·Δλ_H), sD along p (= Δλ_D/‖F‖).
    const p0x = -fr(fr(p1x + p2x) + p3x);
    const p0y = -fr(fr(p1y + p2y) + p3y);
    const p0z = -fr(fr(p1z + p2z) + p3z);
    let sD = 0;
    let dH = 0;
    let dD = 0;
    if (normSq > minNormSq) {
      // 1/‖F‖² beside ‖F‖ rather than 1/‖F‖ after it: the kernels' root and division then overlap,
      // and the system needs only 1/‖F‖² (wHD² = (b·wCP)²/‖F‖²).
      const norm = fr(Math.sqrt(normSq));
      const invSq = fr(1 / normSq);
      const inv = fr(norm * invSq);
      const wPP = weighted4(
        w0,
        w1,
        w2,
        w3,
        dot3(p0x, p0y, p0z, p0x, p0y, p0z),
        dot3(p1x, p1y, p1z, p1x, p1y, p1z),
        dot3(p2x, p2y, p2z, p2x, p2y, p2z),
        dot3(p3x, p3y, p3z, p3x, p3y, p3z),
      );
      const wCP = weighted4(
        w0,
        w1,
        w2,
        w3,
        dot3(c0x, c0y, c0z, p0x, p0y, p0z),
        dot3(c1x, c1y, c1z, p1x, p1y, p1z),
        dot3(c2x, c2y, c2z, p2x, p2y, p2z),
        dot3(c3x, c3y, c3z, p3x, p3y, p3z),
      );
      const bwCP = fr(b * wCP);
      const wHD = fr(bwCP * inv);
      const aTildeD = fr(fr(alphaD[t]) * invHSq);
      const a22 = fr(fr(wPP * invSq) + aTildeD);
      const b2 = fr(-norm - fr(aTildeD * lambdaD[t]));
      const determinant = fr(fr(a11 * a22) - fr(fr(bwCP * bwCP) * invSq));
      // Zero, or beyond single precision: nothing moves. A torn tet's compliances (TORN_COMPLIANCE)
      // overflow it, so it sits out, as the limit Δλ → 0 of an infinite compliance says.
      if (!(determinant > minDenominator) || !(determinant < Infinity)) continue;
      const scaleByDeterminant = fr(scale / determinant);
      dH = fr(fr(fr(b1 * a22) - fr(wHD * b2)) * scaleByDeterminant);
      dD = fr(fr(fr(a11 * b2) - fr(wHD * b1)) * scaleByDeterminant);
      sD = fr(dD * inv);
    } else {
      if (!(a11 > minDenominator) || !(a11 < Infinity)) continue; // as above
      dH = fr(fr(scale * b1) / a11);
    }
    const sH = fr(b * dH);
    lambdaH[t] = lambdaHT + dH; // Float32Array: rounded as the kernels' single-precision add
    lambdaD[t] += dD;
    // x_k += w_k·u_k, u_k = ∇_k C_H·Δλ_H + ∇_k C_D·Δλ_D = sH·c_k + sD·p_k: u_1..u_3 in single
    // precision, u_0 = −(u_1 + u_2 + u_3) and the moves in double, so that Σ m_k·Δx_k stays 0 to double
    // precision (momentum) whatever single precision rounds.
    const u1x = dot2(sH, sD, c1x, p1x);
    const u1y = dot2(sH, sD, c1y, p1y);
    const u1z = dot2(sH, sD, c1z, p1z);
    const u2x = dot2(sH, sD, c2x, p2x);
    const u2y = dot2(sH, sD, c2y, p2y);
    const u2z = dot2(sH, sD, c2z, p2z);
    const u3x = dot2(sH, sD, c3x, p3x);
    const u3y = dot2(sH, sD, c3y, p3y);
    const u3z = dot2(sH, sD, c3z, p3z);
    const W0 = w[q0];
    const W1 = w[q1];
    const W2 = w[q2];
    const W3 = w[q3];
    x[i0] += W0 * -(u1x + u2x + u3x);
    x[i0 + 1] += W0 * -(u1y + u2y + u3y);
    x[i0 + 2] += W0 * -(u1z + u2z + u3z);
    x[i1] += W1 * u1x;
    x[i1 + 1] += W1 * u1y;
    x[i1 + 2] += W1 * u1z;
    x[i2] += W2 * u2x;
    x[i2 + 1] += W2 * u2y;
    x[i2 + 2] += W2 * u2z;
    x[i3] += W3 * u3x;
    x[i3 + 1] += W3 * u3y;
    x[i3 + 2] += W3 * u3z;
  }
}

const MIN_NORM_SQ_F32 = Math.fround(1e-18);

/** Adds λ_H·∇C_H/h² + λ_D·∇C_D/h² (N) of every tet to `forceN` (3 per particle). */
export function addNeoHookeanForces(
  block: NeoHookeanBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  const particles = block.particles;
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const t = only ? only[i] : i;
    deformationGradient(state.x, particles, block.inverseRestShape, t);
    cofactorIntoP();
    gradientsFromP(state.invMass, particles, block.inverseRestShape, t);
    accumulate(particles, t, block.lambdaHydrostatic[t] * invHSq, forceN);
    let normSq = 0;
    for (let k = 0; k < 9; k++) normSq += F[k] * F[k];
    const norm = Math.sqrt(normSq);
    if (!(norm > 1e-9)) continue;
    for (let k = 0; k < 9; k++) P[k] = F[k] / norm;
    gradientsFromP(state.invMass, particles, block.inverseRestShape, t);
    accumulate(particles, t, block.lambdaDeviatoric[t] * invHSq, forceN);
  }
}

function accumulate(particles: Uint32Array, t: number, s: number, forceN: Float64Array): void {
  for (let k = 0; k < 4; k++) {
    const p3 = 3 * particles[4 * t + k];
    forceN[p3] += s * G[3 * k];
    forceN[p3 + 1] += s * G[3 * k + 1];
    forceN[p3 + 2] += s * G[3 * k + 2];
  }
}
