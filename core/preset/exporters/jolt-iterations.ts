import { frameBudgetOf } from '../../budget/frame-budget.ts';
import type { BiasFamily } from '../../material/compliance/substep-bias.ts';
import type { Preset } from '../preset.ts';
import { compileForJolt } from './jolt.ts';

/**
 * How many Jolt iterations (mNumIterations, the substeps of one Jolt step) a preset's bodies need
 * to reach their materials in Jolt, and what that costs against the preset's own substep budget.
 *
 * Jolt solves each soft-body constraint once per iteration, so its networks carry the one-sweep
 * bias of XPBD (core/material/compliance/substep-bias.ts): E_eff/E = s/(1 + β·r²·s^(1+q)) with
 * compliances scaled by s, r ∝ h = dt/iterations. Budget compensation picks s per family; beyond
 * β·r² of its limit no s reaches the material. At 10 substeps of a 60 Hz frame Jolt's hinges of a
 * cotton cantilever reach 0.377 of the plate stiffness (measured, test/runtime/jolt-calibration);
 * more iterations lower r as 1/iterations, and the model gives the fewest at which compensation
 * reaches the material of every family that sets the deflection. The model is the calibration's
 * own (compensate.ts records β and r per family of the Jolt-compiled bodies); that the export at
 * the chosen count bends within 5% in jolt-physics is what test/runtime/jolt-iterations measures.
 */

/**
 * The families whose reach sets how far a body deflects under its weight, which the iterations
 * are chosen for: every family but cloth stretch. A cloth's membrane is orders of magnitude
 * stiffer than its bending (E·t against D/l²): its edges lie beyond any game's budget (a cotton
 * cantilever's at r = 50 for 10 substeps, 710 substeps to reach; the export's budget notes say
 * so), while how far a cantilever bends is its bending's.
 */
export const DEFLECTION_FAMILIES: readonly BiasFamily[] = [
  'solid-neo-hookean',
  'solid-edges-volume',
  'cloth-bending',
  'cloth-hinges',
];

/**
 * The fewest Jolt iterations, at least the preset's substeps, at which budget compensation
 * reaches every family of `families` (default DEFLECTION_FAMILIES) of every body of the preset's
 * Jolt export exactly (β·r² within its limit: each family's substepsToReach). Not fewer where the
 * model would predict 95%: beyond its limit a family is stiffened to the peak of s/(1 + B·s²),
 * where the prediction is off by 10% in Jolt (a cotton cantilever at 10 substeps of budget: 21
 * iterations predicted over 0.95 of the plate, measured 1.10; at this count, 24, measured 0.994).
 */
export function joltIterationsToReach(
  preset: Preset,
  families: readonly BiasFamily[] = DEFLECTION_FAMILIES,
): number {
  const substeps = preset.setup.solver.substeps;
  // Calibration scales compliances only: β and r, and so the records, are the same without it.
  const records = compileForJolt(preset, substeps, false)
    .bodies.flatMap((body) => body.compensation)
    .filter((record) => families.includes(record.family));
  return Math.max(substeps, ...records.map((r) => r.substepsToReach));
}

/**
 * The export report's sentence on the iterations asked for, against the preset's substep budget:
 * Jolt's soft-body step costs about its constraint solves, once per iteration (collision
 * detection runs once per step, so the ratio is an upper bound).
 */
export function describeJoltIterations(preset: Preset, iterations: number): string {
  const substeps = preset.setup.solver.substeps;
  const { frameMsPerBody } = frameBudgetOf(preset.scene);
  const ratio = iterations / substeps;
  const cost =
    iterations === substeps
      ? 'the budget itself'
      : `×${ratio.toFixed(1)} the constraint solves per frame, up to ×${ratio.toFixed(1)} the soft-body time of a body at the budget (the scene allows ${frameMsPerBody} ms per body per 60 Hz frame)`;
  return `Jolt iterations: ${iterations} per step against the preset's budget of ${substeps} substeps: ${cost}`;
}
