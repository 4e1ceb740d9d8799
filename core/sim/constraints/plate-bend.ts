import { UPPER_3X3 } from '../../material/compliance/plate-bend.ts';
import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import {
  type BlockBase,
  type ConstraintSubset,
  type Created,
  criticalDampingCoefficient,
  MIN_LENGTH_M,
  subsetCount,
} from './block.ts';
import { complianceTable, type RowIndex, rowStride, tableRow } from './compliance-table.ts';
import { dampHinge, G, hingeAngle, hingeAtan2, wrapAngle } from './dihedral-bend.ts';
import {
  FLAT_REST_ANGLE_RAD,
  isLinearPlate,
  LINEAR_ROW,
  LINEAR_SYSTEM,
  LINEAR_SYSTEM_MASK,
  linearHingeCoefficient,
  linearHingeCoefficients,
  linearHingeVectors,
  solveLinearPlateBend,
} from './plate-bend-linear.ts';
import { applyInverse3, invertSymmetric3, solveSymmetric3 } from './symmetric3.ts';

/**
 * Cloth bending as a plate element per triangle: the constraint vector of a triangle t =
 * (c0, c1, c2) is the dihedral angles of its hinges, edge k = (c_k, c_{k+1}) with wing w_k,
 *
 *   C = (θ₀ − θ₀⁰, θ₁ − θ₁⁰, θ₂ − θ₂⁰)      (rad; θ as dihedral-bend.ts measures it, t as wing A)
 *
 * with a symmetric 3×3 compliance matrix α (1/(N·m)) that turns the three angles into the
 * triangle's curvature tensor and stores the plate energy of that curvature over its area
 * (derivation in core/material/compliance/plate-bend.ts). Edges without a hinge (boundary) drop
 * out: their rows are skipped. Particles per constraint: (c0, c1, c2, w0, w1, w2); a missing
 * wing is stored as the triangle's opposite corner (never moved: no hinge's gradient reaches it).
 *
 * One XPBD step for the vector (Macklin et al. 2016, eq. 18, as membrane.ts): with J_i = ∇θ_i over
 * the six particles, (Σ_p w_p·J_i·J_j + α̃)·Δλ = −C − α̃·λ, α̃ = α/h², and x_p += w_p·Σ_i J_i·Δλ_i.
 * A hinge that is degenerate at the current positions sits the step out; a determinant at or below
 * MIN_DENOMINATOR (everything pinned) skips the triangle.
 *
 * Damping (block.ts): each hinge of the triangle along its own ∇θ with β = 2ζ/√(α_ii·W_i) at rest.
 *
 * A sheet flat at rest measures its hinges linearly instead (plate-bend-linear.ts: the same α on
 * a vector per hinge whose Jacobian is a rest constant): `hingeCoefficients` is then not empty.
 */
export interface PlateBendBlock extends BlockBase {
  readonly kind: 'plate-bend';
  /** Bit k set: edge k has a hinge. */
  readonly present: Uint8Array;
  /**
   * θ⁰ per hinge, 3 per constraint, rad, in single precision: a rest constant (its rounding,
   * 6e-8 relative, is far below the discretisation's error); the kernels compute in f64 from it.
   * One row of 3 that every triangle reads when all triangles have the same (a sheet flat at rest:
   * all 0; a missing hinge's is 0): `restAngleStep` says which.
   */
  readonly restAngleRad: Float32Array;
  /**
   * α, 6 upper entries (00, 01, 02, 11, 12, 22), 1/(N·m), per distinct matrix of the block: a grid's
   * triangles share a handful (its two shapes, their boundary variants), so the block keeps each once.
   */
  readonly compliancePerNM: Float64Array;
  /**
   * Per constraint, its α: entries 6·row … +5 of compliancePerNM, row = tableRow(complianceIndex, t)
   * (compliance-table.ts RowIndex: one element when every triangle has the same α).
   */
  readonly complianceIndex: RowIndex;
  /**
   * β per hinge, 3 per constraint, N·m·s/rad: 0 for a hinge that another triangle damps
   * (`dampSharedHingesOnce`); empty when the block is undamped (`damped` false).
   */
  readonly dampingNMS: Float64Array;
  /**
   * The linear measure's coefficients (plate-bend-linear.ts), LINEAR_ROW per row of the compliance
   * table (the same `complianceIndex`), in single precision; empty: the block measures hinge angles.
   */
  readonly hingeCoefficients: Float32Array;
  /**
   * The linear measure's step matrix per row of the compliance table, LINEAR_SYSTEM values
   * (plate-bend-linear.ts `prepareLinearSystems`: its 3×3 system inverted and negated, the hinge
   * mask it was made for, α̃ and the hinge coefficients in f64), for the substep and scale below;
   * empty for the angle measure.
   */
  readonly linearSystems: Float64Array;
  /**
   * Per row of the compliance table, the triangle (block order) whose inverse masses its system
   * uses (plate-bend-linear.ts `linearPlateSystem`): the row's triangles have the same masses in
   * single precision; empty for the angle measure.
   */
  readonly linearRowTriangle: Uint32Array;
  /** 1/h² (1/s²) and stiffness scale that `linearSystems` holds for; NaN before the first sweep that needs them. */
  linearSystemsInvHSq: number;
  linearSystemsScale: number;
  /**
   * Multipliers of the current substep, N·m·s², in single precision (membrane.ts says why): 3 per
   * constraint for the angle measure; for the linear measure 9 (plate-bend-linear.ts), and none
   * when the block is swept once per substep (every sweep then starts at λ = 0).
   */
  readonly lambda: Float32Array;
}

export interface PlateBendInput {
  /** 6 world-global particles per triangle: corners, then the wing across each edge (or the opposite corner). */
  particles: Uint32Array;
  /** α per triangle, 6 upper entries; a triangle whose α has no positive diagonal is left out. */
  compliancePerNM: Float64Array;
  dampingRatio: number;
  /**
   * 'auto' (the default): a sheet flat at rest (every rest angle within FLAT_REST_ANGLE_RAD of 0)
   * takes the linear measure (plate-bend-linear.ts), any other the angles; 'angles': always the angles.
   */
  measure?: 'auto' | 'angles';
  /** Sweeps of the block per substep (passes × the body's iterations; default 1): the linear measure keeps multipliers only above 1. */
  sweepsPerSubstep?: number;
}

/** Particle slot (of the 6) of each of the 4 hinge particles of edge k (hinge k's dihedral-bend quadruple). */
export const PLATE_HINGE_SLOTS = [
  [0, 1, 2, 3],
  [1, 2, 0, 4],
  [2, 0, 1, 5],
] as const;

const DIAGONAL = [UPPER_3X3[0][0], UPPER_3X3[1][1], UPPER_3X3[2][2]] as const;

/**
 * Hinge k of constraint t as a dihedral-bend.ts quadruple, into `out` (4 particles): its particles
 * by PLATE_HINGE_SLOTS, so the block keeps no second copy of its indices. Returns `out`.
 */
export function plateHinge(block: PlateBendBlock, t: number, k: number, out: Uint32Array): Uint32Array {
  const slots = PLATE_HINGE_SLOTS[k];
  for (let q = 0; q < 4; q++) out[q] = block.particles[6 * t + slots[q]];
  return out;
}

/**
 * Values of restAngleRad per constraint: 3, or 0 when one row of 3 serves every triangle (a block of
 * one triangle reads the same row either way). Hinge i of constraint t is restAngleRad[step·t + i].
 */
export function restAngleStep(block: PlateBendBlock): number {
  return block.restAngleRad.length === 3 ? 0 : 3;
}

/**
 * The rest angles as the block keeps them: `angles` (3 per constraint, block order) rounded to
 * single precision, or their first row alone when every row is the same floats (−0 apart from 0).
 */
function keptRestAngles(angles: Float64Array): Float32Array {
  const single = Float32Array.from(angles);
  for (let k = 3; k < single.length; k++) if (!Object.is(single[k], single[k % 3])) return single;
  return single.slice(0, 3);
}

/** Scratch quadruple of `plateHinge` for the kernels of this file. */
const QUAD = new Uint32Array(4);

/** J (6 slots × 3 hinges × xyz, J[(3·slot + hinge)·3 + axis]) and C of the last `plateBendJacobian` call. */
export const J = new Float64Array(54);
export const CONSTRAINT = new Float64Array(3);

/**
 * J ← ∇θ_i per slot and CONSTRAINT ← θ_i − θ_i⁰ (wrapped) of constraint t at positions x;
 * returns the mask of hinges usable now (present and not degenerate).
 */
export function plateBendJacobian(block: PlateBendBlock, x: Float64Array, t: number): number {
  let mask = block.present[t];
  J.fill(0);
  for (let i = 0; i < 3; i++) {
    CONSTRAINT[i] = 0;
    if (!(mask & (1 << i))) continue;
    const theta = hingeAngle(x, plateHinge(block, t, i, QUAD), 0);
    if (Number.isNaN(theta)) {
      mask &= ~(1 << i);
      continue;
    }
    CONSTRAINT[i] = wrapAngle(theta - block.restAngleRad[restAngleStep(block) * t + i]);
    for (let q = 0; q < 4; q++) {
      const o = (3 * PLATE_HINGE_SLOTS[i][q] + i) * 3;
      J[o] += G[3 * q];
      J[o + 1] += G[3 * q + 1];
      J[o + 2] += G[3 * q + 2];
    }
  }
  return mask;
}

export function createPlateBendBlock(input: PlateBendInput, state: ParticleState): Created<PlateBendBlock> {
  const rest = state.rest;
  const inputCount = input.particles.length / 6;
  const kept: number[] = [];
  const particles: number[] = [];
  const present: number[] = [];
  const angles: number[] = [];
  const quad = new Uint32Array(4);
  for (let c = 0; c < inputCount; c++) {
    const p = input.particles.subarray(6 * c, 6 * c + 6);
    let mask = 0;
    const rowAngles = [0, 0, 0];
    for (let i = 0; i < 3; i++) {
      for (let q = 0; q < 4; q++) quad[q] = p[PLATE_HINGE_SLOTS[i][q]];
      const alpha = input.compliancePerNM[6 * c + DIAGONAL[i]];
      if (quad[3] === quad[2] || !(alpha > 0 && Number.isFinite(alpha))) continue;
      const theta = hingeAngle(rest, quad, 0);
      if (Number.isNaN(theta)) continue;
      mask |= 1 << i;
      rowAngles[i] = theta;
    }
    if (mask === 0) continue;
    kept.push(c);
    particles.push(...p);
    present.push(mask);
    angles.push(...rowAngles);
  }
  const count = kept.length;
  const colouring = colourConstraints(Uint32Array.from(particles), 6, state.count, state.leafOf);
  const order = colouring.order;
  const inputOf = Uint32Array.from(order, (k) => kept[k]);
  const linear =
    (input.measure ?? 'auto') === 'auto' && angles.every((a) => Math.abs(a) <= FLAT_REST_ANGLE_RAD);
  // The linear measure's coefficients ride in the compliance table: one row index serves both.
  // Its rows also tell the hinge mask and the six inverse masses apart, so that a row's system
  // (`linearSystems`, made from the row's first triangle: `linearRowTriangle`) serves every triangle
  // reading it. The inverse masses are told apart in single precision: a grid whose cell is not a
  // power of two in metres has masses that differ in their last bits from cell to cell, which would
  // give each triangle a row of its own. Compliances are told apart exactly: each triangle's is the
  // one its set stores (test/core/preset/to-world.test.ts).
  const linearWidth = LINEAR_ROW + 1 + 6;
  const rowWidth = linear ? 6 + linearWidth : 6;
  const rows = new Float64Array(rowWidth * inputCount);
  for (let k = 0; k < count; k++) {
    const c = kept[k];
    const at = rowWidth * c;
    rows.set(input.compliancePerNM.subarray(6 * c, 6 * c + 6), at);
    if (!linear) continue;
    linearHingeCoefficients(rest, particles.slice(6 * k, 6 * k + 6), present[k], rows, at + 6);
    rows[at + 6 + LINEAR_ROW] = present[k];
    for (let s = 0; s < 6; s++)
      rows[at + 7 + LINEAR_ROW + s] = Math.fround(state.invMass[particles[6 * k + s]]);
  }
  const table = complianceTable(rows, rowWidth, inputOf);
  const rowCount = table.values.length / rowWidth;
  // Each row's first triangle (block order), whose inverse masses the linear measure's row system uses.
  const firstOfRow = new Int32Array(linear ? rowCount : 0).fill(-1);
  if (linear) {
    for (let t = 0; t < count; t++) {
      const row = tableRow(table.index, t);
      if (firstOfRow[row] < 0) firstOfRow[row] = t;
    }
  }
  const compliancePerNM = new Float64Array(6 * rowCount);
  const hingeCoefficients = new Float32Array(linear ? LINEAR_ROW * rowCount : 0);
  const linearSystems = new Float64Array(linear ? LINEAR_SYSTEM * rowCount : 0);
  for (let r = 0; r < rowCount; r++) {
    const at = rowWidth * r;
    compliancePerNM.set(table.values.subarray(at, at + 6), 6 * r);
    if (!linear) continue;
    hingeCoefficients.set(table.values.subarray(at + 6, at + 6 + LINEAR_ROW), LINEAR_ROW * r);
    linearSystems[LINEAR_SYSTEM * r + LINEAR_SYSTEM_MASK] = table.values[at + 6 + LINEAR_ROW];
  }
  const keepsLambda = !linear || (input.sweepsPerSubstep ?? 1) > 1;
  const block: Created<PlateBendBlock> = {
    kind: 'plate-bend',
    count,
    arity: 6,
    particles: permute(Uint32Array.from(particles), 6, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order: inputOf,
    stiffnessScale: 1,
    damped: false,
    present: Uint8Array.from(permute(Uint32Array.from(present), 1, order)),
    // The linear measure reads no rest angle (flat: 0 within FLAT_REST_ANGLE_RAD).
    restAngleRad: linear ? new Float32Array(3) : keptRestAngles(permute(Float64Array.from(angles), 3, order)),
    compliancePerNM,
    complianceIndex: table.index,
    hingeCoefficients,
    linearSystems,
    linearRowTriangle: Uint32Array.from(firstOfRow),
    linearSystemsInvHSq: Number.NaN,
    linearSystemsScale: Number.NaN,
    // Filled below when damped; an undamped block (the usual cloth) keeps none.
    dampingNMS: new Float64Array(input.dampingRatio > 0 ? 3 * count : 0),
    lambda: new Float32Array(keepsLambda ? (linear ? 9 : 3) * count : 0),
  };
  if (input.dampingRatio > 0) {
    for (let t = 0; t < count; t++) {
      const mask = plateBendJacobian(block, rest, t);
      for (let i = 0; i < 3; i++) {
        if (!(mask & (1 << i))) continue;
        let weighted = 0;
        for (let s = 0; s < 6; s++) {
          const o = (3 * s + i) * 3;
          weighted += state.invMass[block.particles[6 * t + s]] * (J[o] ** 2 + J[o + 1] ** 2 + J[o + 2] ** 2);
        }
        block.dampingNMS[3 * t + i] = criticalDampingCoefficient(
          block.compliancePerNM[6 * tableRow(block.complianceIndex, t) + DIAGONAL[i]],
          input.dampingRatio,
          weighted,
        );
      }
    }
    dampSharedHingesOnce(block, state.count);
    block.damped = block.dampingNMS.some((b) => b > 0);
  }
  return block;
}

/**
 * A hinge that two triangles of the block share (its edge and its two opposite corners the same)
 * is damped once, by the first of them in block order, with the sum of their coefficients; the
 * other's is set to 0, which the damping passes skip. Damped by each, it cost two evaluations of
 * its angle's gradient a substep for what, to first order in h·β, one with the sum does.
 */
function dampSharedHingesOnce(block: PlateBendBlock, particleCount: number): void {
  const beta = block.dampingNMS;
  // Damped hinges (3·t + k) by their edge, smaller particle first; an edge may carry more than two.
  const byEdge = new Map<number, number[]>();
  const quad = new Uint32Array(4);
  for (let t = 0; t < block.count; t++) {
    for (let k = 0; k < 3; k++) {
      if (!(beta[3 * t + k] > 0)) continue;
      const [a, b] = plateHinge(block, t, k, quad);
      const key = Math.min(a, b) * particleCount + Math.max(a, b);
      const list = byEdge.get(key);
      if (list) list.push(3 * t + k);
      else byEdge.set(key, [3 * t + k]);
    }
  }
  /** The two corners off the edge of hinge i (3·t + k), smaller first. */
  const offEdge = (i: number): [number, number] => {
    const [, , c, d] = plateHinge(block, Math.floor(i / 3), i % 3, quad);
    return c < d ? [c, d] : [d, c];
  };
  for (const list of byEdge.values()) {
    for (let m = 0; m < list.length; m++) {
      if (beta[list[m]] === 0) continue;
      const [c, d] = offEdge(list[m]);
      for (let n = m + 1; n < list.length; n++) {
        const [e, f] = offEdge(list[n]);
        if (e !== c || f !== d || beta[list[n]] === 0) continue;
        beta[list[m]] += beta[list[n]];
        beta[list[n]] = 0;
      }
    }
  }
}

const SYSTEM = new Float64Array(6);
const RHS = new Float64Array(3);
const DELTA = new Float64Array(3);

/** Per hinge k of the triangle being solved: n_B (3), the gradient scalars u, v per slot (see below). */
const WING_NORMAL = new Float64Array(9);
const U = new Float64Array(9); // u of hinge k at corner slot s: U[3k + s]
const V = new Float64Array(12); // v of hinge k at corner slot s (V[4k + s], s < 3) and at its wing (V[4k + 3])

/**
 * One Gauss-Seidel sweep over the block in colour order, substep h in s (see the block comment).
 *
 * Written for speed on the structure of the three hinges: each hinge's wing A is the triangle
 * itself, so n_A = N = (x1 − x0) × (x2 − x0) for all three, and dihedral-bend.ts's gradient of
 * hinge k is u·N + v·n_Bk at every particle (u = 0 at its far wing, whose v is −|e|/|n_B|²):
 * the system Σ w·∇θ_i·∇θ_j needs only N·N, N·n_Bk and n_Bi·n_Bj, and each particle moves along N
 * and the n_Bk. `plateBendJacobian` above is the plain form (forces, energy); test/core/sim/plate-bend.test.ts
 * compares the two. The WebAssembly kernel (wasm/assembly/kernels.ts `solvePlateBendBatched`, two
 * triangles of a colour per f64x2 lane pair, `solvePlateBend` for a colour's odd last one) repeats
 * this sweep operation for operation (test/core/sim/wasm-kernels.test.ts: the same state to the bit).
 */
export function solvePlateBend(block: PlateBendBlock, state: ParticleState, h: number): void {
  if (isLinearPlate(block)) {
    solveLinearPlateBend(block, state, h);
    return;
  }
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const alpha = block.compliancePerNM;
  const alphaIndex = block.complianceIndex;
  const rowStep = rowStride(alphaIndex);
  const lambda = block.lambda;
  const restAngle = block.restAngleRad;
  const restStep = restAngleStep(block);
  const present = block.present;
  const scale = block.stiffnessScale;
  const invHSq = 1 / (h * h);
  const minEdgeSq = MIN_LENGTH_M * MIN_LENGTH_M;
  const nb = WING_NORMAL;
  const uu = U;
  const vv = V;
  const system = SYSTEM;
  const rhs = RHS;
  const delta = DELTA;
  for (let t = 0; t < block.count; t++) {
    const o = 6 * t;
    const a = 6 * alphaIndex[t * rowStep];
    const c0 = 3 * particles[o];
    const c1 = 3 * particles[o + 1];
    const c2 = 3 * particles[o + 2];
    const e1x = x[c1] - x[c0];
    const e1y = x[c1 + 1] - x[c0 + 1];
    const e1z = x[c1 + 2] - x[c0 + 2];
    const e2x = x[c2] - x[c0];
    const e2y = x[c2 + 1] - x[c0 + 1];
    const e2z = x[c2 + 2] - x[c0 + 2];
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const nSq = nx * nx + ny * ny + nz * nz;
    let mask = present[t];
    for (let k = 0; k < 3; k++) {
      if (!(mask & (1 << k))) continue;
      const ia = 3 * particles[o + k];
      const ib = 3 * particles[o + ((k + 1) % 3)];
      const ic = 3 * particles[o + ((k + 2) % 3)];
      const id = 3 * particles[o + 3 + k];
      const ex = x[ib] - x[ia];
      const ey = x[ib + 1] - x[ia + 1];
      const ez = x[ib + 2] - x[ia + 2];
      const eSq = ex * ex + ey * ey + ez * ez;
      const dx = x[id] - x[ia];
      const dy = x[id + 1] - x[ia + 1];
      const dz = x[id + 2] - x[ia + 2];
      // n_B = (x_d − x_a) × e.
      const bx = dy * ez - dz * ey;
      const by = dz * ex - dx * ez;
      const bz = dx * ey - dy * ex;
      const bSq = bx * bx + by * by + bz * bz;
      const minAreaSq = 1e-18 * eSq * eSq;
      if (!(eSq > minEdgeSq) || !(nSq > minAreaSq) || !(bSq > minAreaSq)) {
        mask &= ~(1 << k);
        continue;
      }
      const eLength = Math.sqrt(eSq);
      const invE = 1 / eLength;
      const a0 = ((x[ic] - x[ia]) * ex + (x[ic + 1] - x[ia + 1]) * ey + (x[ic + 2] - x[ia + 2]) * ez) * invE;
      const b0 = (dx * ex + dy * ey + dz * ez) * invE;
      const sa = 1 / nSq;
      const sb = 1 / bSq;
      const sine = (ny * bz - nz * by) * ex + (nz * bx - nx * bz) * ey + (nx * by - ny * bx) * ez;
      const cosine = (nx * bx + ny * by + nz * bz) * eLength;
      CONSTRAINT[k] = wrapAngle(hingeAtan2(sine, cosine) - restAngle[restStep * t + k]);
      nb[3 * k] = bx;
      nb[3 * k + 1] = by;
      nb[3 * k + 2] = bz;
      // Slots of a, b, c: k, k + 1, k + 2 (mod 3).
      const sA = k;
      const sB = (k + 1) % 3;
      const sC = (k + 2) % 3;
      uu[3 * k + sA] = -(a0 - eLength) * sa;
      vv[4 * k + sA] = -(b0 - eLength) * sb;
      uu[3 * k + sB] = a0 * sa;
      vv[4 * k + sB] = b0 * sb;
      uu[3 * k + sC] = -eLength * sa;
      vv[4 * k + sC] = 0;
      vv[4 * k + 3] = -eLength * sb;
    }
    if (mask === 0) continue;
    // A hinge that sits this step out has u = v = 0 (its row is replaced in symmetric3.ts `solveSymmetric3`).
    for (let k = 0; k < 3; k++)
      if (!(mask & (1 << k))) {
        uu[3 * k] = uu[3 * k + 1] = uu[3 * k + 2] = 0;
        vv[4 * k] = vv[4 * k + 1] = vv[4 * k + 2] = vv[4 * k + 3] = 0;
        nb[3 * k] = nb[3 * k + 1] = nb[3 * k + 2] = 0;
      }
    // Σ_s w_s ∇_s θ_i · ∇_s θ_j from N·N, N·n_B and n_B·n_B (written out: this is the hot loop).
    const w0 = w[particles[o]];
    const w1 = w[particles[o + 1]];
    const w2 = w[particles[o + 2]];
    const u00 = uu[0];
    const v00 = vv[0];
    const u01 = uu[1];
    const v01 = vv[1];
    const u02 = uu[2];
    const v02 = vv[2];
    const vw0 = vv[3];
    const b0x = nb[0];
    const b0y = nb[1];
    const b0z = nb[2];
    const nb0 = nx * b0x + ny * b0y + nz * b0z;
    const u10 = uu[3];
    const v10 = vv[4];
    const u11 = uu[4];
    const v11 = vv[5];
    const u12 = uu[5];
    const v12 = vv[6];
    const vw1 = vv[7];
    const b1x = nb[3];
    const b1y = nb[4];
    const b1z = nb[5];
    const nb1 = nx * b1x + ny * b1y + nz * b1z;
    const u20 = uu[6];
    const v20 = vv[8];
    const u21 = uu[7];
    const v21 = vv[9];
    const u22 = uu[8];
    const v22 = vv[10];
    const vw2 = vv[11];
    const b2x = nb[6];
    const b2y = nb[7];
    const b2z = nb[8];
    const nb2 = nx * b2x + ny * b2y + nz * b2z;
    const bb00 = b0x * b0x + b0y * b0y + b0z * b0z;
    const bb01 = b0x * b1x + b0y * b1y + b0z * b1z;
    const bb02 = b0x * b2x + b0y * b2y + b0z * b2z;
    const bb11 = b1x * b1x + b1y * b1y + b1z * b1z;
    const bb12 = b1x * b2x + b1y * b2y + b1z * b2z;
    const bb22 = b2x * b2x + b2y * b2y + b2z * b2z;
    // Grouped by w·u and w·v per hinge and corner (v is 0 at a hinge's far corner: v02, v10, v21):
    // Σ_s w_s ∇θ_i·∇θ_j = N·N Σ w u_i u_j + N·n_Bj Σ w u_i v_j + N·n_Bi Σ w v_i u_j + n_Bi·n_Bj Σ w v_i v_j.
    const wu00 = w0 * u00;
    const wu01 = w1 * u01;
    const wu02 = w2 * u02;
    const wu10 = w0 * u10;
    const wu11 = w1 * u11;
    const wu12 = w2 * u12;
    const wu20 = w0 * u20;
    const wu21 = w1 * u21;
    const wu22 = w2 * u22;
    const wv00 = w0 * v00;
    const wv01 = w1 * v01;
    const wv11 = w1 * v11;
    const wv12 = w2 * v12;
    const wv20 = w0 * v20;
    const wv22 = w2 * v22;
    system[0] =
      nSq * (wu00 * u00 + wu01 * u01 + wu02 * u02) +
      2 * nb0 * (wu00 * v00 + wu01 * v01) +
      bb00 * (wv00 * v00 + wv01 * v01) +
      w[particles[o + 3]] * vw0 * vw0 * bb00 +
      alpha[a] * invHSq;
    system[1] =
      nSq * (wu00 * u10 + wu01 * u11 + wu02 * u12) +
      nb1 * (wu01 * v11 + wu02 * v12) +
      nb0 * (wu10 * v00 + wu11 * v01) +
      bb01 * (wv01 * v11) +
      alpha[a + 1] * invHSq;
    system[2] =
      nSq * (wu00 * u20 + wu01 * u21 + wu02 * u22) +
      nb2 * (wu00 * v20 + wu02 * v22) +
      nb0 * (wu20 * v00 + wu21 * v01) +
      bb02 * (wv00 * v20) +
      alpha[a + 2] * invHSq;
    system[3] =
      nSq * (wu10 * u10 + wu11 * u11 + wu12 * u12) +
      2 * nb1 * (wu11 * v11 + wu12 * v12) +
      bb11 * (wv11 * v11 + wv12 * v12) +
      w[particles[o + 4]] * vw1 * vw1 * bb11 +
      alpha[a + 3] * invHSq;
    system[4] =
      nSq * (wu10 * u20 + wu11 * u21 + wu12 * u22) +
      nb2 * (wu10 * v20 + wu12 * v22) +
      nb1 * (wu21 * v11 + wu22 * v12) +
      bb12 * (wv12 * v22) +
      alpha[a + 4] * invHSq;
    system[5] =
      nSq * (wu20 * u20 + wu21 * u21 + wu22 * u22) +
      2 * nb2 * (wu20 * v20 + wu22 * v22) +
      bb22 * (wv20 * v20 + wv22 * v22) +
      w[particles[o + 5]] * vw2 * vw2 * bb22 +
      alpha[a + 5] * invHSq;
    const l = 3 * t;
    const l0 = lambda[l];
    const l1 = lambda[l + 1];
    const l2 = lambda[l + 2];
    rhs[0] = -CONSTRAINT[0] - (alpha[a] * l0 + alpha[a + 1] * l1 + alpha[a + 2] * l2) * invHSq;
    rhs[1] = -CONSTRAINT[1] - (alpha[a + 1] * l0 + alpha[a + 3] * l1 + alpha[a + 4] * l2) * invHSq;
    rhs[2] = -CONSTRAINT[2] - (alpha[a + 2] * l0 + alpha[a + 4] * l1 + alpha[a + 5] * l2) * invHSq;
    if (!solveSymmetric3(system, rhs, mask, delta)) continue;
    const d0 = mask & 1 ? delta[0] * scale : 0;
    const d1 = mask & 2 ? delta[1] * scale : 0;
    const d2 = mask & 4 ? delta[2] * scale : 0;
    lambda[l] = l0 + d0;
    lambda[l + 1] = l1 + d1;
    lambda[l + 2] = l2 + d2;
    // Corners: along N by Σ_k Δλ_k·u and along each n_Bk by Δλ_k·v; wings along their own n_Bk.
    if (w0 !== 0) {
      const alongN = w0 * (d0 * u00 + d1 * u10 + d2 * u20);
      const k0 = w0 * d0 * v00;
      const k1 = w0 * d1 * v10;
      const k2 = w0 * d2 * v20;
      const i3 = 3 * particles[o + 0];
      x[i3] += alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x;
      x[i3 + 1] += alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y;
      x[i3 + 2] += alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z;
    }
    if (w1 !== 0) {
      const alongN = w1 * (d0 * u01 + d1 * u11 + d2 * u21);
      const k0 = w1 * d0 * v01;
      const k1 = w1 * d1 * v11;
      const k2 = w1 * d2 * v21;
      const i3 = 3 * particles[o + 1];
      x[i3] += alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x;
      x[i3 + 1] += alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y;
      x[i3 + 2] += alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z;
    }
    if (w2 !== 0) {
      const alongN = w2 * (d0 * u02 + d1 * u12 + d2 * u22);
      const k0 = w2 * d0 * v02;
      const k1 = w2 * d1 * v12;
      const k2 = w2 * d2 * v22;
      const i3 = 3 * particles[o + 2];
      x[i3] += alongN * nx + k0 * b0x + k1 * b1x + k2 * b2x;
      x[i3 + 1] += alongN * ny + k0 * b0y + k1 * b1y + k2 * b2y;
      x[i3 + 2] += alongN * nz + k0 * b0z + k1 * b1z + k2 * b2z;
    }
    if (d0 !== 0) {
      const p = particles[o + 3];
      const move = w[p] * d0 * vw0;
      x[3 * p] += move * b0x;
      x[3 * p + 1] += move * b0y;
      x[3 * p + 2] += move * b0z;
    }
    if (d1 !== 0) {
      const p = particles[o + 4];
      const move = w[p] * d1 * vw1;
      x[3 * p] += move * b1x;
      x[3 * p + 1] += move * b1y;
      x[3 * p + 2] += move * b1z;
    }
    if (d2 !== 0) {
      const p = particles[o + 5];
      const move = w[p] * d2 * vw2;
      x[3 * p] += move * b2x;
      x[3 * p + 1] += move * b2y;
      x[3 * p + 2] += move * b2z;
    }
  }
}

/**
 * Implicit damping of each hinge's θ rate after a substep h (s), see block.ts: triangle by triangle,
 * each one's hinges whose β is above 0 (a hinge two triangles share is damped by one of them).
 */
export function dampPlateBend(block: PlateBendBlock, state: ParticleState, h: number): void {
  const { x, v, invMass: w } = state;
  const particles = block.particles;
  const beta = block.dampingNMS;
  for (let t = 0; t < block.count; t++) {
    const o = 6 * t;
    for (let i = 0; i < 3; i++) {
      const hb = h * beta[3 * t + i];
      if (!(hb > 0)) continue;
      const q = PLATE_HINGE_SLOTS[i];
      dampHinge(
        x,
        v,
        w,
        particles[o + q[0]],
        particles[o + q[1]],
        particles[o + q[2]],
        particles[o + q[3]],
        hb,
      );
    }
  }
}

/**
 * Adds Σ_i λ_i·∇θ_i/h² (N) of every triangle to `forceN`. The linear measure adds −∇E at the
 * current positions instead, Σ_axis −(α⁻¹·C_axis)·J: what λ/h² tends to as the substep converges,
 * and exactly it after the triangle's own step (its constraint being linear), with no multipliers
 * kept for a block swept once per substep.
 */
export function addPlateBendForces(
  block: PlateBendBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  if (isLinearPlate(block)) {
    addLinearPlateForces(block, state.x, forceN, only);
    return;
  }
  const invHSq = 1 / (h * h);
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const t = only ? only[i] : i;
    const mask = plateBendJacobian(block, state.x, t);
    for (let s = 0; s < 6; s++) {
      const p = 3 * block.particles[6 * t + s];
      for (let i = 0; i < 3; i++) {
        if (!(mask & (1 << i))) continue;
        const f = block.lambda[3 * t + i] * invHSq;
        const o = (3 * s + i) * 3;
        forceN[p] += f * J[o];
        forceN[p + 1] += f * J[o + 1];
        forceN[p + 2] += f * J[o + 2];
      }
    }
  }
}

/** m of the constraint being measured (plate-bend-linear.ts `linearHingeVectors`), axis-major. */
const HINGE_VECTORS = new Float64Array(9);
/** α⁻¹·C per axis of the constraint being measured, axis-major as HINGE_VECTORS. */
const GENERALISED_FORCE = new Float64Array(9);

/**
 * HINGE_VECTORS ← C and GENERALISED_FORCE ← α⁻¹·C per axis for linear constraint t at positions x;
 * returns ½·Σ_axis Cᵀ·α⁻¹·C, J (0, and GENERALISED_FORCE 0, when its system cannot be solved).
 */
function linearConstraintEnergyJ(block: PlateBendBlock, x: Float64Array, t: number): number {
  linearHingeVectors(block, x, t, HINGE_VECTORS);
  const mask = block.present[t];
  const a = 6 * tableRow(block.complianceIndex, t);
  for (let k = 0; k < 6; k++) SYSTEM[k] = block.compliancePerNM[a + k];
  // One system for the three axes: inverted once.
  if (mask === 0 || !invertSymmetric3(SYSTEM, mask)) {
    GENERALISED_FORCE.fill(0);
    return 0;
  }
  const c = HINGE_VECTORS;
  const f = GENERALISED_FORCE;
  let energy = 0;
  for (let o = 0; o < 9; o += 3) {
    applyInverse3(c, o, mask, f, o);
    energy += 0.5 * (c[o] * f[o] + c[o + 1] * f[o + 1] + c[o + 2] * f[o + 2]);
  }
  return energy;
}

function addLinearPlateForces(
  block: PlateBendBlock,
  x: Float64Array,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const t = only ? only[i] : i;
    if (linearConstraintEnergyJ(block, x, t) === 0) continue;
    for (let s = 0; s < 6; s++) {
      const p = 3 * block.particles[6 * t + s];
      for (let k = 0; k < 3; k++) {
        if (!(block.present[t] & (1 << k))) continue;
        const g = linearHingeCoefficient(block, t, k, s);
        for (let axis = 0; axis < 3; axis++) forceN[p + axis] -= GENERALISED_FORCE[3 * axis + k] * g;
      }
    }
  }
}

/**
 * ½·Cᵀ·α⁻¹·C of constraint t at positions x, J (0 when none of its hinges can be measured); the
 * linear measure sums it over the three axes (plate-bend-linear.ts).
 */
export function plateBendConstraintEnergyJ(block: PlateBendBlock, x: Float64Array, t: number): number {
  if (isLinearPlate(block)) return linearConstraintEnergyJ(block, x, t);
  const mask = plateBendJacobian(block, x, t);
  if (mask === 0) return 0;
  const a = 6 * tableRow(block.complianceIndex, t);
  for (let k = 0; k < 6; k++) SYSTEM[k] = block.compliancePerNM[a + k];
  if (!solveSymmetric3(SYSTEM, CONSTRAINT, mask, DELTA)) return 0;
  return 0.5 * (CONSTRAINT[0] * DELTA[0] + CONSTRAINT[1] * DELTA[1] + CONSTRAINT[2] * DELTA[2]);
}
