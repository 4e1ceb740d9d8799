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
 * Nodal volume constraint (averaged nodal pressure, Bonet & Burton 1998; the derivation and the
 * measurements are in core/material/compliance/nodal-volume.ts): one constraint per vertex n on
 * the volume of its star, each tet around n giving a quarter of its volume,
 *
 *   V_n = Σ_{t ∋ n} V_t/4,  C = V_n − V_n0                                      (m³)
 *   ∇_{x_k} C = Σ_{t ∋ n, k} ∇_{x_k} V_t/4   (∇V_t as in tet-volume.ts)
 *   α = V_n0/K_n, m³/Pa:  ½C²/α = ½·K_n·V_n0·(ΔV_n/V_n0)²
 *
 * XPBD update Δλ = (−C − α̃λ)/(Σ w|∇C|² + α̃), α̃ = α/h², x_k += w_k·∇_k C·Δλ, over every particle
 * of the star. A constraint touches a variable number of particles: `particles` holds `arity`
 * (the largest star) per constraint, the vertex itself first, the others after it, and the slots
 * past `particleCount[c]` repeat the vertex (they only matter to the colouring, which they do not
 * change). A star whose tets all collapsed has ∇C = 0 and only moves λ (rigid: skipped).
 *
 * The WebAssembly kernel (assembly/kernels.ts `solveNodalVolumeBatched`) makes the same floats.
 */
export interface NodalVolumeBlock extends BlockBase {
  readonly kind: 'nodal-volume';
  /** Particles of each constraint's star (the first `particleCount[c]` of its `arity` slots). */
  readonly particleCount: Uint32Array;
  /** Star of constraint c: tets [starStarts[c], starStarts[c + 1]) of `starSlots`. */
  readonly starStarts: Uint32Array;
  /** 4 per star tet: the slots (0 … arity − 1) of the tet's vertices in its constraint, positive orientation. */
  readonly starSlots: Uint16Array;
  /** 4 per star tet: 3 × the particle of each slot of starSlots (its x offset), for the sweep. */
  readonly starOffsets: Uint32Array;
  /** Rest star volume V_n0, m³. */
  readonly restVolumeM3: Float64Array;
  /** α = V_n0/K_n, m³/Pa. */
  readonly complianceM3PerPa: Float64Array;
  /** Damping coefficient β, Pa·s/m³. */
  readonly dampingPaSPerM3: Float64Array;
  /** Multiplier of the current substep, Pa·s² (force = λ∇C/h²). */
  readonly lambda: Float64Array;
  /** Input constraints left out because every tet of their star is degenerate. */
  readonly degenerateCount: number;
  /** Scratch ∇C per slot, xyz, m² (arity × 3). */
  readonly gradient: Float64Array;
}

/** One constraint per vertex of `vertices`, as core/setup derives them (compliance/nodal-volume.ts). */
export interface NodalVolumeInput {
  /** The tets whose volume the vertices share, 4 world-global particle indices each. */
  tets: Uint32Array;
  /** The constrained vertices, world-global. */
  vertices: Uint32Array;
  /** α = V_n0/K_n per vertex, m³/Pa (0 = incompressible). */
  complianceM3PerPa: Float64Array;
  dampingRatio: number;
}

export function createNodalVolumeBlock(
  input: NodalVolumeInput,
  state: ParticleState,
): Created<NodalVolumeBlock> {
  const rest = state.rest;
  const inputCount = input.vertices.length;
  for (let c = 0; c < inputCount; c++) {
    if (!(input.complianceM3PerPa[c] >= 0))
      throw new RangeError('createNodalVolumeBlock: compliance must be ≥ 0 m³/Pa');
  }
  // Kept tets, positively oriented, and the tets around each particle.
  const tets: number[] = [];
  for (let t = 0; t < input.tets.length / 4; t++) {
    const tet = input.tets.subarray(4 * t, 4 * t + 4);
    if (isDegenerateTet(rest, tet)) continue;
    const [a, b, c, d] = tet;
    if (signedTetVolumeM3(rest, a, b, c, d) < 0) tets.push(a, c, b, d);
    else tets.push(a, b, c, d);
  }
  const around = new Map<number, number[]>();
  for (let t = 0; t < tets.length / 4; t++) {
    for (let k = 0; k < 4; k++) {
      const list = around.get(tets[4 * t + k]);
      if (list) list.push(t);
      else around.set(tets[4 * t + k], [t]);
    }
  }
  const kept: number[] = [];
  const stars: { particles: number[]; slots: number[]; volume: number }[] = [];
  for (let c = 0; c < inputCount; c++) {
    const vertex = input.vertices[c];
    const star = around.get(vertex);
    if (!star) continue;
    const particles = [vertex];
    const slotOf = new Map<number, number>([[vertex, 0]]);
    const slots: number[] = [];
    let volume = 0;
    for (const t of star) {
      for (let k = 0; k < 4; k++) {
        const p = tets[4 * t + k];
        let slot = slotOf.get(p);
        if (slot === undefined) {
          slot = particles.length;
          slotOf.set(p, slot);
          particles.push(p);
        }
        slots.push(slot);
      }
      volume += signedTetVolumeM3(rest, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]) / 4;
    }
    kept.push(c);
    stars.push({ particles, slots, volume });
  }
  const count = kept.length;
  const arity = stars.reduce((most, s) => Math.max(most, s.particles.length), 1);
  const padded = new Uint32Array(arity * count);
  stars.forEach((s, k) => {
    padded.fill(s.particles[0], arity * k, arity * (k + 1));
    padded.set(s.particles, arity * k);
  });
  const colouring = colourConstraints(padded, arity, state.count, state.leafOf);
  const order = colouring.order;
  const starStarts = new Uint32Array(count + 1);
  for (let k = 0; k < count; k++) starStarts[k + 1] = starStarts[k] + stars[order[k]].slots.length / 4;
  const starSlots = new Uint16Array(4 * starStarts[count]);
  for (let k = 0; k < count; k++) starSlots.set(stars[order[k]].slots, 4 * starStarts[k]);
  const particleCount = Uint32Array.from(order, (k) => stars[k].particles.length);
  const particles = permute(padded, arity, order);
  const starOffsets = new Uint32Array(starSlots.length);
  for (let k = 0; k < count; k++)
    for (let e = 4 * starStarts[k]; e < 4 * starStarts[k + 1]; e++)
      starOffsets[e] = 3 * particles[arity * k + starSlots[e]];
  const restVolumeM3 = Float64Array.from(order, (k) => stars[k].volume);
  const complianceM3PerPa = Float64Array.from(order, (k) => input.complianceM3PerPa[kept[k]]);
  const block: Created<NodalVolumeBlock> = {
    kind: 'nodal-volume',
    count,
    arity,
    particles,
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: Uint32Array.from(order, (k) => kept[k]),
    stiffnessScale: 1,
    damped: false,
    particleCount,
    starStarts,
    starSlots,
    starOffsets,
    restVolumeM3,
    complianceM3PerPa,
    dampingPaSPerM3: new Float64Array(count),
    lambda: new Float64Array(count),
    degenerateCount: inputCount - count,
    gradient: new Float64Array(3 * arity),
  };
  for (let c = 0; c < count; c++) {
    starGradient(block, rest, c);
    block.dampingPaSPerM3[c] = criticalDampingCoefficient(
      complianceM3PerPa[c],
      input.dampingRatio,
      weightedGradSq(block, state.invMass, c),
    );
  }
  block.damped = anyPositive(block.dampingPaSPerM3);
  return block;
}

/** block.gradient ← ∇C of constraint c at positions x (slots of the star); returns V_n, m³. */
function starGradient(block: NodalVolumeBlock, x: Float64Array, c: number): number {
  const g = block.gradient;
  const n3 = 3 * block.particleCount[c];
  const from = 4 * block.starStarts[c];
  const to = 4 * block.starStarts[c + 1];
  const sixVolume = starCrossSums(g, x, block.starOffsets, block.starSlots, from, to, n3);
  // Each tet's ∇V = (cross products)/6, and a quarter of it counts: 1/24.
  const quarterSixth = 1 / 24;
  for (let k = 0; k < n3; k++) g[k] *= quarterSixth;
  return sixVolume * quarterSixth;
}

/** Σ_k w_k·|∇_k C|² of constraint c from block.gradient. */
function weightedGradSq(block: NodalVolumeBlock, w: Float64Array, c: number): number {
  const g = block.gradient;
  const base = block.arity * c;
  let sum = 0;
  for (let k = 0; k < block.particleCount[c]; k++)
    sum +=
      w[block.particles[base + k]] *
      (g[3 * k] * g[3 * k] + g[3 * k + 1] * g[3 * k + 1] + g[3 * k + 2] * g[3 * k + 2]);
  return sum;
}

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s (the sweep is the block's
 * cost: each tet is visited once per vertex of it): unscaled cross products c accumulate per slot
 * (starCrossSums), ∇C = c/24, V_n = Σ e1·c1/24.
 */
export function solveNodalVolume(block: NodalVolumeBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const g = block.gradient;
  const slots = block.starSlots;
  const offsets = block.starOffsets;
  const starStarts = block.starStarts;
  const particleCount = block.particleCount;
  const lambda = block.lambda;
  const restVolume = block.restVolumeM3;
  const compliance = block.complianceM3PerPa;
  const scale = block.stiffnessScale;
  const arity = block.arity;
  const invHSq = 1 / (h * h);
  const k24 = 1 / 24;
  for (let c = 0; c < block.count; c++) {
    const n3 = 3 * particleCount[c];
    const sixVolume = starCrossSums(g, x, offsets, slots, 4 * starStarts[c], 4 * starStarts[c + 1], n3);
    const base = arity * c;
    let wcc = 0;
    for (let k = 0; k < n3; k += 3) {
      wcc += w[particles[base + k / 3]] * (g[k] * g[k] + g[k + 1] * g[k + 1] + g[k + 2] * g[k + 2]);
    }
    const alphaTilde = compliance[c] * invHSq;
    const denominator = wcc * k24 * k24 + alphaTilde;
    if (!(denominator > MIN_DENOMINATOR)) continue;
    const dLambda = (scale * (restVolume[c] - sixVolume * k24 - alphaTilde * lambda[c])) / denominator;
    lambda[c] += dLambda;
    const d = dLambda * k24;
    for (let k = 0; k < n3; k += 3) {
      const p3 = 3 * particles[base + k / 3];
      const s = w[p3 / 3] * d;
      x[p3] += s * g[k];
      x[p3 + 1] += s * g[k + 1];
      x[p3 + 2] += s * g[k + 2];
    }
  }
}

/**
 * Implicit damping of each star's volume rate Ċ = Σ ∇_k C·v_k over a substep h (block.ts). The
 * gradient is summed unscaled (c = 24·∇C, as in solveNodalVolume) and the 1/24 folded into the
 * rate and the step: this pass costs as much as the sweep, one visit per star tet.
 */
export function dampNodalVolume(block: NodalVolumeBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const v = state.v;
  const w = state.invMass;
  const g = block.gradient;
  const particles = block.particles;
  const slots = block.starSlots;
  const offsets = block.starOffsets;
  const starStarts = block.starStarts;
  const particleCount = block.particleCount;
  const damping = block.dampingPaSPerM3;
  const arity = block.arity;
  const k24 = 1 / 24;
  for (let c = 0; c < block.count; c++) {
    const hb = h * damping[c];
    if (hb === 0) continue;
    const n = particleCount[c];
    starCrossSums(g, x, offsets, slots, 4 * starStarts[c], 4 * starStarts[c + 1], 3 * n);
    const base = arity * c;
    let rate = 0;
    let wcc = 0;
    for (let k = 0; k < n; k++) {
      const p3 = 3 * particles[base + k];
      const gx = g[3 * k];
      const gy = g[3 * k + 1];
      const gz = g[3 * k + 2];
      rate += gx * v[p3] + gy * v[p3 + 1] + gz * v[p3 + 2];
      wcc += w[p3 / 3] * (gx * gx + gy * gy + gz * gz);
    }
    const s = (rate * k24 * hb * k24) / (1 + hb * wcc * k24 * k24);
    for (let k = 0; k < n; k++) {
      const p = particles[base + k];
      const ws = w[p] * s;
      v[3 * p] -= ws * g[3 * k];
      v[3 * p + 1] -= ws * g[3 * k + 1];
      v[3 * p + 2] -= ws * g[3 * k + 2];
    }
  }
}

/**
 * g[0 … n3) ← the unscaled cross-product sums c of the star tets [from, to) (4 entries each of
 * `offsets` and `slots`): c = 24·∇C per slot; returns 6·Σ V_t.
 */
function starCrossSums(
  g: Float64Array,
  x: Float64Array,
  offsets: Uint32Array,
  slots: Uint16Array,
  from: number,
  to: number,
  n3: number,
): number {
  for (let k = 0; k < n3; k++) g[k] = 0;
  let sixVolume = 0;
  for (let e = from; e < to; e += 4) {
    const i0 = offsets[e];
    const i1 = offsets[e + 1];
    const i2 = offsets[e + 2];
    const i3 = offsets[e + 3];
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
    sixVolume += ax * g1x + ay * g1y + az * g1z;
    const s0 = 3 * slots[e];
    const s1 = 3 * slots[e + 1];
    const s2 = 3 * slots[e + 2];
    const s3 = 3 * slots[e + 3];
    g[s0] -= g1x + g2x + g3x;
    g[s0 + 1] -= g1y + g2y + g3y;
    g[s0 + 2] -= g1z + g2z + g3z;
    g[s1] += g1x;
    g[s1 + 1] += g1y;
    g[s1 + 2] += g1z;
    g[s2] += g2x;
    g[s2 + 1] += g2y;
    g[s2 + 2] += g2z;
    g[s3] += g3x;
    g[s3 + 1] += g3y;
    g[s3 + 2] += g3z;
  }
  return sixVolume;
}

/** Adds λ·∇C/h² (N) of every constraint to `forceN`. */
export function addNodalVolumeForces(
  block: NodalVolumeBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  const g = block.gradient;
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    starGradient(block, state.x, c);
    const s = block.lambda[c] * invHSq;
    const base = block.arity * c;
    for (let k = 0; k < block.particleCount[c]; k++) {
      const p3 = 3 * block.particles[base + k];
      forceN[p3] += s * g[3 * k];
      forceN[p3 + 1] += s * g[3 * k + 1];
      forceN[p3 + 2] += s * g[3 * k + 2];
    }
  }
}

/** Current star volume V_n of constraint c, m³. */
export function nodalVolumeM3(block: NodalVolumeBlock, x: Float64Array, c: number): number {
  const particles = block.particles;
  const slots = block.starSlots;
  const base = block.arity * c;
  let volume = 0;
  for (let e = block.starStarts[c]; e < block.starStarts[c + 1]; e++) {
    volume += signedTetVolumeM3(
      x,
      particles[base + slots[4 * e]],
      particles[base + slots[4 * e + 1]],
      particles[base + slots[4 * e + 2]],
      particles[base + slots[4 * e + 3]],
    );
  }
  return volume / 4;
}
