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
  let total = 0;
  const centre = new Float64Array(3);
  const velocity = new Float64Array(3);
  for (let i = first; i < first + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    total += m;
    for (let a = 0; a < 3; a++) {
      centre[a] += m * x[3 * i + a];
      velocity[a] += m * field[3 * i + a];
    }
  }
  if (!(total > 0)) return null;
  for (let a = 0; a < 3; a++) {
    centre[a] /= total;
    velocity[a] /= total;
  }
  const L = [0, 0, 0];
  const I = [0, 0, 0, 0, 0, 0, 0, 0, 0];
  for (let i = first; i < first + count; i++) {
    if (invMass[i] === 0) continue;
    const m = 1 / invMass[i];
    const r = [x[3 * i] - centre[0], x[3 * i + 1] - centre[1], x[3 * i + 2] - centre[2]];
    const u = [field[3 * i] - velocity[0], field[3 * i + 1] - velocity[1], field[3 * i + 2] - velocity[2]];
    L[0] += m * (r[1] * u[2] - r[2] * u[1]);
    L[1] += m * (r[2] * u[0] - r[0] * u[2]);
    L[2] += m * (r[0] * u[1] - r[1] * u[0]);
    const rr = r[0] * r[0] + r[1] * r[1] + r[2] * r[2];
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) I[3 * a + b] += m * ((a === b ? rr : 0) - r[a] * r[b]);
  }
  return { centre, velocity, angular: solveInertia(I, L) };
}

/** Component a of v̄ + ω×(x_p − x̄) at particle p. */
export function rigidVelocity(rigid: RigidMotion, x: ArrayLike<number>, p: number, a: number): number {
  const w = rigid.angular;
  const r0 = x[3 * p] - rigid.centre[0];
  const r1 = x[3 * p + 1] - rigid.centre[1];
  const r2 = x[3 * p + 2] - rigid.centre[2];
  const cross = a === 0 ? w[1] * r2 - w[2] * r1 : a === 1 ? w[2] * r0 - w[0] * r2 : w[0] * r1 - w[1] * r0;
  return rigid.velocity[a] + cross;
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
  for (let p = first; p < first + count; p++) {
    if (invMass[p] === 0) continue;
    for (let a = 0; a < 3; a++) field[3 * p + a] -= rigidVelocity(rigid, x, p, a);
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
