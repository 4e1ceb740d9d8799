/**
 * The constraint kernels as they were before they were tuned for speed, kept verbatim (renamed)
 * so that perf-kernels.test.ts can check that the tuned kernels solve the same constraints:
 * same positions and multipliers after a sweep, up to float rounding.
 */
import { MIN_DENOMINATOR, MIN_LENGTH_M } from '../../../core/sim/constraints/block.ts';
import type { DihedralBendBlock } from '../../../core/sim/constraints/dihedral-bend.ts';
import type { DistanceBlock } from '../../../core/sim/constraints/distance.ts';
import type { NeoHookeanBlock } from '../../../core/sim/constraints/neo-hookean.ts';
import type { TetVolumeBlock } from '../../../core/sim/constraints/tet-volume.ts';
import type { ParticleState } from '../../../core/sim/state.ts';

export function referenceSolveDistance(block: DistanceBlock, state: ParticleState, h: number): void {
  // Local copies: imported bindings can cost a property load per use once transpiled.
  const minDenominator = MIN_DENOMINATOR;
  const minLength = MIN_LENGTH_M;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const restLength = block.restLengthM;
  const compliance = block.complianceMPerN;
  const lambda = block.lambda;
  const scale = block.stiffnessScale;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < block.count; c++) {
    const a = particles[2 * c];
    const b = particles[2 * c + 1];
    const wa = w[a];
    const wb = w[b];
    const a3 = 3 * a;
    const b3 = 3 * b;
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (!(length > minLength)) continue;
    const alphaTilde = compliance[c] * invHSq;
    const denominator = wa + wb + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const dLambda = (scale * (restLength[c] - length - alphaTilde * lambda[c])) / denominator;
    lambda[c] += dLambda;
    // Δx_a = w_a·Δλ·n with n = d/|d|: fold 1/|d| into the scale.
    const sa = (wa * dLambda) / length;
    const sb = (wb * dLambda) / length;
    x[a3] += sa * dx;
    x[a3 + 1] += sa * dy;
    x[a3 + 2] += sa * dz;
    x[b3] -= sb * dx;
    x[b3 + 1] -= sb * dy;
    x[b3 + 2] -= sb * dz;
  }
}

const G = new Float64Array(12);

function volumeGradient(x: Float64Array, particles: Uint32Array, t: number): number {
  const i0 = 3 * particles[4 * t];
  const i1 = 3 * particles[4 * t + 1];
  const i2 = 3 * particles[4 * t + 2];
  const i3 = 3 * particles[4 * t + 3];
  const ax = x[i1] - x[i0];
  const ay = x[i1 + 1] - x[i0 + 1];
  const az = x[i1 + 2] - x[i0 + 2];
  const bx = x[i2] - x[i0];
  const by = x[i2 + 1] - x[i0 + 1];
  const bz = x[i2 + 2] - x[i0 + 2];
  const cx = x[i3] - x[i0];
  const cy = x[i3 + 1] - x[i0 + 1];
  const cz = x[i3 + 2] - x[i0 + 2];
  const sixth = 1 / 6;
  G[3] = (by * cz - bz * cy) * sixth;
  G[4] = (bz * cx - bx * cz) * sixth;
  G[5] = (bx * cy - by * cx) * sixth;
  G[6] = (cy * az - cz * ay) * sixth;
  G[7] = (cz * ax - cx * az) * sixth;
  G[8] = (cx * ay - cy * ax) * sixth;
  G[9] = (ay * bz - az * by) * sixth;
  G[10] = (az * bx - ax * bz) * sixth;
  G[11] = (ax * by - ay * bx) * sixth;
  G[0] = -(G[3] + G[6] + G[9]);
  G[1] = -(G[4] + G[7] + G[10]);
  G[2] = -(G[5] + G[8] + G[11]);
  return ax * G[3] + ay * G[4] + az * G[5];
}

function weightedGradSq(w: Float64Array, particles: Uint32Array, t: number): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    sum +=
      w[particles[4 * t + k]] *
      (G[3 * k] * G[3 * k] + G[3 * k + 1] * G[3 * k + 1] + G[3 * k + 2] * G[3 * k + 2]);
  }
  return sum;
}

export function referenceSolveTetVolume(block: TetVolumeBlock, state: ParticleState, h: number): void {
  const minDenominator = MIN_DENOMINATOR;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const lambda = block.lambda;
  const invHSq = 1 / (h * h);
  for (let t = 0; t < block.count; t++) {
    const volume = volumeGradient(x, particles, t);
    const wGradSq = weightedGradSq(w, particles, t);
    const alphaTilde = block.complianceM3PerPa[t] * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const dLambda =
      (block.stiffnessScale * (block.restVolumeM3[t] - volume - alphaTilde * lambda[t])) / denominator;
    lambda[t] += dLambda;
    for (let k = 0; k < 4; k++) {
      const p = particles[4 * t + k];
      const s = w[p] * dLambda;
      x[3 * p] += s * G[3 * k];
      x[3 * p + 1] += s * G[3 * k + 1];
      x[3 * p + 2] += s * G[3 * k + 2];
    }
  }
}

export function referenceSolveNeoHookean(block: NeoHookeanBlock, state: ParticleState, h: number): void {
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

const MIN_EDGE_SQ_M2 = MIN_LENGTH_M * MIN_LENGTH_M;

function wrapAngle(angle: number): number {
  if (angle > Math.PI) return angle - 2 * Math.PI;
  if (angle <= -Math.PI) return angle + 2 * Math.PI;
  return angle;
}

export function referenceSolveDihedralBend(block: DihedralBendBlock, state: ParticleState, h: number): void {
  const minDenominator = MIN_DENOMINATOR;
  const minEdgeSq = MIN_EDGE_SQ_M2;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const lambda = block.lambda;
  const restAngle = block.restAngleRad;
  const compliance = block.compliancePerNM;
  const scale = block.stiffnessScale;
  const invHSq = 1 / (h * h);
  for (let c = 0; c < block.count; c++) {
    const q0 = particles[4 * c];
    const q1 = particles[4 * c + 1];
    const q2 = particles[4 * c + 2];
    const q3 = particles[4 * c + 3];
    const i0 = 3 * q0;
    const i1 = 3 * q1;
    const i2 = 3 * q2;
    const i3 = 3 * q3;
    const ex = x[i1] - x[i0];
    const ey = x[i1 + 1] - x[i0 + 1];
    const ez = x[i1 + 2] - x[i0 + 2];
    const eSq = ex * ex + ey * ey + ez * ez;
    if (!(eSq > minEdgeSq)) continue;
    const a0x = x[i2] - x[i0];
    const a0y = x[i2 + 1] - x[i0 + 1];
    const a0z = x[i2 + 2] - x[i0 + 2];
    const b0x = x[i3] - x[i0];
    const b0y = x[i3 + 1] - x[i0 + 1];
    const b0z = x[i3 + 2] - x[i0 + 2];
    const nax = ey * a0z - ez * a0y;
    const nay = ez * a0x - ex * a0z;
    const naz = ex * a0y - ey * a0x;
    const nbx = b0y * ez - b0z * ey;
    const nby = b0z * ex - b0x * ez;
    const nbz = b0x * ey - b0y * ex;
    const naSq = nax * nax + nay * nay + naz * naz;
    const nbSq = nbx * nbx + nby * nby + nbz * nbz;
    const minAreaSq = 1e-18 * eSq * eSq;
    if (!(naSq > minAreaSq) || !(nbSq > minAreaSq)) continue;
    const eLength = Math.sqrt(eSq);
    const invE = 1 / eLength;
    const a0 = (a0x * ex + a0y * ey + a0z * ez) * invE;
    const b0 = (b0x * ex + b0y * ey + b0z * ez) * invE;
    const a1 = a0 - eLength;
    const b1 = b0 - eLength;
    const sa = 1 / naSq;
    const sb = 1 / nbSq;
    const gax = nax * sa;
    const gay = nay * sa;
    const gaz = naz * sa;
    const gbx = nbx * sb;
    const gby = nby * sb;
    const gbz = nbz * sb;
    const g0x = -(a1 * gax + b1 * gbx);
    const g0y = -(a1 * gay + b1 * gby);
    const g0z = -(a1 * gaz + b1 * gbz);
    const g1x = a0 * gax + b0 * gbx;
    const g1y = a0 * gay + b0 * gby;
    const g1z = a0 * gaz + b0 * gbz;
    const g2x = -eLength * gax;
    const g2y = -eLength * gay;
    const g2z = -eLength * gaz;
    const g3x = -eLength * gbx;
    const g3y = -eLength * gby;
    const g3z = -eLength * gbz;
    const w0 = w[q0];
    const w1 = w[q1];
    const w2 = w[q2];
    const w3 = w[q3];
    const wGradSq =
      w0 * (g0x * g0x + g0y * g0y + g0z * g0z) +
      w1 * (g1x * g1x + g1y * g1y + g1z * g1z) +
      w2 * (g2x * g2x + g2y * g2y + g2z * g2z) +
      w3 * (g3x * g3x + g3y * g3y + g3z * g3z);
    const alphaTilde = compliance[c] * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    // θ = atan2((n_A × n_B)·e, (n_A·n_B)·|e|), as in hingeGradient.
    const theta = Math.atan2(
      (nay * nbz - naz * nby) * ex + (naz * nbx - nax * nbz) * ey + (nax * nby - nay * nbx) * ez,
      (nax * nbx + nay * nby + naz * nbz) * eLength,
    );
    const constraint = wrapAngle(theta - restAngle[c]);
    const dLambda = (scale * (-constraint - alphaTilde * lambda[c])) / denominator;
    lambda[c] += dLambda;
    const s0 = w0 * dLambda;
    const s1 = w1 * dLambda;
    const s2 = w2 * dLambda;
    const s3 = w3 * dLambda;
    x[i0] += s0 * g0x;
    x[i0 + 1] += s0 * g0y;
    x[i0 + 2] += s0 * g0z;
    x[i1] += s1 * g1x;
    x[i1 + 1] += s1 * g1y;
    x[i1 + 2] += s1 * g1z;
    x[i2] += s2 * g2x;
    x[i2 + 1] += s2 * g2y;
    x[i2 + 2] += s2 * g2z;
    x[i3] += s3 * g3x;
    x[i3 + 1] += s3 * g3y;
    x[i3 + 2] += s3 * g3z;
  }
}
