import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, MIN_DENOMINATOR } from './block.ts';
import { isDegenerateTet, tetVolume, writeInverseRestShape } from './tet-rest.ts';

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
  /** Rest volume V, m³. */
  readonly restVolumeM3: Float64Array;
  /** α_D = 1/(μV), 1/J. */
  readonly complianceDeviatoric: Float64Array;
  /** α_H = 1/(λ_NH·V), 1/J. */
  readonly complianceHydrostatic: Float64Array;
  /** Rest target γ of det F, dimensionless. */
  readonly gamma: Float64Array;
  /** Multipliers of the current substep, J·s² (C is dimensionless). */
  readonly lambdaDeviatoric: Float64Array;
  readonly lambdaHydrostatic: Float64Array;
  /** Input tets left out because their rest volume is (nearly) zero. */
  readonly degenerateCount: number;
}

export interface NeoHookeanInput {
  /** Tets, 4 world-global particle indices each. Negative rest orientation is fixed by a swap. */
  tets: Uint32Array;
  /** Shear modulus μ per tet, Pa. */
  muPa: Float64Array;
  /** 1/λ_NH per tet, 1/Pa (0 = incompressible). */
  inverseLambdaNhPerPa: Float64Array;
  /** γ = 1 + μ/λ_NH per tet. */
  gamma: Float64Array;
}

const F = new Float64Array(9); // deformation gradient, column-major: F[3c + r]
const P = new Float64Array(9); // ∂C/∂F, column-major
const G = new Float64Array(12); // ∇C for the 4 particles, xyz each

export function createNeoHookeanBlock(input: NeoHookeanInput, state: ParticleState): NeoHookeanBlock {
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
    if (tetVolume(rest, a, b, c, d) < 0) [b, c] = [c, b];
    tets.set([a, b, c, d], 4 * k);
    writeInverseRestShape(rest, a, b, c, d, dmInv, 9 * k);
    volume[k] = tetVolume(rest, a, b, c, d);
    alphaD[k] = 1 / (input.muPa[t] * volume[k]);
    alphaH[k] = input.inverseLambdaNhPerPa[t] / volume[k];
    gamma[k] = input.gamma[t];
  }
  const colouring = colourConstraints(tets, 4, state.count);
  const order = colouring.order;
  const inputOrder = Uint32Array.from(order, (k) => kept[k]);
  return {
    kind: 'neo-hookean',
    count,
    arity: 4,
    particles: permute(tets, 4, order),
    colourStarts: colouring.colourStarts,
    order: inputOrder,
    stiffnessScale: 1,
    damped: false, // damped through its edges: edge-damper.ts
    inverseRestShape: permute(dmInv, 9, order),
    restVolumeM3: permute(volume, 1, order),
    complianceDeviatoric: permute(alphaD, 1, order),
    complianceHydrostatic: permute(alphaH, 1, order),
    gamma: permute(gamma, 1, order),
    lambdaDeviatoric: new Float64Array(count),
    lambdaHydrostatic: new Float64Array(count),
    degenerateCount: inputCount - count,
  };
}

/** F = Ds·Dm⁻¹ of block tet t at the current positions, into the scratch F. */
function computeF(x: Float64Array, particles: Uint32Array, dmInv: Float64Array, t: number): void {
  const i0 = 3 * particles[4 * t];
  const i1 = 3 * particles[4 * t + 1];
  const i2 = 3 * particles[4 * t + 2];
  const i3 = 3 * particles[4 * t + 3];
  const o = 9 * t;
  for (let r = 0; r < 3; r++) {
    const e1 = x[i1 + r] - x[i0 + r];
    const e2 = x[i2 + r] - x[i0 + r];
    const e3 = x[i3 + r] - x[i0 + r];
    F[r] = e1 * dmInv[o] + e2 * dmInv[o + 3] + e3 * dmInv[o + 6];
    F[3 + r] = e1 * dmInv[o + 1] + e2 * dmInv[o + 4] + e3 * dmInv[o + 7];
    F[6 + r] = e1 * dmInv[o + 2] + e2 * dmInv[o + 5] + e3 * dmInv[o + 8];
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
 */
export function solveNeoHookean(block: NeoHookeanBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const B = block.inverseRestShape;
  const alphaH = block.complianceHydrostatic;
  const alphaD = block.complianceDeviatoric;
  const gammaRest = block.gamma;
  const lambdaH = block.lambdaHydrostatic;
  const lambdaD = block.lambdaDeviatoric;
  const scale = block.stiffnessScale;
  const invHSq = 1 / (h * h);
  const minDenominator = MIN_DENOMINATOR;
  for (let t = 0; t < block.count; t++) {
    const q0 = particles[4 * t];
    const q1 = particles[4 * t + 1];
    const q2 = particles[4 * t + 2];
    const q3 = particles[4 * t + 3];
    const w0 = w[q0];
    const w1 = w[q1];
    const w2 = w[q2];
    const w3 = w[q3];
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const i3 = 3 * q3;
    const x0 = x[i0];
    const y0 = x[i0 + 1];
    const z0 = x[i0 + 2];
    const e1x = x[i1] - x0;
    const e1y = x[i1 + 1] - y0;
    const e1z = x[i1 + 2] - z0;
    const e2x = x[i2] - x0;
    const e2y = x[i2 + 1] - y0;
    const e2z = x[i2 + 2] - z0;
    const e3x = x[i3] - x0;
    const e3y = x[i3 + 1] - y0;
    const e3z = x[i3 + 2] - z0;
    const o = 9 * t;
    const b00 = B[o];
    const b01 = B[o + 1];
    const b02 = B[o + 2];
    const b10 = B[o + 3];
    const b11 = B[o + 4];
    const b12 = B[o + 5];
    const b20 = B[o + 6];
    const b21 = B[o + 7];
    const b22 = B[o + 8];
    // Columns f0, f1, f2 of F = Ds·Dm⁻¹.
    const f0x = e1x * b00 + e2x * b10 + e3x * b20;
    const f0y = e1y * b00 + e2y * b10 + e3y * b20;
    const f0z = e1z * b00 + e2z * b10 + e3z * b20;
    const f1x = e1x * b01 + e2x * b11 + e3x * b21;
    const f1y = e1y * b01 + e2y * b11 + e3y * b21;
    const f1z = e1z * b01 + e2z * b11 + e3z * b21;
    const f2x = e1x * b02 + e2x * b12 + e3x * b22;
    const f2y = e1y * b02 + e2y * b12 + e3y * b22;
    const f2z = e1z * b02 + e2z * b12 + e3z * b22;
    // cof F = [f1×f2, f2×f0, f0×f1].
    const c0x = f1y * f2z - f1z * f2y;
    const c0y = f1z * f2x - f1x * f2z;
    const c0z = f1x * f2y - f1y * f2x;
    const c1x = f2y * f0z - f2z * f0y;
    const c1y = f2z * f0x - f2x * f0z;
    const c1z = f2x * f0y - f2y * f0x;
    const c2x = f0y * f1z - f0z * f1y;
    const c2y = f0z * f1x - f0x * f1z;
    const c2z = f0x * f1y - f0y * f1x;
    const det = f0x * c0x + f0y * c0y + f0z * c0z;
    // ∇_{x_i}C_H = Σ_c cof_c·Dm⁻¹[i−1][c], i = 1..3.
    const h1x = c0x * b00 + c1x * b01 + c2x * b02;
    const h1y = c0y * b00 + c1y * b01 + c2y * b02;
    const h1z = c0z * b00 + c1z * b01 + c2z * b02;
    const h2x = c0x * b10 + c1x * b11 + c2x * b12;
    const h2y = c0y * b10 + c1y * b11 + c2y * b12;
    const h2z = c0z * b10 + c1z * b11 + c2z * b12;
    const h3x = c0x * b20 + c1x * b21 + c2x * b22;
    const h3y = c0y * b20 + c1y * b21 + c2y * b22;
    const h3z = c0z * b20 + c1z * b21 + c2z * b22;
    const h0x = -(h1x + h2x + h3x);
    const h0y = -(h1y + h2y + h3y);
    const h0z = -(h1z + h2z + h3z);
    const wHH =
      w0 * (h0x * h0x + h0y * h0y + h0z * h0z) +
      w1 * (h1x * h1x + h1y * h1y + h1z * h1z) +
      w2 * (h2x * h2x + h2y * h2y + h2z * h2z) +
      w3 * (h3x * h3x + h3y * h3y + h3z * h3z);
    const aTildeH = alphaH[t] * invHSq;
    const a11 = wHH + aTildeH;
    const b1 = gammaRest[t] - det - aTildeH * lambdaH[t];
    const normSq =
      f0x * f0x +
      f0y * f0y +
      f0z * f0z +
      f1x * f1x +
      f1y * f1y +
      f1z * f1z +
      f2x * f2x +
      f2y * f2y +
      f2z * f2z;
    let dH = 0;
    let dD = 0;
    // ∇_{x_i}C_D = Σ_c (f_c/‖F‖)·Dm⁻¹[i−1][c]; zero when ‖F‖ ≈ 0 (then only C_H is solved).
    let d1x = 0;
    let d1y = 0;
    let d1z = 0;
    let d2x = 0;
    let d2y = 0;
    let d2z = 0;
    let d3x = 0;
    let d3y = 0;
    let d3z = 0;
    if (normSq > 1e-18) {
      const norm = Math.sqrt(normSq);
      const inv = 1 / norm;
      d1x = (f0x * b00 + f1x * b01 + f2x * b02) * inv;
      d1y = (f0y * b00 + f1y * b01 + f2y * b02) * inv;
      d1z = (f0z * b00 + f1z * b01 + f2z * b02) * inv;
      d2x = (f0x * b10 + f1x * b11 + f2x * b12) * inv;
      d2y = (f0y * b10 + f1y * b11 + f2y * b12) * inv;
      d2z = (f0z * b10 + f1z * b11 + f2z * b12) * inv;
      d3x = (f0x * b20 + f1x * b21 + f2x * b22) * inv;
      d3y = (f0y * b20 + f1y * b21 + f2y * b22) * inv;
      d3z = (f0z * b20 + f1z * b21 + f2z * b22) * inv;
      const d0x = -(d1x + d2x + d3x);
      const d0y = -(d1y + d2y + d3y);
      const d0z = -(d1z + d2z + d3z);
      const wDD =
        w0 * (d0x * d0x + d0y * d0y + d0z * d0z) +
        w1 * (d1x * d1x + d1y * d1y + d1z * d1z) +
        w2 * (d2x * d2x + d2y * d2y + d2z * d2z) +
        w3 * (d3x * d3x + d3y * d3y + d3z * d3z);
      const wHD =
        w0 * (h0x * d0x + h0y * d0y + h0z * d0z) +
        w1 * (h1x * d1x + h1y * d1y + h1z * d1z) +
        w2 * (h2x * d2x + h2y * d2y + h2z * d2z) +
        w3 * (h3x * d3x + h3y * d3y + h3z * d3z);
      const aTildeD = alphaD[t] * invHSq;
      const a22 = wDD + aTildeD;
      const b2 = -norm - aTildeD * lambdaD[t];
      const determinant = a11 * a22 - wHD * wHD;
      if (!(determinant > minDenominator)) continue;
      dH = (scale * (b1 * a22 - wHD * b2)) / determinant;
      dD = (scale * (a11 * b2 - wHD * b1)) / determinant;
    } else {
      if (!(a11 > minDenominator)) continue;
      dH = (scale * b1) / a11;
    }
    lambdaH[t] += dH;
    lambdaD[t] += dD;
    // x_k += w_k·(∇_k C_H·Δλ_H + ∇_k C_D·Δλ_D); ∇_0 = −(∇_1 + ∇_2 + ∇_3).
    const u1x = h1x * dH + d1x * dD;
    const u1y = h1y * dH + d1y * dD;
    const u1z = h1z * dH + d1z * dD;
    const u2x = h2x * dH + d2x * dD;
    const u2y = h2y * dH + d2y * dD;
    const u2z = h2z * dH + d2z * dD;
    const u3x = h3x * dH + d3x * dD;
    const u3y = h3y * dH + d3y * dD;
    const u3z = h3z * dH + d3z * dD;
    x[i0] -= w0 * (u1x + u2x + u3x);
    x[i0 + 1] -= w0 * (u1y + u2y + u3y);
    x[i0 + 2] -= w0 * (u1z + u2z + u3z);
    x[i1] += w1 * u1x;
    x[i1 + 1] += w1 * u1y;
    x[i1 + 2] += w1 * u1z;
    x[i2] += w2 * u2x;
    x[i2 + 1] += w2 * u2y;
    x[i2 + 2] += w2 * u2z;
    x[i3] += w3 * u3x;
    x[i3 + 1] += w3 * u3y;
    x[i3 + 2] += w3 * u3z;
  }
}

/** Adds λ_H·∇C_H/h² + λ_D·∇C_D/h² (N) of every tet to `forceN` (3 per particle). */
export function addNeoHookeanForces(
  block: NeoHookeanBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
): void {
  const invHSq = 1 / (h * h);
  const particles = block.particles;
  for (let t = 0; t < block.count; t++) {
    computeF(state.x, particles, block.inverseRestShape, t);
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
