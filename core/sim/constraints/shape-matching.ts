import { quaternionMatrix } from '../../math/euler-rotation.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, type ConstraintSubset, type Created, subsetCount } from './block.ts';

/**
 * Shape matching over a region of particles (Müller, Heidelberger, Teschner & Gross 2005,
 * "Meshless deformations based on shape matching", §3.3): each substep the region's best rigid
 * placement of its rest shape is found and every particle is moved a fraction of the way to it.
 *
 *   c = Σ m_i x_i / M,   q_i = x0_i − c0 (rest offsets),   A = Σ m_i (x_i − c) q_iᵀ
 *   R = rotation of the polar decomposition A = R·S    (the R minimising Σ m_i |R q_i + c − x_i|²)
 *   g_i = R q_i + c,     x_i ← x_i + a·(g_i − x_i),     a = 1 − e^(−h/τ)
 *
 * Time constant τ (s), and why the response does not drift with the substep h: the fraction a
 * alone does not give it. Moving x by a·(g − x) turns into velocity (v = (x − x_prev)/h), the
 * deformation keeps that velocity into the next prediction, and the deviation d = x − g then obeys
 * d' = (1 − a)(d + h·ḋ): a discrete oscillator with |eigenvalue|² = 1 − a and a frequency of about
 * 1/√(h·τ), which changes with h. So the region keeps, apart from the true velocity v (the
 * state's, (x − x_prev)/h: a region at rest has none), the velocity u its next prediction should
 * carry: after the substep (`dampShapeMatching`) u is v less the correction's own Δx/h = λ/(m·h),
 * with e^(−h/τ) of its part relative to the region's rigid velocity v_c + ω × (x − c) kept
 * (v_c = Σ m v / M, ω = I⁻¹·Σ m (x − c) × v): whatever moved the deformation (contacts, other
 * constraints, the grab) stops along e^(−t/τ). The region stores the difference v − u
 * (`driftMPerS`), and right after the next prediction the world takes back h·(v − u)
 * (`takeBackShapeMatchingDrift`), before any constraint sees the positions. The recovery thus
 * moves positions only, d ← e^(−h/τ)·d per substep, so after t = n·h the deviation is e^(−t/τ)
 * of what it was, whatever h (the polar factor of the moved positions is still R:
 * A' = R·(a·Σ m q qᵀ + (1 − a)·S), a positive definite blend). Both factors are exact
 * exponentials of the elapsed time, so the pair is the substep form of the continuous law
 * ẋ = u − d/τ, u̇ = f/m − (u − u_rigid)/τ: the region's own elastic material keeps its inertia
 * and its restoring force acts at every h as it does outside a region. An earlier form replaced
 * the whole velocity by the rigid one; the material then acted in its viscous limit, relaxing a
 * fraction ≈ (h·c/l)² per substep, a share of the recovery that grew with h (a 1 kPa cube under
 * τ = 50 ms came back 25% faster than e^(−t/τ) at 4τ with 10 substeps, 8% with 40);
 * test/core/sim/shape-matching.test.ts measures the present one.
 * Physically the region is a viscous shape memory: deformations recover along exp(−t/τ) without
 * ringing of their own; a stiff prop is τ → 0 (a → 1). A jiggle that rings (a spring to the goal,
 * α = 1/(m·ω²), with damping) is not this kind.
 * Neither step changes the region's linear momentum when no particle of it is pinned, and the
 * correction is torque-free where it is computed: Σ m (g − x) = M c − M c = 0, and
 * Σ m (x − c) × R q is the axial vector of A·Rᵀ − R·Aᵀ, which is zero because A·Rᵀ = R·S·Rᵀ is
 * symmetric; so is the velocity it gives, Σ m (x + Δx − c) × Δx = 0 (Δx × Δx = 0), and taking
 * it away keeps Σ m v and L; the blend towards the rigid velocity keeps both by construction. Σ m x × v over a substep
 * then holds to first order in h, as for every kind (test/core/sim/momentum.test.ts).
 * The quadratic energy Σ m|x − g|² stores nothing here: the recovery is first order, so the kind
 * reports no elastic energy.
 *
 * The polar rotation: the iteration of Müller, Bender, Chentanez & Macklin 2016 ("A robust method
 * to extract the rotational part of deformations"), warm-started from the previous substep's R,
 * with the full Newton step ω = (tr B·I − B)⁻¹·Σ r_k × a_k (B = sym(A·Rᵀ), r_k and a_k the columns
 * of R and A) where that matrix is positive definite, the paper's ω = Σ r_k × a_k / |tr B| where it
 * is not. The paper's step converges slowly for an elongated region (a bar's S has a large spread);
 * Newton's converges quadratically, and full convergence is what keeps the angular momentum.
 */
export interface ShapeMatchingBlock extends BlockBase {
  readonly kind: 'shape-matching';
  /** Recovery time constant τ, s. */
  readonly timeConstantS: number;
  /** Region mass M, kg (pinned particles included). */
  readonly massKg: number;
  /** Rest offsets q_i = x0_i − c0, m, xyz per particle of `particles`. */
  readonly restOffsetM: Float64Array;
  /**
   * Multipliers of the current substep, N·s², xyz per particle: λ = m·a·(g − x), the correction
   * as an impulse times h (pinned particles: the one they resisted); the force is λ/h².
   */
  readonly lambda: Float64Array;
  /**
   * v − u of the last substep, m/s, xyz per particle: what the state's velocity carries into the
   * next prediction beyond the velocity u the region keeps (see above); zero after a world reset.
   */
  readonly driftMPerS: Float64Array;
  /** Warm start: the last rotation as a unit quaternion (x, y, z, w). */
  readonly rotation: Float64Array;
}

export interface ShapeMatchingInput {
  /** Region particles, world-global, distinct. */
  particles: Uint32Array;
  /** τ, s (> 0). */
  timeConstantS: number;
}

export function createShapeMatchingBlock(
  input: ShapeMatchingInput,
  state: ParticleState,
): Created<ShapeMatchingBlock> {
  const particles = input.particles;
  const n = particles.length;
  const rest = state.rest;
  const mass = state.mass;
  let massKg = 0;
  const c0 = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    const p = particles[i];
    massKg += mass[p];
    for (let k = 0; k < 3; k++) c0[k] += mass[p] * rest[3 * p + k];
  }
  if (massKg > 0) for (let k = 0; k < 3; k++) c0[k] /= massKg;
  const restOffsetM = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < 3; k++) restOffsetM[3 * i + k] = rest[3 * particles[i] + k] - c0[k];
  }
  return {
    kind: 'shape-matching',
    count: 1,
    arity: n,
    particles,
    colourStarts: Uint32Array.of(0, 1),
    order: Uint32Array.of(0),
    stiffnessScale: 1,
    damped: n > 0 && massKg > 0,
    timeConstantS: input.timeConstantS,
    massKg,
    restOffsetM,
    lambda: new Float64Array(3 * n),
    driftMPerS: new Float64Array(3 * n),
    rotation: Float64Array.of(0, 0, 0, 1),
  };
}

/** Scratch, allocated once: centre (3), mean velocity (3), A (9, row-major), R (9). */
const centre = new Float64Array(3);
const meanVelocity = new Float64Array(3);
const moment = new Float64Array(9);
const rot = new Float64Array(9);

/** Newton steps of the polar iteration at most, and the step (rad) below which it has converged. */
const MAX_POLAR_ITERATIONS = 64;
const POLAR_TOLERANCE_RAD = 1e-15;

/** Σ m·u / M over the region of a per-particle vector field u (positions: the centre of mass), into `out`. */
function massWeightedMean(
  block: ShapeMatchingBlock,
  u: Float64Array,
  mass: Float64Array,
  out: Float64Array,
): void {
  const particles = block.particles;
  let sx = 0;
  let sy = 0;
  let sz = 0;
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    const m = mass[p];
    sx += m * u[3 * p];
    sy += m * u[3 * p + 1];
    sz += m * u[3 * p + 2];
  }
  const invM = 1 / block.massKg;
  out[0] = sx * invM;
  out[1] = sy * invM;
  out[2] = sz * invM;
}

/** Writes the region's centre of mass into `centre` and A = Σ m (x − c) qᵀ into `moment`. */
function measureRegion(block: ShapeMatchingBlock, x: Float64Array, mass: Float64Array): void {
  const particles = block.particles;
  const q = block.restOffsetM;
  massWeightedMean(block, x, mass, centre);
  const cx = centre[0];
  const cy = centre[1];
  const cz = centre[2];
  moment.fill(0);
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    const m = mass[p];
    const rx = m * (x[3 * p] - cx);
    const ry = m * (x[3 * p + 1] - cy);
    const rz = m * (x[3 * p + 2] - cz);
    const qx = q[3 * i];
    const qy = q[3 * i + 1];
    const qz = q[3 * i + 2];
    moment[0] += rx * qx;
    moment[1] += rx * qy;
    moment[2] += rx * qz;
    moment[3] += ry * qx;
    moment[4] += ry * qy;
    moment[5] += ry * qz;
    moment[6] += rz * qx;
    moment[7] += rz * qy;
    moment[8] += rz * qz;
  }
}

/**
 * The rotation of the polar decomposition of `a` (row-major 3×3), by the warm-started iteration
 * described above: `q` (unit quaternion) in, improved in place; R written to `out`.
 */
export function extractRotation(a: Float64Array, q: Float64Array, out: Float64Array): void {
  for (let iteration = 0; iteration < MAX_POLAR_ITERATIONS; iteration++) {
    quaternionMatrix(q, out);
    // B = A·Rᵀ; g = Σ_k r_k × a_k = (B₂₁ − B₁₂, B₀₂ − B₂₀, B₁₀ − B₀₁) (rows of Rᵀ are the r_k).
    const b00 = a[0] * out[0] + a[1] * out[1] + a[2] * out[2];
    const b01 = a[0] * out[3] + a[1] * out[4] + a[2] * out[5];
    const b02 = a[0] * out[6] + a[1] * out[7] + a[2] * out[8];
    const b10 = a[3] * out[0] + a[4] * out[1] + a[5] * out[2];
    const b11 = a[3] * out[3] + a[4] * out[4] + a[5] * out[5];
    const b12 = a[3] * out[6] + a[4] * out[7] + a[5] * out[8];
    const b20 = a[6] * out[0] + a[7] * out[1] + a[8] * out[2];
    const b21 = a[6] * out[3] + a[7] * out[4] + a[8] * out[5];
    const b22 = a[6] * out[6] + a[7] * out[7] + a[8] * out[8];
    const gx = b21 - b12;
    const gy = b02 - b20;
    const gz = b10 - b01;
    // Newton: maximise tr(Uᵀ·B) over U = exp([ω]); Hessian H = tr(B)·I − sym(B).
    const trace = b00 + b11 + b22;
    const h00 = trace - b00;
    const h11 = trace - b11;
    const h22 = trace - b22;
    const h01 = -0.5 * (b01 + b10);
    const h02 = -0.5 * (b02 + b20);
    const h12 = -0.5 * (b12 + b21);
    const c00 = h11 * h22 - h12 * h12;
    const c01 = h02 * h12 - h01 * h22;
    const c02 = h01 * h12 - h02 * h11;
    const det = h00 * c00 + h01 * c01 + h02 * c02;
    const minor = h00 * h11 - h01 * h01;
    let wx: number;
    let wy: number;
    let wz: number;
    const scale = Math.abs(trace) + 1e-300;
    if (h00 > 1e-12 * scale && minor > 1e-12 * scale * scale && det > 1e-12 * scale * scale * scale) {
      const c11 = h00 * h22 - h02 * h02;
      const c12 = h01 * h02 - h00 * h12;
      const c22 = minor;
      const invDet = 1 / det;
      wx = (c00 * gx + c01 * gy + c02 * gz) * invDet;
      wy = (c01 * gx + c11 * gy + c12 * gz) * invDet;
      wz = (c02 * gx + c12 * gy + c22 * gz) * invDet;
    } else {
      const s = 1 / (Math.abs(trace) + 1e-9);
      wx = gx * s;
      wy = gy * s;
      wz = gz * s;
    }
    const angle = Math.sqrt(wx * wx + wy * wy + wz * wz);
    if (!(angle > POLAR_TOLERANCE_RAD)) break;
    // q ← exp(ω)·q, the step capped at a half turn.
    const half = 0.5 * Math.min(angle, Math.PI);
    const sinHalf = Math.sin(half) / angle;
    const ux = wx * sinHalf;
    const uy = wy * sinHalf;
    const uz = wz * sinHalf;
    const uw = Math.cos(half);
    const qx = q[0];
    const qy = q[1];
    const qz = q[2];
    const qw = q[3];
    let nx = uw * qx + ux * qw + uy * qz - uz * qy;
    let ny = uw * qy - ux * qz + uy * qw + uz * qx;
    let nz = uw * qz + ux * qy - uy * qx + uz * qw;
    let nw = uw * qw - ux * qx - uy * qy - uz * qz;
    const norm = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz + nw * nw);
    nx *= norm;
    ny *= norm;
    nz *= norm;
    nw *= norm;
    q[0] = nx;
    q[1] = ny;
    q[2] = nz;
    q[3] = nw;
    if (angle < 1e-10) break; // quadratic convergence: the next step would be below rounding
  }
  quaternionMatrix(q, out);
}

/**
 * Right after the prediction of a substep h (s), before any constraint sees the positions: takes
 * back h·(v − u), what the state's velocity carried into the prediction beyond u (see above).
 */
export function takeBackShapeMatchingDrift(block: ShapeMatchingBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const drift = block.driftMPerS;
  for (let i = 0; i < block.particles.length; i++) {
    const p3 = 3 * block.particles[i];
    x[p3] -= h * drift[3 * i];
    x[p3 + 1] -= h * drift[3 * i + 1];
    x[p3 + 2] -= h * drift[3 * i + 2];
  }
}

/** Moves every free particle of the region a = 1 − e^(−h/τ) of the way to its goal. */
export function solveShapeMatching(block: ShapeMatchingBlock, state: ParticleState, h: number): void {
  if (!(block.massKg > 0)) return;
  const x = state.x;
  const w = state.invMass;
  measureRegion(block, x, state.mass);
  extractRotation(moment, block.rotation, rot);
  const fraction = block.stiffnessScale * -Math.expm1(-h / block.timeConstantS);
  const particles = block.particles;
  const q = block.restOffsetM;
  const lambda = block.lambda;
  const mass = state.mass;
  const cx = centre[0];
  const cy = centre[1];
  const cz = centre[2];
  for (let i = 0; i < particles.length; i++) {
    const p3 = 3 * particles[i];
    const qx = q[3 * i];
    const qy = q[3 * i + 1];
    const qz = q[3 * i + 2];
    const dx = fraction * (rot[0] * qx + rot[1] * qy + rot[2] * qz + cx - x[p3]);
    const dy = fraction * (rot[3] * qx + rot[4] * qy + rot[5] * qz + cy - x[p3 + 1]);
    const dz = fraction * (rot[6] * qx + rot[7] * qy + rot[8] * qz + cz - x[p3 + 2]);
    const m = mass[particles[i]];
    lambda[3 * i] += m * dx;
    lambda[3 * i + 1] += m * dy;
    lambda[3 * i + 2] += m * dz;
    if (w[particles[i]] === 0) continue;
    x[p3] += dx;
    x[p3 + 1] += dy;
    x[p3 + 2] += dz;
  }
}

/**
 * After the substep h (s): the velocity u the region's next prediction carries, v less the
 * correction's Δx/h = λ/(m·h) with e^(−h/τ) of its part relative to the rigid velocity
 * v_c + ω × (x − c) kept (ω = I⁻¹·L about the centre of mass; see above), stored as the drift
 * v − u. v itself stays the true velocity. A region whose inertia tensor is singular (all its
 * particles on a line) keeps u = v − Δx/h.
 */
export function dampShapeMatching(block: ShapeMatchingBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const v = state.v;
  const w = state.invMass;
  const mass = state.mass;
  const particles = block.particles;
  if (!(block.massKg > 0) || !(h > 0)) return;
  const lambda = block.lambda;
  const drift = block.driftMPerS;
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    // λ = m·Δx summed over the substep's sweeps (a pinned particle did not move: no drift).
    const perMassH = w[p] === 0 ? 0 : 1 / (mass[p] * h);
    drift[3 * i] = lambda[3 * i] * perMassH;
    drift[3 * i + 1] = lambda[3 * i + 1] * perMassH;
    drift[3 * i + 2] = lambda[3 * i + 2] * perMassH;
  }
  massWeightedMean(block, x, mass, centre);
  massWeightedMean(block, v, mass, meanVelocity);
  const cx = centre[0];
  const cy = centre[1];
  const cz = centre[2];
  const vcx = meanVelocity[0];
  const vcy = meanVelocity[1];
  const vcz = meanVelocity[2];
  // L = Σ m r × (v − v_c) and I = Σ m (|r|²·1 − r rᵀ), r = x − c.
  let lx = 0;
  let ly = 0;
  let lz = 0;
  let ixx = 0;
  let iyy = 0;
  let izz = 0;
  let ixy = 0;
  let ixz = 0;
  let iyz = 0;
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    const m = mass[p];
    const rx = x[3 * p] - cx;
    const ry = x[3 * p + 1] - cy;
    const rz = x[3 * p + 2] - cz;
    const ux = v[3 * p] - vcx;
    const uy = v[3 * p + 1] - vcy;
    const uz = v[3 * p + 2] - vcz;
    lx += m * (ry * uz - rz * uy);
    ly += m * (rz * ux - rx * uz);
    lz += m * (rx * uy - ry * ux);
    ixx += m * (ry * ry + rz * rz);
    iyy += m * (rx * rx + rz * rz);
    izz += m * (rx * rx + ry * ry);
    ixy -= m * rx * ry;
    ixz -= m * rx * rz;
    iyz -= m * ry * rz;
  }
  const c00 = iyy * izz - iyz * iyz;
  const c01 = ixz * iyz - ixy * izz;
  const c02 = ixy * iyz - ixz * iyy;
  const det = ixx * c00 + ixy * c01 + ixz * c02;
  const trace = ixx + iyy + izz;
  if (!(det > 1e-12 * trace * trace * trace)) return;
  const invDet = 1 / det;
  const c11 = ixx * izz - ixz * ixz;
  const c12 = ixy * ixz - ixx * iyz;
  const c22 = ixx * iyy - ixy * ixy;
  const wx = (c00 * lx + c01 * ly + c02 * lz) * invDet;
  const wy = (c01 * lx + c11 * ly + c12 * lz) * invDet;
  const wz = (c02 * lx + c12 * ly + c22 * lz) * invDet;
  const keep = Math.exp(-h / block.timeConstantS);
  for (let i = 0; i < particles.length; i++) {
    const p = particles[i];
    if (w[p] === 0) continue;
    const rx = x[3 * p] - cx;
    const ry = x[3 * p + 1] - cy;
    const rz = x[3 * p + 2] - cz;
    // Δx/h has no momentum and no angular momentum: the rigid velocity is also that of v − Δx/h.
    const rigidX = vcx + wy * rz - wz * ry;
    const rigidY = vcy + wz * rx - wx * rz;
    const rigidZ = vcz + wx * ry - wy * rx;
    // v − u = v − rigid − keep·(v − Δx/h − rigid) = (1 − keep)(v − rigid) + keep·Δx/h.
    drift[3 * i] = (1 - keep) * (v[3 * p] - rigidX) + keep * drift[3 * i];
    drift[3 * i + 1] = (1 - keep) * (v[3 * p + 1] - rigidY) + keep * drift[3 * i + 1];
    drift[3 * i + 2] = (1 - keep) * (v[3 * p + 2] - rigidZ) + keep * drift[3 * i + 2];
  }
}

/** Adds the force of the last substep's correction, λ/h² = m·Δx/h² per particle (N), to `forceN`. */
export function addShapeMatchingForces(
  block: ShapeMatchingBlock,
  _state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  if (subsetCount(block, only) === 0) return; // its one constraint left out
  const invHSq = 1 / (h * h);
  const lambda = block.lambda;
  for (let i = 0; i < block.particles.length; i++) {
    const p3 = 3 * block.particles[i];
    forceN[p3] += invHSq * lambda[3 * i];
    forceN[p3 + 1] += invHSq * lambda[3 * i + 1];
    forceN[p3 + 2] += invHSq * lambda[3 * i + 2];
  }
}
