import { describe, expect, it } from 'vitest';
import { exportTarget } from '../../core/export/targets.ts';
import { joltGases } from '../../core/preset/exporters/jolt-pressure.ts';
import { type JoltFile, presetFromScene } from '../../core/preset/index.ts';
import type { Scene } from '../../core/scene/scene.ts';
import { enclosedVolume } from '../../core/sim/constraints/pressure.ts';
import { sphereMesh } from '../core/sim/shapes.ts';
import { runSoftBody } from './jolt-harness.ts';

/**
 * A balloon's gas in Jolt (jolt-pressure.ts): a closed cloth sphere (r = 0.2 m) inflated 20%,
 * resting on the ground. Jolt's nRT is chosen from the preview's rest state, so Jolt's balloon
 * must rest at the preview's volume. Acceptance: within 5% of the preview's rest volume; without
 * the gas (nRT = 0) the same balloon stays uninflated (over 10% smaller).
 */
const FRAME_S = 1 / 60;
const RADIUS_M = 0.2;

function balloonScene(): Scene {
  return {
    gravity: [0, -9.81, 0],
    solver: { dt: FRAME_S, substeps: 10 },
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }],
    bodies: [
      {
        name: 'balloon',
        shape: { type: 'mesh', path: 'ball.obj' },
        material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 500, thicknessM: 0.001 },
        model: 'cloth',
        dampingRatio: 0.3,
        linearDampingPerS: 2,
        pressure: { volumeScale: 1.2 },
      },
    ],
  };
}

const meshes = () => ({
  surfaces: new Map([['/bodies/0/shape', sphereMesh(RADIUS_M, [0, RADIUS_M + 0.01, 0], 3)]]),
  solids: new Map(),
});

describe('Jolt export of a balloon', () => {
  it('rests at the preview volume: nRT from the preview rest state', async () => {
    const preset = presetFromScene(balloonScene(), { name: 'balloon', meshes: meshes() });
    const [gas] = joltGases(preset.setup);
    expect(gas).not.toBeNull();
    const previewVolume = gas!.restVolumeM3;
    const { bytes } = await exportTarget('jolt').export(preset);
    const data: JoltFile = JSON.parse(new TextDecoder().decode(bytes));
    const surface = preset.setup.bodies[0].constraints.find((set) => set.kind === 'pressure');
    if (surface?.kind !== 'pressure') throw new Error('the balloon has no pressure set');
    const restVolume = (4 / 3) * Math.PI * RADIUS_M ** 3;

    const volumeInJolt = async (withGas: boolean) => {
      const body = data.bodies[0];
      const file = withGas
        ? data
        : { ...data, bodies: [{ ...body, creationSettings: { ...body.creationSettings, pressure: 0 } }] };
      const run = await runSoftBody(file);
      run.step(240, FRAME_S);
      const volume = enclosedVolume(run.positions(), surface.particles, surface.triangles);
      run.destroy();
      return volume;
    };
    const jolt = await volumeInJolt(true);
    const flat = await volumeInJolt(false);
    console.log(
      `jolt-pressure: preview rests at V/V0 ${(previewVolume / restVolume).toFixed(3)} (gauge ${gas!.restGaugePa.toFixed(0)} Pa, nRT ${gas!.pressure.toFixed(2)} J); Jolt at ${(jolt / restVolume).toFixed(3)}, without the gas ${(flat / restVolume).toFixed(3)}`,
    );
    expect(Math.abs(jolt / previewVolume - 1)).toBeLessThan(0.05);
    // Without the gas the membrane alone keeps its rest size at most: 17% less than inflated.
    expect(flat / previewVolume).toBeLessThan(0.9);
  }, 120_000);

  it("gives Godot the same gas (its P = c/V is Jolt's): pressure_coefficient = nRT", async () => {
    const preset = presetFromScene(balloonScene(), { name: 'balloon', meshes: meshes() });
    const [gas] = joltGases(preset.setup);
    const { bytes } = await exportTarget('godot').export(preset);
    const written = new TextDecoder().decode(bytes).match(/^pressure_coefficient = (\S+)$/m)?.[1];
    expect(Number(written)).toBeCloseTo(gas!.pressure, 6);
    expect(gas!.pressure).toBeGreaterThan(0);
  }, 120_000);
});
