import type { BodySpec } from '../scene/scene.ts';
import type { BodyGeometry } from './body-geometry.ts';
import { type BodySlots, elementSlots } from './body-groups.ts';
import type { ConstraintSet } from './setup.ts';

/**
 * Breaking thresholds of a body's elastic sets from its groups' breaking stress σ_b (Pa, scene
 * GroupSpec `breakingStressPa`), each in the unit the engine measures the kind in
 * (core/sim/constraints/constraint-force.ts), per element by its slot (body-groups.ts):
 *
 *   distance     F_b = σ_b·L0·k/E, N, with k = 1/α the link's material stiffness (before budget
 *                compensation), L0 its rest length: the force that strains the link by σ_b/E. For
 *                a rope link k = E·πr²/L0, so F_b = σ_b·πr² exactly; for a cloth edge spring
 *                k = E·t·w/L0 (w its share of the cloth's width), F_b = σ_b·t·w.
 *   membrane     n_b = σ_b·t, N/m (t the slot material's thickness).
 *   neo-hookean  σ_b, Pa (largest principal Cauchy stress).
 *
 * Elements in no group with a breaking stress get 0 (never break); a body with none gets no
 * thresholds at all, so its sets are as before. Called on the material's own sets, before budget
 * compensation scales their compliances.
 */
export function assignBreaking(
  sets: ConstraintSet[],
  body: BodySpec,
  geometry: BodyGeometry,
  slots: BodySlots,
): void {
  const stressPa = [0, ...(body.groups ?? []).map((g) => g.breakingStressPa ?? 0)];
  if (!stressPa.some((s) => s > 0)) return;
  const positions = geometry.positions;
  for (const set of sets) {
    if (set.kind === 'distance') {
      const slot = elementSlots(slots, set.particles, 2);
      set.breakingForceN = Float64Array.from(slot, (s, c) => {
        const a = 3 * set.particles[2 * c];
        const b = 3 * set.particles[2 * c + 1];
        const restM = Math.hypot(
          positions[a] - positions[b],
          positions[a + 1] - positions[b + 1],
          positions[a + 2] - positions[b + 2],
        );
        const alpha = set.complianceMPerN[c];
        const E = slots.materials[s].youngModulusPa;
        return stressPa[s] > 0 && alpha > 0 && E > 0 ? (stressPa[s] * restM) / (E * alpha) : 0;
      });
    } else if (set.kind === 'membrane') {
      const slot = elementSlots(slots, set.triangles, 3);
      set.breakingTensionNPerM = Float64Array.from(
        slot,
        (s) => stressPa[s] * (slots.materials[s].thicknessM ?? 0),
      );
    } else if (set.kind === 'neo-hookean') {
      const slot = elementSlots(slots, set.tets, 4);
      set.breakingStressPa = Float64Array.from(slot, (s) => stressPa[s]);
    }
  }
}

/** The breaking thresholds a set carries, in the kind's force unit (input order), or undefined. */
export function breakingThresholds(set: ConstraintSet): Float64Array | undefined {
  switch (set.kind) {
    case 'distance':
      return set.breakingForceN;
    case 'membrane':
      return set.breakingTensionNPerM;
    case 'neo-hookean':
      return set.breakingStressPa;
    default:
      return undefined;
  }
}
