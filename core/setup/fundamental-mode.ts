import { removeRigidMotion } from '../math/rigid-motion.ts';
import type { BodyGeometry } from './body-geometry.ts';
import { contentKey } from './content-key.ts';
import { conjugateGradient, dot, restStiffness } from './rest-stiffness.ts';
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
 * their Ritz values come out at O(σ) or below and are skipped (MECHANISM_FACTOR). A free body's
 * loads are balanced by their rigid inertial reaction and its deflections kept free of rigid
 * motion (core/math/rigid-motion.ts), and one step of inverse iteration on the lowest Ritz vector
 * follows (an asymmetric free body's fundamental is less like a static deflection). The static
 * deflection under a distributed load is the classic Rayleigh estimate of the fundamental (a
 * uniformly loaded cantilever's is 0.5% above the exact 3.516·√(EI/ρAL⁴)); Ritz values are upper
 * bounds, so ω₁ may come out a little high (the fundamental a little overdamped). Cost: a few
 * hundred products K·v per load, at most CG_MAX_ITERATIONS: a large mesh whose solve is cut short
 * gets a higher ω₁ (an upper bound still), so its fundamental comes out overdamped by that ratio:
 * 1 m × 0.1 m neo-Hookean cantilevers of 40×4×4 cells (1,025 particles) as converged, of
 * 80×8×8 cells (6,561 particles) 2.2 times. A compact free body feels the cut far less: Fox.glb
 * at 4,798 tets (1,223 particles) stops all four loads at the cap (residuals 0.05–0.14) and its ω₁
 * is 2.3e-5 above the converged one (cap 1,000 and more). Left to do: a multigrid-preconditioned
 * solve.
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

export function estimateFundamentalRadPerS(
  geometry: BodyGeometry,
  constraints: readonly ConstraintSet[],
  pins: readonly SetupPin[],
): number {
  // Damping ratios are left out of the key: K and M do not depend on them.
  const undamped = constraints.map((set) => {
    const { dampingRatio: _, ...rest } = set as ConstraintSet & { dampingRatio?: number };
    return rest;
  });
  const key = contentKey([geometry, undamped, pins]);
  const known = recentEstimates.get(key);
  if (known !== undefined) return known;
  const radPerS = solveFundamentalRadPerS(geometry, constraints, pins);
  if (recentEstimates.size >= RECENT_ESTIMATES) {
    const oldest = recentEstimates.keys().next();
    if (!oldest.done) recentEstimates.delete(oldest.value);
  }
  recentEstimates.set(key, radPerS);
  return radPerS;
}

/**
 * The last estimates by the content of their inputs. The editor's worker compiles the whole scene
 * again on every edit and on every body added: a body whose geometry, constraints and pins did not
 * change, or changed only in damping, keeps its ω₁ instead of solving again (a 20×20 cloth's solve
 * takes a few hundred ms, a 5,000-tet body's over a second; the key a few ms). A change of E or ρ
 * is solved again: the substep compensation (compensate.ts) moves the compliances by other than
 * one common factor (measured on the default block: E × 3 gives ω₁ × 0.9928·√3), so no scaling
 * of the last estimate is exact.
 */
const recentEstimates = new Map<string, number>();
const RECENT_ESTIMATES = 64;

/** The estimate itself, solved every time (estimateFundamentalRadPerS reuses recent ones). */
export function solveFundamentalRadPerS(
  geometry: BodyGeometry,
  constraints: readonly ConstraintSet[],
  pins: readonly SetupPin[],
): number {
  const none = 0;
  const K = restStiffness(geometry, constraints, pins, 'mode');
  if (!K.elastic) return none;
  const { dof, mass, diagonal } = K;
  // Jacobi preconditioner (the diagonal of K) and the shift σ.
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
    K.apply(v, out);
    for (let i = 0; i < dof; i++) out[i] += sigma * mass[(i / 3) | 0] * v[i];
  };
  const free = pins.length === 0;
  const invMass = Float64Array.from(mass, (m) => (m > 0 ? 1 / m : 0));
  // (K + σM)⁻¹·load; for a free body without rigid motion (see below).
  const deflect = (load: Float64Array) => {
    const u = conjugateGradient(shifted, preconditioner, load, CG_TOLERANCE, CG_MAX_ITERATIONS);
    if (free) removeRigidMotion(geometry.positions, u, invMass, 0, mass.length);
    return u;
  };
  // A free body: K is singular along its rigid motions, and a load with a net force or torque
  // deflects it by O(1/σ) rigidly, which swamps the elastic deflection in the basis (its Ritz
  // values then all come out at O(σ): ω₁ = 0 on an asymmetric cage). Each load is balanced by
  // its rigid inertial reaction (d'Alembert), and the deflections are kept free of rigid motion.
  const loads = bodyLoads(geometry.positions, mass, !free);
  if (free) for (const load of loads) selfEquilibrated(geometry.positions, load, mass, invMass);
  const basis = loads.map(deflect);
  const elastic = (pairs: RitzPair[]) => pairs.find((pair) => pair.value > MECHANISM_FACTOR * sigma);
  const first = elastic(rayleighRitz(basis, K.apply, mass));
  if (!first) return none;
  if (!free) return Math.sqrt(first.value);
  // A free body's lowest mode is less like its static deflection under one smooth load than a
  // cantilever's (an L-shaped body's arms scissor: 23% high from the loads alone). One step of
  // inverse iteration on the lowest Ritz vector, K⁻¹·M·φ (M·φ has no net force or torque, as φ
  // has no rigid motion), brings it within 0.3% there, for one solve more.
  basis.push(deflect(Float64Array.from(first.vector, (v, i) => v * mass[(i / 3) | 0])));
  return Math.sqrt(elastic(rayleighRitz(basis, K.apply, mass))?.value ?? first.value);
}

/** A Ritz value of K over a basis and its vector (M-normalized). */
interface RitzPair {
  value: number;
  vector: Float64Array;
}

/** Ritz pairs of K over span(basis), ascending: M-orthonormalized basis, then Jacobi rotations. */
function rayleighRitz(
  basis: Float64Array[],
  applyK: (v: Float64Array, out: Float64Array) => void,
  mass: Float64Array,
): RitzPair[] {
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
  const { values, vectors } = jacobiEigen(A);
  return values
    .map((value, k) => {
      const vector = new Float64Array(q[0]?.length ?? 0);
      for (let j = 0; j < m; j++) {
        const c = vectors[j][k];
        for (let i = 0; i < vector.length; i++) vector[i] += c * q[j][i];
      }
      return { value, vector };
    })
    .sort((x, y) => x.value - y.value);
}

/** Eigenvalues of a small symmetric matrix and their eigenvectors (column k of `vectors`), cyclic Jacobi. */
function jacobiEigen(input: Float64Array[]): { values: number[]; vectors: Float64Array[] } {
  const n = input.length;
  const A = input.map((row) => Float64Array.from(row));
  const V = Array.from({ length: n }, (_, i) =>
    Float64Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)),
  );
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
          const vkp = V[k][p];
          const vkr = V[k][r];
          V[k][p] = c * vkp - s * vkr;
          V[k][r] = s * vkp + c * vkr;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k];
          const ark = A[r][k];
          A[p][k] = c * apk - s * ark;
          A[r][k] = s * apk + c * ark;
        }
      }
  }
  return { values: A.map((row, i) => row[i]), vectors: V };
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
 * `load` (forces, N) less the inertial forces m_i·(a + α×r_i) of the rigid acceleration it would
 * give the free body, in place: what is left has no net force and no net torque.
 */
function selfEquilibrated(
  x: ArrayLike<number>,
  load: Float64Array,
  mass: Float64Array,
  invMass: Float64Array,
): void {
  const acceleration = Float64Array.from(load, (f, i) => f * invMass[(i / 3) | 0]);
  removeRigidMotion(x, acceleration, invMass, 0, mass.length);
  for (let i = 0; i < load.length; i++) load[i] = acceleration[i] * mass[(i / 3) | 0];
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
