import { describe, expect, it } from 'vitest';
import { findBuiltInMaterial } from '../../../core/material/library.ts';
import { JOLT_COMPILE_OPTIONS } from '../../../core/preset/index.ts';
import { type CompileOptions, compileScene } from '../../../core/setup/compile-scene.ts';
import { CALIBRATION_TOLERANCE } from '../../../core/setup/runtime-calibration.ts';
import type { BodySetup } from '../../../core/setup/setup.ts';
import { calibrationCase } from '../../runtime/jolt-calibration.ts';
import { LinearStatics } from '../material/linear-statics.ts';

/**
 * The runtime calibration (core/setup/runtime-calibration.ts), checked by an independent solve:
 * LinearStatics (banded Cholesky of the assembled stiffness) of the compiled bodies under their
 * weight. Compensation is off: a static solve has no substeps.
 */

function compiled(name: string, sceneIndex: number, options: CompileOptions): BodySetup {
  const material = findBuiltInMaterial(name);
  if (!material) throw new Error(`no library material '${name}'`);
  const c = calibrationCase(material, sceneIndex, 20, { compensation: 'off' });
  return compileScene(c.scene, options).bodies[0];
}

/** f·u under the body's weight (gravity −y, 9.81 m/s²), J, by LinearStatics. */
function weightCompliance(body: BodySetup): number {
  const fixed = body.pins.filter((p) => p.complianceMPerN === 0).flatMap((p) => Array.from(p.particles));
  const statics = new LinearStatics(body.geometry.positions, fixed);
  statics.addBody(body);
  const f = new Float64Array(body.geometry.positions.length);
  body.geometry.mass.forEach((m, i) => {
    f[3 * i + 1] = -9.81 * m;
  });
  const u = statics.solve(f);
  return f.reduce((sum, v, i) => sum + v * u[i], 0);
}

describe('runtime calibration of the Jolt network (edges + one volume per tet)', () => {
  // Scenes: 0 the hanging bar (2×20×2 cells), 1 the cantilever (40×8×2).
  for (const [name, scene, lockedBelow] of [
    ['natural-rubber', 0, 0.9], // ν 0.49: per-tet volumes lock
    ['natural-rubber', 1, 0.95],
    ['muscle', 0, 0.95], // ν 0.45
  ] as const) {
    it(`${name}, scene ${scene}: deflects under its weight as the engine's neo-Hookean body does (within 0.5%)`, () => {
      const engine = weightCompliance(compiled(name, scene, {}));
      const raw = weightCompliance(
        compiled(name, scene, { ...JOLT_COMPILE_OPTIONS, calibrateRuntime: false }),
      );
      const body = compiled(name, scene, JOLT_COMPILE_OPTIONS);
      const calibrated = weightCompliance(body);
      // Uncalibrated, the network is measurably stiffer (locking): the test can fail.
      expect(raw / engine).toBeLessThan(lockedBelow);
      expect(Math.abs(calibrated / engine - 1)).toBeLessThan(0.005);
      const record = body.runtimeCalibration?.find((r) => r.role === 'solid');
      expect(record?.complianceFactor).toBeGreaterThan(1);
      expect(Math.abs((record?.complianceRatioAfter ?? 0) - 1)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
      expect(record?.complianceRatioBefore).toBeCloseTo(raw / engine, 2);
    }, 60_000);
  }

  it('leaves the engine build alone (no record) and a foam bar (ν 0.3) within 2% of 1', () => {
    expect(compiled('polyurethane-foam-firm', 0, {}).runtimeCalibration).toBeUndefined();
    const factor = compiled('polyurethane-foam-firm', 0, JOLT_COMPILE_OPTIONS).runtimeCalibration?.[0]
      .complianceFactor;
    expect(Math.abs((factor ?? 0) - 1)).toBeLessThan(0.02);
  });

  it('calibrates a cloth by role: stretch on the hanging strip, bending on the cantilever; the other role is left at 1', () => {
    const hanging = compiled('cotton', 0, JOLT_COMPILE_OPTIONS).runtimeCalibration ?? [];
    const cantilever = compiled('cotton', 1, JOLT_COMPILE_OPTIONS).runtimeCalibration ?? [];
    const of = (records: typeof hanging, role: string) => records.find((r) => r.role === role);
    // Stretch: the edge network is 8% stiff on this grid (cloth-stretch.test.ts measures 1.09).
    expect(of(hanging, 'stretch')?.complianceFactor).toBeGreaterThan(1.03);
    expect(of(hanging, 'bending')?.complianceFactor).toBe(1);
    expect(of(hanging, 'bending')?.energyShare).toBeLessThan(0.01);
    // Bending: hinges relax to about 5/6 of the plate (the cantilever in Jolt measured 0.84).
    expect(of(cantilever, 'bending')?.complianceFactor).toBeLessThan(0.9);
    expect(of(cantilever, 'stretch')?.complianceFactor).toBe(1);
  });

  it('calibrates a free body (no pin) as if resting on its lowest particles, squashed by its weight', () => {
    const scene = {
      formatVersion: 1,
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 20 },
      colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }],
      bodies: [
        {
          name: 'block',
          shape: { type: 'box', size: [0.1, 0.2, 0.1], cells: [4, 8, 4], center: [0, 0.1, 0] },
          material: 'natural-rubber',
          model: 'neo-hookean',
        },
      ],
    } as const;
    const record = compileScene(structuredClone(scene) as never, JOLT_COMPILE_OPTIONS).bodies[0]
      .runtimeCalibration?.[0];
    // Measured: the network 9% stiff before (one volume per tet locks near ν = 0.5), 1 after.
    expect(record?.complianceRatioBefore).toBeLessThan(0.97);
    expect(Math.abs((record?.complianceRatioAfter ?? 0) - 1)).toBeLessThanOrEqual(CALIBRATION_TOLERANCE);
  });

  it('leaves a network alone where the weight meets a mechanism: a cloth pinned at two corners swings about them', () => {
    const scene = {
      formatVersion: 1,
      gravity: [0, -9.81, 0],
      solver: { dt: 1 / 60, substeps: 20 },
      colliders: [],
      bodies: [
        {
          name: 'flag',
          shape: { type: 'cloth', size: [0.5, 0.5], cells: [10, 10], center: [0, 1, 0] },
          material: 'cotton',
          model: 'cloth',
          pins: [
            { box: { min: [-0.26, 0.9, -0.26], max: [-0.24, 1.1, -0.24] } },
            { box: { min: [0.24, 0.9, -0.26], max: [0.26, 1.1, -0.24] } },
          ],
        },
      ],
    } as const;
    const body = compileScene(structuredClone(scene) as never, JOLT_COMPILE_OPTIONS).bodies[0];
    // No static solve converges under the weight: nothing is calibrated, nothing recorded.
    expect(body.runtimeCalibration).toBeUndefined();
    expect(body.pins.flatMap((p) => Array.from(p.particles))).toHaveLength(2);
  });
});
