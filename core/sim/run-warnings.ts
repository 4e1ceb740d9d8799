import { edgeRestLengthsM, meanEdgeLengthM } from '../setup/body-geometry.ts';
import type { BodySetup, SoftBodySetup } from '../setup/setup.ts';

/**
 * Runs that are finite but physically absurd: inside every bound of the scene schema, a soft body
 * under 1000 m/s², or a 1 s frame that no substep count resolves, collapses flat without a NaN.
 * Estimated from the setup before the run, so a user hears it before waiting for the result.
 *
 * The estimate is the mean strain of a column of height H carrying its own weight, hanging or
 * standing: ε = ρ·g·H/(2E) = g·H/(2c²) with c = √(E/ρ) (the body's fastest wave, so the stiffest
 * of its materials: the estimate errs low). Where the substep does not resolve an elastic wave
 * across an element, r = h·c/l > 1, one Gauss-Seidel pass per substep leaves the body softer than
 * its material by roughly r² (DESIGN.md, "The solver"; at r ≤ 1 budget compensation and the
 * neo-Hookean stiffness limit keep the loss small), so the strain the run will show is ε·max(1, r²).
 */

/**
 * The strain past which a run is called crushed: at 25% the small-strain modulus E no longer
 * describes the body (neo-Hookean and linear stress differ by about the strain itself), and a
 * quarter of the body's height gone is what an artist sees as a collapse, not a sag. The example
 * hanging bar (E = 100 kPa, 1 m, ρ = 1000 kg/m³) is at ε = 0.049 and its top element at 0.1.
 */
export const CRUSH_STRAIN = 0.25;
/** r above which a substep resolves no elastic wave across an element (one element per substep). */
export const UNRESOLVED_WAVE = 1;
/** r at which the physics claims hold (run-to-rest.ts WELL_RESOLVED); advice aims there. */
const WELL_RESOLVED = 0.25;
/** The most substeps per frame a scene may ask for (scene schema). */
const MAX_SUBSTEPS = 1000;

/** One sentence per body whose run will be crushed by its own weight (empty when none is). */
export function crushWarnings(setup: SoftBodySetup): string[] {
  const g = Math.hypot(...setup.gravity);
  if (!(g > 0)) return [];
  const down = setup.gravity.map((c) => c / g);
  const h = setup.solver.dt / setup.solver.substeps;
  const warnings: string[] = [];
  for (const body of setup.bodies) {
    // A body that nothing holds falls freely and carries no weight.
    if (body.pins.length === 0 && setup.colliders.length === 0) continue;
    const c = body.waveSpeedMPerS;
    const heightM = extentAlong(body, down);
    if (!(c > 0) || !(heightM > 0)) continue;
    const strain = (g * heightM) / (2 * c * c);
    const l = meanEdgeLengthM(edgeRestLengthsM(body.geometry.positions, body.geometry.edges));
    const r = l > 0 ? (h * c) / l : 0;
    const softening = Math.max(1, r * r);
    const expected = strain * softening;
    if (!(expected > CRUSH_STRAIN)) continue;
    const cause =
      r > UNRESOLVED_WAVE
        ? `ρgH/(2E) = ${show(strain)}, softened about ×${show(softening)} because the substep resolves no ` +
          `elastic wave across an element (r = h·c/l = ${show(r)} > ${UNRESOLVED_WAVE})`
        : `ρgH/(2E) = ${show(strain)} at g = ${show(g)} m/s² over H = ${show(heightM)} m`;
    const substeps = Math.ceil((setup.solver.substeps * r) / WELL_RESOLVED);
    const advice =
      r <= UNRESOLVED_WAVE
        ? 'a stiffer material or a smaller gravity keeps it in the small strains its numbers describe'
        : substeps <= MAX_SUBSTEPS
          ? `a smaller dt or ${substeps} substeps (r ≤ ${WELL_RESOLVED}) would resolve it`
          : `a dt of at most ${show((setup.solver.dt * WELL_RESOLVED) / r)} s at these substeps (r ≤ ${WELL_RESOLVED}) would resolve it`;
    warnings.push(
      `${body.name}: its own weight will strain it by about ${show(expected)} (${cause}), ` +
        `more than ${CRUSH_STRAIN}: it will be crushed, not sag; ${advice}`,
    );
  }
  return warnings;
}

/** Extent of the body's rest positions along the unit vector `d`, m. */
function extentAlong(body: BodySetup, d: readonly number[]): number {
  const x = body.geometry.positions;
  let min = Infinity;
  let max = -Infinity;
  for (let p = 0; p < x.length; p += 3) {
    const s = x[p] * d[0] + x[p + 1] * d[1] + x[p + 2] * d[2];
    min = Math.min(min, s);
    max = Math.max(max, s);
  }
  return max - min;
}

function show(v: number): string {
  return String(Number(v.toPrecision(2)));
}
