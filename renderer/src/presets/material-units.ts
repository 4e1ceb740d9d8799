/**
 * How the library shows a material's numbers: E in Pa, kPa, MPa or GPa (whichever keeps 1 to 3
 * digits before the point), ν plain, ρ in kg/m³, cloth thickness in mm. Display only: values stay
 * SI everywhere else.
 */
import type { MaterialSpec } from '../../../core/scene/scene.ts';

const MODULUS_STEPS: readonly [number, string][] = [
  [1e9, 'GPa'],
  [1e6, 'MPa'],
  [1e3, 'kPa'],
];

/** Young's modulus with a unit, three significant digits: 100000 → '100 kPa', 2.5e9 → '2.5 GPa'. */
export function formatModulus(youngModulusPa: number): string {
  for (const [size, unit] of MODULUS_STEPS) {
    if (Math.abs(youngModulusPa) >= size) return `${significant(youngModulusPa / size)} ${unit}`;
  }
  return `${significant(youngModulusPa)} Pa`;
}

/** One line: 'E 100 kPa · ν 0.4 · ρ 1000 kg/m³' (and '· t 0.5 mm' when it has a thickness). */
export function materialSummary(material: MaterialSpec): string {
  const parts = [
    `E ${formatModulus(material.youngModulusPa)}`,
    `ν ${significant(material.poissonRatio)}`,
    `ρ ${significant(material.densityKgM3)} kg/m³`,
  ];
  if (material.thicknessM !== undefined) parts.push(`t ${significant(material.thicknessM * 1000)} mm`);
  return parts.join(' · ');
}

function significant(value: number): string {
  return String(Number(value.toPrecision(3)));
}
