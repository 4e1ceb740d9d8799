import type { PresetBody } from './schema.ts';

/**
 * "What the solver gets", per group: the range of each compliance its constraints received, with
 * units, for the editor to show next to the physical inputs and for the CLI.
 */
export interface ComplianceRange {
  group: string;
  constraint: 'edge' | 'tet volume' | 'neo-Hookean deviatoric' | 'neo-Hookean hydrostatic' | 'dihedral bend';
  unit: string;
  count: number;
  min: number;
  max: number;
}

export function complianceRanges(body: PresetBody): ComplianceRange[] {
  const d = body.derived;
  const rows: ComplianceRange[] = [];
  const add = (
    constraint: ComplianceRange['constraint'],
    unit: string,
    values: ArrayLike<number>,
    groups: ArrayLike<number>,
  ) => {
    body.groups.forEach((group, g) => {
      let count = 0;
      let min = Number.POSITIVE_INFINITY;
      let max = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < values.length; i++) {
        if (groups[i] !== g) continue;
        count++;
        min = Math.min(min, values[i]);
        max = Math.max(max, values[i]);
      }
      if (count > 0) rows.push({ group: group.name, constraint, unit, count, min, max });
    });
  };
  add('edge', 'm/N', d.edges.complianceMPerN, d.edges.group);
  add('tet volume', 'm³/Pa', d.volumes.complianceM3PerPa, d.volumes.group);
  add('neo-Hookean deviatoric', '1/J', d.neoHookean.deviatoricCompliancePerJ, d.neoHookean.group);
  add('neo-Hookean hydrostatic', '1/J', d.neoHookean.hydrostaticCompliancePerJ, d.neoHookean.group);
  add('dihedral bend', '1/(N·m)', d.bends.compliancePerNM, d.bends.group);
  return rows;
}

/** Total mass of a body, kg. */
export function bodyMassKg(body: PresetBody): number {
  let sum = 0;
  for (const m of body.derived.vertexMassKg) sum += m;
  return sum;
}
