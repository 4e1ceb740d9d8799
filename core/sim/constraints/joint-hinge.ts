import { colourConstraints, permute } from '../colour.ts';
import type { ParticleState } from '../state.ts';
import { type BlockBase, type ConstraintSubset, type Created, subsetCount } from './block.ts';
import { addJointLimitForce, jointLimitStep } from './joint-limit-step.ts';

/**
 * Hinge joint limit of a particle skeleton (ragdoll elbows, knees): the signed angle φ from the
 * parent bone a = x_b − x_a to the child bone b = x_d − x_c about the axis n = (x_f − x_e)/|x_f − x_e|
 * stays in [φmin, φmax]. With s = n·(a × b) and c = a·b − (a·n)(b·n) (the sine and cosine parts of
 * the two bones projected on the plane normal to n, s² + c² = |a⊥|²|b⊥|²):
 *
 *   φ = atan2(s, c) ∈ (−π, π]
 *   C = φ − φmax ≤ 0 (upper limit)  or  C = φmin − φ ≤ 0 (lower limit)        (rad)
 *
 * Past both ends at once (the range is an arc), the nearer end on the circle is enforced.
 * Gradient, from dφ = (c·ds − s·dc)/(s² + c²):
 *   ∂s/∂a = b × n,  ∂s/∂b = n × a,  ∂s/∂n = a × b
 *   ∂c/∂a = b⊥ = b − (b·n)n,  ∂c/∂b = a⊥,  ∂c/∂n = −(b·n)a − (a·n)b
 *   ∂φ/∂a = (c·(b × n) − s·b⊥)/(s² + c²),  ∂φ/∂b = (c·(n × a) − s·a⊥)/(s² + c²)
 *   ∂φ/∂n = (c·(a × b) + s·((b·n)a + (a·n)b))/(s² + c²)
 *   ∇_a φ = −∂φ/∂a, ∇_b φ = ∂φ/∂a, ∇_c φ = −∂φ/∂b, ∇_d φ = ∂φ/∂b
 *   ∇_f φ = (I − nnᵀ)·∂φ/∂n/|x_f − x_e|,  ∇_e φ = −∇_f φ    (n is a unit vector: only its turn counts)
 * (∂φ/∂b reduces to (n × b⊥)/|b⊥|²: turning b by dψ about n turns φ by dψ.) The axis particles
 * take their share, so the gradients sum to zero and φ is unchanged when all six turn together:
 * the corrections conserve linear and angular momentum.
 *
 * α (rad/(N·m)) is 0 for a hard limit; λ in N·m·s²; XPBD step and inequality sign:
 * joint-limit-step.ts. Skipped (no change, no NaN): an axis shorter than MIN_LENGTH_M, or a bone
 * within HINGE_MIN_AXIS_ANGLE_RAD of the axis (at s² + c² = 0, φ is undefined).
 */
export interface JointHingeBlock extends BlockBase {
  readonly kind: 'joint-hinge';
  /** φmin per hinge, rad. */
  readonly minAngleRad: Float64Array;
  /** φmax per hinge, rad. */
  readonly maxAngleRad: Float64Array;
  /** Compliance α per hinge, rad/(N·m). */
  readonly complianceRadPerNM: Float64Array;
  /** Multiplier of the current substep (of whichever end was enforced), N·m·s². */
  readonly lambda: Float64Array;
}

export interface JointHingeInput {
  /** 6 per hinge (a, b, c, d, e, f): parent a → b, child c → d, axis e → f; world-global indices. */
  particles: Uint32Array;
  minAngleRad: Float64Array;
  maxAngleRad: Float64Array;
  complianceRadPerNM: Float64Array;
}

/**
 * The hinge angle is measured, and the limit enforced, only while both bones are at least this far
 * off the axis (rad): closer, the projected angle turns fast with small motions (at 6° off the axis
 * a shank 20° from its thigh in space read 157°) and the correction, ∝ 1/|b⊥|, is ill-conditioned.
 */
export const HINGE_MIN_AXIS_ANGLE_RAD = (20 * Math.PI) / 180;
const MIN_SIN_SQ = Math.sin(HINGE_MIN_AXIS_ANGLE_RAD) ** 2;
/** Below this s² + c² (m⁴) the hinge angle is undefined: skipped. */
const MIN_PLANE_SQ_M4 = 1e-16;
const MIN_AXIS_SQ_M2 = 1e-24;

export function createJointHingeBlock(
  input: JointHingeInput,
  state: ParticleState,
): Created<JointHingeBlock> {
  const count = input.particles.length / 6;
  const colouring = colourConstraints(input.particles, 6, state.count, state.leafOf);
  const order = colouring.order;
  return {
    kind: 'joint-hinge',
    count,
    arity: 6,
    particles: permute(input.particles, 6, order),
    colourStarts: colouring.colourStarts,
    nodeColourStarts: colouring.nodeColourStarts,
    order,
    stiffnessScale: 1,
    damped: false,
    minAngleRad: permute(input.minAngleRad, 1, order),
    maxAngleRad: permute(input.maxAngleRad, 1, order),
    complianceRadPerNM: permute(input.complianceRadPerNM, 1, order),
    lambda: new Float64Array(count),
  };
}

/**
 * φ of hinge `h` at the positions x, and ∇φ into `grad` (6 slots × 3) when given; NaN when the
 * axis is too short or a bone lies along it.
 */
export function hingeAngle(x: Float64Array, particles: Uint32Array, h: number, grad?: Float64Array): number {
  const o = 6 * h;
  const a3 = 3 * particles[o];
  const b3 = 3 * particles[o + 1];
  const c3 = 3 * particles[o + 2];
  const d3 = 3 * particles[o + 3];
  const e3 = 3 * particles[o + 4];
  const f3 = 3 * particles[o + 5];
  const ax = x[b3] - x[a3];
  const ay = x[b3 + 1] - x[a3 + 1];
  const az = x[b3 + 2] - x[a3 + 2];
  const bx = x[d3] - x[c3];
  const by = x[d3 + 1] - x[c3 + 1];
  const bz = x[d3 + 2] - x[c3 + 2];
  let nx = x[f3] - x[e3];
  let ny = x[f3 + 1] - x[e3 + 1];
  let nz = x[f3 + 2] - x[e3 + 2];
  const axisSq = nx * nx + ny * ny + nz * nz;
  if (!(axisSq > MIN_AXIS_SQ_M2)) return Number.NaN;
  const axisLen = Math.sqrt(axisSq);
  nx /= axisLen;
  ny /= axisLen;
  nz /= axisLen;
  // a × b
  const cx = ay * bz - az * by;
  const cy = az * bx - ax * bz;
  const cz = ax * by - ay * bx;
  const an = ax * nx + ay * ny + az * nz;
  const bn = bx * nx + by * ny + bz * nz;
  const s = nx * cx + ny * cy + nz * cz;
  const c = ax * bx + ay * by + az * bz - an * bn;
  const q = s * s + c * c;
  if (!(q > MIN_PLANE_SQ_M4)) return Number.NaN;
  // |a⊥|² = |a|² − (a·n)², likewise b: both bones far enough off the axis.
  const aSq = ax * ax + ay * ay + az * az;
  const bSq = bx * bx + by * by + bz * bz;
  if (aSq - an * an < MIN_SIN_SQ * aSq || bSq - bn * bn < MIN_SIN_SQ * bSq) return Number.NaN;
  const phi = Math.atan2(s, c);
  if (!grad) return phi;
  const inv = 1 / q;
  // ∂φ/∂a = (c·(b × n) − s·b⊥)/q
  const dax = (c * (by * nz - bz * ny) - s * (bx - bn * nx)) * inv;
  const day = (c * (bz * nx - bx * nz) - s * (by - bn * ny)) * inv;
  const daz = (c * (bx * ny - by * nx) - s * (bz - bn * nz)) * inv;
  // ∂φ/∂b = (c·(n × a) − s·a⊥)/q
  const dbx = (c * (ny * az - nz * ay) - s * (ax - an * nx)) * inv;
  const dby = (c * (nz * ax - nx * az) - s * (ay - an * ny)) * inv;
  const dbz = (c * (nx * ay - ny * ax) - s * (az - an * nz)) * inv;
  // ∂φ/∂n = (c·(a × b) + s·((b·n)a + (a·n)b))/q, then its part normal to n over |x_f − x_e|.
  let dnx = (c * cx + s * (bn * ax + an * bx)) * inv;
  let dny = (c * cy + s * (bn * ay + an * by)) * inv;
  let dnz = (c * cz + s * (bn * az + an * bz)) * inv;
  const along = dnx * nx + dny * ny + dnz * nz;
  dnx = (dnx - along * nx) / axisLen;
  dny = (dny - along * ny) / axisLen;
  dnz = (dnz - along * nz) / axisLen;
  grad[0] = -dax;
  grad[1] = -day;
  grad[2] = -daz;
  grad[3] = dax;
  grad[4] = day;
  grad[5] = daz;
  grad[6] = -dbx;
  grad[7] = -dby;
  grad[8] = -dbz;
  grad[9] = dbx;
  grad[10] = dby;
  grad[11] = dbz;
  grad[12] = -dnx;
  grad[13] = -dny;
  grad[14] = -dnz;
  grad[15] = dnx;
  grad[16] = dny;
  grad[17] = dnz;
  return phi;
}

/**
 * C ≥ 0 of hinge `h` at angle φ: how far past its range it is (0 inside), with the sign σ of ∇C
 * relative to ∇φ (+1 past φmax, −1 below φmin); the nearer end on the circle when past both.
 */
function hingeViolation(block: JointHingeBlock, h: number, phi: number): { value: number; sign: number } {
  const min = block.minAngleRad[h];
  const max = block.maxAngleRad[h];
  if (phi >= min && phi <= max) return { value: 0, sign: 0 };
  const over = phi > max ? phi - max : phi + 2 * Math.PI - max;
  const under = phi < min ? min - phi : min - phi + 2 * Math.PI;
  return over <= under ? { value: over, sign: 1 } : { value: under, sign: -1 };
}

const scratch = new Float64Array(18);

/** One Gauss-Seidel sweep over the hinges in colour order, substep h in s. */
export function solveJointHinge(block: JointHingeBlock, state: ParticleState, h: number): void {
  const x = state.x;
  const invHSq = 1 / (h * h);
  for (let k = 0; k < block.count; k++) {
    const lambda = block.lambda[k];
    const phi = hingeAngle(x, block.particles, k, scratch);
    if (Number.isNaN(phi)) continue;
    const { value, sign } = hingeViolation(block, k, phi);
    if (value === 0 && lambda === 0) continue;
    // Inside the range with λ < 0 from an earlier sweep: C is the (negative) distance to the end
    // that λ came from, which is the nearer one (the same end the sweep pushed towards).
    let c = value;
    let sigma = sign;
    if (value === 0) {
      const toMax = block.maxAngleRad[k] - phi;
      const toMin = phi - block.minAngleRad[k];
      sigma = toMax <= toMin ? 1 : -1;
      c = -Math.min(toMax, toMin);
    }
    if (sigma < 0) for (let i = 0; i < 18; i++) scratch[i] = -scratch[i];
    block.lambda[k] += jointLimitStep(
      x,
      state.invMass,
      block.particles,
      6 * k,
      6,
      scratch,
      c,
      block.complianceRadPerNM[k] * invHSq,
      lambda,
      block.stiffnessScale,
    );
  }
}

/** Adds λ·∇C/h² of every pushing hinge to `forceN` (N, 3 per particle). */
export function addJointHingeForces(
  block: JointHingeBlock,
  state: ParticleState,
  h: number,
  forceN: Float64Array,
  only?: ConstraintSubset,
): void {
  for (let i = 0, n = subsetCount(block, only); i < n; i++) {
    const k = only ? only[i] : i;
    if (block.lambda[k] === 0) continue;
    const phi = hingeAngle(state.x, block.particles, k, scratch);
    if (Number.isNaN(phi)) continue;
    const toMax = Math.abs(block.maxAngleRad[k] - phi);
    const toMin = Math.abs(phi - block.minAngleRad[k]);
    if (toMin < toMax) for (let i = 0; i < 18; i++) scratch[i] = -scratch[i];
    addJointLimitForce(block.particles, 6 * k, 6, scratch, block.lambda[k], h, forceN);
  }
}
