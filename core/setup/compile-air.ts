import type { AirSpec, BodySpec } from '../scene/scene.ts';
import { elementSlots } from './body-groups.ts';
import type { AerodynamicsSetup, AirSetup, BodySetup } from './setup.ts';

/** C_d of a flat plate across the flow (Hoerner 1965, "Fluid-Dynamic Drag", ch. 3: 1.17 square). */
export const DEFAULT_DRAG_COEFFICIENT = 1.2;
/** C_l: the lift of the same plate's normal force beyond stall, C_l = C_d (core/sim/aerodynamics.ts). */
export const DEFAULT_LIFT_COEFFICIENT = 1.2;
/** Air at sea level and 20 °C, kg/m³. */
export const DEFAULT_AIR_DENSITY_KG_M3 = 1.2;

/**
 * A body's drag and lift per surface triangle, or undefined where it does not feel the air: a
 * scene with `air` gives every body with surface triangles the defaults, a body's or group's
 * `aerodynamics` overrides them (the last group holding all three vertices of a triangle wins);
 * without `air` only bodies that give `aerodynamics` feel it. Coefficients all 0: no air.
 */
export function compileAerodynamics(
  air: AirSpec | undefined,
  spec: BodySpec,
  body: BodySetup,
): AerodynamicsSetup | undefined {
  const groups = spec.groups ?? [];
  if (!air && !spec.aerodynamics && !groups.some((g) => g.aerodynamics)) return undefined;
  const triangles = body.geometry.surfaceTriangles;
  const count = triangles.length / 3;
  if (count === 0) return undefined;
  const bodyDrag = spec.aerodynamics?.dragCoefficient ?? DEFAULT_DRAG_COEFFICIENT;
  const bodyLift = spec.aerodynamics?.liftCoefficient ?? DEFAULT_LIFT_COEFFICIENT;
  // Groups without aerodynamics take the body's (slot 0).
  const drag = [bodyDrag, ...groups.map((g) => g.aerodynamics?.dragCoefficient ?? bodyDrag)];
  const lift = [bodyLift, ...groups.map((g) => g.aerodynamics?.liftCoefficient ?? bodyLift)];
  const slots = elementSlots(body.slots, triangles, 3);
  const dragCoefficient = Float64Array.from(slots, (slot) => drag[slot]);
  const liftCoefficient = Float64Array.from(slots, (slot) => lift[slot]);
  if (dragCoefficient.every((c) => c === 0) && liftCoefficient.every((c) => c === 0)) return undefined;
  return {
    dragCoefficient,
    liftCoefficient,
    windwardOnly: body.geometry.kind === 'solid' || body.constraints.some((set) => set.kind === 'pressure'),
  };
}

/** The scene's air, when a body feels it (defaults: still air of 1.2 kg/m³, no gusts). */
export function compileAir(air: AirSpec | undefined, bodies: BodySetup[]): AirSetup | undefined {
  if (!bodies.some((b) => b.aerodynamics)) return undefined;
  return {
    windMPerS: air?.windMPerS ? [...air.windMPerS] : [0, 0, 0],
    densityKgM3: air?.densityKgM3 ?? DEFAULT_AIR_DENSITY_KG_M3,
    ...(air?.gust
      ? {
          gust: {
            amplitudeMPerS: air.gust.amplitudeMPerS,
            periodS: air.gust.periodS,
            seed: air.gust.seed ?? 0,
          },
        }
      : {}),
  };
}
