/**
 * Compliance is not portable as a number: a compliance α belongs to a constraint function C, and
 * runtimes scale their C differently. Energy ½·C²/α is what must agree, so with C_runtime = s·C_ours
 * the runtime needs α_runtime = s²·α_ours. This table lists, per runtime, each constraint's
 * function on both sides and the factor applied on export; exporters read it, and the Jolt export
 * carries it in its metadata so a reader can check the conversion.
 */
export interface ConstraintConvention {
  /** Our constraint kind. */
  constraint: 'edge' | 'volume' | 'dihedral-bend' | 'soft-pin' | 'neo-hookean' | 'damping';
  /** Our constraint function and compliance unit. */
  ours: string;
  /** What the runtime solves instead, or 'unsupported'. */
  runtime: string;
  /** α_runtime = complianceScale · α_ours (null where the runtime has no such constraint). */
  complianceScale: number | null;
  note: string;
}

export type RuntimeName = 'native' | 'jolt';

export const RUNTIME_CONVENTIONS: Readonly<Record<RuntimeName, readonly ConstraintConvention[]>> = {
  native: [
    {
      constraint: 'edge',
      ours: 'C = |x1 − x0| − L0 (m), α in m/N',
      runtime: 'same',
      complianceScale: 1,
      note: 'Softbody Studio preset and engine.',
    },
    {
      constraint: 'volume',
      ours: 'C = V − V0 (m³), α in m³/Pa',
      runtime: 'same',
      complianceScale: 1,
      note: '',
    },
    {
      constraint: 'dihedral-bend',
      ours: 'C = θ − θ0 (rad), α in 1/(N·m)',
      runtime: 'same',
      complianceScale: 1,
      note: '',
    },
    {
      constraint: 'soft-pin',
      ours: 'C = |x − x_rest| (m), α in m/N',
      runtime: 'same',
      complianceScale: 1,
      note: '',
    },
    {
      constraint: 'neo-hookean',
      ours: 'C_D = ‖F‖, C_H = det F − γ, α in 1/J',
      runtime: 'same',
      complianceScale: 1,
      note: '',
    },
    {
      constraint: 'damping',
      ours: 'per-constraint damping ratio ζ along ∇C',
      runtime: 'same',
      complianceScale: null,
      note: '',
    },
  ],
  jolt: [
    {
      constraint: 'edge',
      ours: 'C = |x1 − x0| − L0 (m), α in m/N',
      runtime: 'SoftBodySharedSettings::Edge: C = |x1 − x0| − mRestLength',
      complianceScale: 1,
      note: 'mCompliance = α.',
    },
    {
      constraint: 'volume',
      ours: 'C = V − V0 (m³), α = V0/K_vol in m³/Pa',
      runtime: 'SoftBodySharedSettings::Volume: C = |(x2−x1)×(x3−x1)·(x4−x1)| − mSixRestVolume = 6V − 6V0',
      complianceScale: 36,
      note: 'Jolt constrains six times the volume, so mCompliance = 6²·α.',
    },
    {
      constraint: 'dihedral-bend',
      ours: 'C = θ − θ0 (rad), α in 1/(N·m)',
      runtime: 'SoftBodySharedSettings::DihedralBend: C = θ − mInitialAngle (rad)',
      complianceScale: 1,
      note: 'Same vertex order: the shared edge (x0, x1), then the two wings.',
    },
    {
      constraint: 'soft-pin',
      ours: 'C = |x − x_rest| (m), α in m/N',
      runtime: 'Edge of rest length 0 to an extra kinematic vertex (inverse mass 0) at x_rest',
      complianceScale: 1,
      note: 'Exact equivalent; the anchor vertices follow the body vertices.',
    },
    {
      constraint: 'neo-hookean',
      ours: 'C_D = ‖F‖, C_H = det F − γ per tet',
      runtime: 'unsupported',
      complianceScale: null,
      note: 'Exported as edge springs + tet volume constraints from the same (E, ν) (edges-volume mapping).',
    },
    {
      constraint: 'damping',
      ours: 'per-constraint damping ratio ζ along ∇C',
      runtime: 'unsupported; SoftBodyCreationSettings::mLinearDamping (1/s) damps every vertex velocity',
      complianceScale: null,
      note: 'mLinearDamping = linearDampingPerS + the modal damping 2ζ·ω₁ of pinned bodies (core/setup/fundamental-mode.ts); damping along ∇C is dropped.',
    },
  ],
};

/** The factor for `constraint` in `runtime`; throws for a constraint the runtime lacks (a bug). */
export function complianceScale(
  runtime: RuntimeName,
  constraint: ConstraintConvention['constraint'],
): number {
  const row = RUNTIME_CONVENTIONS[runtime].find((c) => c.constraint === constraint);
  if (!row || row.complianceScale === null)
    throw new Error(`no compliance conversion for ${constraint} in ${runtime}`);
  return row.complianceScale;
}
