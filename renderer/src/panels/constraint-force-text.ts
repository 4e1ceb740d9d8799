/**
 * The metrics readout's constraint forces: the largest link or spring force (N) and membrane or
 * tet stress (shown in kPa or MPa, as the moduli are) over a body's groups (core/sim/world.ts
 * GroupMetrics).
 */
import type { GroupMetrics } from '../../../core/sim/world.ts';
import { defaultModulusUnit, MODULUS_UNITS } from './modulus-unit.ts';

/** The largest constraint force (N) and stress (kPa or MPa) over a body's groups, or '—'. */
export function constraintForceText(
  groups: readonly Pick<GroupMetrics, 'maxConstraintForceN' | 'maxConstraintStressPa'>[],
): string {
  const largest = (key: 'maxConstraintForceN' | 'maxConstraintStressPa') =>
    groups.reduce<number | undefined>(
      (max, g) => (g[key] === undefined ? max : Math.max(max ?? 0, g[key])),
      undefined,
    );
  const forceN = largest('maxConstraintForceN');
  const stressPa = largest('maxConstraintStressPa');
  const parts: string[] = [];
  if (forceN !== undefined) parts.push(`${forceN.toPrecision(3)} N`);
  if (stressPa !== undefined) {
    const unit = defaultModulusUnit(stressPa);
    parts.push(`${(stressPa / MODULUS_UNITS[unit]).toPrecision(3)} ${unit}`);
  }
  return parts.length > 0 ? parts.join(' · ') : '—';
}
