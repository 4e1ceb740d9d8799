/**
 * What every constraint block shares: the particles each constraint touches (`arity` per
 * constraint), the colour batches and the Lagrange multipliers.
 * A block kind adds its rest data and compliances as further typed arrays in block order.
 */
export interface BlockBase {
  readonly count: number;
  readonly arity: number;
  /** Particle indices (world-global), `arity` per constraint, in block (colour) order. */
  readonly particles: Uint32Array;
  /** Colour c occupies [colourStarts[c], colourStarts[c + 1]); no two constraints of a colour share a particle. */
  readonly colourStarts: Uint32Array;
  /**
   * A big body's block sweeps node by node of its nested dissection (dissection.ts): node n's
   * colours are [nodeColourStarts[n], nodeColourStarts[n + 1]). Absent or null: plain colour order.
   */
  readonly nodeColourStarts?: Uint32Array | null;
  /**
   * Scale on every Δλ: 1 for XPBD; for a body in classic PBD mode the per-iteration stiffness
   * k' = 1 − (1 − k)^(1/iterations) of Müller et al. 2007, §3.3 (its compliances are then 0).
   */
  stiffnessScale: number;
  /** False when no constraint of the block has damping (the damping pass is skipped). */
  damped: boolean;
  /**
   * Gauss-Seidel sweeps of the block per substep (absent: 1); the multipliers accumulate over
   * them (XPBD iterations), so more sweeps converge the substep's implicit step further.
   */
  passes?: number;
}

/**
 * A block as its create function returns it: with `order`, `order[k]` the input index of block
 * constraint k (colouring reorders the input). The world maps what it has per input constraint
 * (breaking thresholds) through it when it is built and keeps the block without it
 * (build-world.ts): nothing at run time maps back to input order, so a running world holds none,
 * and `constraintInputOrder` there makes it again on demand.
 */
export type Created<B extends BlockBase> = B & { readonly order: Uint32Array };

/** Below this the direction of a vector is treated as undefined and the constraint skipped, m. */
export const MIN_LENGTH_M = 1e-12;

/**
 * Compliance of a torn constraint, in the kind's unit. Tearing removes a constraint by making it
 * (practically) infinitely soft rather than by taking it out of its block: the block's colouring,
 * the WebAssembly kernels (which read the same arrays) and the hot loop stay as they are, and a
 * reset puts the saved compliance back (core/sim/tearing.ts). α̃ = α/h² stays finite for any substep above 1e-50 s, so
 * Δλ = (−C − α̃λ)/(W + α̃) ≈ −C/α̃ moves nothing (10⁻²⁰⁰ of what it would): no force, no energy
 * (½C²/α), no damping (its coefficients are zeroed too).
 */
export const TORN_COMPLIANCE = 1e200;

/** A denominator Σw|∇C|² + α̃ at or below this means nothing can move: skip (never divide). */
export const MIN_DENOMINATOR = 1e-30;

/**
 * Constraint damping along ∇C: the dissipation force −β·Ċ·∇C (XPBD paper, Macklin, Müller &
 * Chentanez 2016, §3.5), with β in (force unit)·s per (C unit). One constraint seen as a 1-DOF
 * oscillator of effective mass m_eff = 1/W, W = Σ w|∇C|², and stiffness 1/α is critically damped
 * by β = 2√(m_eff/α); a damping ratio ζ gives β = 2ζ/√(α·W) (W at rest). α = 0 (rigid) gets none.
 *
 * This is the local half of the body's damping: it damps element-scale vibration at ζ but the
 * body's fundamental mode only at ζ·ω₁/ω_c (ω_c = √(W/α) ≫ ω₁), and one Gauss-Seidel pass per
 * substep cannot do more (raising β saturates). The fundamental gets its ζ from the modal damping
 * 2ζ·ω₁ of the velocity relative to the body's rigid motion (core/setup/fundamental-mode.ts,
 * core/sim/modal-damping.ts).
 *
 * It is applied implicitly at velocity level after each substep (as Müller et al. 2020,
 * "Detailed Rigid Body Simulation with Extended Position Based Dynamics", §3.6, damp joints):
 * Ċ' = Ċ/(1 + h·β·W), i.e. Δv_k = −w_k·∇_k C·Ċ·hβ/(1 + hβW). Unconditionally stable, and zero at
 * rest. The position-level form of eq. 26 in the XPBD paper was not used: with one iteration per
 * substep it reads the gravity prediction as constraint motion and biases the static solution
 * (a hanging 12-link chain at ζ = 1 came out 25% too long).
 */
export function criticalDampingCoefficient(
  complianceAlpha: number,
  dampingRatio: number,
  weightedGradSq: number,
): number {
  if (!(complianceAlpha > 0) || !(dampingRatio > 0) || !(weightedGradSq > 0)) return 0;
  return (2 * dampingRatio) / Math.sqrt(complianceAlpha * weightedGradSq);
}

/** True when any coefficient is positive (the damping pass can be skipped otherwise). */
export function anyPositive(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) if (values[i] > 0) return true;
  return false;
}

/**
 * Some constraints of a block, by index in block order: an `add*Forces` given one adds only
 * theirs (the metrics' pin forces read only the particles of rigid pins, body-metrics.ts).
 */
export type ConstraintSubset = Uint32Array;

/** How many constraints a sweep over `only` visits, or over the whole block when it is absent. */
export function subsetCount(block: BlockBase, only?: ConstraintSubset): number {
  return only ? only.length : block.count;
}
