import type { PlasticitySpec } from '../scene/scene.ts';
import { type BodySlots, slotOf } from '../setup/body-groups.ts';
import type { DistanceBlock } from './constraints/distance.ts';
import type { ConstraintBlock } from './constraints/index.ts';
import type { MembraneBlock } from './constraints/membrane.ts';
import type { NeoHookeanBlock } from './constraints/neo-hookean.ts';
import type { ParticleState } from './state.ts';

/**
 * Plasticity: past a yield strain the rest shape creeps toward the current shape, so a bar bent or
 * stretched past yield keeps a permanent set. Per material group (scene GroupSpec `plasticity`):
 * yield strain ε_y, creep rate c (1/s) and a cap ε_max on the plastic strain. After Müller & Gross
 * 2004 ("Interactive Virtual Materials", §4: ε_e = ε − ε_p, creep of ε_p while ‖ε_e‖ > yield, a
 * cap on ‖ε_p‖) with the von Mises (J2) criterion and flow of O'Brien, Bargteil & Hodgins 2002.
 *
 * Tets (neo-Hookean blocks). The plastic state of a tet is its rest metric A = F_pᵀF_p (symmetric,
 * det A = 1, in the frame of the original rest shape Dm0): the tet is stress-free where FᵀF = A,
 * F = Ds·Dm0⁻¹. A = UᵀU (Cholesky, U upper triangular) gives the rest shape Dm = U·Dm0, i.e. the
 * block's Dm⁻¹ = B0·U⁻¹ (B0 = Dm0⁻¹); which factor of A is used does not matter, the neo-Hookean
 * constraints see only ‖F‖ and det F. Per tet, with F_e = Ds·Dm⁻¹ the elastic deformation the
 * solver sees:
 *   E_e   = ½(F_eᵀF_e − I)   elastic Green strain (dimensionless, rotation-free),  d = dev E_e
 *   ε_eq  = √(3/2)·‖d‖_F/(1+ν) = σ_vm/E   (von Mises stress over Young's modulus at small strain:
 *           the axial strain at which a tensile bar yields, so ε_y = σ_y/E is a data sheet's yield strain)
 *   ε_eq > ε_y:  A += 2s·Uᵀ·d·U,  s = k·(ε_eq − ε_y)/ε_eq,  k = min(1, Δt·c)
 *           (the excess deviatoric elastic strain, pulled back to the rest frame, moves into the rest
 *           metric: ε_p += s·d in the intermediate frame; k = 1 puts the tet back on the yield surface
 *           at once, i.e. perfect plasticity)
 *   cap:  ε_p = ½(A − I), √(2/3)·‖ε_p‖_F ≤ ε_max (the von Mises equivalent plastic strain: the axial
 *           plastic strain of a bar), scaling A − I down; ε_max ≤ 0.4 keeps A positive definite
 *   det:  A ← A/det(A)^⅓, so det U = 1 and every rest volume stays as built: V, det Dm⁻¹ and the
 *           compliances α = 1/(μV) do not change, only Dm⁻¹ and M = Dm⁻¹·Dm⁻ᵀ (and the WebAssembly
 *           kernel's copy of M: `onRestChanged`). The deviatoric flow changes det A only at second order.
 * The stiffness limit (stiffness-limit.ts) keeps its floor from the original rest shape.
 *
 * Distance constraints (rope links, cloth stretch and shear edges, tet edges of edges-volume
 * solids): the rest length L creeps the same way in one dimension. ε_e = l/L − 1 (l the length
 * now); |ε_e| > ε_y: L += k·(l/(1 ± ε_y) − L) (toward the length at which the edge sits at yield);
 * |L/L0 − 1| ≤ ε_max.
 *
 * Cloth membranes: the same as tets in the plane of the rest triangle, on its 2×2 rest metric A
 * (frame of the original Dm0, Dm⁻¹ = B0·U⁻¹, A = UᵀU), with two differences: ε_eq is the largest
 * principal |E_e| (a strip pulled along one direction yields at an axial strain ε_y, as a rope
 * does) and the flow is along E_e itself, not its deviator (a membrane has no volume to keep: the
 * rest area changes with the set, the compliances keep the area as built). The cap holds the
 * largest principal |½(A − I)| to ε_max. Bending constraints keep their rest angles (not modelled).
 * Measured (once the released strip has stopped ringing, which takes seconds: 2 s after release
 * it still holds 8% of its energy and its middle sits 10% short of where it settles): a strip
 * creeping at 5/s keeps the predicted set within 1% at 10, 20 and 40 substeps; at creep ≥ 1/frame
 * it keeps 5.5% more (it ends the hold below yield, having crept past the surface during the pull).
 *
 * Prediction. A bar held at axial strain ε (lengths: 1 + ε) long enough that the creep has
 * finished sits at the yield surface: elastic axial strain ε_y. Released, it keeps
 *   rope:  (1 + ε)/(1 + ε_y) − 1 ≈ ε − ε_y
 *   tets:  (1 + ε)/√(1 + 2ε_y) − 1 ≈ ε − ε_y   (A_xx·(1 + 2ε_y) = (1 + ε)², lateral strain free)
 * (test/core/sim/plasticity.test.ts measures both).
 *
 * Timing: once per frame, after the substeps, with Δt the frame time. The creep then depends on
 * the frame time to first order (as any explicit rate law) but not on the substep count, and the
 * settled set does not depend on either. Allocation-free after construction.
 */

/** One block's plastic tets: block tet indices and their per-group parameters and state. */
interface TetFlow {
  readonly block: NeoHookeanBlock;
  readonly tets: Uint32Array;
  /** Per entry: ε_y, c (1/s), ε_max, √(3/2)/(1+ν). */
  readonly params: Float64Array;
  /** Original Dm⁻¹ (9) and M (6) per entry, to restore. */
  readonly inverseRest0: Float64Array;
  readonly product0: Float64Array;
  /** Rest metric A per entry: xx, yy, zz, xy, yz, zx (identity as built). */
  readonly metric: Float64Array;
}

/** One membrane block's plastic triangles (2×2 rest metric per triangle: xx, yy, xy). */
interface TriangleFlow {
  readonly block: MembraneBlock;
  readonly triangles: Uint32Array;
  /** Per entry: ε_y, c (1/s), ε_max. */
  readonly params: Float64Array;
  /** Original Dm⁻¹ per entry (4, row-major). */
  readonly inverseRest0: Float64Array;
  readonly metric: Float64Array;
}

interface EdgeFlow {
  readonly block: DistanceBlock;
  readonly edges: Uint32Array;
  /** Per entry: ε_y, c (1/s), ε_max. */
  readonly params: Float64Array;
  /** Original rest length L0 per entry, m. */
  readonly rest0: Float64Array;
}

const PARAMS_TET = 4;
const PARAMS_EDGE = 3;
/** Largest allowed ε_max: keeps I + 2ε_p positive definite for any traceless ε_p (√(3/2)·0.4 < ½). */
export const MAX_PLASTIC_STRAIN = 0.4;

const U = new Float64Array(9); // upper-triangular U⁻¹, row-major
const C = new Float64Array(6); // Cholesky factor U of a metric: u00, u01, u02, u11, u12, u22
const E2 = new Float64Array(3); // FᵀF of a triangle: xx, yy, xy
const B = new Float64Array(9);

export class PlasticFlow {
  private constructor(
    private readonly tetFlows: TetFlow[],
    private readonly edgeFlows: EdgeFlow[],
    private readonly triangleFlows: TriangleFlow[],
  ) {}

  /**
   * The plastic part of a body's blocks (`offset` its first particle), null when no group of
   * `slots` has plasticity: such bodies step exactly as before.
   */
  static create(blocks: readonly ConstraintBlock[], slots: BodySlots, offset: number): PlasticFlow | null {
    const specs = slots.plasticity;
    if (!specs?.some((s) => s)) return null;
    const tetFlows: TetFlow[] = [];
    const edgeFlows: EdgeFlow[] = [];
    const triangleFlows: TriangleFlow[] = [];
    // The block constraints whose slot has plasticity, with ε_y, c, ε_max first of `stride` params each.
    const entries = (particles: Uint32Array, arity: number, count: number, stride: number) => {
      const picked: number[] = [];
      const slotOfEntry: number[] = [];
      for (let c = 0; c < count; c++) {
        const slot = slotOf(slots, particles, arity, c, offset);
        if (specs[slot]) {
          picked.push(c);
          slotOfEntry.push(slot);
        }
      }
      const params = new Float64Array(stride * picked.length);
      slotOfEntry.forEach((slot, k) => {
        const spec = specs[slot] as PlasticitySpec;
        params.set([spec.yieldStrain, spec.creepRatePerS, spec.maxPlasticStrain], stride * k);
      });
      return picked.length > 0 ? { indices: Uint32Array.from(picked), params, slots: slotOfEntry } : null;
    };
    for (const block of blocks) {
      if (block.kind === 'neo-hookean') {
        const e = entries(block.particles, 4, block.count, PARAMS_TET);
        if (!e) continue;
        const n = e.indices.length;
        const flow: TetFlow = {
          block,
          tets: e.indices,
          params: e.params,
          inverseRest0: new Float64Array(9 * n),
          product0: new Float64Array(6 * n),
          metric: identityMetrics(n),
        };
        e.indices.forEach((t, k) => {
          flow.params[PARAMS_TET * k + 3] = Math.sqrt(1.5) / (1 + slots.materials[e.slots[k]].poissonRatio);
          flow.inverseRest0.set(block.inverseRestShape.subarray(9 * t, 9 * t + 9), 9 * k);
          flow.product0.set(block.restShapeProduct.subarray(6 * t, 6 * t + 6), 6 * k);
        });
        tetFlows.push(flow);
      } else if (block.kind === 'membrane') {
        const e = entries(block.particles, 3, block.count, PARAMS_EDGE);
        if (!e) continue;
        // Flow rewrites each triangle's Dm⁻¹: the block must keep one per triangle (membrane.ts).
        if (block.restShapeIndex.length > 0)
          throw new Error('plasticity: the membrane block shares its rest shapes');
        const flow: TriangleFlow = {
          block,
          triangles: e.indices,
          params: e.params,
          inverseRest0: new Float64Array(4 * e.indices.length),
          metric: identityMetrics2(e.indices.length),
        };
        e.indices.forEach((t, k) => {
          flow.inverseRest0.set(block.inverseRestShape.subarray(4 * t, 4 * t + 4), 4 * k);
        });
        triangleFlows.push(flow);
      } else if (block.kind === 'distance') {
        const e = entries(block.particles, 2, block.count, PARAMS_EDGE);
        if (!e) continue;
        const rest0 = Float64Array.from(e.indices, (c) => block.restLengthM[c]);
        edgeFlows.push({ block, edges: e.indices, params: e.params, rest0 });
      }
    }
    return tetFlows.length + edgeFlows.length + triangleFlows.length > 0
      ? new PlasticFlow(tetFlows, edgeFlows, triangleFlows)
      : null;
  }

  /**
   * Creeps every plastic element over a frame of `dtS` seconds at the current positions.
   * `onRestChanged` gets each neo-Hookean block whose rest shapes changed (kernel copies to refresh).
   */
  apply(state: ParticleState, dtS: number, onRestChanged: (block: NeoHookeanBlock) => void): void {
    for (const flow of this.tetFlows) if (creepTets(flow, state.x, dtS)) onRestChanged(flow.block);
    for (const flow of this.edgeFlows) creepEdges(flow, state.x, dtS);
    for (const flow of this.triangleFlows) creepTriangles(flow, state.x, dtS);
  }

  /** Every rest shape and length back to the original, no plastic strain (the world's reset). */
  reset(onRestChanged: (block: NeoHookeanBlock) => void): void {
    for (const flow of this.tetFlows) {
      const { block, tets } = flow;
      for (let k = 0; k < tets.length; k++) {
        const t = tets[k];
        block.inverseRestShape.set(flow.inverseRest0.subarray(9 * k, 9 * k + 9), 9 * t);
        block.restShapeProduct.set(flow.product0.subarray(6 * k, 6 * k + 6), 6 * t);
      }
      flow.metric.set(identityMetrics(tets.length));
      onRestChanged(block);
    }
    for (const flow of this.edgeFlows) {
      for (let k = 0; k < flow.edges.length; k++) flow.block.restLengthM[flow.edges[k]] = flow.rest0[k];
    }
    for (const flow of this.triangleFlows) {
      const { block, triangles } = flow;
      for (let k = 0; k < triangles.length; k++) {
        block.inverseRestShape.set(flow.inverseRest0.subarray(4 * k, 4 * k + 4), 4 * triangles[k]);
      }
      flow.metric.set(identityMetrics2(triangles.length));
    }
  }

  /** Largest von Mises equivalent plastic strain over the tets, and |L/L0 − 1| over the edges. */
  maxPlasticStrain(): number {
    let max = 0;
    for (const flow of this.tetFlows) {
      for (let k = 0; k < flow.tets.length; k++) max = Math.max(max, equivalentPlastic(flow.metric, 6 * k));
    }
    for (const flow of this.edgeFlows) {
      for (let k = 0; k < flow.edges.length; k++) {
        max = Math.max(max, Math.abs(flow.block.restLengthM[flow.edges[k]] / flow.rest0[k] - 1));
      }
    }
    for (const flow of this.triangleFlows) {
      for (let k = 0; k < flow.triangles.length; k++) max = Math.max(max, principal2(flow.metric, 3 * k, 1));
    }
    return max;
  }
}

function identityMetrics(count: number): Float64Array {
  const out = new Float64Array(6 * count);
  for (let k = 0; k < count; k++) out.fill(1, 6 * k, 6 * k + 3);
  return out;
}

/** √(2/3)·‖ε_p‖_F, ε_p = ½(A − I), of the metric A at `o` (xx, yy, zz, xy, yz, zx). */
function equivalentPlastic(A: Float64Array, o: number): number {
  const xx = A[o] - 1;
  const yy = A[o + 1] - 1;
  const zz = A[o + 2] - 1;
  const sq = xx * xx + yy * yy + zz * zz + 2 * (A[o + 3] ** 2 + A[o + 4] ** 2 + A[o + 5] ** 2);
  return 0.5 * Math.sqrt((2 / 3) * sq);
}

/** Cholesky factor of the metric at `o` into the scratch C (u00, u01, u02, u11, u12, u22); false if not positive definite. */
function cholesky(A: Float64Array, o: number): boolean {
  const u00 = Math.sqrt(A[o]);
  if (!(u00 > 1e-6)) return false;
  const u01 = A[o + 3] / u00;
  const u02 = A[o + 5] / u00;
  const d11 = A[o + 1] - u01 * u01;
  if (!(d11 > 1e-12)) return false;
  const u11 = Math.sqrt(d11);
  const u12 = (A[o + 4] - u01 * u02) / u11;
  const d22 = A[o + 2] - u02 * u02 - u12 * u12;
  if (!(d22 > 1e-12)) return false;
  C[0] = u00;
  C[1] = u01;
  C[2] = u02;
  C[3] = u11;
  C[4] = u12;
  C[5] = Math.sqrt(d22);
  return true;
}

/** The tets' creep over dtS; true when any rest shape changed. */
function creepTets(flow: TetFlow, x: Float64Array, dtS: number): boolean {
  const { block, tets, params, inverseRest0, metric: A } = flow;
  const particles = block.particles;
  const Bt = block.inverseRestShape;
  let changed = false;
  for (let k = 0; k < tets.length; k++) {
    const t = tets[k];
    const o = 9 * t;
    const i0 = 3 * particles[4 * t];
    const i1 = 3 * particles[4 * t + 1];
    const i2 = 3 * particles[4 * t + 2];
    const i3 = 3 * particles[4 * t + 3];
    // F_e = Ds·Dm⁻¹: F[r][c] = Σ_i e_i[r]·B[i][c], e_i = x_i − x_0.
    const e1x = x[i1] - x[i0];
    const e1y = x[i1 + 1] - x[i0 + 1];
    const e1z = x[i1 + 2] - x[i0 + 2];
    const e2x = x[i2] - x[i0];
    const e2y = x[i2 + 1] - x[i0 + 1];
    const e2z = x[i2 + 2] - x[i0 + 2];
    const e3x = x[i3] - x[i0];
    const e3y = x[i3 + 1] - x[i0 + 1];
    const e3z = x[i3 + 2] - x[i0 + 2];
    const f00 = e1x * Bt[o] + e2x * Bt[o + 3] + e3x * Bt[o + 6];
    const f01 = e1x * Bt[o + 1] + e2x * Bt[o + 4] + e3x * Bt[o + 7];
    const f02 = e1x * Bt[o + 2] + e2x * Bt[o + 5] + e3x * Bt[o + 8];
    const f10 = e1y * Bt[o] + e2y * Bt[o + 3] + e3y * Bt[o + 6];
    const f11 = e1y * Bt[o + 1] + e2y * Bt[o + 4] + e3y * Bt[o + 7];
    const f12 = e1y * Bt[o + 2] + e2y * Bt[o + 5] + e3y * Bt[o + 8];
    const f20 = e1z * Bt[o] + e2z * Bt[o + 3] + e3z * Bt[o + 6];
    const f21 = e1z * Bt[o + 1] + e2z * Bt[o + 4] + e3z * Bt[o + 7];
    const f22 = e1z * Bt[o + 2] + e2z * Bt[o + 5] + e3z * Bt[o + 8];
    // d = dev E_e, E_e = ½(F_eᵀF_e − I).
    let xx = 0.5 * (f00 * f00 + f10 * f10 + f20 * f20 - 1);
    let yy = 0.5 * (f01 * f01 + f11 * f11 + f21 * f21 - 1);
    let zz = 0.5 * (f02 * f02 + f12 * f12 + f22 * f22 - 1);
    const xy = 0.5 * (f00 * f01 + f10 * f11 + f20 * f21);
    const yz = 0.5 * (f01 * f02 + f11 * f12 + f21 * f22);
    const zx = 0.5 * (f02 * f00 + f12 * f10 + f22 * f20);
    const mean = (xx + yy + zz) / 3;
    xx -= mean;
    yy -= mean;
    zz -= mean;
    const norm = Math.sqrt(xx * xx + yy * yy + zz * zz + 2 * (xy * xy + yz * yz + zx * zx));
    const q = PARAMS_TET * k;
    const yieldStrain = params[q];
    const equivalent = params[q + 3] * norm;
    if (!(equivalent > yieldStrain)) continue;
    const p = 6 * k;
    if (!cholesky(A, p)) continue;
    const s2 = (2 * Math.min(1, dtS * params[q + 1]) * (equivalent - yieldStrain)) / equivalent;
    // T = d·U (U upper triangular: C = u00, u01, u02, u11, u12, u22), then A += 2s·Uᵀ·T; UᵀT is
    // symmetric and U upper triangular, so its upper half needs only T's upper half.
    const t00 = xx * C[0];
    const t01 = xx * C[1] + xy * C[3];
    const t02 = xx * C[2] + xy * C[4] + zx * C[5];
    const t11 = xy * C[1] + yy * C[3];
    const t12 = xy * C[2] + yy * C[4] + yz * C[5];
    const t22 = zx * C[2] + yz * C[4] + zz * C[5];
    // (UᵀT)[i][j] = Σ_r U[r][i]·T[r][j].
    A[p] += s2 * (C[0] * t00);
    A[p + 1] += s2 * (C[1] * t01 + C[3] * t11);
    A[p + 2] += s2 * (C[2] * t02 + C[4] * t12 + C[5] * t22);
    A[p + 3] += s2 * (C[0] * t01);
    A[p + 4] += s2 * (C[1] * t02 + C[3] * t12);
    A[p + 5] += s2 * (C[0] * t02);
    const plasticEq = equivalentPlastic(A, p);
    if (plasticEq > params[q + 2]) {
      const scale = params[q + 2] / plasticEq;
      for (let j = 0; j < 3; j++) A[p + j] = 1 + (A[p + j] - 1) * scale;
      for (let j = 3; j < 6; j++) A[p + j] *= scale;
    }
    const det =
      A[p] * (A[p + 1] * A[p + 2] - A[p + 4] * A[p + 4]) -
      A[p + 3] * (A[p + 3] * A[p + 2] - A[p + 4] * A[p + 5]) +
      A[p + 5] * (A[p + 3] * A[p + 4] - A[p + 1] * A[p + 5]);
    if (!(det > 1e-6)) continue;
    const n = 1 / Math.cbrt(det);
    for (let j = 0; j < 6; j++) A[p + j] *= n;
    if (!cholesky(A, p)) continue;
    writeRestShape(block, t, inverseRest0, 9 * k);
    changed = true;
  }
  return changed;
}

/** Dm⁻¹ = B0·U⁻¹ and M = Dm⁻¹·Dm⁻ᵀ of block tet t, U the Cholesky factor in the scratch C. */
function writeRestShape(block: NeoHookeanBlock, t: number, B0: Float64Array, o: number): void {
  const u00 = C[0];
  const u01 = C[1];
  const u02 = C[2];
  const u11 = C[3];
  const u12 = C[4];
  const u22 = C[5];
  // U⁻¹ (upper triangular), row-major.
  U[0] = 1 / u00;
  U[1] = -u01 / (u00 * u11);
  U[2] = (u01 * u12 - u02 * u11) / (u00 * u11 * u22);
  U[4] = 1 / u11;
  U[5] = -u12 / (u11 * u22);
  U[8] = 1 / u22;
  // B = B0·U⁻¹ (row-major; U⁻¹ has zeros below the diagonal).
  for (let r = 0; r < 3; r++) {
    const b0 = B0[o + 3 * r];
    const b1 = B0[o + 3 * r + 1];
    const b2 = B0[o + 3 * r + 2];
    B[3 * r] = b0 * U[0];
    B[3 * r + 1] = b0 * U[1] + b1 * U[4];
    B[3 * r + 2] = b0 * U[2] + b1 * U[5] + b2 * U[8];
  }
  block.inverseRestShape.set(B, 9 * t);
  const m = block.restShapeProduct;
  const q = 6 * t;
  m[q] = B[0] * B[0] + B[1] * B[1] + B[2] * B[2];
  m[q + 1] = B[0] * B[3] + B[1] * B[4] + B[2] * B[5];
  m[q + 2] = B[0] * B[6] + B[1] * B[7] + B[2] * B[8];
  m[q + 3] = B[3] * B[3] + B[4] * B[4] + B[5] * B[5];
  m[q + 4] = B[3] * B[6] + B[4] * B[7] + B[5] * B[8];
  m[q + 5] = B[6] * B[6] + B[7] * B[7] + B[8] * B[8];
}

function identityMetrics2(count: number): Float64Array {
  const out = new Float64Array(3 * count);
  for (let k = 0; k < count; k++) out.fill(1, 3 * k, 3 * k + 2);
  return out;
}

/** Largest principal |½(S − shift·I)| of the symmetric 2×2 S at `o` (xx, yy, xy). */
function principal2(S: Float64Array, o: number, shift: number): number {
  const xx = 0.5 * (S[o] - shift);
  const yy = 0.5 * (S[o + 1] - shift);
  const xy = 0.5 * S[o + 2];
  return Math.abs(0.5 * (xx + yy)) + Math.sqrt(0.25 * (xx - yy) ** 2 + xy * xy);
}

/** The membrane triangles' creep over dtS (the 2D form of creepTets; see the top of the file). */
function creepTriangles(flow: TriangleFlow, x: Float64Array, dtS: number): void {
  const { block, triangles, params, inverseRest0: B0, metric: A } = flow;
  const particles = block.particles;
  const Bt = block.inverseRestShape;
  for (let k = 0; k < triangles.length; k++) {
    const t = triangles[k];
    const i0 = 3 * particles[3 * t];
    const i1 = 3 * particles[3 * t + 1];
    const i2 = 3 * particles[3 * t + 2];
    const b = 4 * t;
    // f_a = Σ_i B[i][a]·e_i (membrane.ts), e_i = x_i − x_0.
    let f1x = 0;
    let f1y = 0;
    let f1z = 0;
    let f2x = 0;
    let f2y = 0;
    let f2z = 0;
    for (let r = 0; r < 3; r++) {
      const e1 = x[i1 + r] - x[i0 + r];
      const e2 = x[i2 + r] - x[i0 + r];
      const a1 = Bt[b] * e1 + Bt[b + 2] * e2;
      const a2 = Bt[b + 1] * e1 + Bt[b + 3] * e2;
      if (r === 0) {
        f1x = a1;
        f2x = a2;
      } else if (r === 1) {
        f1y = a1;
        f2y = a2;
      } else {
        f1z = a1;
        f2z = a2;
      }
    }
    // E_e = ½(FᵀF − I) and its largest principal magnitude.
    E2[0] = f1x * f1x + f1y * f1y + f1z * f1z;
    E2[1] = f2x * f2x + f2y * f2y + f2z * f2z;
    E2[2] = f1x * f2x + f1y * f2y + f1z * f2z;
    const equivalent = principal2(E2, 0, 1);
    const q = PARAMS_EDGE * k;
    const yieldStrain = params[q];
    if (!(equivalent > yieldStrain)) continue;
    const xx = 0.5 * (E2[0] - 1);
    const yy = 0.5 * (E2[1] - 1);
    const xy = 0.5 * E2[2];
    const p = 3 * k;
    const u00 = Math.sqrt(A[p]);
    if (!(u00 > 1e-6)) continue;
    const u01 = A[p + 2] / u00;
    const d11 = A[p + 1] - u01 * u01;
    if (!(d11 > 1e-12)) continue;
    const u11 = Math.sqrt(d11);
    // A += 2s·Uᵀ·E_e·U (T = E_e·U, upper half).
    const s2 = (2 * Math.min(1, dtS * params[q + 1]) * (equivalent - yieldStrain)) / equivalent;
    const t00 = xx * u00;
    const t01 = xx * u01 + xy * u11;
    const t11 = xy * u01 + yy * u11;
    A[p] += s2 * u00 * t00;
    A[p + 1] += s2 * (u01 * t01 + u11 * t11);
    A[p + 2] += s2 * u00 * t01;
    const plastic = principal2(A, p, 1);
    if (plastic > params[q + 2]) {
      const scale = params[q + 2] / plastic;
      A[p] = 1 + (A[p] - 1) * scale;
      A[p + 1] = 1 + (A[p + 1] - 1) * scale;
      A[p + 2] *= scale;
    }
    const v00 = Math.sqrt(A[p]);
    if (!(v00 > 1e-6)) continue;
    const v01 = A[p + 2] / v00;
    const e11 = A[p + 1] - v01 * v01;
    if (!(e11 > 1e-12)) continue;
    const v11 = Math.sqrt(e11);
    // Dm⁻¹ = B0·U⁻¹, U⁻¹ = [[1/v00, −v01/(v00·v11)], [0, 1/v11]].
    const w01 = -v01 / (v00 * v11);
    for (let i = 0; i < 2; i++) {
      const c0 = B0[4 * k + 2 * i];
      const c1 = B0[4 * k + 2 * i + 1];
      Bt[b + 2 * i] = c0 / v00;
      Bt[b + 2 * i + 1] = c0 * w01 + c1 / v11;
    }
  }
}

/** The edges' rest-length creep over dtS. */
function creepEdges(flow: EdgeFlow, x: Float64Array, dtS: number): void {
  const { block, edges, params, rest0 } = flow;
  const particles = block.particles;
  const rest = block.restLengthM;
  for (let k = 0; k < edges.length; k++) {
    const c = edges[k];
    const a3 = 3 * particles[2 * c];
    const b3 = 3 * particles[2 * c + 1];
    const dx = x[a3] - x[b3];
    const dy = x[a3 + 1] - x[b3 + 1];
    const dz = x[a3 + 2] - x[b3 + 2];
    const length = Math.sqrt(dx * dx + dy * dy + dz * dz);
    const L = rest[c];
    const q = PARAMS_EDGE * k;
    const yieldStrain = params[q];
    const strain = length / L - 1;
    if (!(Math.abs(strain) > yieldStrain)) continue;
    const target = length / (1 + (strain > 0 ? yieldStrain : -yieldStrain));
    const next = L + Math.min(1, dtS * params[q + 1]) * (target - L);
    const cap = params[q + 2];
    rest[c] = Math.min(rest0[k] * (1 + cap), Math.max(rest0[k] * (1 - cap), next));
  }
}
