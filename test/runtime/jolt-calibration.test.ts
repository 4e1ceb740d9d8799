import { describe, expect, it } from 'vitest';
import { findBuiltInMaterial } from '../../core/material/library.ts';
import type { Material } from '../../core/material/schema.ts';
import {
  calibrationCase,
  FLOAT32_RELIABLE_ULPS,
  joltExportOf,
  settleJolt,
  settleOurs,
} from './jolt-calibration.ts';

/**
 * The calibration scenes in Jolt (test/runtime/jolt-calibration.ts): the preset of a standard
 * scene at 20 substeps of a 60 Hz frame, budget compensation 'auto', exported with exportJolt and
 * loaded by runtime/jolt/loader.mjs into jolt-physics, settles to the effective Young's modulus our
 * engine settles the same preset to. Solids run edges + volume in both (what Jolt gets). The full
 * table, every material at 10, 20, 40 and 160 substeps: `npm run -s bench -- calibration`.
 */
const SUBSTEPS = 20;

function material(name: string): Material {
  const m = findBuiltInMaterial(name);
  if (!m) throw new Error(`no library material '${name}'`);
  return m;
}

async function bothEngines(name: string, sceneIndex: number) {
  const c = calibrationCase(material(name), sceneIndex, SUBSTEPS, {
    compensation: 'auto',
    solidModel: 'edges-volume',
  });
  const ours = settleOurs(c);
  const jolt = await settleJolt(c);
  return { ours, jolt };
}

describe('calibration scenes in Jolt at 20 substeps, compensation auto', () => {
  // Tolerances: the material within 5% (the goal), as in the preview. Jolt's networks are
  // calibrated to deflect under their weight as the preview's constraints do (runtime-calibration.ts)
  // and compensated for the substeps; float32 rounding of the gravity push (6–30 ulps here) moves a
  // settled value by up to about 1%.
  it('hangs a silicone bar (ν 0.49) within 5% of E in Jolt, one volume per tet and all, as the preview does', async () => {
    const c = calibrationCase(material('silicone-shore-30a'), 0, SUBSTEPS, { compensation: 'auto' });
    const ours = settleOurs(c);
    const jolt = await settleJolt(c);
    expect(ours.settled && jolt.settled).toBe(true);
    expect(jolt.hasNaN).toBe(false);
    expect(jolt.gravityStepUlps).toBeGreaterThan(4);
    expect(Math.abs(ours.ratio - 1)).toBeLessThan(0.05);
    expect(Math.abs(jolt.ratio - 1)).toBeLessThan(0.05); // measured 0.996 (load ×10); 1.146 before calibration
  }, 60_000);

  it('hangs an edges + volume silicone bar as the preview runs it (within 5%)', async () => {
    // Ten times the standard load: at 1× the float32 rounding of Jolt's gravity push moves this
    // bar by about 2% (measured 0.942 at 1×).
    const c = calibrationCase(material('silicone-shore-30a'), 0, SUBSTEPS, {
      compensation: 'auto',
      solidModel: 'edges-volume',
      loadScale: 10,
    });
    const ours = settleOurs(c);
    const jolt = await settleJolt(c);
    expect(ours.settled && jolt.settled).toBe(true);
    // Measured 0.966 (1.039 against 1.075; 1.146 before calibration): the calibration matches the
    // work of the weight (f·u, within 0.2%), and near the clamp of a nearly incompressible bar the
    // tip moves a little differently with nodal volumes (preview) and per-tet ones (Jolt).
    expect(Math.abs(jolt.ratio / ours.ratio - 1)).toBeLessThan(0.05);
  }, 60_000);

  it('hangs a foam bar (ν 0.3) to our effective modulus within 3%', async () => {
    const { ours, jolt } = await bothEngines('polyurethane-foam-firm', 0);
    expect(ours.settled && jolt.settled).toBe(true);
    expect(Math.abs(jolt.ratio / ours.ratio - 1)).toBeLessThan(0.03);
  }, 30_000);

  it('hangs a cotton strip within 5% of E·t in Jolt (edge network) and in the preview (membrane)', async () => {
    const { ours, jolt } = await bothEngines('cotton', 0);
    expect(ours.settled && jolt.settled).toBe(true);
    expect(Math.abs(ours.ratio - 1)).toBeLessThan(0.05);
    expect(Math.abs(jolt.ratio - 1)).toBeLessThan(0.05); // measured 1.020; 1.099 before calibration
  }, 30_000);

  it('bends a cotton cantilever within 5% of the plate stiffness in Jolt (hinges) and in the preview (plate triangles)', async () => {
    const { ours, jolt } = await bothEngines('cotton', 1);
    expect(ours.settled && jolt.settled).toBe(true);
    expect(Math.abs(ours.ratio - 1)).toBeLessThan(0.05);
    expect(Math.abs(jolt.ratio - 1)).toBeLessThan(0.05); // measured 1.028; 0.764 before calibration
  }, 30_000);

  it('says where the budget cannot reach the material in Jolt: the cotton cantilever at 10 substeps, not at 40', () => {
    const budget = (substeps: number) =>
      joltExportOf(calibrationCase(material('cotton'), 1, substeps)).bodies[0].budget.join('\n');
    // At 10 substeps Jolt's hinges reach 0.38 of E (measured), the model says at most 40%.
    expect(budget(10)).toMatch(
      /cloth hinges: stiffened ×[\d.]+ for 10 substeps \(r = [\d.]+\); reaches \d+% of the material, \d+ substeps would reach it/,
    );
    expect(budget(40)).toMatch(
      /cloth hinges: stiffened ×[\d.]+ for 40 substeps \(r = [\d.]+\), as stiff as its material/,
    );
  });

  it('reaches the plate in Jolt at the substep count its 10-substep budget note names (within 5%)', async () => {
    const note = joltExportOf(calibrationCase(material('cotton'), 1, 10)).bodies[0].budget.find((line) =>
      line.startsWith('cloth hinges'),
    );
    const named = Number(/(\d+) substeps would reach it/.exec(note ?? '')?.[1]);
    expect(named).toBe(24);
    // Ten times the load, as the table's Jolt figures: float32 then resolves the gravity push.
    const jolt = await settleJolt(calibrationCase(material('cotton'), 1, named, { loadScale: 10 }));
    expect(jolt.settled).toBe(true);
    // Measured 0.994 (10, 12, 15 substeps: 0.377, 0.482, 0.673 against the predicted 0.46, 0.55, 0.69).
    expect(Math.abs(jolt.ratio - 1)).toBeLessThan(0.05);
  }, 60_000);

  it('marks runs float32 cannot resolve: at 160 substeps gravity moves a hanging bar less than an ulp per substep', () => {
    const c = calibrationCase(material('silicone-shore-30a'), 0, 160);
    const h = c.frameDtS / 160;
    const ulp = 2 ** (Math.floor(Math.log2(c.standard.setup.lengthM / 2)) - 23);
    expect((Math.hypot(...c.scene.gravity) * h * h) / ulp).toBeLessThan(FLOAT32_RELIABLE_ULPS / 64);
  });
});
