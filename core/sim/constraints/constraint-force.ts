import type { ParticleState } from '../state.ts';
import type { DistanceBlock } from './distance.ts';
import { type MembraneBlock, membraneRestAreaM2 } from './membrane.ts';
import { deformationGradient, type NeoHookeanBlock } from './neo-hookean.ts';
import type { TetVolumeBlock } from './tet-volume.ts';

/**
 * What one constraint carries in the last substep h, tension positive, per constraint in block
 * order into `out` (kinds.ts `force`). Its unit depends on the kind (kinds.ts `forceUnit`):
 *
 *   distance     N     the link's axial force −λ/h² (C = |x_a − x_b| − L0 in m, so λ/h² is the
 *                      force along the link; λ < 0 when stretched, hence the sign)
 *   membrane     N/m   the larger principal membrane tension of the triangle, n = S·t (S the second
 *                      Piola–Kirchhoff stress, t the thickness). C is the Green strain (E₁₁, E₂₂, E₁₂)
 *                      and α = K⁻¹/(t·A), so λ/h² = −∂U/∂C = −S·t·A, with the shear row conjugate to
 *                      E₁₂ counting 2·S₁₂: n₁₁ = −λ₁/(h²A), n₂₂ = −λ₂/(h²A), n₁₂ = −λ₃/(2h²A).
 *                      Divide by the thickness for a stress, Pa.
 *   neo-hookean  Pa    the largest principal Cauchy stress of the tet, from its deformation gradient
 *                      and compliances: σ = (1/J)·μ·F·Fᵀ + λ_NH·(J − γ)·I, μ = 1/(α_D·V),
 *                      λ_NH = 1/(α_H·V) (zero at rest: μ + λ_NH·(1 − γ) = 0). Not from the multipliers:
 *                      the stable pair carries a rest part (C_D = √3) that cancels only when both
 *                      multipliers converge, which one pass per substep does not quite do. An
 *                      incompressible tet (α_H = 0) takes its pressure from the multiplier, −λ_H/(h²·V).
 *                      The share of the bulk response held by nodal-volume stars is not included.
 *   tet-volume   Pa    the mean tension −λ/h² (C = V − V0 in m³ and α in m³/Pa: λ/h² is a pressure)
 *
 * Evaluated at the current positions with the multipliers of the last substep; no allocation.
 */
export function distanceTensionN(
  block: DistanceBlock,
  _state: ParticleState,
  h: number,
  out: Float64Array,
): void {
  negatedMultiplierOverHSq(block.lambda, block.count, h, out);
}

export function tetVolumeTensionPa(
  block: TetVolumeBlock,
  _state: ParticleState,
  h: number,
  out: Float64Array,
): void {
  negatedMultiplierOverHSq(block.lambda, block.count, h, out);
}

/** −λ/h² per constraint: the tension of a constraint whose C is its own force's conjugate. */
function negatedMultiplierOverHSq(lambda: Float64Array, count: number, h: number, out: Float64Array): void {
  const invHSq = 1 / (h * h);
  for (let c = 0; c < count; c++) out[c] = -lambda[c] * invHSq;
}

export function membraneTensionNPerM(
  block: MembraneBlock,
  _state: ParticleState,
  h: number,
  out: Float64Array,
): void {
  const invHSq = 1 / (h * h);
  const lambda = block.lambda;
  for (let t = 0; t < block.count; t++) {
    const area = membraneRestAreaM2(block, t);
    if (!(area > 0)) {
      out[t] = 0;
      continue;
    }
    const s = invHSq / area;
    const n11 = -lambda[3 * t] * s;
    const n22 = -lambda[3 * t + 1] * s;
    const n12 = -0.5 * lambda[3 * t + 2] * s;
    const mean = 0.5 * (n11 + n22);
    const half = 0.5 * (n11 - n22);
    out[t] = mean + Math.sqrt(half * half + n12 * n12);
  }
}

const F = new Float64Array(9); // column-major: F[3c + r]
const S = new Float64Array(6); // symmetric 3×3: 00, 01, 02, 11, 12, 22

export function neoHookeanStressPa(
  block: NeoHookeanBlock,
  state: ParticleState,
  h: number,
  out: Float64Array,
): void {
  const x = state.x;
  const p = block.particles;
  const B = block.inverseRestShape;
  const invHSq = 1 / (h * h);
  for (let t = 0; t < block.count; t++) {
    deformationGradient(x, p, B, t, F);
    const volume = block.restVolumeM3[t];
    const alphaD = block.complianceDeviatoric[t];
    const alphaH = block.complianceHydrostatic[t];
    const J =
      F[0] * (F[4] * F[8] - F[7] * F[5]) -
      F[3] * (F[1] * F[8] - F[7] * F[2]) +
      F[6] * (F[1] * F[5] - F[4] * F[2]);
    if (!(volume > 0) || !(alphaD > 0) || !(Math.abs(J) > 1e-9)) {
      out[t] = 0;
      continue;
    }
    const mu = 1 / (alphaD * volume);
    const pressure =
      alphaH > 0 ? (J - block.gamma[t]) / (alphaH * volume) : (-block.lambdaHydrostatic[t] * invHSq) / volume;
    const k = mu / J;
    // B = F·Fᵀ: row r, column s = Σ_c F[3c + r]·F[3c + s].
    S[0] = k * (F[0] * F[0] + F[3] * F[3] + F[6] * F[6]) + pressure;
    S[1] = k * (F[0] * F[1] + F[3] * F[4] + F[6] * F[7]);
    S[2] = k * (F[0] * F[2] + F[3] * F[5] + F[6] * F[8]);
    S[3] = k * (F[1] * F[1] + F[4] * F[4] + F[7] * F[7]) + pressure;
    S[4] = k * (F[1] * F[2] + F[4] * F[5] + F[7] * F[8]);
    S[5] = k * (F[2] * F[2] + F[5] * F[5] + F[8] * F[8]) + pressure;
    out[t] = largestEigenvalue(S);
  }
}

/**
 * Largest eigenvalue of the symmetric 3×3 matrix (00, 01, 02, 11, 12, 22), closed form (the
 * trigonometric solution of the characteristic cubic; Smith 1961, "Eigenvalues of a symmetric 3 × 3
 * matrix", Comm. ACM 4(4)).
 */
export function largestEigenvalue(m: Float64Array): number {
  const a00 = m[0];
  const a01 = m[1];
  const a02 = m[2];
  const a11 = m[3];
  const a12 = m[4];
  const a22 = m[5];
  const offSq = a01 * a01 + a02 * a02 + a12 * a12;
  if (offSq === 0) return Math.max(a00, a11, a22);
  const q = (a00 + a11 + a22) / 3;
  const b00 = a00 - q;
  const b11 = a11 - q;
  const b22 = a22 - q;
  const p = Math.sqrt((b00 * b00 + b11 * b11 + b22 * b22 + 2 * offSq) / 6);
  if (!(p > 0)) return q;
  const det = b00 * (b11 * b22 - a12 * a12) - a01 * (a01 * b22 - a12 * a02) + a02 * (a01 * a12 - b11 * a02);
  const r = Math.min(1, Math.max(-1, det / (2 * p * p * p)));
  return q + 2 * p * Math.cos(Math.acos(r) / 3);
}
