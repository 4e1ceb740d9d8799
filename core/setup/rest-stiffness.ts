import { UPPER_3X3 } from '../material/compliance/plate-bend.ts';
import { signedTetVolumeM3 } from '../math/mesh-measures.ts';
import { G as HINGE_GRADIENT, hingeAngle } from '../sim/constraints/dihedral-bend.ts';
import { writeTriangleInverseRestShape } from '../sim/constraints/membrane.ts';
import { PLATE_HINGE_SLOTS } from '../sim/constraints/plate-bend.ts';
import { isDegenerateTet, writeInverseRestShape } from '../sim/constraints/tet-rest.ts';
import type { BodyGeometry } from './body-geometry.ts';
import type { ConstraintSet, SetupPin } from './setup.ts';

/**
 * The stiffness K of a body's constraints at its rest shape (linear statics): each constraint
 * contributes its Gauss-Newton term k·∇C·∇Cᵀ (C = 0 at rest, so that is all of its Hessian), the
 * neo-Hookean tets their small-strain limit, linear elasticity with μ = 1/(α_D·V),
 * λ = 1/(α_H·V) − μ; soft pins k·I; the gas of a balloon k·∇V∇Vᵀ. Rigidly pinned particles are
 * removed (their rows and columns are 0). Used for the fundamental mode (fundamental-mode.ts)
 * and for the runtime calibration of exported bodies (runtime-calibration.ts).
 *
 * Two fidelities:
 * - 'mode' (the fundamental-mode estimate, as calibrated): membrane triangles enter through the
 *   fitted edge network that damps them (edge dampers taken as elastic), nodal volumes are left
 *   out (bulk only, which a bending or shear fundamental hardly feels, and which would slow the
 *   solve by the bulk-to-shear ratio).
 * - 'exact': membrane triangles as their plane-stress compliance, nodal volumes as the averaged
 *   nodal pressure they are (nodal-volume.ts), edge dampers not elastic: the static response the
 *   engine converges to.
 */
export type RestStiffnessFidelity = 'mode' | 'exact';

export interface RestStiffness {
  /** 3 per particle. */
  dof: number;
  /** 1 for a particle that moves, 0 for a rigidly pinned or massless one. */
  free: Float64Array;
  /** Masses with pinned particles at 0, kg. */
  mass: Float64Array;
  /** out = K·v (pinned rows 0). */
  apply(v: Float64Array, out: Float64Array): void;
  /** The diagonal of K (pinned rows included; callers mask them). */
  diagonal: Float64Array;
  /** False when nothing elastic is left (no constraint, or only dampers and slack tethers). */
  elastic: boolean;
}

export function restStiffness(
  geometry: BodyGeometry,
  constraints: readonly ConstraintSet[],
  pins: readonly SetupPin[],
  fidelity: RestStiffnessFidelity,
): RestStiffness {
  const n = geometry.mass.length;
  const free = Float64Array.from(geometry.mass, (m) => (m > 0 ? 1 : 0));
  for (const pin of pins) if (pin.complianceMPerN === 0) for (const p of pin.particles) free[p] = 0;
  const mass = Float64Array.from(geometry.mass, (m, i) => m * free[i]);
  const exact = fidelity === 'exact';
  const terms: GaussNewtonTerms[] = [];
  const tets: ElasticTets[] = [];
  // 'mode': a cloth's membrane triangles are stiff along the fitted edge network that damps them.
  const membrane = !exact && constraints.some((set) => set.kind === 'membrane');
  for (const set of constraints) {
    const t = setTerms(set, geometry.positions, exact);
    if ('dmInv' in t) tets.push(t);
    else if (t.stiffness.length > 0)
      terms.push(membrane && set.kind === 'edge-damper' ? { ...t, elastic: true } : t);
  }
  const dof = 3 * n;
  const apply = (v: Float64Array, out: Float64Array) => {
    out.fill(0);
    for (const t of terms) if (t.elastic) addTerms(t, v, out);
    for (const t of tets) addElasticTets(t, v, out);
    for (let i = 0; i < dof; i++) out[i] *= free[(i / 3) | 0];
  };
  const diagonal = new Float64Array(dof);
  for (const t of terms) if (t.elastic) addTermDiagonal(t, diagonal);
  for (const t of tets) addElasticDiagonal(t, diagonal);
  const elastic = terms.some((t) => t.elastic) || tets.length > 0;
  return { dof, free, mass, apply, diagonal, elastic };
}

/**
 * k·g·gᵀ terms: `arity` particles per term (or, where terms differ in size, term c's entries are
 * offsets[c] … offsets[c+1]), 3 gradient values per entry, one stiffness k per term. A particle may
 * appear in several entries of one term: its gradient is their sum.
 */
interface GaussNewtonTerms {
  arity: number;
  offsets?: Uint32Array;
  particles: Uint32Array;
  gradients: Float64Array;
  stiffness: Float64Array;
  /** False: not part of K (edge dampers, slack tethers). */
  elastic: boolean;
}

/** Linear elastic tets: Dm⁻¹ (row-major), V, μ, λ. */
interface ElasticTets {
  particles: Uint32Array;
  dmInv: Float64Array;
  volume: Float64Array;
  mu: Float64Array;
  lambda: Float64Array;
}

function setTerms(set: ConstraintSet, x: Float64Array, exact: boolean): GaussNewtonTerms | ElasticTets {
  switch (set.kind) {
    case 'distance':
    case 'edge-damper': {
      const count = set.particles.length / 2;
      const gradients = new Float64Array(6 * count);
      const stiffness = new Float64Array(count);
      for (let c = 0; c < count; c++) {
        const a = set.particles[2 * c];
        const b = set.particles[2 * c + 1];
        const d = [x[3 * a] - x[3 * b], x[3 * a + 1] - x[3 * b + 1], x[3 * a + 2] - x[3 * b + 2]];
        const length = Math.hypot(d[0], d[1], d[2]);
        const alpha = set.complianceMPerN[c];
        if (!(length > 0) || !(alpha > 0)) continue;
        stiffness[c] = 1 / alpha;
        for (let k = 0; k < 3; k++) {
          gradients[6 * c + k] = d[k] / length;
          gradients[6 * c + 3 + k] = -d[k] / length;
        }
      }
      return {
        arity: 2,
        particles: set.particles,
        gradients,
        stiffness,
        elastic: set.kind === 'distance',
      };
    }
    case 'tet-volume': {
      const count = set.tets.length / 4;
      const gradients = new Float64Array(12 * count);
      const stiffness = Float64Array.from(set.complianceM3PerPa, (a) => (a > 0 ? 1 / a : 0));
      for (let c = 0; c < count; c++) {
        const [p0, p1, p2, p3] = set.tets.subarray(4 * c, 4 * c + 4);
        const g = volumeGradient(x, p0, p1, p2, p3);
        gradients.set(g, 12 * c);
      }
      return { arity: 4, particles: set.tets, gradients, stiffness, elastic: true };
    }
    case 'dihedral-bend': {
      const count = set.hinges.length / 4;
      const gradients = new Float64Array(12 * count);
      const stiffness = new Float64Array(count);
      for (let c = 0; c < count; c++) {
        const alpha = set.compliancePerNM[c];
        if (!(alpha > 0) || !Number.isFinite(alpha) || Number.isNaN(hingeAngle(x, set.hinges, c))) continue;
        stiffness[c] = 1 / alpha;
        gradients.set(HINGE_GRADIENT, 12 * c);
      }
      return { arity: 4, particles: set.hinges, gradients, stiffness, elastic: true };
    }
    case 'plate-bend': {
      // Stiffness Gᵀ·H·G per triangle, H = α⁻¹ over its hinges: with H = L·Lᵀ (Cholesky) that is
      // three terms of unit stiffness with gradients (LᵀG)_k over the triangle's six particles.
      const count = set.particles.length / 6;
      const particles = new Uint32Array(18 * count);
      const gradients = new Float64Array(54 * count);
      const stiffness = new Float64Array(3 * count);
      const hinge = new Uint32Array(4);
      const slots = PLATE_HINGE_SLOTS;
      for (let c = 0; c < count; c++) {
        const p = set.particles.subarray(6 * c, 6 * c + 6);
        const jacobian = new Float64Array(54); // hinge i × slot s × xyz
        const present: number[] = [];
        for (let i = 0; i < 3; i++) {
          for (let q = 0; q < 4; q++) hinge[q] = p[slots[i][q]];
          if (!(set.compliancePerNM[6 * c + UPPER_3X3[i][i]] > 0) || hinge[3] === hinge[2]) continue;
          if (Number.isNaN(hingeAngle(x, hinge, 0))) continue;
          present.push(i);
          for (let q = 0; q < 4; q++)
            for (let d = 0; d < 3; d++) jacobian[18 * i + 3 * slots[i][q] + d] += HINGE_GRADIENT[3 * q + d];
        }
        const lower = choleskyOfInverse(set.compliancePerNM.subarray(6 * c, 6 * c + 6), present);
        if (lower === null) continue;
        present.forEach((_, k) => {
          const term = 3 * c + k;
          particles.set(p, 6 * term);
          stiffness[term] = 1;
          // Row k of Lᵀ·G: Σ_m L[m][k]·G_m.
          present.forEach((i, m) => {
            for (let e = 0; e < 18; e++) gradients[18 * term + e] += lower[3 * m + k] * jacobian[18 * i + e];
          });
        });
      }
      return { arity: 6, particles, gradients, stiffness, elastic: true };
    }
    case 'rope-bend': {
      // C = x_{i−1} − 2x_i + x_{i+1}: three components, each a term with ∇ = (e, −2e, e).
      const count = set.particles.length / 3;
      const particles = new Uint32Array(9 * count);
      const gradients = new Float64Array(27 * count);
      const stiffness = new Float64Array(3 * count);
      for (let c = 0; c < count; c++) {
        for (let axis = 0; axis < 3; axis++) {
          const term = 3 * c + axis;
          particles.set(set.particles.subarray(3 * c, 3 * c + 3), 3 * term);
          gradients[9 * term + axis] = 1;
          gradients[9 * term + 3 + axis] = -2;
          gradients[9 * term + 6 + axis] = 1;
          stiffness[term] = set.complianceMPerN[c] > 0 ? 1 / set.complianceMPerN[c] : 0;
        }
      }
      return { arity: 3, particles, gradients, stiffness, elastic: true };
    }
    case 'attachment': {
      // ½·k·|x − x_rest|²: k·I at rest, three terms per particle.
      const count = set.particles.length;
      const particles = new Uint32Array(3 * count);
      const gradients = new Float64Array(9 * count);
      const stiffness = new Float64Array(3 * count);
      for (let c = 0; c < count; c++) {
        for (let axis = 0; axis < 3; axis++) {
          particles[3 * c + axis] = set.particles[c];
          gradients[3 * (3 * c + axis) + axis] = 1;
          stiffness[3 * c + axis] = set.complianceMPerN[c] > 0 ? 1 / set.complianceMPerN[c] : 0;
        }
      }
      return { arity: 1, particles, gradients, stiffness, elastic: true };
    }
    case 'pressure': {
      // ∇V = Σ over triangles (x_j × x_k)/6 per vertex i of (i, j, k); one term over all particles.
      const count = set.particles.length;
      const gradients = new Float64Array(3 * count);
      const p = set.particles;
      const tri = set.triangles;
      for (let t = 0; t < tri.length / 3; t++) {
        for (let k = 0; k < 3; k++) {
          const i = tri[3 * t + k];
          const j = p[tri[3 * t + ((k + 1) % 3)]];
          const l = p[tri[3 * t + ((k + 2) % 3)]];
          gradients[3 * i] += (x[3 * j + 1] * x[3 * l + 2] - x[3 * j + 2] * x[3 * l + 1]) / 6;
          gradients[3 * i + 1] += (x[3 * j + 2] * x[3 * l] - x[3 * j] * x[3 * l + 2]) / 6;
          gradients[3 * i + 2] += (x[3 * j] * x[3 * l + 1] - x[3 * j + 1] * x[3 * l]) / 6;
        }
      }
      const k = set.complianceM3PerPa > 0 ? 1 / set.complianceM3PerPa : 0;
      return {
        arity: count,
        particles: p,
        gradients,
        stiffness: Float64Array.of(k),
        elastic: true,
      };
    }
    case 'neo-hookean': {
      const count = set.tets.length / 4;
      const dmInv = new Float64Array(9 * count);
      const volume = new Float64Array(count);
      const mu = new Float64Array(count);
      const lambda = new Float64Array(count);
      for (let t = 0; t < count; t++) {
        const tet = set.tets.subarray(4 * t, 4 * t + 4);
        if (isDegenerateTet(x, tet)) continue;
        writeInverseRestShape(x, tet[0], tet[1], tet[2], tet[3], dmInv, 9 * t);
        const v = Math.abs(signedTetVolumeM3(x, tet[0], tet[1], tet[2], tet[3]));
        const aD = set.deviatoricCompliancePerJ[t];
        const aH = set.hydrostaticCompliancePerJ[t];
        if (!(aD > 0) || !(aH > 0)) continue;
        volume[t] = v;
        mu[t] = 1 / (aD * v);
        lambda[t] = 1 / (aH * v) - mu[t];
      }
      return { particles: set.tets, dmInv, volume, mu, lambda };
    }
    case 'membrane':
      if (exact) return membraneTerms(set, x);
      return NO_TERMS;
    case 'nodal-volume':
      if (exact) return nodalVolumeTerms(set, x);
      return NO_TERMS;
    case 'shape-matching': // first-order recovery, no elastic stiffness (shape-matching.ts)
    case 'joint-cone': // joint limits: inactive at rest, no stiffness inside their range
    case 'joint-hinge':
    case 'tether':
      // Tethers: inextensible only beyond their length, slack at rest. Membrane triangles: their
      // stiffness enters through the fitted edge network that damps them (the edge dampers, taken
      // as elastic for cloth below). Nodal volumes: bulk only, which the fundamental (a bending or
      // shear mode) hardly feels; left out.
      return NO_TERMS;
  }
}

const NO_TERMS: GaussNewtonTerms = {
  arity: 2,
  particles: new Uint32Array(0),
  gradients: new Float64Array(0),
  stiffness: new Float64Array(0),
  elastic: false,
};

/**
 * Membrane triangles at rest: C = (E₁₁, E₂₂, E₁₂) with ∇_k E₁₁ = β_k1·x̂, ∇_k E₂₂ = β_k2·ŷ,
 * ∇_k E₁₂ = ½(β_k1·ŷ + β_k2·x̂) (constraints/membrane.ts at F = [x̂ ŷ]) and stiffness α⁻¹; as for
 * plate bending, α⁻¹ = L·Lᵀ gives three unit terms with gradients (LᵀG)_k per triangle.
 */
function membraneTerms(set: Extract<ConstraintSet, { kind: 'membrane' }>, x: Float64Array): GaussNewtonTerms {
  const count = set.triangles.length / 3;
  const particles = new Uint32Array(9 * count);
  const gradients = new Float64Array(27 * count);
  const stiffness = new Float64Array(3 * count);
  const B = new Float64Array(4);
  const alpha = new Float64Array(6);
  const rows = [0, 1, 2];
  for (let c = 0; c < count; c++) {
    const [a, b, d] = set.triangles.subarray(3 * c, 3 * c + 3);
    if (!(writeTriangleInverseRestShape(x, a, b, d, B, 0, set.warpDirection, 3 * c) > 0)) continue;
    const e1 = [0, 1, 2].map((k) => x[3 * b + k] - x[3 * a + k]);
    const e2 = [0, 1, 2].map((k) => x[3 * d + k] - x[3 * a + k]);
    const frame = [
      [0, 1, 2].map((k) => B[0] * e1[k] + B[2] * e2[k]),
      [0, 1, 2].map((k) => B[1] * e1[k] + B[3] * e2[k]),
    ];
    const beta = [
      [-B[0] - B[2], -B[1] - B[3]],
      [B[0], B[1]],
      [B[2], B[3]],
    ];
    // G[i][k]: gradient of strain component i at vertex k (3 values).
    const G = [0, 1, 2].map((i) =>
      beta.map(([b1, b2]) =>
        [0, 1, 2].map((axis) =>
          i === 0
            ? b1 * frame[0][axis]
            : i === 1
              ? b2 * frame[1][axis]
              : (b1 * frame[1][axis] + b2 * frame[0][axis]) / 2,
        ),
      ),
    );
    alpha.fill(0);
    alpha[UPPER_3X3[0][0]] = set.normalCompliancePerJ[c];
    alpha[UPPER_3X3[1][1]] = (set.weftNormalCompliancePerJ ?? set.normalCompliancePerJ)[c];
    alpha[UPPER_3X3[0][1]] = set.couplingCompliancePerJ[c];
    alpha[UPPER_3X3[2][2]] = set.shearCompliancePerJ[c];
    const lower = choleskyOfInverse(alpha, rows);
    if (lower === null) continue;
    for (let k = 0; k < 3; k++) {
      const term = 3 * c + k;
      particles.set([a, b, d], 3 * term);
      stiffness[term] = 1;
      for (let m = 0; m < 3; m++)
        for (let v = 0; v < 3; v++)
          for (let axis = 0; axis < 3; axis++)
            gradients[9 * term + 3 * v + axis] += lower[3 * m + k] * G[m][v][axis];
    }
  }
  return { arity: 3, particles, gradients, stiffness, elastic: true };
}

/**
 * Nodal volumes at rest: C_n = Σ_{t ∋ n} V_t/4 − V_n0, ∇C_n = Σ_{t ∋ n} ∇V_t/4 (one entry per tet
 * corner of the star), stiffness 1/α_n.
 */
function nodalVolumeTerms(
  set: Extract<ConstraintSet, { kind: 'nodal-volume' }>,
  x: Float64Array,
): GaussNewtonTerms {
  const constraintOf = new Map<number, number>();
  set.vertices.forEach((v, c) => {
    constraintOf.set(v, c);
  });
  const count = set.vertices.length;
  const tetCount = set.tets.length / 4;
  const sizes = new Uint32Array(count + 1);
  for (let t = 0; t < tetCount; t++)
    for (let j = 0; j < 4; j++) {
      const c = constraintOf.get(set.tets[4 * t + j]);
      if (c !== undefined) sizes[c + 1] += 4;
    }
  const offsets = new Uint32Array(count + 1);
  for (let c = 0; c < count; c++) offsets[c + 1] = offsets[c] + sizes[c + 1];
  const fill = offsets.slice(0, count);
  const particles = new Uint32Array(offsets[count]);
  const gradients = new Float64Array(3 * offsets[count]);
  for (let t = 0; t < tetCount; t++) {
    const tet = set.tets.subarray(4 * t, 4 * t + 4);
    const g = volumeGradient(x, tet[0], tet[1], tet[2], tet[3]);
    for (let j = 0; j < 4; j++) {
      const c = constraintOf.get(tet[j]);
      if (c === undefined) continue;
      for (let q = 0; q < 4; q++) {
        const entry = fill[c]++;
        particles[entry] = tet[q];
        for (let axis = 0; axis < 3; axis++) gradients[3 * entry + axis] = g[3 * q + axis] / 4;
      }
    }
  }
  const stiffness = Float64Array.from(set.complianceM3PerPa, (a) => (a > 0 ? 1 / a : 0));
  return { arity: 0, offsets, particles, gradients, stiffness, elastic: true };
}

function volumeGradient(x: Float64Array, p0: number, p1: number, p2: number, p3: number): number[] {
  const a = [x[3 * p1] - x[3 * p0], x[3 * p1 + 1] - x[3 * p0 + 1], x[3 * p1 + 2] - x[3 * p0 + 2]];
  const b = [x[3 * p2] - x[3 * p0], x[3 * p2 + 1] - x[3 * p0 + 1], x[3 * p2 + 2] - x[3 * p0 + 2]];
  const c = [x[3 * p3] - x[3 * p0], x[3 * p3 + 1] - x[3 * p0 + 1], x[3 * p3 + 2] - x[3 * p0 + 2]];
  const g1 = cross(b, c).map((v) => v / 6);
  const g2 = cross(c, a).map((v) => v / 6);
  const g3 = cross(a, b).map((v) => v / 6);
  const g0 = [0, 1, 2].map((k) => -(g1[k] + g2[k] + g3[k]));
  return [...g0, ...g1, ...g2, ...g3];
}

function cross(a: number[], b: number[]): number[] {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** out += Σ k·g·(g·v). */
function addTerms(t: GaussNewtonTerms, v: Float64Array, out: Float64Array): void {
  const { arity, offsets, particles, gradients, stiffness } = t;
  for (let c = 0; c < stiffness.length; c++) {
    const k = stiffness[c];
    if (k === 0) continue;
    const start = offsets ? offsets[c] : arity * c;
    const end = offsets ? offsets[c + 1] : arity * (c + 1);
    let s = 0;
    for (let j = start; j < end; j++) {
      const p = 3 * particles[j];
      const g = 3 * j;
      s += gradients[g] * v[p] + gradients[g + 1] * v[p + 1] + gradients[g + 2] * v[p + 2];
    }
    s *= k;
    for (let j = start; j < end; j++) {
      const p = 3 * particles[j];
      const g = 3 * j;
      out[p] += s * gradients[g];
      out[p + 1] += s * gradients[g + 1];
      out[p + 2] += s * gradients[g + 2];
    }
  }
}

/**
 * out += K_tets·v, linear elasticity: with H = Ds(v)·Dm⁻¹ the displacement gradient,
 * σ = μ(H + Hᵀ) + λ·tr(H)·I, f_i = −V·σ·∇N_i. Written out in locals: the fundamental-mode solve
 * applies it some hundreds of times to every new body (fundamental-mode.ts), while the editor waits
 * for the body's world.
 */
function addElasticTets(t: ElasticTets, v: Float64Array, out: Float64Array): void {
  const { particles, dmInv: m, volume, mu, lambda } = t;
  for (let k = 0; k < volume.length; k++) {
    const V = volume[k];
    if (V === 0) continue;
    const i0 = 3 * particles[4 * k];
    const i1 = 3 * particles[4 * k + 1];
    const i2 = 3 * particles[4 * k + 2];
    const i3 = 3 * particles[4 * k + 3];
    const o = 9 * k;
    const m0 = m[o];
    const m1 = m[o + 1];
    const m2 = m[o + 2];
    const m3 = m[o + 3];
    const m4 = m[o + 4];
    const m5 = m[o + 5];
    const m6 = m[o + 6];
    const m7 = m[o + 7];
    const m8 = m[o + 8];
    // Row r of H from the edge differences of v's component r.
    let d1 = v[i1] - v[i0];
    let d2 = v[i2] - v[i0];
    let d3 = v[i3] - v[i0];
    const h00 = d1 * m0 + d2 * m3 + d3 * m6;
    const h01 = d1 * m1 + d2 * m4 + d3 * m7;
    const h02 = d1 * m2 + d2 * m5 + d3 * m8;
    d1 = v[i1 + 1] - v[i0 + 1];
    d2 = v[i2 + 1] - v[i0 + 1];
    d3 = v[i3 + 1] - v[i0 + 1];
    const h10 = d1 * m0 + d2 * m3 + d3 * m6;
    const h11 = d1 * m1 + d2 * m4 + d3 * m7;
    const h12 = d1 * m2 + d2 * m5 + d3 * m8;
    d1 = v[i1 + 2] - v[i0 + 2];
    d2 = v[i2 + 2] - v[i0 + 2];
    d3 = v[i3 + 2] - v[i0 + 2];
    const h20 = d1 * m0 + d2 * m3 + d3 * m6;
    const h21 = d1 * m1 + d2 * m4 + d3 * m7;
    const h22 = d1 * m2 + d2 * m5 + d3 * m8;
    const trace = h00 + h11 + h22;
    const mk = mu[k];
    const pressure = lambda[k] * trace;
    // σ, row by row; then ∇N_j (j = 1..3) is row j−1 of Dm⁻¹ and ∇N_0 = −Σ.
    for (let r = 0; r < 3; r++) {
      const s0 =
        r === 0 ? mk * (h00 + h00) + pressure : r === 1 ? mk * (h10 + h01) + 0 : mk * (h20 + h02) + 0;
      const s1 =
        r === 0 ? mk * (h01 + h10) + 0 : r === 1 ? mk * (h11 + h11) + pressure : mk * (h21 + h12) + 0;
      const s2 =
        r === 0 ? mk * (h02 + h20) + 0 : r === 1 ? mk * (h12 + h21) + 0 : mk * (h22 + h22) + pressure;
      const f1 = V * (s0 * m0 + s1 * m1 + s2 * m2);
      const f2 = V * (s0 * m3 + s1 * m4 + s2 * m5);
      const f3 = V * (s0 * m6 + s1 * m7 + s2 * m8);
      out[i1 + r] += f1;
      out[i2 + r] += f2;
      out[i3 + r] += f3;
      out[i0 + r] -= 0 + f1 + f2 + f3;
    }
  }
}

/**
 * Preconditioned conjugate gradients for K·x = b (K symmetric positive definite on the particles
 * the preconditioner keeps; entries whose preconditioner is 0 stay 0), from x = 0, until the
 * residual falls to `tolerance` of the load's or after `maxIterations`.
 */
export function conjugateGradient(
  apply: (v: Float64Array, out: Float64Array) => void,
  preconditioner: Float64Array,
  b: Float64Array,
  tolerance: number,
  maxIterations: number,
): Float64Array {
  const n = b.length;
  const x = new Float64Array(n);
  const r = Float64Array.from(b, (v, i) => (preconditioner[i] > 0 ? v : 0));
  const z = Float64Array.from(r, (v, i) => v * preconditioner[i]);
  const p = Float64Array.from(z);
  const q = new Float64Array(n);
  let rz = dot(r, z);
  const stop = tolerance * tolerance * dot(r, r);
  for (let it = 0; it < maxIterations && dot(r, r) > stop; it++) {
    apply(p, q);
    const pq = dot(p, q);
    if (!(pq > 0)) break;
    const step = rz / pq;
    for (let i = 0; i < n; i++) {
      x[i] += step * p[i];
      r[i] -= step * q[i];
    }
    for (let i = 0; i < n; i++) z[i] = r[i] * preconditioner[i];
    const next = dot(r, z);
    const ratio = next / rz;
    rz = next;
    for (let i = 0; i < n; i++) p[i] = z[i] + ratio * p[i];
  }
  return x;
}

function addTermDiagonal(t: GaussNewtonTerms, diagonal: Float64Array): void {
  // Entries of one particle in one term are taken apart: a preconditioner needs no more.
  const { arity, offsets, particles, gradients, stiffness } = t;
  for (let c = 0; c < stiffness.length; c++) {
    const start = offsets ? offsets[c] : arity * c;
    const end = offsets ? offsets[c + 1] : arity * (c + 1);
    for (let j = start; j < end; j++) {
      const p = 3 * particles[j];
      const g = 3 * j;
      for (let a = 0; a < 3; a++) diagonal[p + a] += stiffness[c] * gradients[g + a] ** 2;
    }
  }
}

function addElasticDiagonal(t: ElasticTets, diagonal: Float64Array): void {
  // Diagonal of the tet stiffness for node j, axis a: V·(μ|∇N_j|² + (μ + λ)·(∇N_j)_a²).
  const m = t.dmInv;
  for (let k = 0; k < t.volume.length; k++) {
    const V = t.volume[k];
    if (V === 0) continue;
    const grads = [0, 1, 2].map((j) => [m[9 * k + 3 * j], m[9 * k + 3 * j + 1], m[9 * k + 3 * j + 2]]);
    grads.unshift([0, 1, 2].map((a) => -(grads[0][a] + grads[1][a] + grads[2][a])));
    for (let j = 0; j < 4; j++) {
      const g = grads[j];
      const sq = g[0] * g[0] + g[1] * g[1] + g[2] * g[2];
      for (let a = 0; a < 3; a++)
        diagonal[3 * t.particles[4 * k + j] + a] +=
          V * (t.mu[k] * sq + (t.mu[k] + t.lambda[k]) * g[a] * g[a]);
    }
  }
}

/**
 * Lower Cholesky factor L (row-major 3×3, rows/columns in the order of `rows`) of H = α⁻¹, α the
 * symmetric matrix of 6 upper entries restricted to `rows`; null when α is not positive definite.
 */
export function choleskyOfInverse(alpha: Float64Array, rows: readonly number[]): Float64Array | null {
  const upper = UPPER_3X3;
  const n = rows.length;
  if (n === 0) return null;
  // H by Gauss-Jordan on the n×n block, then its Cholesky factor.
  const a = rows.map((i) => [
    ...rows.map((j) => alpha[upper[i][j]]),
    ...rows.map((_, k) => (k === rows.indexOf(i) ? 1 : 0)),
  ]);
  for (let c = 0; c < n; c++) {
    const pivot = a[c][c];
    if (!(pivot > 0)) return null;
    for (let k = 0; k < 2 * n; k++) a[c][k] /= pivot;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = a[r][c];
      for (let k = 0; k < 2 * n; k++) a[r][k] -= f * a[c][k];
    }
  }
  const h = a.map((row) => row.slice(n));
  const lower = new Float64Array(9);
  for (let i = 0; i < n; i++)
    for (let j = 0; j <= i; j++) {
      let sum = h[i][j];
      for (let k = 0; k < j; k++) sum -= lower[3 * i + k] * lower[3 * j + k];
      if (i === j) {
        if (!(sum > 0)) return null;
        lower[3 * i + i] = Math.sqrt(sum);
      } else lower[3 * i + j] = sum / lower[3 * j + j];
    }
  return lower;
}

/** a·b. */
export function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}
