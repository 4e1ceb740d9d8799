import type { SoftBodySetup } from '../../setup/setup.ts';
import { enclosedVolume } from '../../sim/constraints/pressure.ts';
import { runToRest } from '../../sim/run-to-rest.ts';
import type { World } from '../../sim/world.ts';

/**
 * Jolt's enclosed gas for the preview's (core/sim/constraints/pressure.ts). Jolt pushes every face
 * out with P = nRT/V (SoftBodyCreationSettings::mPressure = nRT, in J) and nothing pushes back from
 * outside; the preview's gas has the gauge pressure p(V) = (s·V0 − V)/α = K·(s·V0 − V)/(s·V0). One
 * number cannot match both curves, so the export matches where it matters most, the balloon at
 * rest: the preview is run to rest in its own scene (pins, gravity, colliders), its enclosed volume
 * V_rest and gauge pressure p_rest = p(V_rest) read off, and nRT = p_rest·V_rest, so that Jolt's gas
 * holds the same volume against the same membrane tension. Squeezed away from rest, Jolt's gas is
 * softer by K·V_rest/(s·V0·p_rest) (an ideal gas at p_rest, not at an atmosphere plus p_rest): the
 * feature table says so.
 */

/** The longest the preview runs to find its rest state, s of simulated time. */
const REST_RUN_S = 20;
/** Settled when the kinetic energy stays under this, J per kg of free mass. */
const SETTLE_TOL_J_PER_KG = 1e-7;
/** Mass-proportional damping while settling, 1/s (changes the path, not the rest state). */
const SETTLE_DAMPING_PER_S = 2;

export interface JoltGas {
  /** nRT, J: SoftBodyCreationSettings::mPressure. */
  pressure: number;
  /** The preview's enclosed volume at rest, m³. */
  restVolumeM3: number;
  /** The preview's gauge pressure at rest, Pa. */
  restGaugePa: number;
}

/** Per body of `setup` (same order) its Jolt gas, or null for a body with no pressure set. */
export function joltGases(setup: SoftBodySetup): (JoltGas | null)[] {
  const sets = setup.bodies.map((body) => body.constraints.find((set) => set.kind === 'pressure') ?? null);
  if (sets.every((set) => set === null)) return sets.map(() => null);
  let world: World | undefined;
  runToRest(setup, {
    seconds: REST_RUN_S,
    settle: true,
    settleTolJPerKg: SETTLE_TOL_J_PER_KG,
    settleDampingPerS: SETTLE_DAMPING_PER_S,
    onFrame: (_frame, _frames, _step, stepped) => {
      world = stepped;
    },
  });
  return sets.map((set, b) => {
    if (set === null || set.kind !== 'pressure' || world === undefined) return null;
    const view = world.bodies[b];
    const x = Float64Array.from(
      world.positions.subarray(3 * view.particleOffset, 3 * (view.particleOffset + view.particleCount)),
    );
    const restVolumeM3 = enclosedVolume(x, set.particles, set.triangles);
    const restGaugePa = Math.max(0, (set.targetVolumeM3 - restVolumeM3) / set.complianceM3PerPa);
    return { pressure: restGaugePa * restVolumeM3, restVolumeM3, restGaugePa };
  });
}
