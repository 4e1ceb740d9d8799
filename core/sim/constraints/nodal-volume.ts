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
  /** Star of constraint c: tets [starStarts[c], starStarts[c + 1]) of `starLinks`. */
  readonly starStarts: Uint32Array;
  /**
   * 3 per star tet: the slots (1 … arity − 1) of its vertices other than the constraint's own (slot
   * 0), in the order that makes (own, a, b, c) positively oriented.
   */
  readonly starLinks: Uint16Array;
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
  /**
   * Scratch, 6 × arity: 24·∇C per slot, xyz (m²), then each slot's position relative to slot 0's
   * (m), which the star's tets share.
   */
  readonly gradient: Float64Array;
  /**
   * What the damping pass reads of each star's last sweep, so that it does not sum the star's
   * cross products again (each tet visited once per vertex: as much as the sweep costs): 24·∇C per
   * slot (3 × arity per star, m², rounded to f32), and Σ_k w_k·|24·∇_k C|² (m⁴/kg). Made by the
   * sweep, which every substep runs before its damping pass; empty for a block without damping.
   */
  readonly sweptGradient: Float32Array;
  readonly sweptWeightedGradSq: Float64Array;
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

/**
 * For the tet (p0, p1, p2, p3), positively oriented, whose vertex k is a star's own: the other three
 * in an order that keeps the orientation with the own vertex first (an even permutation).
 */
const LINK_ORDER = [
  [1, 2, 3],
  [0, 3, 2],
  [3, 0, 1],
  [2, 1, 0],
] as const;

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
  const stars: { particles: number[]; links: number[]; volume: number }[] = [];
  for (let c = 0; c < inputCount; c++) {
    const vertex = input.vertices[c];
    const star = around.get(vertex);
    if (!star) continue;
    const particles = [vertex];
    const slotOf = new Map<number, number>([[vertex, 0]]);
    const links: number[] = [];
    let volume = 0;
    for (const t of star) {
      const own = tets.indexOf(vertex, 4 * t) - 4 * t;
      for (const k of LINK_ORDER[own]) {
        const p = tets[4 * t + k];
        let slot = slotOf.get(p);
        if (slot === undefined) {
          slot = particles.length;
          slotOf.set(p, slot);
          particles.push(p);
        }
        links.push(slot);
      }
      volume += signedTetVolumeM3(rest, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]) / 4;
    }
    kept.push(c);
    stars.push({ particles, links, volume });
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
  for (let k = 0; k < count; k++) starStarts[k + 1] = starStarts[k] + stars[order[k]].links.length / 3;
  const starLinks = new Uint16Array(3 * starStarts[count]);
  for (let k = 0; k < count; k++) starLinks.set(stars[order[k]].links, 3 * starStarts[k]);
  const particleCount = Uint32Array.from(order, (k) => stars[k].particles.length);
  const particles = permute(padded, arity, order);
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
    starLinks,
    restVolumeM3,
    complianceM3PerPa,
    dampingPaSPerM3: new Float64Array(count),
    lambda: new Float64Array(count),
    degenerateCount: inputCount - count,
    gradient: new Float64Array(6 * arity),
    sweptGradient: new Float32Array(0),
    sweptWeightedGradSq: new Float64Array(0),
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
  if (!block.damped) return block;
  return {
    ...block,
    sweptGradient: new Float32Array(3 * arity * count),
    sweptWeightedGradSq: new Float64Array(count),
  };
}

/** block.gradient ← ∇C of constraint c at positions x (slots of the star); returns V_n, m³. */
function starGradient(block: NodalVolumeBlock, x: Float64Array, c: number): number {
  const g = block.gradient;
  const n3 = 3 * block.particleCount[c];
  const from = 3 * block.starStarts[c];
  const to = 3 * block.starStarts[c + 1];
  const arity = block.arity;
  const sixVolume = starCrossSums(
    g,
    x,
    block.particles,
    arity * c,
    n3 / 3,
    block.starLinks,
    from,
    to,
    3 * arity,
  );
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
  const links = block.starLinks;
  const starStarts = block.starStarts;
  const particleCount = block.particleCount;
  const lambda = block.lambda;
  const restVolume = block.restVolumeM3;
  const compliance = block.complianceM3PerPa;
  const scale = block.stiffnessScale;
  const arity = block.arity;
  const swept = block.sweptGradient;
  const sweptWcc = block.sweptWeightedGradSq;
  const keep = swept.length > 0;
  const invHSq = 1 / (h * h);
  const k24 = 1 / 24;
  for (let c = 0; c < block.count; c++) {
    const n3 = 3 * particleCount[c];
    const base = arity * c;
    const from = 3 * starStarts[c];
    const to = 3 * starStarts[c + 1];
    const sixVolume = starCrossSums(g, x, particles, base, n3 / 3, links, from, to, 3 * arity);
    let wcc = 0;
    for (let k = 0; k < n3; k += 3) {
      wcc += w[particles[base + k / 3]] * (g[k] * g[k] + g[k + 1] * g[k + 1] + g[k + 2] * g[k + 2]);
    }
    if (keep) {
      for (let k = 0; k < n3; k++) swept[3 * base + k] = g[k];
      sweptWcc[c] = wcc;
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
 * Implicit damping of each star's volume rate Ċ = Σ ∇_k C·v_k over a substep h (block.ts), with
 * the gradient of the substep's sweep (block.sweptGradient: c = 24·∇C, the 1/24 folded into the
 * rate and the step), where the star stood before its own move; by the end of the substep the
 * particles have moved on by a fraction of a cell, which turns ∇C by as little.
 */
export function dampNodalVolume(block: NodalVolumeBlock, state: ParticleState, h: number): void {
  const v = state.v;
  const w = state.invMass;
  const g = block.sweptGradient;
  const sweptWcc = block.sweptWeightedGradSq;
  const particles = block.particles;
  const particleCount = block.particleCount;
  const damping = block.dampingPaSPerM3;
  const arity = block.arity;
  const k24 = 1 / 24;
  for (let c = 0; c < block.count; c++) {
    const hb = h * damping[c];
    if (hb === 0) continue;
    const n = particleCount[c];
    const base = arity * c;
    const o = 3 * base;
    let rate = 0;
    for (let k = 0; k < n; k++) {
      const p3 = 3 * particles[base + k];
      rate += g[o + 3 * k] * v[p3] + g[o + 3 * k + 1] * v[p3 + 1] + g[o + 3 * k + 2] * v[p3 + 2];
    }
    const s = (rate * k24 * hb * k24) / (1 + hb * sweptWcc[c] * k24 * k24);
    for (let k = 0; k < n; k++) {
      const p = particles[base + k];
      const ws = w[p] * s;
      v[3 * p] -= ws * g[o + 3 * k];
      v[3 * p + 1] -= ws * g[o + 3 * k + 1];
      v[3 * p + 2] -= ws * g[o + 3 * k + 2];
    }
  }
}

/**
 * g[0 … 3n) ← the unscaled cross-product sums c = 24·∇C of the star of `n` slots whose particles
 * start at `base` in `particles`, over its tets [from, to) of `links` (3 entries each); returns 6·Σ V_t.
 * Each slot's position relative to slot 0 (the constraint's own particle, a corner of every tet) is
 * made once into g[rel …) and shared by the star's tets: 6V = a·(b × c) with ∇_a = b × c,
 * ∇_b = c × a, ∇_c = a × b and ∇_own = −(their sum), slot 0's summed in registers.
 */
function starCrossSums(
  g: Float64Array,
  x: Float64Array,
  particles: Uint32Array,
  base: number,
  n: number,
  links: Uint16Array,
  from: number,
  to: number,
  rel: number,
): number {
  const o = 3 * particles[base];
  const x0 = x[o];
  const y0 = x[o + 1];
  const z0 = x[o + 2];
  // Slot 0's own relative position (0) is never read: no link is slot 0.
  for (let k = 3; k < 3 * n; k += 3) {
    const p3 = 3 * particles[base + k / 3];
    g[rel + k] = x[p3] - x0;
    g[rel + k + 1] = x[p3 + 1] - y0;
    g[rel + k + 2] = x[p3 + 2] - z0;
    g[k] = 0;
    g[k + 1] = 0;
    g[k + 2] = 0;
  }
  let ownX = 0;
  let ownY = 0;
  let ownZ = 0;
  let sixVolume = 0;
  for (let e = from; e < to; e += 3) {
    const sa = 3 * links[e];
    const sb = 3 * links[e + 1];
    const sc = 3 * links[e + 2];
    const ax = g[rel + sa];
    const ay = g[rel + sa + 1];
    const az = g[rel + sa + 2];
    const bx = g[rel + sb];
    const by = g[rel + sb + 1];
    const bz = g[rel + sb + 2];
    const cx = g[rel + sc];
    const cy = g[rel + sc + 1];
    const cz = g[rel + sc + 2];
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
    ownX -= g1x + g2x + g3x;
    ownY -= g1y + g2y + g3y;
    ownZ -= g1z + g2z + g3z;
    g[sa] += g1x;
    g[sa + 1] += g1y;
    g[sa + 2] += g1z;
    g[sb] += g2x;
    g[sb + 1] += g2y;
    g[sb + 2] += g2z;
    g[sc] += g3x;
    g[sc + 1] += g3y;
    g[sc + 2] += g3z;
  }
  g[0] = ownX;
  g[1] = ownY;
  g[2] = ownZ;
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

/** The particles of tet e of constraint c's star: its own first, then its links (positive orientation). */
export function starTetParticles(block: NodalVolumeBlock, c: number, e: number): number[] {
  const base = block.arity * c;
  const links = block.starLinks;
  const particles = block.particles;
  return [
    particles[base],
    particles[base + links[3 * e]],
    particles[base + links[3 * e + 1]],
    particles[base + links[3 * e + 2]],
  ];
}

/** Current star volume V_n of constraint c, m³. */
export function nodalVolumeM3(block: NodalVolumeBlock, x: Float64Array, c: number): number {
  const particles = block.particles;
  const links = block.starLinks;
  const base = block.arity * c;
  let volume = 0;
  for (let e = block.starStarts[c]; e < block.starStarts[c + 1]; e++) {
    volume += signedTetVolumeM3(
      x,
      particles[base],
      particles[base + links[3 * e]],
      particles[base + links[3 * e + 1]],
      particles[base + links[3 * e + 2]],
    );
  }
  return volume / 4;
}
