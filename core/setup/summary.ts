import { UPPER_3X3 } from '../material/compliance/plate-bend.ts';
import type { BodySetup, ConstraintSet } from './setup.ts';

/** Entries of a plate-bend triangle's compliance matrix on its diagonal (one hinge each). */
const DIAGONAL: readonly number[] = [UPPER_3X3[0][0], UPPER_3X3[1][1], UPPER_3X3[2][2]];

/**
 * "What the solver gets" of a body's setup: the range of each compliance its constraints received,
 * with units, for the editor to show next to the physical inputs and for the CLI.
 */
export interface ComplianceRange {
  constraint:
    | 'edge'
    | 'tet volume'
    | 'nodal volume'
    | 'neo-Hookean deviatoric'
    | 'neo-Hookean hydrostatic'
    | 'membrane'
    | 'dihedral bend'
    | 'plate bend'
    | 'rope bend'
    | 'soft pin';
  unit: string;
  count: number;
  min: number;
  max: number;
}

const COMPLIANCES: {
  [K in ConstraintSet['kind']]?: [
    ComplianceRange['constraint'],
    string,
    (set: Extract<ConstraintSet, { kind: K }>) => ArrayLike<number>,
  ][];
} = {
  distance: [['edge', 'm/N', (s) => s.complianceMPerN]],
  'tet-volume': [['tet volume', 'm³/Pa', (s) => s.complianceM3PerPa]],
  'nodal-volume': [['nodal volume', 'm³/Pa', (s) => s.complianceM3PerPa]],
  'neo-hookean': [
    ['neo-Hookean deviatoric', '1/J', (s) => s.deviatoricCompliancePerJ],
    ['neo-Hookean hydrostatic', '1/J', (s) => s.hydrostaticCompliancePerJ],
  ],
  // α₁₁ = 1/(E·t·A); the shear and coupling entries are the same times (1+ν)/2 and −ν.
  membrane: [['membrane', '1/J', (s) => s.normalCompliancePerJ]],
  'dihedral-bend': [['dihedral bend', '1/(N·m)', (s) => s.compliancePerNM]],
  // The diagonal of each triangle's matrix: one hinge's compliance within its triangle.
  'plate-bend': [
    ['plate bend', '1/(N·m)', (s) => s.compliancePerNM.filter((a, k) => DIAGONAL.includes(k % 6) && a > 0)],
  ],
  'rope-bend': [['rope bend', 'm/N', (s) => s.complianceMPerN]],
  attachment: [['soft pin', 'm/N', (s) => s.complianceMPerN]],
};

export function complianceRanges(body: BodySetup): ComplianceRange[] {
  const rows = new Map<string, ComplianceRange>();
  for (const set of body.constraints) {
    const columns = (COMPLIANCES[set.kind] ?? []) as [
      ComplianceRange['constraint'],
      string,
      (s: ConstraintSet) => ArrayLike<number>,
    ][];
    for (const [constraint, unit, values] of columns) {
      const row = rows.get(constraint) ?? { constraint, unit, count: 0, min: Infinity, max: -Infinity };
      for (const value of Array.from(values(set))) {
        row.count++;
        row.min = Math.min(row.min, value);
        row.max = Math.max(row.max, value);
      }
      rows.set(constraint, row);
    }
  }
  return [...rows.values()].filter((row) => row.count > 0);
}

/** Total mass of a body, kg. */
export function bodyMassKg(body: BodySetup): number {
  let sum = 0;
  for (const m of body.geometry.mass) sum += m;
  return sum;
}

/** "spot (solid, 2,113 particles, 9,771 tets, 27 kg)": a body in one phrase. */
export function describeBody(body: BodySetup): string {
  const g = body.geometry;
  const elements =
    g.kind === 'solid'
      ? `${g.tets.length / 4} tets`
      : g.kind === 'cloth'
        ? `${g.triangles.length / 3} triangles`
        : `${g.edges.length / 2} links`;
  return `${body.name} (${g.kind}, ${g.mass.length} vertices, ${elements}, ${+bodyMassKg(body).toPrecision(4)} kg)`;
}

/**
 * Budget compensation of a body in sentences, one per family and slot that was stiffened or is
 * out of reach: "cloth bending: stiffened ×1.86 for 20 substeps; reaches 94% of the material, 24
 * substeps would reach it (×1.2 the cost)"; plate bending swept more than once per substep says
 * so. Families left as they are (scale 1, one sweep, reached) say nothing.
 */
export function compensationNotes(body: BodySetup, substeps: number): string[] {
  return body.compensation.flatMap((c) => {
    const what = `${c.family.replace('-', ' ')}${c.slot > 0 ? ` (${body.groupNames[c.slot - 1]})` : ''}`;
    if (c.reachable && c.stiffnessScale === 1 && (c.passes ?? 1) === 1) return [];
    const scaled =
      (c.passes ?? 1) > 1
        ? `swept ${c.passes} times per substep at ${substeps} substeps (r = ${c.resolution.toPrecision(2)})`
        : `${c.stiffnessScale < 1 ? 'softened' : 'stiffened'} ×${c.stiffnessScale.toFixed(2)} for ${substeps} substeps (r = ${c.resolution.toPrecision(2)})`;
    if (c.reachable) return [`${what}: ${scaled}, as stiff as its material`];
    const cost = (c.substepsToReach / substeps).toFixed(1);
    return [
      `${what}: ${scaled}; reaches ${Math.round(100 * c.predictedRatio)}% of the material, ` +
        `${c.substepsToReach} substeps would reach it (×${cost} the cost)`,
    ];
  });
}
