import { describe, expect, it } from 'vitest';
import { standardScenes } from '../../../core/calibrate/scenes.ts';
import { settleWorld } from '../../../core/calibrate/settle.ts';
import {
  biasCoefficient,
  MAX_COMPENSATED_BIAS,
  substepCompensation,
} from '../../../core/material/compliance/substep-bias.ts';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import type { Material } from '../../../core/material/schema.ts';
import { buildWorld } from '../../../core/sim/build-world.ts';

/**
 * The one-pass bias model E_eff = E/(1 + β·r²) and budget compensation, measured on the standard
 * scenes: the β table must be what the engine does (re-measured here), and the compensated scenes
 * must be as stiff at 10, 20 and 40 substeps as the converged ones (80 substeps).
 */

function material(name: string): Material {
  const m = findBuiltInMaterial(name);
  if (!m) throw new Error(`the library lost ${name}`);
  return m;
}

/** The budgets, then the converged reference (r ≤ 0.07: bias under 1%). */
const SUBSTEPS = [10, 20, 40, 80];

/**
 * E_eff/E of one standard scene at each of SUBSTEPS, and the r of each run (the calibration's own
 * run, core/calibrate/calibrate.ts, for one scene: the solid cantilever is left out where the bar
 * says the same, as it costs ten times more).
 */
function sceneRatios(
  m: Material,
  scene: string,
  compensation: 'auto' | 'off',
  solidModel: 'neo-hookean' | 'edges-volume',
): { ratio: number[]; r: number[] } {
  const standard = standardScenes(m, { solidModel }).scenes.find((s) => s.setup.scene === scene);
  if (!standard) throw new Error(`no ${scene} for ${m.name}`);
  const ratio: number[] = [];
  const r: number[] = [];
  for (const substeps of SUBSTEPS) {
    const document = standard.scene(1 / 60, substeps);
    document.solver.compensation = compensation;
    const world = buildWorld(document);
    const rest = Float64Array.from(world.positions);
    const g = document.gravity;
    const length = Math.hypot(g[0], g[1], g[2]);
    const settled = settleWorld(
      world,
      standard.probe(rest),
      [g[0] / length, g[1] / length, g[2] / length],
      rest,
      {
        frameDtS: 1 / 60,
        fundamentalRadPerS: standard.setup.fundamentalRadPerS,
      },
    );
    ratio.push(standard.setup.analytic / settled.value);
    r.push(standard.resolution(1 / 60 / substeps, world.measureBodies()[0].resolution));
  }
  return { ratio, r };
}

describe('the compensation formula', () => {
  it('cancels a stiffness-independent bias: s/(1 + B·s) = 1 for s = 1/(1 − B)', () => {
    const c = substepCompensation(1.5, 0.4, 10);
    expect(c.bias).toBeCloseTo(0.24, 12);
    expect(c.stiffnessScale).toBeCloseTo(1 / 0.76, 12);
    expect(c.stiffnessScale / (1 + c.bias * c.stiffnessScale)).toBeCloseTo(1, 12);
    expect(c.reachable).toBe(true);
    expect(c.substepsToReach).toBe(10);
  });

  it('stops at B = MAX_COMPENSATED_BIAS and names the substeps that reach the material', () => {
    const c = substepCompensation(1.5, 1, 10); // B = 1.5
    expect(c.reachable).toBe(false);
    expect(c.stiffnessScale).toBeCloseTo(1 / (1 - MAX_COMPENSATED_BIAS), 12);
    expect(c.predictedRatio).toBeLessThan(1);
    // B ∝ 1/n²: √(1.5/0.6) = 1.58 → 16 substeps.
    expect(c.substepsToReach).toBe(16);
    expect(substepCompensation(1.5, 10 / 16, 16).reachable).toBe(true);
  });

  it('solves s/(1 + B·s²) = 1 for a bias growing with the stiffness, and goes to the peak beyond', () => {
    const c = substepCompensation(1, 0.4, 20, 1); // B = 0.16
    expect(c.stiffnessScale / (1 + c.bias * c.stiffnessScale ** 2)).toBeCloseTo(1, 12);
    const far = substepCompensation(1, 0.6, 20, 1); // B = 0.36 > 1/4: the peak 1/(2√B) = 0.833
    expect(far.reachable).toBe(false);
    expect(far.stiffnessScale).toBeCloseTo(1 / 0.6, 12);
    expect(far.predictedRatio).toBeCloseTo(1 / 1.2, 12);
  });

  it('softens a family whose bias stiffens (β < 0), which is always reachable', () => {
    const c = substepCompensation(-0.3, 0.5, 10);
    expect(c.stiffnessScale).toBeCloseTo(1 / 1.075, 12);
    expect(c.reachable).toBe(true);
    expect(c.substepsToReach).toBe(10);
    expect(c.predictedRatio).toBe(1);
  });

  it('interpolates β linearly in ν between the measured points', () => {
    expect(biasCoefficient('solid-edges-volume', 0.35)).toBeCloseTo((1.08 + 1.1) / 2, 12);
    expect(biasCoefficient('solid-edges-volume', 0)).toBe(biasCoefficient('solid-edges-volume', 0.3));
  });
});

describe('the β table is what the engine does (re-measured; tolerance 15% of β)', () => {
  // β = (E_conv/E_n − 1)/r_n² at 10 and 20 substeps (at 40 the bias is too small to measure well).
  const cases: [string, 'neo-hookean' | 'edges-volume', string, Parameters<typeof biasCoefficient>[0]][] = [
    ['natural-rubber', 'edges-volume', 'hanging-bar', 'solid-edges-volume'],
    ['polyurethane-foam-firm', 'edges-volume', 'hanging-bar', 'solid-edges-volume'],
    ['muscle', 'neo-hookean', 'hanging-bar', 'solid-neo-hookean'],
    ['cotton', 'neo-hookean', 'hanging-cloth', 'cloth-stretch'],
  ];
  // Plate bending ('cloth-bending') is fitted on compensated runs (its bias grows faster than the
  // model's s^1; substep-bias.ts): the compensated cantilevers below check it, within 3%.
  for (const [name, model, scene, family] of cases) {
    it(`${family}: ${name}, ${scene}`, () => {
      const m = material(name);
      const run = sceneRatios(m, scene, 'off', model);
      const converged = run.ratio[3];
      const expected = biasCoefficient(family, m.poissonRatio);
      for (const i of [0, 1]) {
        // 80 substeps still hold the bias β·r²/64 of the 10-substep run: corrected for it.
        const left = (run.r[3] / run.r[i]) ** 2;
        const beta = (converged / run.ratio[i] - 1) / run.r[i] ** 2 / (1 - left);
        expect(Math.abs(beta / expected - 1), `β ${beta} against ${expected}`).toBeLessThan(0.15);
      }
    }, 60_000);
  }
});

describe('compensated, the standard scenes are as stiff at 10, 20 and 40 substeps as converged (5%)', () => {
  const cases: [string, 'neo-hookean' | 'edges-volume', string][] = [
    ['natural-rubber', 'edges-volume', 'hanging-bar'],
    ['muscle', 'edges-volume', 'hanging-bar'],
    ['silicone-shore-20a', 'neo-hookean', 'hanging-bar'],
    ['denim', 'neo-hookean', 'hanging-cloth'],
    ['denim', 'neo-hookean', 'cantilever'],
  ];
  for (const [name, model, scene] of cases) {
    it(`${name} (${model}), ${scene}`, () => {
      const m = material(name);
      const run = sceneRatios(m, scene, 'auto', model);
      const converged = run.ratio[3];
      for (let i = 0; i < 3; i++) {
        // The cloth cantilever is held to 3%: at 20 and 40 substeps by compensation, as plate
        // bending's β is fitted there; at 10 (r_b = 0.4, beyond one sweep's reach) by sweeping its
        // bending three times per substep (bending-passes.ts; measured 0.992 against 0.990).
        if (scene === 'cantilever' && m.thicknessM !== undefined)
          expect(Math.abs(run.ratio[i] / converged - 1), `${scene} at ${SUBSTEPS[i]}`).toBeLessThan(0.03);
        expect(Math.abs(run.ratio[i] / converged - 1), `${scene} at ${SUBSTEPS[i]}`).toBeLessThan(0.05);
      }
    }, 60_000);
  }
});
