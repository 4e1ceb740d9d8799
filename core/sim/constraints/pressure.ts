import type { ParticleState } from '../state.ts';
import {
  type BlockBase,
  type ConstraintSubset,
  type Created,
  MIN_DENOMINATOR,
  subsetCount,
} from './block.ts';

/**
 * Pressure of the gas enclosed by a closed, outward-wound triangle surface (a balloon): one
 * global volume constraint (Müller et al. 2007, §4.5 "cloth balloons", with XPBD compliance):
 *
 *   V = Σ_t x_a·(x_b × x_c)/6,   C = V − s·V0                            (m³)
 *   ∇_i V = Σ_{t ∋ i} (x_j × x_k)/6   over the triangles (i, j, k) around i, in winding order
 *   α = s·V0/K, m³/Pa:  ½·C²/α = ½·K·(s·V0)·(ΔV/(s·V0))², the bulk energy of the gas
 *
 * K is the gas bulk modulus (an isothermal ideal gas has K = its absolute pressure, so air at one
 * atmosphere is about 101 kPa stiff against compression), s the inflation: the volume the gas
 * wants over the rest volume of the surface. The gauge pressure the gas exerts at volume V is
 * −λ/h² = K·(s·V0 − V)/(s·V0), Pa. Every particle of the surface takes part in the one constraint
 * (one colour). No damping of its own: the membrane's damping acts on the same motion.
 */
export interface PressureBlock extends BlockBase {
  readonly kind: 'pressure';
  /** Surface triangles as indices into `particles` (block-local), 3 each. */
  readonly triangles: Uint32Array;
  /** Target volume s·V0, m³. */
  readonly targetVolumeM3: number;
  /** α = s·V0/K, m³/Pa. */
  readonly complianceM3PerPa: number;
  /** Multiplier of the current substep, Pa·s²; gauge pressure = −λ/h². */
  readonly lambda: Float64Array;
  /** Scratch ∇V per particle, xyz, m². */
  readonly gradient: Float64Array;
}

export interface PressureInput {
  /** Distinct surface particles, world-global. */
  particles: Uint32Array;
  /** Triangles indexing into `particles`, counter-clockwise seen from outside. */
  triangles: Uint32Array;
  /** Volume the gas wants, s·V0, m³ (core/setup derives it). */
  targetVolumeM3: number;
  /** α = s·V0/K, m³/Pa. */
  complianceM3PerPa: number;
}

export function createPressureBlock(input: PressureInput): Created<PressureBlock> {
  return {
    kind: 'pressure',
    count: 1,
    arity: input.particles.length,
    particles: input.particles,
    colourStarts: Uint32Array.of(0, 1),
    order: Uint32Array.of(0),
    stiffnessScale: 1,
    damped: false,
    triangles: input.triangles,
    targetVolumeM3: input.targetVolumeM3,
    complianceM3PerPa: input.complianceM3PerPa,
    lambda: new Float64Array(1),
    gradient: new Float64Array(3 * input.particles.length),
  };
}

/** Enclosed volume of the surface at positions `x`, m³ (positive for an outward winding). */
export function enclosedVolume(x: Float64Array, particles: Uint32Array, triangles: Uint32Array): number {
  let volume = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const a = 3 * particles[triangles[t]];
    const b = 3 * particles[triangles[t + 1]];
    const c = 3 * particles[triangles[t + 2]];
    volume +=
      x[a] * (x[b + 1] * x[c + 2] - x[b + 2] * x[c + 1]) +
      x[a + 1] * (x[b + 2] * x[c] - x[b] * x[c + 2]) +
      x[a + 2] * (x[b] * x[c + 1] - x[b + 1] * x[c]);
  }
  return volume / 6;
}

/** Writes ∇V into block.gradient; returns V, m³. */
function volumeGradient(block: PressureBlock, x: Float64Array): number {
  const g = block.gradient;
  g.fill(0);
  const particles = block.particles;
  const triangles = block.triangles;
  let volume = 0;
  const sixth = 1 / 6;
  for (let t = 0; t < triangles.length; t += 3) {
    const la = triangles[t];
    const lb = triangles[t + 1];
    const lc = triangles[t + 2];
    const a = 3 * particles[la];
    const b = 3 * particles[lb];
    const c = 3 * particles[lc];
    // ∂/∂x_a of x_a·(x_b × x_c) is x_b × x_c, and cyclically.
    const bcx = x[b + 1] * x[c + 2] - x[b + 2] * x[c + 1];
    const bcy = x[b + 2] * x[c] - x[b] * x[c + 2];
    const bcz = x[b] * x[c + 1] - x[b + 1] * x[c];
    const cax = x[c + 1] * x[a + 2] - x[c + 2] * x[a + 1];
    const cay = x[c + 2] * x[a] - x[c] * x[a + 2];
    const caz = x[c] * x[a + 1] - x[c + 1] * x[a];
    const abx = x[a + 1] * x[b + 2] - x[a + 2] * x[b + 1];
    const aby = x[a + 2] * x[b] - x[a] * x[b + 2];
    const abz = x[a] * x[b + 1] - x[a + 1] * x[b];
    g[3 * la] += bcx * sixth;
    g[3 * la + 1] += bcy * sixth;
    g[3 * la + 2] += bcz * sixth;
    g[3 * lb] += cax * sixth;
    g[3 * lb + 1] += cay * sixth;
    g[3 * lb + 2] += caz * sixth;
    g[3 * lc] += abx * sixth;
    g[3 * lc + 1] += aby * sixth;
    g[3 * lc + 2] += abz * sixth;
    volume += (x[a] * bcx + x[a + 1] * bcy + x[a + 2] * bcz) * sixth;
  }
  return volume;
}

export function solvePressure(block: PressureBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const volume = volumeGradient(block, x);
  const g = block.gradient;
  const particles = block.particles;
  let weighted = 0;
  for (let i = 0; i < particles.length; i++) {
    weighted +=
      w[particles[i]] * (g[3 * i] * g[3 * i] + g[3 * i + 1] * g[3 * i + 1] + g[3 * i + 2] * g[3 * i + 2]);
  }
  const alphaTilde = block.complianceM3PerPa / (h * h);
  const denominator = weighted + alphaTilde;
  if (!(denominator > MIN_DENOMINATOR)) return;
  const dLambda =
    (block.stiffnessScale * (block.targetVolumeM3 - volume - alphaTilde * block.lambda[0])) / denominator;
  if (!Number.isFinite(dLambda)) return;
  block.lambda[0] += dLambda;
  for (let i = 0; i < particles.length; i++) {
    const p3 = 3 * particles[i];
    const s = w[particles[i]] * dLambda;
    x[p3] += s * g[3 * i];
    x[p3 + 1] += s * g[3 * i + 1];
    x[p3 + 2] += s * g[3 * i + 2];
  }
}

/** Adds λ·∇V/h² (N) to `forceN`. */
export function addPressureForces(
  block: PressureBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
) {
  if (subsetCount(block, only) === 0) return; // its one constraint left out
  volumeGradient(block, state.x);
  const s = block.lambda[0] / (h * h);
  const g = block.gradient;
  for (let i = 0; i < block.particles.length; i++) {
    const p3 = 3 * block.particles[i];
    forceN[p3] += s * g[3 * i];
    forceN[p3 + 1] += s * g[3 * i + 1];
    forceN[p3 + 2] += s * g[3 * i + 2];
  }
}
