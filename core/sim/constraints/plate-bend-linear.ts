import type { ParticleState } from '../state.ts';
import { rowStride, tableRow } from './compliance-table.ts';
import type { PlateBendBlock } from './plate-bend.ts';
import { INVERSE, invertSymmetric3 } from './symmetric3.ts';

/**
 * The plate element of plate-bend.ts measured linearly, for a sheet flat at rest: the hinge angle
 * θ_k is replaced by the vector
 *
 *   m_k = F_t·ν_k − F_w·ν_k = Σ_{p∈t} (∇φ_p^t·ν_k)·x_p − Σ_{p∈w} (∇φ_p^w·ν_k)·x_p      (dimensionless)
 *
 * with F_t, F_w the deformation gradients of the triangle and of its wing triangle across edge k
 * (linear shape functions φ, their rest gradients ∇φ), and ν_k the rest in-plane unit normal of
 * edge k pointing away from the triangle. A rigid motion maps ν_k alike on both sides (m = 0); an
 * isometric fold by θ gives |m_k| = 2·sin(θ/2) = θ + O(θ³) along the normal, the same sign for the
 * three hinges of a triangle (test/core/sim/plate-bend-linear.test.ts), so the plate's compliance
 * α (the 3×3 matrix on the hinge angles) applies unchanged per axis:
 *
 *   C_axis = (m_0, m_1, m_2)_axis,    E = ½·Σ_axis C_axisᵀ·α⁻¹·C_axis.
 *
 * This is the quadratic bending energy of Bergou et al. 2006 ("A quadratic bending model for
 * inextensible surfaces") in XPBD form: the Jacobian is a constant (the rest coefficients), the
 * same for the three axes, so a triangle's step is one 3×3 system (Σ_p w_p·J_i,p·J_j,p + α̃) solved
 * for three right-hand sides, with no angle, no atan2, no square root; being linear, one step
 * satisfies the triangle's own equations exactly. The two measures differ by θ³/24 per hinge
 * (|m| = 2·sin(θ/2)) and by the in-plane strain, which enters m but which the membrane keeps
 * small: the cotton cloth cantilever comes to rest within 1e-6 of
 * the angle measure's tip deflection (test/core/sim/plate-bend-linear.test.ts).
 *
 * Coefficients per row of the block's compliance table (LINEAR_ROW = 9 values, `hingeCoefficients`,
 * single precision): for hinge k, c_k1 and c_k2 of corners 1 and 2 and q_k of its wing (slot 3 + k),
 * relative to corner 0:
 *
 *   m_k = c_k1·(x_1 − x_0) + c_k2·(x_2 − x_0) + q_k·(x_{3+k} − x_0),
 *
 * so corner 0's coefficient is −(c_k1 + c_k2 + q_k) (exact in double precision: a sum of three
 * singles). The coefficients sum to zero and positions enter as differences: a translation,
 * however far, changes nothing. Rounding them to single precision (6e-8 relative, as the membrane's
 * rest shapes and the rest angles) leaves an irregular flat sheet a rest measure of up to 2.5e-7 rad
 * per hinge instead of 0 (a grid's: 0), and keeps 36 bytes per row where 12 doubles took 96.
 *
 * Multipliers, when kept (a block swept more than once per substep): 9 per triangle, axis-major,
 * λ[9t + 3·axis + k]. A block swept once per substep starts every sweep at λ = 0 and keeps none.
 *
 * The Jacobian being a rest constant, a triangle's 3×3 system depends on the positions not at all:
 * only on its row's coefficients and compliance, its six inverse masses, its hinges and the
 * substep. A row of the table is shared only by triangles alike in all of these, the inverse
 * masses compared in single precision (plate-bend.ts), and the row's system is made with
 * the masses of its first triangle (`linearRowTriangle`; the others' differ by 1.2e-7 at most, where
 * the moves use each particle's own). So the kernels can invert each row's system once per
 * substep length (`prepareLinearSystems`, LINEAR_SYSTEM values a row) and a sweep then builds
 * none: a grid of 128² cells has 46 rows for its 32,764 triangles, a 1.2 × 0.8 m sheet of 120 × 80
 * cells (whose areas and masses differ in their last bits from cell to cell) 949 for 18,958.
 */

/** A sheet whose every rest angle is within this of 0 is flat (rad): m at rest is then below it. */
export const FLAT_REST_ANGLE_RAD = 1e-6;

/** Coefficients per row of `hingeCoefficients` (see the file comment). */
export const LINEAR_ROW = 9;

/**
 * Values per row of a block's `linearSystems`: the step matrix P of the row's system negated (−STEP
 * below, 6 upper entries: the WebAssembly kernel solves for Δλ = −P·(m + α̃·λ), the same floats as
 * P·(−m − α̃·λ) with one negation fewer per hinge), then the hinge mask it was made for (slot
 * LINEAR_SYSTEM_MASK), plus SKIPPED_ROW where the triangle sits the step out: never a triangle's
 * mask, so the kernels then build the system themselves and skip it as this file does. Then, for
 * the WebAssembly kernel to read at constant offsets rather than convert per triangle, the values
 * it would compute the same from the row: α̃ = α·invHSq (6 upper entries, α's units over s²), the
 * coefficients g of the three hinges on the corners (corner 0's the negated sum, as
 * `loadLinearTriangle`; 9, hinge-major) and the wings' q (3).
 */
export const LINEAR_SYSTEM = 25;
export const LINEAR_SYSTEM_MASK = 6;
const ROW_ALPHA = 7;
const ROW_COEFFICIENTS = 13;
const SKIPPED_ROW = 8;

/** Scratch system of the triangle being solved (symmetric3.ts layout). */
const SYSTEM = new Float64Array(6);

/**
 * Constraint t as the sweeps read it (`loadLinearTriangle`): the coefficients g of hinge k on the
 * corners at 3k … 3k + 2 (corner 0's the negated sum), its wing's q_k at 9 + k, the corners'
 * inverse masses (1/kg) at 12 … 14 and w·q_k of the wings at 15 + k.
 */
const TRIANGLE = new Float64Array(18);

function loadLinearTriangle(block: PlateBendBlock, w: Float64Array, t: number): void {
  const particles = block.particles;
  const coefficients = block.hingeCoefficients;
  const c = LINEAR_ROW * tableRow(block.complianceIndex, t);
  const o = 6 * t;
  for (let k = 0; k < 3; k++) {
    const g1 = coefficients[c + 3 * k];
    const g2 = coefficients[c + 3 * k + 1];
    const q = coefficients[c + 3 * k + 2];
    TRIANGLE[3 * k] = -(g1 + g2 + q);
    TRIANGLE[3 * k + 1] = g1;
    TRIANGLE[3 * k + 2] = g2;
    TRIANGLE[9 + k] = q;
    TRIANGLE[12 + k] = w[particles[o + k]];
    TRIANGLE[15 + k] = w[particles[o + 3 + k]] * q;
  }
}

/**
 * The system S = Σ_s w_s·g_i,s·g_j,s (+ w·q² on the diagonal) + α̃ of compliance row `row` (6 upper
 * entries, no row left out yet) into `out`, α̃ = α·invHSq (1/s²), with the inverse masses `w` (1/kg)
 * of the row's triangle (`linearRowTriangle`: the row's triangles have the same in single
 * precision): the operations the WebAssembly kernels repeat, in their order. Leaves that triangle
 * loaded (`TRIANGLE`).
 */
function linearPlateSystem(
  block: PlateBendBlock,
  w: Float64Array,
  row: number,
  invHSq: number,
  out: Float64Array,
): void {
  loadLinearTriangle(block, w, block.linearRowTriangle[row]);
  const alpha = block.compliancePerNM;
  const a = 6 * row;
  const T = TRIANGLE;
  const wg00 = T[12] * T[0];
  const wg01 = T[13] * T[1];
  const wg02 = T[14] * T[2];
  const wg10 = T[12] * T[3];
  const wg11 = T[13] * T[4];
  const wg12 = T[14] * T[5];
  const wg20 = T[12] * T[6];
  const wg21 = T[13] * T[7];
  const wg22 = T[14] * T[8];
  out[0] = wg00 * T[0] + wg01 * T[1] + wg02 * T[2] + T[15] * T[9] + alpha[a] * invHSq;
  out[1] = wg00 * T[3] + wg01 * T[4] + wg02 * T[5] + alpha[a + 1] * invHSq;
  out[2] = wg00 * T[6] + wg01 * T[7] + wg02 * T[8] + alpha[a + 2] * invHSq;
  out[3] = wg10 * T[3] + wg11 * T[4] + wg12 * T[5] + T[16] * T[10] + alpha[a + 3] * invHSq;
  out[4] = wg10 * T[6] + wg11 * T[7] + wg12 * T[8] + alpha[a + 4] * invHSq;
  out[5] = wg20 * T[6] + wg21 * T[7] + wg22 * T[8] + T[17] * T[11] + alpha[a + 5] * invHSq;
}

/** P of the last `linearStepMatrix`: 6 upper entries (symmetric3.ts layout), N⁻¹·m⁻¹·s⁻²… as Δλ/rhs. */
const STEP = new Float64Array(6);

/**
 * STEP ← the step matrix P = scale·S⁻¹ of `system` (6 upper entries) for the hinges of `mask`, the
 * row and column of a missing hinge 0, so that Δλ_axis = P·rhs_axis; false (the triangle sits the
 * step out) when no hinge is there or the determinant is at or below MIN_DENOMINATOR. The
 * WebAssembly kernels repeat its operations.
 */
function linearStepMatrix(system: Float64Array, mask: number, scale: number): boolean {
  if (mask === 0 || !invertSymmetric3(system, mask)) return false;
  const factor = INVERSE[6] * scale;
  const on0 = (mask & 1) !== 0;
  const on1 = (mask & 2) !== 0;
  const on2 = (mask & 4) !== 0;
  STEP[0] = on0 ? INVERSE[0] * factor : 0;
  STEP[1] = on0 && on1 ? INVERSE[1] * factor : 0;
  STEP[2] = on0 && on2 ? INVERSE[2] * factor : 0;
  STEP[3] = on1 ? INVERSE[3] * factor : 0;
  STEP[4] = on1 && on2 ? INVERSE[4] * factor : 0;
  STEP[5] = on2 ? INVERSE[5] * factor : 0;
  return true;
}

/**
 * Makes the block's `linearSystems` those of substep 1/√invHSq (s) and of its stiffness scale,
 * unless they already are: each row's step matrix made once (`linearPlateSystem`), for the row's
 * hinge mask. A grid's triangles share a few dozen rows, so its sweeps read a system where they
 * built and inverted one per triangle. The rows tell the inverse masses apart (plate-bend.ts), which the
 * world never changes after it is built; a substep of another length makes them again.
 */
export function prepareLinearSystems(block: PlateBendBlock, w: Float64Array, invHSq: number): void {
  const systems = block.linearSystems;
  const scale = block.stiffnessScale;
  if (block.linearSystemsInvHSq === invHSq && block.linearSystemsScale === scale) return;
  for (let row = 0; row < systems.length / LINEAR_SYSTEM; row++) {
    const s = LINEAR_SYSTEM * row;
    const mask = systems[s + LINEAR_SYSTEM_MASK] % SKIPPED_ROW;
    linearPlateSystem(block, w, row, invHSq, SYSTEM);
    const kept = linearStepMatrix(SYSTEM, mask, scale);
    for (let k = 0; k < 6; k++) systems[s + k] = kept ? -STEP[k] : 0;
    systems[s + LINEAR_SYSTEM_MASK] = kept ? mask : mask + SKIPPED_ROW;
    for (let k = 0; k < 6; k++) systems[s + ROW_ALPHA + k] = block.compliancePerNM[6 * row + k] * invHSq;
    // TRIANGLE holds the row's triangle (linearPlateSystem), whose coefficients are the row's.
    for (let k = 0; k < 12; k++) systems[s + ROW_COEFFICIENTS + k] = TRIANGLE[k];
  }
  block.linearSystemsInvHSq = invHSq;
  block.linearSystemsScale = scale;
}

/**
 * The LINEAR_ROW coefficients of a triangle's hinges into `out` at `at`, from rest positions `rest`
 * and its 6 particles (corners, then the wing of each edge), rounded to single precision (the
 * values the block keeps); hinges without their bit in `mask` get 0.
 */
export function linearHingeCoefficients(
  rest: Float64Array,
  six: ArrayLike<number>,
  mask: number,
  out: Float64Array,
  at: number,
): void {
  out.fill(0, at, at + LINEAR_ROW);
  for (let k = 0; k < 3; k++) {
    if (!(mask & (1 << k))) continue;
    // Hinge k: edge (a, b) = corner slots (k, k + 1), opposite corner c at slot k + 2 (mod 3).
    const sa = k;
    const sb = (k + 1) % 3;
    const sc = (k + 2) % 3;
    const a = 3 * six[sa];
    const b = 3 * six[sb];
    const c = 3 * six[sc];
    const d = 3 * six[3 + k];
    const ex = rest[b] - rest[a];
    const ey = rest[b + 1] - rest[a + 1];
    const ez = rest[b + 2] - rest[a + 2];
    const eSq = ex * ex + ey * ey + ez * ez;
    // ν: the part of (c − a) across the edge, negated (away from the triangle), unit.
    const cx = rest[c] - rest[a];
    const cy = rest[c + 1] - rest[a + 1];
    const cz = rest[c + 2] - rest[a + 2];
    const along = (cx * ex + cy * ey + cz * ez) / eSq;
    let nux = along * ex - cx;
    let nuy = along * ey - cy;
    let nuz = along * ez - cz;
    const nuLength = Math.hypot(nux, nuy, nuz);
    nux /= nuLength;
    nuy /= nuLength;
    nuz /= nuLength;
    const ta = gradientAlong(rest, a, b, c, nux, nuy, nuz);
    const tb = gradientAlong(rest, b, c, a, nux, nuy, nuz);
    const tc = gradientAlong(rest, c, a, b, nux, nuy, nuz);
    const wa = gradientAlong(rest, a, b, d, nux, nuy, nuz);
    const wb = gradientAlong(rest, b, d, a, nux, nuy, nuz);
    const wd = gradientAlong(rest, d, a, b, nux, nuy, nuz);
    // Slot s's coefficient of hinge k in t minus in the wing; corner 0's is left to the others' sum.
    const corner = [0, 0, 0];
    corner[sa] = ta - wa;
    corner[sb] = tb - wb;
    corner[sc] = tc;
    out[at + 3 * k] = Math.fround(corner[1]);
    out[at + 3 * k + 1] = Math.fround(corner[2]);
    out[at + 3 * k + 2] = Math.fround(-wd);
  }
}

/**
 * ∇φ_p·ν (1/m) at rest in triangle (p, q, r) (offsets of x in `rest`): the gradient of p's linear
 * shape function is n̂ × (x_r − x_q) / (2·area), n̂ the unit normal of (p, q, r).
 */
function gradientAlong(
  rest: Float64Array,
  p: number,
  q: number,
  r: number,
  nux: number,
  nuy: number,
  nuz: number,
): number {
  const ux = rest[q] - rest[p];
  const uy = rest[q + 1] - rest[p + 1];
  const uz = rest[q + 2] - rest[p + 2];
  const vx = rest[r] - rest[p];
  const vy = rest[r + 1] - rest[p + 1];
  const vz = rest[r + 2] - rest[p + 2];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const nSq = nx * nx + ny * ny + nz * nz; // (2·area)²
  // n × (x_r − x_q) / |n|², with x_r − x_q = v − u.
  const wx = vx - ux;
  const wy = vy - uy;
  const wz = vz - uz;
  const gx = (ny * wz - nz * wy) / nSq;
  const gy = (nz * wx - nx * wz) / nSq;
  const gz = (nx * wy - ny * wx) / nSq;
  return gx * nux + gy * nuy + gz * nuz;
}

/**
 * One Gauss-Seidel sweep of a linear block in colour order, substep h in s (see the file comment).
 * Per triangle: the system S = Σ_s w_s·g_i,s·g_j,s (+ w·q² on the diagonal) + α̃ and its step
 * matrix P = scale·S⁻¹ once (`linearStepMatrix`), then per axis m, the right-hand side −m − α̃·λ,
 * Δλ = P·rhs and the moves. A hinge without its bit in `present` (a boundary edge, a torn hinge)
 * has its row replaced by the identity row (symmetric3.ts) and its row of P zeroed. The WebAssembly
 * kernels (wasm/assembly/kernels.ts `solveLinearPlateBend`, `solveLinearPlateBendBatched`) repeat it
 * operation for operation; the batched one reads P from the block's rows where they hold
 * (`prepareLinearSystems`), which this sweep, their oracle, always builds.
 */
export function solveLinearPlateBend(block: PlateBendBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const w = state.invMass;
  const particles = block.particles;
  const alpha = block.compliancePerNM;
  const index = block.complianceIndex;
  const rowStep = rowStride(index);
  const lambda = block.lambda;
  const keep = lambda.length !== 0;
  const present = block.present;
  const scale = block.stiffnessScale;
  const invHSq = 1 / (h * h);
  for (let t = 0; t < block.count; t++) {
    const o = 6 * t;
    const row = index[t * rowStep];
    const a = 6 * row;
    const mask = present[t];
    const i0 = 3 * particles[o];
    const i1 = 3 * particles[o + 1];
    const i2 = 3 * particles[o + 2];
    const i3 = 3 * particles[o + 3];
    const i4 = 3 * particles[o + 4];
    const i5 = 3 * particles[o + 5];
    // The row's system first (it loads the row's triangle), then this triangle's own masses for the moves.
    linearPlateSystem(block, w, row, invHSq, SYSTEM);
    if (!linearStepMatrix(SYSTEM, mask, scale)) continue;
    loadLinearTriangle(block, w, t);
    const T = TRIANGLE;
    const g00 = T[0];
    const g01 = T[1];
    const g02 = T[2];
    const g10 = T[3];
    const g11 = T[4];
    const g12 = T[5];
    const g20 = T[6];
    const g21 = T[7];
    const g22 = T[8];
    const q0 = T[9];
    const q1 = T[10];
    const q2 = T[11];
    const w0 = T[12];
    const w1 = T[13];
    const w2 = T[14];
    const wq0 = T[15];
    const wq1 = T[16];
    const wq2 = T[17];
    const t00 = alpha[a] * invHSq;
    const t01 = alpha[a + 1] * invHSq;
    const t02 = alpha[a + 2] * invHSq;
    const t11 = alpha[a + 3] * invHSq;
    const t12 = alpha[a + 4] * invHSq;
    const t22 = alpha[a + 5] * invHSq;
    const p00 = STEP[0];
    const p01 = STEP[1];
    const p02 = STEP[2];
    const p11 = STEP[3];
    const p12 = STEP[4];
    const p22 = STEP[5];
    for (let axis = 0; axis < 3; axis++) {
      const x0 = x[i0 + axis];
      const e1 = x[i1 + axis] - x0;
      const e2 = x[i2 + axis] - x0;
      const m0 = g01 * e1 + g02 * e2 + q0 * (x[i3 + axis] - x0);
      const m1 = g11 * e1 + g12 * e2 + q1 * (x[i4 + axis] - x0);
      const m2 = g21 * e1 + g22 * e2 + q2 * (x[i5 + axis] - x0);
      let r0 = -m0;
      let r1 = -m1;
      let r2 = -m2;
      const l = 9 * t + 3 * axis;
      if (keep) {
        const l0 = lambda[l];
        const l1 = lambda[l + 1];
        const l2 = lambda[l + 2];
        r0 -= t00 * l0 + t01 * l1 + t02 * l2;
        r1 -= t01 * l0 + t11 * l1 + t12 * l2;
        r2 -= t02 * l0 + t12 * l1 + t22 * l2;
      }
      const d0 = p00 * r0 + p01 * r1 + p02 * r2;
      const d1 = p01 * r0 + p11 * r1 + p12 * r2;
      const d2 = p02 * r0 + p12 * r1 + p22 * r2;
      if (keep) {
        lambda[l] += d0;
        lambda[l + 1] += d1;
        lambda[l + 2] += d2;
      }
      x[i0 + axis] += w0 * (g00 * d0 + g10 * d1 + g20 * d2);
      x[i1 + axis] += w1 * (g01 * d0 + g11 * d1 + g21 * d2);
      x[i2 + axis] += w2 * (g02 * d0 + g12 * d1 + g22 * d2);
      x[i3 + axis] += wq0 * d0;
      x[i4 + axis] += wq1 * d1;
      x[i5 + axis] += wq2 * d2;
    }
  }
}

/**
 * m of constraint t at positions x into `out`, axis-major as the multipliers (m_k's component
 * `axis` at out[3·axis + k]); a hinge without its bit in `present` gives 0.
 */
export function linearHingeVectors(
  block: PlateBendBlock,
  x: Float64Array,
  t: number,
  out: Float64Array,
): void {
  const row = block.hingeCoefficients;
  const c = LINEAR_ROW * tableRow(block.complianceIndex, t);
  const o = 6 * t;
  const i0 = 3 * block.particles[o];
  const i1 = 3 * block.particles[o + 1];
  const i2 = 3 * block.particles[o + 2];
  const present = block.present[t];
  for (let k = 0; k < 3; k++) {
    if (!(present & (1 << k))) {
      out[k] = 0;
      out[3 + k] = 0;
      out[6 + k] = 0;
      continue;
    }
    const wing = 3 * block.particles[o + 3 + k];
    const r1 = row[c + 3 * k];
    const r2 = row[c + 3 * k + 1];
    const rw = row[c + 3 * k + 2];
    for (let axis = 0; axis < 3; axis++) {
      const x0 = x[i0 + axis];
      out[3 * axis + k] = r1 * (x[i1 + axis] - x0) + r2 * (x[i2 + axis] - x0) + rw * (x[wing + axis] - x0);
    }
  }
}

/** True when the block measures its hinges linearly (a sheet flat at rest; see the file comment). */
export function isLinearPlate(block: PlateBendBlock): boolean {
  return block.hingeCoefficients.length !== 0;
}

/**
 * ∂m_k/∂x_s of constraint t (dimensionless, the same for every axis): slot s of the 6, hinge k;
 * 0 where the hinge does not reach the slot.
 */
export function linearHingeCoefficient(block: PlateBendBlock, t: number, k: number, s: number): number {
  const c = LINEAR_ROW * tableRow(block.complianceIndex, t) + 3 * k;
  const row = block.hingeCoefficients;
  if (s === 0) return -(row[c] + row[c + 1] + row[c + 2]);
  if (s === 1 || s === 2) return row[c + s - 1];
  return s === 3 + k ? row[c + 2] : 0;
}
