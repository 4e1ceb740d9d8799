import { describe, expect, it } from 'vitest';
import { exportTarget } from '../../core/export/targets.ts';
import { findBuiltInMaterial } from '../../core/material/library.ts';
import type { Material } from '../../core/material/schema.ts';
import { joltIterationsToReach } from '../../core/preset/index.ts';
import { calibrationCase, calibrationPreset, joltExportOf, settleJolt } from './jolt-calibration.ts';

/**
 * Jolt at a game's substep budget (core/preset/exporters/jolt-iterations.ts): a cotton
 * cantilever preset at 10 substeps of a 60 Hz frame reaches 0.377 of the plate stiffness in Jolt
 * (test/runtime/jolt-calibration.test.ts), because Jolt solves each constraint once per
 * iteration. The export asks Jolt for the fewest iterations at which the calibration's bias
 * model says compensation reaches the plate; loaded by runtime/jolt/loader.mjs into jolt-physics at that
 * count, the cantilever bends within 5% of the analytic plate deflection.
 */

function material(name: string): Material {
  const m = findBuiltInMaterial(name);
  if (!m) throw new Error(`no library material '${name}'`);
  return m;
}

/** The cotton cantilever (standard scene 1) at the game's budget of 10 substeps. */
const BUDGET_SUBSTEPS = 10;
const CANTILEVER = 1;

describe('Jolt iterations for a cloth cantilever at a 10-substep budget', () => {
  it('chooses the fewest iterations that reach the plate; the cantilever then bends within 5% in jolt-physics', async () => {
    const budget = calibrationCase(material('cotton'), CANTILEVER, BUDGET_SUBSTEPS);
    const chosen = joltIterationsToReach(calibrationPreset(budget));
    // The count at which compensation reaches the hinges exactly (the budget note's 24).
    expect(chosen).toBe(24);
    // Ten times the load, as the calibration table's Jolt figures: float32 then resolves the
    // gravity push (test/runtime/jolt-calibration.ts). The preset is the 10-substep one; only
    // the export asks for more iterations.
    const loaded = calibrationCase(material('cotton'), CANTILEVER, BUDGET_SUBSTEPS, { loadScale: 10 });
    const jolt = await settleJolt(loaded, { iterations: chosen });
    expect(jolt.settled).toBe(true);
    expect(jolt.hasNaN).toBe(false);
    // Tolerance: within 5% of the analytic plate deflection (the goal the count was chosen for).
    console.log(
      `jolt iterations: chose ${chosen} for a 10-substep budget; E_eff/E in Jolt ${jolt.ratio.toFixed(3)}`,
    );
    expect(Math.abs(jolt.ratio - 1)).toBeLessThan(0.05);
    // The export says so: numIterations is the chosen count, the frame step the preset's.
    const data = joltExportOf(loaded, { iterations: chosen });
    expect(data.bodies[0].creationSettings.numIterations).toBe(chosen);
    expect(data.frameDtS).toBeCloseTo(1 / 60, 12);
  }, 120_000);

  it("the Jolt target's report says what the chosen count costs against the budget", async () => {
    const preset = calibrationPreset(calibrationCase(material('cotton'), CANTILEVER, BUDGET_SUBSTEPS));
    const chosen = joltIterationsToReach(preset);
    const result = await exportTarget('jolt').export(preset, { joltIterations: 'auto' });
    const ratio = (chosen / BUDGET_SUBSTEPS).toFixed(1);
    expect(result.budgetNotes[0]).toBe(
      `Jolt iterations: ${chosen} per step against the preset's budget of 10 substeps: ×${ratio} the constraint solves per frame, up to ×${ratio} the soft-body time of a body at the budget (the scene allows 2 ms per body per 60 Hz frame)`,
    );
    // At the chosen count the hinges are compensated for it and reach their material.
    const hinges = result.budgetNotes.find((note) => note.includes('cloth hinges')) ?? '';
    expect(hinges).toMatch(
      /cloth hinges: stiffened ×[\d.]+ for 24 substeps \(r = [\d.]+\), as stiff as its material/,
    );
    // Without the option the export is the budget's, as before, and says where it falls short.
    const plain = await exportTarget('jolt').export(preset);
    expect(plain.budgetNotes.some((note) => /cloth hinges: .*24 substeps would reach it/.test(note))).toBe(
      true,
    );
  }, 120_000);
});
