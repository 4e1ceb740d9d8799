import { DEFAULT_SETTLE_TOLERANCE } from '../../core/calibrate/settle.ts';
import {
  exportMujoco,
  type MujocoExport,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../core/preset/index.ts';
import type { CalibrationCase, SettledRun } from './jolt-calibration.ts';
import { loadMujocoXml } from './mujoco-harness.ts';
import { settleFrames } from './settle-frames.ts';

/**
 * The calibration scenes (core/calibrate/scenes.ts) run in MuJoCo: the case's preset, exported
 * with exportMujoco as a team receives it, is loaded by MuJoCo's own XML reader (mujoco-js) and
 * settled as core/calibrate/settle.ts settles our world: extra world-velocity damping 2ω₁ (here on
 * every slide joint, m·2ω₁, which the implicitfast integrator takes implicitly), samples every
 * 1/ω₁, stop when remainingChange is under the tolerance. One frame is the export's
 * `stepsPerFrame` MuJoCo steps. Positions are double precision in MuJoCo: no float32 floor.
 */

/** The MuJoCo export of the case's preset, through the preset file as a team receives it. */
export function mujocoExportOf(c: CalibrationCase): MujocoExport {
  return exportMujoco(readPreset(writePreset(presetFromScene(c.scene, { name: 'calibration' }))));
}

export interface MujocoRun extends SettledRun {
  stepsPerFrame: number;
}

export async function settleMujoco(
  c: CalibrationCase,
  relativeTolerance = DEFAULT_SETTLE_TOLERANCE,
): Promise<MujocoRun> {
  const exported = mujocoExportOf(c);
  const world = await loadMujocoXml(exported.xml);
  try {
    const { mujoco, model, data } = world;
    const omega = c.standard.setup.fundamentalRadPerS;
    // Settling damping on every particle's joints (a joint's dof mass is its body's mass).
    const dofBody = model.dof_bodyid;
    const damping = model.dof_damping;
    for (let d = 0; d < model.nv; d++) damping[d] += model.body_mass[dofBody[d]] * 2 * omega;
    // Body 0's particles are the first flex's vertices, in particle order.
    const base = model.flex_vertadr[0];
    const count = model.flex_vertnum[0];
    const position = (p: number): [number, number, number] => {
      const x = data.flexvert_xpos;
      const i = 3 * (base + p);
      // z up back to the preset's y up: (x, y, z) → (x, z, −y).
      return [x[i], x[i + 2], -x[i + 1]];
    };
    mujoco.mj_forward(model, data);
    const rest = new Float64Array(3 * count);
    for (let p = 0; p < count; p++) rest.set(position(p), 3 * p);
    const probe = c.standard.probe(rest);
    const g = c.scene.gravity;
    const gLength = Math.hypot(g[0], g[1], g[2]);
    const direction = [g[0] / gLength, g[1] / gLength, g[2] / gLength];
    const measure = (): number => {
      let sum = 0;
      for (const p of probe) {
        const x = position(p);
        for (let a = 0; a < 3; a++) sum += (x[a] - rest[3 * p + a]) * direction[a];
      }
      return probe.length > 0 ? sum / probe.length : Number.NaN;
    };
    const { settled, hasNaN, frames } = settleFrames({
      step: () => {
        for (let s = 0; s < exported.stepsPerFrame; s++) mujoco.mj_step(model, data);
      },
      measure,
      fundamentalRadPerS: omega,
      frameDtS: c.frameDtS,
      relativeTolerance,
    });
    const simulated = hasNaN ? Number.NaN : measure();
    return {
      simulated,
      ratio: c.analytic / simulated,
      settled,
      simulatedS: frames * c.frameDtS,
      hasNaN,
      stepsPerFrame: exported.stepsPerFrame,
    };
  } finally {
    world.destroy();
  }
}
