/**
 * Particle state of a world: structure-of-arrays, float64 so that small per-substep
 * corrections (g·h² ≈ 3e-5 m at 600 Hz) are not lost to rounding. Kernels index these arrays
 * directly (particle p occupies [3p, 3p+3) of the vector arrays) and never allocate.
 * Building a world moves x, xPrev, v and invMass into its WebAssembly memory (wasm/wasm-kernels.ts)
 * and points these fields at the copies: read the arrays through the state, not from a copy of
 * the field taken before the world was built.
 */
export interface ParticleState {
  readonly count: number;
  /** Positions, m. */
  readonly x: Float64Array;
  /** Positions at the start of the current substep, m. */
  readonly xPrev: Float64Array;
  /** Velocities, m/s. */
  readonly v: Float64Array;
  /** Inverse masses, 1/kg; 0 for pinned (kinematic) particles. */
  readonly invMass: Float64Array;
  /**
   * Lumped masses, kg, also for pinned particles (pin forces carry their weight). Read only: a
   * world of one body shares it with its setup (build-world.ts).
   */
  readonly mass: Float64Array;
  /** Rest positions, m (what `reset` returns to). Read only: shared with the setup like `mass`. */
  readonly rest: Float64Array;
  /**
   * Each particle's leaf of its body's nested dissection (dissection.ts), which orders the blocks'
   * sweeps; absent when no body is big enough to cut.
   */
  readonly leafOf?: Uint8Array;
}

export function createParticleState(
  rest: Float64Array,
  mass: Float64Array,
  pinned: Uint8Array,
  leafOf?: Uint8Array,
): ParticleState {
  const count = mass.length;
  const invMass = new Float64Array(count);
  for (let p = 0; p < count; p++) invMass[p] = pinned[p] || !(mass[p] > 0) ? 0 : 1 / mass[p];
  return {
    count,
    x: Float64Array.from(rest),
    xPrev: Float64Array.from(rest),
    v: new Float64Array(3 * count),
    invMass,
    mass,
    rest,
    ...(leafOf ? { leafOf } : {}),
  };
}

export function resetParticleState(state: ParticleState): void {
  state.x.set(state.rest);
  state.xPrev.set(state.rest);
  state.v.fill(0);
}
