import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  anyPositive,
  type BlockBase,
  type ConstraintSubset,
  type Created,
  criticalDampingCoefficient,
  MIN_DENOMINATOR,
  MIN_LENGTH_M,
  subsetCount,
} from './block.ts';

/**
 * Dihedral bending of a triangle pair (hinge), for cloth. Particles (x0, x1, x2, x3): the hinge
 * edge x0→x1 is shared by triangle A = (x0, x1, x2) and triangle B = (x1, x0, x3), both with
 * the mesh's orientation. n_A = (x1−x0)×(x2−x0), n_B = (x0−x1)×(x3−x1), e = x1 − x0.
 *
 *   θ = atan2((n̂_A × n̂_B)·ê, n̂_A·n̂_B),   C = θ − θ0 wrapped to (−π, π]      (rad)
 *   ∇_{x2}θ = −|e|·n_A/|n_A|²,  ∇_{x3}θ = −|e|·n_B/|n_B|²,
 *   ∇_{x0}θ = −((x2−x1)·ê·n_A/|n_A|² + (x3−x1)·ê·n_B/|n_B|²),
 *   ∇_{x1}θ = (x2−x0)·ê·n_A/|n_A|² + (x3−x0)·ê·n_B/|n_B|²
 * (Bridson, Marino & Fedkiw 2003, §4.1, "bending modes"; exact gradients of θ, finite at θ = 0,
 * unlike the acos form of Müller et al. 2007.)
 *
 * Compliance from the plate bending stiffness D = E·t³/(12(1−ν²)), N·m: α = A_e/(D·|e|²), A_e the
 * two triangles' summed area (the hinge carries the moment |e|·D·κ of a plate bent by κ across
 * it, and turns by θ = h̄·κ, h̄ the mean height of the two triangles over e; derivation, limits and
 * the rule for two materials in core/material/compliance/cloth.ts).
 * Skipped: |e| or either triangle (nearly) degenerate, zero denominator.
 */
export interface DihedralBendBlock extends BlockBase {
  readonly kind: 'dihedral-bend';
  /** Rest angle θ0, rad. */
  readonly restAngleRad: Float64Array;
  /** α = A_e/(D|e|²), 1/(N·m). */
  readonly compliancePerNM: Float64Array;
  /** Damping coefficient β, N·m·s/rad. */
  readonly dampingNMS: Float64Array;
  /** Multiplier of the current substep, N·m·s². */
  readonly lambda: Float64Array;
}

/** Compliances per hinge as core/setup derives them (core/material/compliance/cloth.ts). */
export interface DihedralBendInput {
  /** Hinges, 4 world-global particles each (x0, x1 the edge; x2, x3 the wings), as above. */
  hinges: Uint32Array;
  /** α per hinge, 1/(N·m); hinges with a non-finite or non-positive α are left out. */
  compliancePerNM: Float64Array;
  dampingRatio: number;
}

/** ∇θ of the last `hingeAngle` call, 4 particles × xyz (scratch, exported for tests). */
export const G = new Float64Array(12);

/** MIN_LENGTH_M², module level: an imported binding can cost a property load per use once transpiled. */
const MIN_EDGE_SQ_M2 = MIN_LENGTH_M * MIN_LENGTH_M;

/** (n_A × n_B)·e and (n_A·n_B)·|e| of the last `hingeGradient` call: θ = atan2 of the two. */
const ANGLE_TERMS = new Float64Array(2);

/** Scratch G ← ∇θ at positions `x` (and ANGLE_TERMS); false where the hinge is degenerate. */
export function hingeGradient(x: Float64Array, particles: Uint32Array, c: number): boolean {
  const i0 = 3 * particles[4 * c];
  const i1 = 3 * particles[4 * c + 1];
  const i2 = 3 * particles[4 * c + 2];
  const i3 = 3 * particles[4 * c + 3];
  const ex = x[i1] - x[i0];
  const ey = x[i1 + 1] - x[i0 + 1];
  const ez = x[i1 + 2] - x[i0 + 2];
  const eSq = ex * ex + ey * ey + ez * ez;
  if (!(eSq > MIN_EDGE_SQ_M2)) return false;
  const a0x = x[i2] - x[i0];
  const a0y = x[i2 + 1] - x[i0 + 1];
  const a0z = x[i2 + 2] - x[i0 + 2];
  const b0x = x[i3] - x[i0];
  const b0y = x[i3 + 1] - x[i0 + 1];
  const b0z = x[i3 + 2] - x[i0 + 2];
  // n_A = e × (x2 − x0), n_B = (x3 − x0) × e (= (x0−x1)×(x3−x1)).
  const nax = ey * a0z - ez * a0y;
  const nay = ez * a0x - ex * a0z;
  const naz = ex * a0y - ey * a0x;
  const nbx = b0y * ez - b0z * ey;
  const nby = b0z * ex - b0x * ez;
  const nbz = b0x * ey - b0y * ex;
  const naSq = nax * nax + nay * nay + naz * naz;
  const nbSq = nbx * nbx + nby * nby + nbz * nbz;
  const minAreaSq = 1e-18 * eSq * eSq;
  if (!(naSq > minAreaSq) || !(nbSq > minAreaSq)) return false;
  const eLength = Math.sqrt(eSq);
  const invE = 1 / eLength;
  // θ = atan2((n̂_A × n̂_B)·ê, n̂_A·n̂_B) = atan2((n_A × n_B)·e, (n_A·n_B)·|e|): the norms cancel.
  ANGLE_TERMS[0] = (nay * nbz - naz * nby) * ex + (naz * nbx - nax * nbz) * ey + (nax * nby - nay * nbx) * ez;
  ANGLE_TERMS[1] = (nax * nbx + nay * nby + naz * nbz) * eLength;
  // Projections of the wing vectors on ê, measured from x0 (a0, b0) and from x1 (a1, b1).
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
  G[0] = -(a1 * gax + b1 * gbx);
  G[1] = -(a1 * gay + b1 * gby);
  G[2] = -(a1 * gaz + b1 * gbz);
  G[3] = a0 * gax + b0 * gbx;
  G[4] = a0 * gay + b0 * gby;
  G[5] = a0 * gaz + b0 * gbz;
  G[6] = -eLength * gax;
  G[7] = -eLength * gay;
  G[8] = -eLength * gaz;
  G[9] = -eLength * gbx;
  G[10] = -eLength * gby;
  G[11] = -eLength * gbz;
  return true;
}

/** Scratch G ← ∇θ at positions `x`; returns θ (rad), or NaN where the hinge is degenerate. */
export function hingeAngle(x: Float64Array, particles: Uint32Array, c: number): number {
  return hingeGradient(x, particles, c) ? Math.atan2(ANGLE_TERMS[0], ANGLE_TERMS[1]) : Number.NaN;
}

/**
 * atan2(sine, cosine) of a hinge, rad: Math.atan2's bits, faster in the usual case. For
 * |θ| < atan(7/16) ≈ 23.6° it is fdlibm's atan polynomial inline (s_atan.c: t − t·(s1 + s2) with its
 * aT[0..10]), which is the branch V8's Math.atan2 takes for such ratios, without the call.
 * The constants are function-local so that V8 folds them where it inlines this (module-level ones
 * may be reloaded from the module context and unboxed at each use).
 */
export function hingeAtan2(sine: number, cosine: number): number {
  const SMALL_ATAN = 0.4375;
  if (!(cosine > 0 && sine < SMALL_ATAN * cosine && sine > -SMALL_ATAN * cosine))
    return Math.atan2(sine, cosine);
  const AT0 = 0.3333333333333293;
  const AT1 = -0.19999999999876483;
  const AT2 = 0.14285714272503466;
  const AT3 = -0.11111110405462356;
  const AT4 = 0.09090887133436507;
  const AT5 = -0.0769187620504483;
  const AT6 = 0.06661073137387531;
  const AT7 = -0.058335701337905735;
  const AT8 = 0.049768779946159324;
  const AT9 = -0.036531572744216916;
  const AT10 = 0.016285820115365782;
  const t = sine / cosine;
  const z = t * t;
  const v = z * z;
  return (
    t -
    t *
      (z * (AT0 + v * (AT2 + v * (AT4 + v * (AT6 + v * (AT8 + v * AT10))))) +
        v * (AT1 + v * (AT3 + v * (AT5 + v * (AT7 + v * AT9)))))
  );
}

export function wrapAngle(angle: number): number {
  if (angle > Math.PI) return angle - 2 * Math.PI;
  if (angle <= -Math.PI) return angle + 2 * Math.PI;
  return angle;
}

function weightedGradSq(w: Float64Array, particles: Uint32Array, c: number): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) {
    sum +=
      w[particles[4 * c + k]] *
      (G[3 * k] * G[3 * k] + G[3 * k + 1] * G[3 * k + 1] + G[3 * k + 2] * G[3 * k + 2]);
  }
  return sum;
}

export function createDihedralBendBlock(
  input: DihedralBendInput,
  state: ParticleState,
): Created<DihedralBendBlock> {
  const rest = state.rest;
  const inputCount = input.hinges.length / 4;
  const kept: number[] = [];
  const angle: number[] = [];
  const alpha: number[] = [];
  const damping: number[] = [];
  for (let c = 0; c < inputCount; c++) {
    const theta = hingeAngle(rest, input.hinges, c);
    const compliance = input.compliancePerNM[c];
    if (Number.isNaN(theta) || !(compliance > 0 && compliance < Number.POSITIVE_INFINITY)) continue;
    kept.push(c);
    angle.push(theta);
    alpha.push(compliance);
    damping.push(
      criticalDampingCoefficient(
        compliance,
        input.dampingRatio,
        weightedGradSq(state.invMass, input.hinges, c),
      ),
    );
  }
  const count = kept.length;
  const hinges = new Uint32Array(4 * count);
  for (let k = 0; k < count; k++) hinges.set(input.hinges.subarray(4 * kept[k], 4 * kept[k] + 4), 4 * k);
  const colouring = colourConstraints(hinges, 4, state.count, state.leafOf);
  const order = colouring.order;
  const dampingNMS = permute(Float64Array.from(damping), 1, order);
  return {
    kind: 'dihedral-bend',
    count,
    arity: 4,
    particles: permute(hinges, 4, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: Uint32Array.from(order, (k) => kept[k]),
    stiffnessScale: 1,
    damped: anyPositive(dampingNMS),
    restAngleRad: permute(Float64Array.from(angle), 1, order),
    compliancePerNM: permute(Float64Array.from(alpha), 1, order),
    dampingNMS,
    lambda: new Float64Array(count),
  };
}

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s. The gradient is the
 * one of `hingeGradient`, written out in local variables here and in `dampDihedralBend` (about
 * twice as fast as going through the scratch array; test/core/sim/guards.test.ts checks both
 * kernels against `hingeGradient`). Here it is kept on n_A and n_B: Σw|∇θ|² comes from |n_A|²,
 * |n_B|² and n_A·n_B, and each particle moves along n_A and n_B with scalar weights (fewer
 * operations and live values; test/core/sim/perf-kernels.test.ts compares it with the plain form).
 */
export function solveDihedralBend(block: DihedralBendBlock, state: ParticleState, h: number): void {
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
    // |∇θ|² from the scalars: |n_A/|n_A|²|² = 1/|n_A|², cross terms through n_A·n_B.
    const nAB = nax * nbx + nay * nby + naz * nbz;
    const w0 = w[q0];
    const w1 = w[q1];
    const w2 = w[q2];
    const w3 = w[q3];
    const cross = 2 * sa * sb * nAB;
    const wGradSq =
      w0 * (a1 * a1 * sa + b1 * b1 * sb + a1 * b1 * cross) +
      w1 * (a0 * a0 * sa + b0 * b0 * sb + a0 * b0 * cross) +
      (w2 * sa + w3 * sb) * eSq;
    const alphaTilde = compliance[c] * invHSq;
    const denominator = wGradSq + alphaTilde;
    if (!(denominator > minDenominator)) continue;
    // θ = atan2((n_A × n_B)·e, (n_A·n_B)·|e|), as in hingeGradient.
    const sinTerm =
      (nay * nbz - naz * nby) * ex + (naz * nbx - nax * nbz) * ey + (nax * nby - nay * nbx) * ez;
    const cosTerm = nAB * eLength;
    const theta = hingeAtan2(sinTerm, cosTerm);
    const constraint = wrapAngle(theta - restAngle[c]);
    const dLambda = (scale * (-constraint - alphaTilde * lambda[c])) / denominator;
    lambda[c] += dLambda;
    // Δx_k = w_k·Δλ·∇_k θ with ∇θ written on n_A and n_B (hingeGradient):
    // ∇_0 = −(a1·s_A·n_A + b1·s_B·n_B), ∇_1 = a0·s_A·n_A + b0·s_B·n_B, ∇_2 = −|e|·s_A·n_A, ∇_3 = −|e|·s_B·n_B.
    const kA = dLambda * sa;
    const kB = dLambda * sb;
    const u0a = -w0 * a1 * kA;
    const u0b = -w0 * b1 * kB;
    const u1a = w1 * a0 * kA;
    const u1b = w1 * b0 * kB;
    const u2 = -w2 * eLength * kA;
    const u3 = -w3 * eLength * kB;
    x[i0] += u0a * nax + u0b * nbx;
    x[i0 + 1] += u0a * nay + u0b * nby;
    x[i0 + 2] += u0a * naz + u0b * nbz;
    x[i1] += u1a * nax + u1b * nbx;
    x[i1 + 1] += u1a * nay + u1b * nby;
    x[i1 + 2] += u1a * naz + u1b * nbz;
    x[i2] += u2 * nax;
    x[i2 + 1] += u2 * nay;
    x[i2 + 2] += u2 * naz;
    x[i3] += u3 * nbx;
    x[i3 + 1] += u3 * nby;
    x[i3 + 2] += u3 * nbz;
  }
}

/** Implicit damping of each hinge's folding rate θ̇ = Σ ∇_k θ·v_k over a substep h (block.ts). */
export function dampDihedralBend(block: DihedralBendBlock, state: ParticleState, h: number): void {
  const { x, v, invMass: w } = state;
  const particles = block.particles;
  const beta = block.dampingNMS;
  for (let c = 0; c < block.count; c++) {
    const hb = h * beta[c];
    if (hb === 0) continue;
    const o = 4 * c;
    dampHinge(x, v, w, particles[o], particles[o + 1], particles[o + 2], particles[o + 3], hb);
  }
}

/**
 * One hinge's damping (x0, x1 its edge, x2 and x3 its wings; hb = h·β, β in N·m·s): θ̇ = Σ ∇_k θ·v_k
 * damped implicitly, θ̇' = θ̇/(1 + hβ·Σ w|∇θ|²), with ∇θ as in `hingeGradient` written out in local
 * variables (the dihedral and plate hinges' damping both run it; assembly/kernels.ts mirrors it).
 * A degenerate hinge is passed over.
 */
export function dampHinge(
  x: Float64Array,
  v: Float64Array,
  w: Float64Array,
  q0: number,
  q1: number,
  q2: number,
  q3: number,
  hb: number,
): void {
  const i0 = 3 * q0;
  const i1 = 3 * q1;
  const i2 = 3 * q2;
  const i3 = 3 * q3;
  const ex = x[i1] - x[i0];
  const ey = x[i1 + 1] - x[i0 + 1];
  const ez = x[i1 + 2] - x[i0 + 2];
  const eSq = ex * ex + ey * ey + ez * ez;
  if (!(eSq > MIN_EDGE_SQ_M2)) return;
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
  if (!(naSq > minAreaSq) || !(nbSq > minAreaSq)) return;
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
  const rate =
    g0x * v[i0] +
    g0y * v[i0 + 1] +
    g0z * v[i0 + 2] +
    g1x * v[i1] +
    g1y * v[i1 + 1] +
    g1z * v[i1 + 2] +
    g2x * v[i2] +
    g2y * v[i2 + 1] +
    g2z * v[i2 + 2] +
    g3x * v[i3] +
    g3y * v[i3 + 1] +
    g3z * v[i3 + 2];
  const s = (rate * hb) / (1 + hb * wGradSq);
  const s0 = w0 * s;
  const s1 = w1 * s;
  const s2 = w2 * s;
  const s3 = w3 * s;
  v[i0] -= s0 * g0x;
  v[i0 + 1] -= s0 * g0y;
  v[i0 + 2] -= s0 * g0z;
  v[i1] -= s1 * g1x;
  v[i1 + 1] -= s1 * g1y;
  v[i1 + 2] -= s1 * g1z;
  v[i2] -= s2 * g2x;
  v[i2 + 1] -= s2 * g2y;
  v[i2 + 2] -= s2 * g2z;
  v[i3] -= s3 * g3x;
  v[i3 + 1] -= s3 * g3y;
  v[i3 + 2] -= s3 * g3z;
}

/** Adds λ·∇θ/h² (N) of every hinge to `forceN`. */
export function addDihedralBendForces(
  block: DihedralBendBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const c = only ? only[i] : i;
    if (!hingeGradient(state.x, block.particles, c)) continue;
    const s = block.lambda[c] * invHSq;
    for (let k = 0; k < 4; k++) {
      const p3 = 3 * block.particles[4 * c + k];
      forceN[p3] += s * G[3 * k];
      forceN[p3 + 1] += s * G[3 * k + 1];
      forceN[p3 + 2] += s * G[3 * k + 2];
    }
  }
}
