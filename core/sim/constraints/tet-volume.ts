import { signedTetVolumeM3 } from '../../math/mesh-measures.ts';
import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  anyPositive,
  type BlockBase,
  type ConstraintSubset,
  type Created,
  criticalDampingCoefficient,
  MIN_DENOMINATOR,
  subsetCount,
} from './block.ts';
import { isDegenerateTet } from './tet-rest.ts';

/**
 * Tetrahedron volume constraint (Müller et al. 2007, §4.4 with XPBD compliance; what Jolt's
 * volume constraints do):
 *
 *   C = V − V0,  V = (x1−x0)·((x2−x0)×(x3−x0))/6          (m³)
 *   ∇_{x1}C = (x2−x0)×(x3−x0)/6, ∇_{x2}C = (x3−x0)×(x1−x0)/6, ∇_{x3}C = (x1−x0)×(x2−x0)/6,
 *   ∇_{x0}C = −(∇_{x1}C + ∇_{x2}C + ∇_{x3}C)
 *   α = V0/K, m³/Pa (= m⁵/N): ½C²/α = ½K·V0·(ΔV/V0)², the bulk energy of the element.
 *
 * XPBD update Δλ = (−C − α̃λ)/(Σ w|∇C|² + α̃), α̃ = α/h², x_k += w_k·∇_k C·Δλ. An inverted tet keeps a finite gradient and is pushed back
 * towards V0; a fully collapsed one has ∇C = 0 and only moves λ (rigid: skipped).
 */
export interface TetVolumeBlock extends BlockBase {
  readonly kind: 'tet-volume';
  /** Rest volume V0, m³. */
  readonly restVolumeM3: Float64Array;
  /** α = V0/K, m³/Pa. */
  readonly complianceM3PerPa: Float64Array;
  /** Damping coefficient β, Pa·s/m³; empty when the block is undamped (`damped` false). */
  readonly dampingPaSPerM3: Float64Array;
  /** Multiplier of the current substep, Pa·s² (force = λ∇C/h²). */
  readonly lambda: Float64Array;
  readonly degenerateCount: number;
}

/** Compliances per tet as core/setup derives them (core/material/compliance/edges-volume.ts). */
export interface TetVolumeInput {
  tets: Uint32Array;
  /** α = V0/K_vol per tet, m³/Pa (0 = incompressible). */
  complianceM3PerPa: Float64Array;
  dampingRatio: number;
}

const G = new Float64Array(12);

/** Scratch G ← ∇C at the current positions; returns the current volume, m³. */
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

export function createTetVolumeBlock(input: TetVolumeInput, state: ParticleState): Created<TetVolumeBlock> {
  const rest = state.rest;
  const inputCount = input.tets.length / 4;
  for (let t = 0; t < inputCount; t++) {
    if (!(input.complianceM3PerPa[t] >= 0))
      throw new RangeError('createTetVolumeBlock: compliance must be ≥ 0 m³/Pa');
  }
  const kept: number[] = [];
  for (let t = 0; t < inputCount; t++)
    if (!isDegenerateTet(rest, input.tets.subarray(4 * t, 4 * t + 4))) kept.push(t);
  const count = kept.length;
  const tets = new Uint32Array(4 * count);
  const volume = new Float64Array(count);
  const alpha = new Float64Array(count);
  const damping = new Float64Array(count);
  for (let k = 0; k < count; k++) {
    const t = kept[k];
    let b = input.tets[4 * t + 1];
    let c = input.tets[4 * t + 2];
    if (signedTetVolumeM3(rest, input.tets[4 * t], b, c, input.tets[4 * t + 3]) < 0) [b, c] = [c, b];
    tets.set([input.tets[4 * t], b, c, input.tets[4 * t + 3]], 4 * k);
    volume[k] = volumeGradient(rest, tets, k);
    alpha[k] = input.complianceM3PerPa[t];
    damping[k] = criticalDampingCoefficient(
      alpha[k],
      input.dampingRatio,
      weightedGradSq(state.invMass, tets, k),
    );
  }
  const colouring = colourConstraints(tets, 4, state.count, state.leafOf);
  const order = colouring.order;
  // An undamped block (no coefficient above 0) keeps none: its damping pass never runs.
  const dampingPaSPerM3 = anyPositive(damping) ? permute(damping, 1, order) : new Float64Array(0);
  return {
    kind: 'tet-volume',
    count,
    arity: 4,
    particles: permute(tets, 4, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: Uint32Array.from(order, (k) => kept[k]),
    stiffnessScale: 1,
    damped: dampingPaSPerM3.length > 0,
    restVolumeM3: permute(volume, 1, order),
    complianceM3PerPa: permute(alpha, 1, order),
    dampingPaSPerM3,
    lambda: new Float64Array(count),
    degenerateCount: inputCount - count,
  };
}

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s. The gradient of
 * `volumeGradient` is written out in local variables (several times faster than the scratch
 * array), unscaled: c_k = 6·∇_k C, so V = e1·c1/6, Σw|∇C|² = Σw|c|²/36 and x_k += w_k·(Δλ/6)·c_k.
 * test/core/sim/perf-kernels.test.ts checks it against the plain form.
 */
export function solveTetVolume(block: TetVolumeBlock, state: ParticleState, h: number): void {
  const minDenominator = MIN_DENOMINATOR;
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const lambda = block.lambda;
  const restVolume = block.restVolumeM3;
  const compliance = block.complianceM3PerPa;
  const scale = block.stiffnessScale;
  const count = block.count;
  const invHSq = 1 / (h * h);
  const sixth = 1 / 6;
  const thirtySixth = 1 / 36;
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
    const x0 = x[i0];
    const y0 = x[i0 + 1];
    const z0 = x[i0 + 2];
    const ax = x[i1] - x0;
    const ay = x[i1 + 1] - y0;
    const az = x[i1 + 2] - z0;
    const bx = x[i2] - x0;
    const by = x[i2 + 1] - y0;
    const bz = x[i2 + 2] - z0;
    const cx = x[i3] - x0;
    const cy = x[i3 + 1] - y0;
    const cz = x[i3 + 2] - z0;
    const g1x = by * cz - bz * cy;
    const g1y = bz * cx - bx * cz;
    const g1z = bx * cy - by * cx;
    const g2x = cy * az - cz * ay;
    const g2y = cz * ax - cx * az;
    const g2z = cx * ay - cy * ax;
    const g3x = ay * bz - az * by;
    const g3y = az * bx - ax * bz;
    const g3z = ax * by - ay * bx;
    const g0x = -(g1x + g2x + g3x);
    const g0y = -(g1y + g2y + g3y);
    const g0z = -(g1z + g2z + g3z);
    const w0 = w[q0];
    const w1 = w[q1];
    const w2 = w[q2];
    const w3 = w[q3];
    const wGradSq =
      (w0 * (g0x * g0x + g0y * g0y + g0z * g0z) +
        w1 * (g1x * g1x + g1y * g1y + g1z * g1z) +
        w2 * (g2x * g2x + g2y * g2y + g2z * g2z) +
        w3 * (g3x * g3x + g3y * g3y + g3z * g3z)) *
      thirtySixth;
    const alphaTilde = compliance[t] * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    const volume = (ax * g1x + ay * g1y + az * g1z) * sixth;
    const dLambda = (scale * (restVolume[t] - volume - alphaTilde * lambda[t])) / denominator;
    lambda[t] += dLambda;
    const d = dLambda * sixth;
    const s0 = w0 * d;
    const s1 = w1 * d;
    const s2 = w2 * d;
    const s3 = w3 * d;
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

/** Implicit damping of each tet's volume rate Ċ = Σ ∇_k C·v_k over a substep h (block.ts). */
export function dampTetVolume(block: TetVolumeBlock, state: ParticleState, h: number): void {
  const v = state.v;
  const w = state.invMass;
  const particles = block.particles;
  for (let t = 0; t < block.count; t++) {
    const hb = h * block.dampingPaSPerM3[t];
    if (hb === 0) continue;
    volumeGradient(state.x, particles, t);
    let rate = 0;
    for (let k = 0; k < 4; k++) {
      const p3 = 3 * particles[4 * t + k];
      rate += G[3 * k] * v[p3] + G[3 * k + 1] * v[p3 + 1] + G[3 * k + 2] * v[p3 + 2];
    }
    const s = (rate * hb) / (1 + hb * weightedGradSq(w, particles, t));
    for (let k = 0; k < 4; k++) {
      const p = particles[4 * t + k];
      v[3 * p] -= w[p] * s * G[3 * k];
      v[3 * p + 1] -= w[p] * s * G[3 * k + 1];
      v[3 * p + 2] -= w[p] * s * G[3 * k + 2];
    }
  }
}

/** Adds λ·∇C/h² (N) of every tet to `forceN`. */
export function addTetVolumeForces(
  block: TetVolumeBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const t = only ? only[i] : i;
    volumeGradient(state.x, block.particles, t);
    const s = block.lambda[t] * invHSq;
    for (let k = 0; k < 4; k++) {
      const p3 = 3 * block.particles[4 * t + k];
      forceN[p3] += s * G[3 * k];
      forceN[p3 + 1] += s * G[3 * k + 1];
      forceN[p3 + 2] += s * G[3 * k + 2];
    }
  }
}
