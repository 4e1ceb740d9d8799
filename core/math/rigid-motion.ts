/**
 * The rigid motion that carries a field over a set of particles: for a velocity field v, the
 * rigid velocity v̄ + ω×(x − x̄) with the same linear and angular momentum (v̄ the mass-weighted
 * mean, x̄ the centre of mass, ω = I⁻¹·L about it). Modal damping keeps a free body's momenta by
 * leaving this part alone (core/sim/modal-damping.ts); the fundamental-mode estimate takes it out
 * of its loads and deflections, where a free body's rigid motion is no vibration
 * (core/setup/fundamental-mode.ts).
 *
 * Particles are `first` … `first + count − 1` of the xyz-interleaved arrays; a particle of inverse
 * mass 0 (pinned: infinite mass) takes no part.
 */
export interface RigidMotion {
  /** x̄, m. */
  centre: Float64Array;
  /** v̄: the field's mass-weighted mean, in the field's unit. */
  velocity: Float64Array;
  /** ω = I⁻¹·L, the field's unit per m. */
  angular: Float64Array;
}

/** v̄, x̄ and ω = I⁻¹·L of `field` over the particles (mass 1/w); null when they have no mass. */
export function rigidFit(
  x: ArrayLike<number>,
  field: ArrayLike<number>,
  invMass: ArrayLike<number>,
  first: number,
  count: number,
): RigidMotion | null {
  // Sums in scalars, each in the order of the particles: modal damping fits every substep.
  let total = 0;
  let cx = 0;
  let cy = 0;
  let cz = 0;
  let vx = 0;
  let vy = 0;
  let vz = 0;
  for (let i = first; i < first + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    total += m;
    cx += m * x[3 * i];
    vx += m * field[3 * i];
    cy += m * x[3 * i + 1];
    vy += m * field[3 * i + 1];
    cz += m * x[3 * i + 2];
    vz += m * field[3 * i + 2];
  }
  if (!(total > 0)) return null;
  cx /= total;
  cy /= total;
  cz /= total;
  vx /= total;
  vy /= total;
  vz /= total;
  let l0 = 0;
  let l1 = 0;
  let l2 = 0;
  // The inertia tensor, symmetric: I_ab = Σ m·(δ_ab·|r|² − r_a·r_b).
  let i00 = 0;
  let i01 = 0;
  let i02 = 0;
  let i11 = 0;
  let i12 = 0;
  let i22 = 0;
  for (let i = first; i < first + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    const rx = x[3 * i] - cx;
    const ry = x[3 * i + 1] - cy;
    const rz = x[3 * i + 2] - cz;
    const ux = field[3 * i] - vx;
    const uy = field[3 * i + 1] - vy;
    const uz = field[3 * i + 2] - vz;
    l0 += m * (ry * uz - rz * uy);
    l1 += m * (rz * ux - rx * uz);
    l2 += m * (rx * uy - ry * ux);
    const rr = rx * rx + ry * ry + rz * rz;
    i00 += m * (rr - rx * rx);
    i01 += m * (0 - rx * ry);
    i02 += m * (0 - rx * rz);
    i11 += m * (rr - ry * ry);
    i12 += m * (0 - ry * rz);
    i22 += m * (rr - rz * rz);
  }
  return {
    centre: Float64Array.of(cx, cy, cz),
    velocity: Float64Array.of(vx, vy, vz),
    angular: solveInertia([i00, i01, i02, i01, i11, i12, i02, i12, i22], [l0, l1, l2]),
  };
}

/** out ← the rigid velocity v̄ + ω×(x_p − x̄) at particle p (xyz). */
export function rigidVelocityAt(
  rigid: RigidMotion,
  x: ArrayLike<number>,
  p: number,
  out: Float64Array,
): void {
  const w = rigid.angular;
  const r0 = x[3 * p] - rigid.centre[0];
  const r1 = x[3 * p + 1] - rigid.centre[1];
  const r2 = x[3 * p + 2] - rigid.centre[2];
  out[0] = rigid.velocity[0] + (w[1] * r2 - w[2] * r1);
  out[1] = rigid.velocity[1] + (w[2] * r0 - w[0] * r2);
  out[2] = rigid.velocity[2] + (w[0] * r1 - w[1] * r0);
}

/**
 * Takes the rigid part out of `field` in place (particles of inverse mass 0 are left as they
 * are): what is left carries no linear and no angular momentum.
 */
export function removeRigidMotion(
  x: ArrayLike<number>,
  field: Float64Array,
  invMass: ArrayLike<number>,
  first: number,
  count: number,
): void {
  const rigid = rigidFit(x, field, invMass, first, count);
  if (!rigid) return;
  const u = new Float64Array(3);
  for (let p = first; p < first + count; p++) {
    if (invMass[p] === 0) continue;
    rigidVelocityAt(rigid, x, p, u);
    for (let a = 0; a < 3; a++) field[3 * p + a] -= u[a];
  }
}

/**
 * ω = I⁻¹·L; a direction with (nearly) no inertia (all particles on a line: no spin about it)
 * gets no angular velocity: I is regularized by 1e-12 of its trace.
 */
function solveInertia(I: number[], L: number[]): Float64Array {
  const trace = I[0] + I[4] + I[8];
  const A = I.slice();
  for (let a = 0; a < 3; a++) A[4 * a] += 1e-12 * trace;
  const c00 = A[4] * A[8] - A[5] * A[7];
  const c01 = A[5] * A[6] - A[3] * A[8];
  const c02 = A[3] * A[7] - A[4] * A[6];
  const det = A[0] * c00 + A[1] * c01 + A[2] * c02;
  if (!(Math.abs(det) > 0) || !Number.isFinite(det)) return new Float64Array(3);
  const inv = [
    c00,
    A[2] * A[7] - A[1] * A[8],
    A[1] * A[5] - A[2] * A[4],
    c01,
    A[0] * A[8] - A[2] * A[6],
    A[2] * A[3] - A[0] * A[5],
    c02,
    A[1] * A[6] - A[0] * A[7],
    A[0] * A[4] - A[1] * A[3],
  ];
  return Float64Array.from(
    [0, 1, 2],
    (a) => (inv[3 * a] * L[0] + inv[3 * a + 1] * L[1] + inv[3 * a + 2] * L[2]) / det,
  );
}
