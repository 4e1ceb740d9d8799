import { UPPER_3X3 } from '../material/compliance/plate-bend.ts';
import { G as HINGE_GRADIENT, hingeAngle } from '../sim/constraints/dihedral-bend.ts';
import { PLATE_HINGE_SLOTS } from '../sim/constraints/plate-bend.ts';
import { isDegenerateTet, tetVolume, writeInverseRestShape } from '../sim/constraints/tet-rest.ts';
import type { BodyGeometry } from './body-geometry.ts';
import type { BodySetup, ConstraintSet, SetupPin } from './setup.ts';

/**
 * The body's lowest elastic vibration mode ω₁, which calibrates its damping.
 *
 * What an artist types: a damping ratio ζ per body, group or material, "0 none, 1 critical".
 * What an artist sees is the decay of the body's fundamental wobble; ζ must be its damping
 * ratio: the amplitude falls by the log decrement δ = 2πζ/√(1 − ζ²) per cycle, and ζ = 1 just
 * stops it oscillating.
 *
 * Two parts (Rayleigh damping anchored at two frequencies):
 * - Local: each constraint along ∇C, damped critically at ratio ζ as a lone oscillator of its
 *   own frequency ω_c = √(W/α) (constraints/block.ts): β = 2ζ/√(α·W). That is stiffness-
 *   proportional damping with β_R = 2ζ/ω_c, so mode i gets ζ·ω_i/ω_c: element-scale jitter is
 *   damped at ζ, the fundamental hardly at all (ω₁/ω_c ~ 1e-2 … 1e-3; when this was the only
 *   damping, ζ = 1 damped a cantilever by 6% per cycle).
 * - Modal: mass-proportional damping of the velocity relative to the body's free rigid motion,
 *   at the rate c = 2ζ·ω₁ (modalDampingRatesPerS below; core/sim/modal-damping.ts), which gives
 *   mode i the ratio ζ·ω₁/ω_i: exactly ζ for the fundamental. "Relative": a body with no pin keeps
 *   its linear and angular momentum (the rigid velocity v̄ + ω×r that carries them is left
 *   alone); a pinned body (rigid or soft pins anchor it to the world) is damped in world
 *   velocity, which also damps a pendulum-like swing about its pins.
 * So ζ₁ = ζ·(1 + ω₁/ω_c) ≈ ζ, the top modes ≈ ζ, modes in between less (down to 2ζ·√(ω₁/ω_c)).
 *
 * Why not stiffness-proportional damping alone with β_R = 2ζ/ω₁ (β_c = 2ζ/(ω₁·α_c))? It would be
 * exact for the fundamental with an exact implicit solve, but XPBD damps each constraint once per
 * substep (one Gauss-Seidel pass): with h·β_c·W = 2ζ·h·ω_c²/ω₁ ≫ 1 each constraint's own rate
 * is zeroed and the smooth mode is hardly touched. Measured on the solid neo-Hookean cantilever
 * at 20 substeps: typed 0.01 → 0.0058, 0.05 → 0.0098, 0.2 → 0.012, 1 → 0.012 (saturated, and
 * dependent on the substep). The modal part is exact for any substep: v_rel ← v_rel·e^(−c·h).
 *
 * How ω₁ is estimated. ω₁² is the lowest non-zero eigenvalue of K·φ = ω²·M·φ, K the stiffness of
 * the body at rest (the constraints' Gauss-Newton terms k_c·∇C∇Cᵀ, where C = 0 at rest; the
 * neo-Hookean tets linearized — their small-strain limit is linear elasticity with
 * μ = 1/(α_D·V), λ = 1/(α_H·V) − μ; soft pins k·I; the gas of a balloon k·∇V∇Vᵀ), M the lumped
 * masses, rigidly pinned particles removed. It reads the compliances the setup holds, so it
 * follows any change of the material mappings. Gravity's geometric stiffness is left out (the
 * swing of a hanging cloth is no elastic mode). The estimate is Rayleigh-Ritz over the static
 * deflections under three body loads (bodyLoads: the weight along x, y, z for a pinned body,
 * a quadratic load for a free one): (K + σM)·U = M·[loads] solved by Jacobi-preconditioned
 * conjugate gradients to a loose tolerance, σ a tiny shift (SHIFT) that keeps free and mechanism
 * motions (rigid translation and rotation, a cloth swinging about its pinned edge) solvable;
 * their Ritz values come out at O(σ) or below and are skipped (MECHANISM_FACTOR). The static
 * deflection under a distributed load is the classic Rayleigh estimate of the fundamental (a
 * uniformly loaded cantilever's is 0.5% above the exact 3.516·√(EI/ρAL⁴)); Ritz values are upper
 * bounds, so ω₁ may come out a little high (the fundamental a little overdamped). Cost: a few
 * hundred products K·v per load, at most CG_MAX_ITERATIONS: a large mesh whose solve is cut short
 * gets a higher ω₁ (an upper bound still), so its fundamental comes out overdamped by that ratio:
 * 1 m × 0.1 m neo-Hookean cantilevers of 40×4×4 cells (1,025 particles) as converged, of
 * 80×8×8 cells (6,561 particles) 2.2 times. Left to do: a multigrid-preconditioned solve.
 * It is the discrete body's mode (a coarse tet mesh that locks is stiffer than the beam theory
 * says, and so is its ω₁): on the standard cantilevers it matches the frequency of the free
 * decay within 4% (at 40 substeps; see test/core/sim/damping-ratio.test.ts).
 *
 * Returns 0 when the body has nothing elastic to vibrate (no constraint, or only mechanisms).
 */
/**
 * The shift σ as a fraction of the largest K_ii/m_i (≈ ω_max²): far below any elastic mode the
 * estimate is meant for (ω₁ ≥ 1e-5·ω_max), large enough that free and mechanism motions stay
 * solvable.
 */
const SHIFT = 1e-14;
/** Ritz values under this many σ are free or mechanism motions (they come out at O(σ) or below). */
const MECHANISM_FACTOR = 1e3;
/** Relative residual at which the conjugate-gradient solves stop (the Ritz value is insensitive). */
const CG_TOLERANCE = 1e-3;
/** The most conjugate-gradient iterations per load (very large bodies get a coarser, higher ω₁). */
const CG_MAX_ITERATIONS = 250;

/** k·g·gᵀ terms: `arity` particles per term, 3·arity gradient values, one stiffness k. */
interface GaussNewtonTerms {
  arity: number;
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

export function estimateFundamentalRadPerS(
  geometry: BodyGeometry,
  constraints: readonly ConstraintSet[],
  pins: readonly SetupPin[],
): number {
  const none = 0;
  const n = geometry.mass.length;
  const free = Float64Array.from(geometry.mass, (m) => (m > 0 ? 1 : 0));
  for (const pin of pins) if (pin.complianceMPerN === 0) for (const p of pin.particles) free[p] = 0;
  const mass = Float64Array.from(geometry.mass, (m, i) => m * free[i]);
  const terms: GaussNewtonTerms[] = [];
  const tets: ElasticTets[] = [];
  // A cloth's membrane triangles are damped along the fitted edge network of the same stiffness.
  const membrane = constraints.some((set) => set.kind === 'membrane');
  for (const set of constraints) {
    const t = setTerms(set, geometry.positions);
    if ('dmInv' in t) tets.push(t);
    else if (t.stiffness.length > 0)
      terms.push(membrane && set.kind === 'edge-damper' ? { ...t, elastic: true } : t);
  }
  if (terms.every((t) => !t.elastic) && tets.length === 0) return none;
  const dof = 3 * n;
  const applyK = (v: Float64Array, out: Float64Array) => {
    out.fill(0);
    for (const t of terms) if (t.elastic) addTerms(t, v, out);
    for (const t of tets) addElasticTets(t, v, out);
    for (let i = 0; i < dof; i++) out[i] *= free[(i / 3) | 0];
  };
  // Jacobi preconditioner (the diagonal of K) and the shift σ.
  const diagonal = new Float64Array(dof);
  for (const t of terms) if (t.elastic) addTermDiagonal(t, diagonal);
  for (const t of tets) addElasticDiagonal(t, diagonal);
  let maxRatio = 0;
  for (let i = 0; i < dof; i++) {
    const m = mass[(i / 3) | 0];
    if (m > 0) maxRatio = Math.max(maxRatio, diagonal[i] / m);
  }
  if (!(maxRatio > 0) || !Number.isFinite(maxRatio)) return none;
  const sigma = SHIFT * maxRatio;
  const preconditioner = Float64Array.from(diagonal, (d, i) => {
    const s = d + sigma * mass[(i / 3) | 0];
    return s > 0 && mass[(i / 3) | 0] > 0 ? 1 / s : 0;
  });
  const shifted = (v: Float64Array, out: Float64Array) => {
    applyK(v, out);
    for (let i = 0; i < dof; i++) out[i] += sigma * mass[(i / 3) | 0] * v[i];
  };
  const basis = bodyLoads(geometry.positions, mass, pins.length > 0).map((load) =>
    conjugateGradient(shifted, preconditioner, load),
  );
  const ritz = rayleighRitz(basis, applyK, mass);
  // Ascending: the first that is no free or mechanism motion.
  for (const value of ritz) if (value > MECHANISM_FACTOR * sigma) return Math.sqrt(value);
  return none;
}

function setTerms(set: ConstraintSet, x: Float64Array): GaussNewtonTerms | ElasticTets {
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
        const v = Math.abs(tetVolume(x, tet[0], tet[1], tet[2], tet[3]));
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
    case 'nodal-volume':
    case 'tether':
      // Tethers: inextensible only beyond their length, slack at rest. Membrane triangles: their
      // stiffness enters through the fitted edge network that damps them (the edge dampers, taken
      // as elastic for cloth below). Nodal volumes: bulk only, which the fundamental (a bending or
      // shear mode) hardly feels; left out.
      return {
        arity: 2,
        particles: new Uint32Array(0),
        gradients: new Float64Array(0),
        stiffness: new Float64Array(0),
        elastic: false,
      };
  }
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
  const { arity, particles, gradients, stiffness } = t;
  for (let c = 0; c < stiffness.length; c++) {
    const k = stiffness[c];
    if (k === 0) continue;
    let s = 0;
    for (let j = 0; j < arity; j++) {
      const p = 3 * particles[arity * c + j];
      const g = 3 * (arity * c + j);
      s += gradients[g] * v[p] + gradients[g + 1] * v[p + 1] + gradients[g + 2] * v[p + 2];
    }
    s *= k;
    for (let j = 0; j < arity; j++) {
      const p = 3 * particles[arity * c + j];
      const g = 3 * (arity * c + j);
      out[p] += s * gradients[g];
      out[p + 1] += s * gradients[g + 1];
      out[p + 2] += s * gradients[g + 2];
    }
  }
}

/** The gradient of the displacement v in tet t, H = Ds(v)·Dm⁻¹ (row-major). */
function displacementGradient(t: ElasticTets, v: Float64Array, k: number, H: Float64Array): void {
  const p = t.particles;
  const i0 = 3 * p[4 * k];
  const m = t.dmInv;
  for (let r = 0; r < 3; r++) {
    const d1 = v[3 * p[4 * k + 1] + r] - v[i0 + r];
    const d2 = v[3 * p[4 * k + 2] + r] - v[i0 + r];
    const d3 = v[3 * p[4 * k + 3] + r] - v[i0 + r];
    for (let c = 0; c < 3; c++)
      H[3 * r + c] = d1 * m[9 * k + c] + d2 * m[9 * k + 3 + c] + d3 * m[9 * k + 6 + c];
  }
}

const H_SCRATCH = new Float64Array(9);
const S_SCRATCH = new Float64Array(9);

/** out += K_tets·v, linear elasticity: σ = μ(H + Hᵀ) + λ·tr(H)·I, f_i = −V·σ·∇N_i. */
function addElasticTets(t: ElasticTets, v: Float64Array, out: Float64Array): void {
  const H = H_SCRATCH;
  const S = S_SCRATCH;
  const m = t.dmInv;
  for (let k = 0; k < t.volume.length; k++) {
    const V = t.volume[k];
    if (V === 0) continue;
    displacementGradient(t, v, k, H);
    const trace = H[0] + H[4] + H[8];
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 3; c++)
        S[3 * r + c] = t.mu[k] * (H[3 * r + c] + H[3 * c + r]) + (r === c ? t.lambda[k] * trace : 0);
    // ∇N_j (j = 1..3) is row j−1 of Dm⁻¹; ∇N_0 = −Σ.
    for (let r = 0; r < 3; r++) {
      let sum = 0;
      for (let j = 1; j <= 3; j++) {
        const f =
          V *
          (S[3 * r] * m[9 * k + 3 * (j - 1)] +
            S[3 * r + 1] * m[9 * k + 3 * (j - 1) + 1] +
            S[3 * r + 2] * m[9 * k + 3 * (j - 1) + 2]);
        out[3 * t.particles[4 * k + j] + r] += f;
        sum += f;
      }
      out[3 * t.particles[4 * k] + r] -= sum;
    }
  }
}

/** Ritz values of K over span(basis), ascending: M-orthonormalized basis, then Jacobi rotations. */
function rayleighRitz(
  basis: Float64Array[],
  applyK: (v: Float64Array, out: Float64Array) => void,
  mass: Float64Array,
): number[] {
  const q: Float64Array[] = [];
  for (const v of basis) {
    const u = Float64Array.from(v);
    const before = massDot(u, u, mass);
    for (let pass = 0; pass < 2; pass++)
      for (const w of q) {
        const c = massDot(u, w, mass);
        for (let i = 0; i < u.length; i++) u[i] -= c * w[i];
      }
    const norm = massDot(u, u, mass);
    if (!(norm > 1e-20 * before) || !(norm > 0)) continue;
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < u.length; i++) u[i] *= scale;
    q.push(u);
  }
  const m = q.length;
  const Kq = q.map((v) => {
    const out = new Float64Array(v.length);
    applyK(v, out);
    return out;
  });
  const A = Array.from({ length: m }, (_, i) =>
    Float64Array.from({ length: m }, (_, j) => (dot(q[i], Kq[j]) + dot(q[j], Kq[i])) / 2),
  );
  return jacobiEigen(A).sort((x, y) => x - y);
}

/** Eigenvalues of a small symmetric matrix, cyclic Jacobi. */
function jacobiEigen(input: Float64Array[]): number[] {
  const n = input.length;
  const A = input.map((row) => Float64Array.from(row));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    let scale = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) scale += A[i][j] * A[i][j];
        else off += A[i][j] * A[i][j];
      }
    if (!(off > 1e-30 * scale)) break;
    for (let p = 0; p < n; p++)
      for (let r = p + 1; r < n; r++) {
        if (A[p][r] === 0) continue;
        const theta = (A[r][r] - A[p][p]) / (2 * A[p][r]);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p];
          const akr = A[k][r];
          A[k][p] = c * akp - s * akr;
          A[k][r] = s * akp + c * akr;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k];
          const ark = A[r][k];
          A[p][k] = c * apk - s * ark;
          A[r][k] = s * apk + c * ark;
        }
      }
  }
  return A.map((row, i) => row[i]);
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

function massDot(a: Float64Array, b: Float64Array, mass: Float64Array): number {
  let s = 0;
  for (let i = 0; i < mass.length; i++)
    s += mass[i] * (a[3 * i] * b[3 * i] + a[3 * i + 1] * b[3 * i + 1] + a[3 * i + 2] * b[3 * i + 2]);
  return s;
}

/**
 * The modal damping rate c = 2ζ·ω₁ of each particle of a body, 1/s (body-local; see the file
 * comment), ζ of the particle's slot: the last group holding it, else the body's. Mode 1 then
 * gets the mean ζ weighted by each particle's share of its kinetic energy. All 0 where ω₁ = 0.
 */
export function modalDampingRatesPerS(body: BodySetup): Float64Array {
  const count = body.geometry.mass.length;
  const omega = body.fundamentalRadPerS;
  const rates = new Float64Array(count);
  if (!(omega > 0)) return rates;
  const { dampingRatios, masks } = body.slots;
  for (let p = 0; p < count; p++) {
    let slot = 0;
    for (let g = masks.length - 1; g >= 0; g--) {
      if (masks[g][p] === 1) {
        slot = g + 1;
        break;
      }
    }
    rates[p] = 2 * (dampingRatios[slot] ?? 0) * omega;
  }
  return rates;
}

/** True when no pin holds the body: its modal damping leaves its free rigid motion alone. */
export function isFreeBody(body: BodySetup): boolean {
  return body.pins.length === 0;
}

/**
 * The loads whose static deflections span the Ritz basis: for a pinned body the weight along x,
 * y and z (m_i·e_b); for a free one, whose weight is a rigid motion, m_i·(s_i² − ⟨s²⟩)·e_b with
 * s along its longest extent (it bends the body as its lowest free-free mode does).
 */
function bodyLoads(x: Float64Array, mass: Float64Array, anchored: boolean): Float64Array[] {
  const n = mass.length;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < n; i++)
    for (let a = 0; a < 3; a++) {
      lo[a] = Math.min(lo[a], x[3 * i + a]);
      hi[a] = Math.max(hi[a], x[3 * i + a]);
    }
  const extent = [0, 1, 2].map((a) => hi[a] - lo[a]);
  const axis = extent.indexOf(Math.max(...extent));
  const middle = (lo[axis] + hi[axis]) / 2;
  const half = extent[axis] / 2 || 1;
  const s2 = Float64Array.from({ length: n }, (_, i) => ((x[3 * i + axis] - middle) / half) ** 2);
  let total = 0;
  let weighted = 0;
  for (let i = 0; i < n; i++) {
    total += mass[i];
    weighted += mass[i] * s2[i];
  }
  const mean = total > 0 ? weighted / total : 0;
  return [0, 1, 2].map((b) => {
    const f = new Float64Array(3 * n);
    for (let i = 0; i < n; i++) f[3 * i + b] = mass[i] * (anchored ? 1 : s2[i] - mean);
    return f;
  });
}

function conjugateGradient(
  apply: (v: Float64Array, out: Float64Array) => void,
  preconditioner: Float64Array,
  b: Float64Array,
): Float64Array {
  const n = b.length;
  const x = new Float64Array(n);
  const r = Float64Array.from(b, (v, i) => (preconditioner[i] > 0 ? v : 0));
  const z = Float64Array.from(r, (v, i) => v * preconditioner[i]);
  const p = Float64Array.from(z);
  const q = new Float64Array(n);
  let rz = dot(r, z);
  const stop = CG_TOLERANCE * CG_TOLERANCE * dot(r, r);
  for (let it = 0; it < CG_MAX_ITERATIONS && dot(r, r) > stop; it++) {
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
  const { arity, particles, gradients, stiffness } = t;
  for (let c = 0; c < stiffness.length; c++) {
    for (let j = 0; j < arity; j++) {
      const p = 3 * particles[arity * c + j];
      const g = 3 * (arity * c + j);
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
function choleskyOfInverse(alpha: Float64Array, rows: readonly number[]): Float64Array | null {
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
