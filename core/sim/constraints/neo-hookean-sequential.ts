import type { ParticleState } from '../state.ts';
import { MIN_DENOMINATOR } from './block.ts';
import type { NeoHookeanBlock } from './neo-hookean.ts';

/**
 * The neo-Hookean tet of neo-hookean.ts solved the way Macklin & Müller 2021 (§4, Alg. 1) do:
 * the hydrostatic constraint C_H = det F − γ, then the deviatoric C_D = ‖F‖_F, each with its
 * own scalar XPBD update Δλ = (−C − α̃λ)/(Σw|∇C|² + α̃), one after the other, on the same block
 * data. Not used by the world: kept so that test/core/sim/neo-hookean-solve.test.ts can measure
 * it beside the coupled 2×2 solve. At rest both constraints carry large opposing multipliers
 * (C_D = √3, C_H = 1 − γ) whose updates cancel only when solved together; one after the other
 * they leave the rest state shrunk, by more than the material's response to gravity in a soft
 * bar (the coupled solve keeps F = I exact; stiffness-limit.ts keeps it stable).
 */
export function solveNeoHookeanSequential(block: NeoHookeanBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const invHSq = 1 / (h * h);
  for (let t = 0; t < block.count; t++) {
    const q0 = block.particles[4 * t];
    const q1 = block.particles[4 * t + 1];
    const q2 = block.particles[4 * t + 2];
    const q3 = block.particles[4 * t + 3];
    // Hydrostatic.
    let det = deformation(x, block, t);
    cofactorGradient(block, t);
    let wGradSq = weighted(w, q0, q1, q2, q3);
    let alphaTilde = block.complianceHydrostatic[t] * invHSq;
    let denominator = wGradSq + alphaTilde;
    if (denominator > MIN_DENOMINATOR) {
      const dLambda =
        (block.stiffnessScale * (block.gamma[t] - det - alphaTilde * block.lambdaHydrostatic[t])) /
        denominator;
      block.lambdaHydrostatic[t] += dLambda;
      move(x, w, q0, q1, q2, q3, dLambda);
    }
    // Deviatoric, at the positions the hydrostatic step left.
    det = deformation(x, block, t);
    let normSq = 0;
    for (let k = 0; k < 9; k++) normSq += F[k] * F[k];
    if (!(normSq > 1e-18)) continue;
    const norm = Math.sqrt(normSq);
    for (let k = 0; k < 9; k++) P[k] = F[k] / norm;
    positionGradient(block, t);
    wGradSq = weighted(w, q0, q1, q2, q3);
    alphaTilde = block.complianceDeviatoric[t] * invHSq;
    denominator = wGradSq + alphaTilde;
    if (!(denominator > MIN_DENOMINATOR)) continue;
    const dLambda = (block.stiffnessScale * (-norm - alphaTilde * block.lambdaDeviatoric[t])) / denominator;
    block.lambdaDeviatoric[t] += dLambda;
    move(x, w, q0, q1, q2, q3, dLambda);
  }
}

const F = new Float64Array(9); // column-major F[3c + r]
const P = new Float64Array(9); // ∂C/∂F, column-major
const gradient = new Float64Array(12); // ∇C per particle, xyz

/** Scratch F ← Ds·Dm⁻¹ of tet t; returns det F. */
function deformation(x: Float64Array, block: NeoHookeanBlock, t: number): number {
  const B = block.inverseRestShape;
  const o = 9 * t;
  const i0 = 3 * block.particles[4 * t];
  const i1 = 3 * block.particles[4 * t + 1];
  const i2 = 3 * block.particles[4 * t + 2];
  const i3 = 3 * block.particles[4 * t + 3];
  for (let r = 0; r < 3; r++) {
    const e1 = x[i1 + r] - x[i0 + r];
    const e2 = x[i2 + r] - x[i0 + r];
    const e3 = x[i3 + r] - x[i0 + r];
    F[r] = e1 * B[o] + e2 * B[o + 3] + e3 * B[o + 6];
    F[3 + r] = e1 * B[o + 1] + e2 * B[o + 4] + e3 * B[o + 7];
    F[6 + r] = e1 * B[o + 2] + e2 * B[o + 5] + e3 * B[o + 8];
  }
  return (
    F[0] * (F[4] * F[8] - F[5] * F[7]) +
    F[1] * (F[5] * F[6] - F[3] * F[8]) +
    F[2] * (F[3] * F[7] - F[4] * F[6])
  );
}

/** Scratch P ← cof F = [f1×f2, f2×f0, f0×f1], then the position gradient. */
function cofactorGradient(block: NeoHookeanBlock, t: number): void {
  P[0] = F[4] * F[8] - F[5] * F[7];
  P[1] = F[5] * F[6] - F[3] * F[8];
  P[2] = F[3] * F[7] - F[4] * F[6];
  P[3] = F[7] * F[2] - F[8] * F[1];
  P[4] = F[8] * F[0] - F[6] * F[2];
  P[5] = F[6] * F[1] - F[7] * F[0];
  P[6] = F[1] * F[5] - F[2] * F[4];
  P[7] = F[2] * F[3] - F[0] * F[5];
  P[8] = F[0] * F[4] - F[1] * F[3];
  positionGradient(block, t);
}

/** ∇_{x_i}C = Σ_c P_c·Dm⁻¹[i−1][c] (i = 1..3), ∇_{x_0}C = −Σ_i ∇_{x_i}C, into the scratch gradient. */
function positionGradient(block: NeoHookeanBlock, t: number): void {
  const B = block.inverseRestShape;
  const o = 9 * t;
  for (let r = 0; r < 3; r++) {
    let sum = 0;
    for (let i = 0; i < 3; i++) {
      const value = P[r] * B[o + 3 * i] + P[3 + r] * B[o + 3 * i + 1] + P[6 + r] * B[o + 3 * i + 2];
      gradient[3 + 3 * i + r] = value;
      sum += value;
    }
    gradient[r] = -sum;
  }
}

function weighted(w: Float64Array, q0: number, q1: number, q2: number, q3: number): number {
  const g = gradient;
  return (
    w[q0] * (g[0] * g[0] + g[1] * g[1] + g[2] * g[2]) +
    w[q1] * (g[3] * g[3] + g[4] * g[4] + g[5] * g[5]) +
    w[q2] * (g[6] * g[6] + g[7] * g[7] + g[8] * g[8]) +
    w[q3] * (g[9] * g[9] + g[10] * g[10] + g[11] * g[11])
  );
}

function move(
  x: Float64Array,
  w: Float64Array,
  q0: number,
  q1: number,
  q2: number,
  q3: number,
  dLambda: number,
) {
  moveOne(x, w, q0, 0, dLambda);
  moveOne(x, w, q1, 1, dLambda);
  moveOne(x, w, q2, 2, dLambda);
  moveOne(x, w, q3, 3, dLambda);
}

function moveOne(x: Float64Array, w: Float64Array, p: number, k: number, dLambda: number): void {
  const s = w[p] * dLambda;
  x[3 * p] += s * gradient[3 * k];
  x[3 * p + 1] += s * gradient[3 * k + 1];
  x[3 * p + 2] += s * gradient[3 * k + 2];
}
