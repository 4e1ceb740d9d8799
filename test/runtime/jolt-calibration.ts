import { type SolidModel, type StandardScene, standardScenes } from '../../core/calibrate/scenes.ts';
import { DEFAULT_SETTLE_TOLERANCE, settleWorld } from '../../core/calibrate/settle.ts';
import type { Material } from '../../core/material/schema.ts';
import {
  type ExportJoltOptions,
  exportJolt,
  JOLT_COMPILE_OPTIONS,
  type JoltExport,
  type Preset,
  presetFromScene,
  readPreset,
  writePreset,
} from '../../core/preset/index.ts';
import type { Scene } from '../../core/scene/scene.ts';
import { buildWorld } from '../../core/sim/build-world.ts';
import { applySoftBodyCreationSettings, createSoftBodySharedSettings } from '../../runtime/jolt/loader.mjs';
import { createJoltInterface, loadJolt } from './jolt-harness.ts';
import { settleFrames } from './settle-frames.ts';

/**
 * The calibration scenes (core/calibrate/scenes.ts) run in Jolt: for a material and a standard
 * scene at n substeps, the scene becomes a preset (presetFromScene, compensation as asked), the
 * preset its Jolt export (exportJolt: neo-Hookean bodies become edges + volume there), and
 * runtime/jolt/loader.mjs loads it into jolt-physics, as a game team would. The body then settles
 * the way core/calibrate/settle.ts settles our world, and the same probe displacement gives
 * E_eff = E·analytic/measured.
 *
 * Settling in Jolt. Jolt's soft body applies its linear damping c per substep AFTER adding
 * gravity (SoftBodyMotionProperties::IntegratePositions: v += g·h; v *= max(0, 1 − c·h)), so a
 * damped body at rest feels g·(1 − c·h), not g: the settled sag would be (1 − c·h) too small
 * (16% at c = 2ω₁, 10 substeps). The runner sets the body's gravity factor to 1/(1 − c·h) while
 * it settles, which restores the full weight exactly (ours damps the velocity carried over and
 * then adds gravity, see core/sim/xpbd-world.ts, so it needs no such factor). The damping c = 2ω₁
 * and the stopping rule (remainingChange over windows of about 1/ω₁, tolerance 1e-4, at most
 * MAX_SETTLE_FRAMES frames) are settle.ts's. One Jolt step per frame of 1/60 s, one collision
 * step; Jolt's mNumIterations (the export's numIterations) is the substep count. Sleeping is off
 * and the body frame fixed (mUpdatePosition = false), so vertex positions are world positions.
 *
 * Float32. Jolt stores vertex positions in single precision. Per substep a particle at rest is
 * pushed by g·h² and pulled back by the constraints; when g·h² is a few units in the last place
 * (ulp) of its coordinates the push is rounded, and below half a unit it vanishes: the body stops
 * sagging where it is and E_eff comes out huge, infinite or negative. That is what a 160-substep
 * run of the standard scenes does (a 1 m silicone bar at 0.2% strain: g·h² = 0.2 ulp); the
 * settled value moves by about 1/(g·h²/ulp) of itself (2% at 40 ulps, measured by moving the
 * body). The runner puts the body's bounding-box centre at the origin (twice the precision of a
 * body hanging from it) and reports g·h²/ulp(largest coordinate) per run (`gravityStepUlps`);
 * `loadScale` raises gravity (and the analytic value) to lift the floor. Jolt's limit h → 0 is
 * the fixed point of the same constraints our engine converges to in double precision.
 */

type JoltModule = Awaited<ReturnType<typeof loadJolt>>;

/** Runs whose g·h² is below this many units in the last place of the body's largest coordinate are float32-limited. */
export const FLOAT32_RELIABLE_ULPS = 64;

export interface CalibrationCaseOptions {
  /** Budget compensation of the scene's solver, as the preset and its export carry it; default 'auto'. */
  compensation?: 'auto' | 'off';
  /** Solid scenes' model in the preset (Jolt gets edges + volume either way); default 'neo-hookean'. */
  solidModel?: SolidModel;
  /** Frame time step, s; default 1/60. */
  frameDtS?: number;
  /**
   * Gravity multiplier over the scene's (the analytic value scales with it): more load puts the
   * per-substep push of gravity more units in the last place of float32 above rounding; default 1.
   */
  loadScale?: number;
}

/** One standard scene of one material at one substep count, as both engines get it. */
export interface CalibrationCase {
  standard: StandardScene;
  scene: Scene;
  frameDtS: number;
  substeps: number;
  /** The scene's analytic value at its (scaled) gravity, m. */
  analytic: number;
  /** The model our engine runs ('neo-hookean', 'edges-volume' or 'cloth'). */
  model: string;
}

export function calibrationCase(
  material: Material,
  sceneIndex: number,
  substeps: number,
  options: CalibrationCaseOptions = {},
): CalibrationCase {
  const frameDtS = options.frameDtS ?? 1 / 60;
  const standard = standardScenes(material, { solidModel: options.solidModel }).scenes[sceneIndex];
  const scene = standard.scene(frameDtS, substeps);
  scene.solver.compensation = options.compensation ?? 'auto';
  const k = options.loadScale ?? 1;
  scene.gravity = [k * scene.gravity[0], k * scene.gravity[1], k * scene.gravity[2]];
  return {
    standard,
    scene,
    frameDtS,
    substeps,
    analytic: k * standard.setup.analytic,
    model: scene.bodies[0].model,
  };
}

/** A settled run of one engine. */
export interface SettledRun {
  /** Settled probe displacement along gravity, m (NaN when the state became NaN). */
  simulated: number;
  /** E_eff/E = analytic/simulated. */
  ratio: number;
  settled: boolean;
  simulatedS: number;
  hasNaN: boolean;
}

export interface OurRun extends SettledRun {
  /** r of the scene at this substep (the scene's resolutionDefinition). */
  resolution: number;
}

/**
 * The case in our engine, settled by core/calibrate/settle.ts (as calibrateMaterial runs it).
 * `build` 'runtime': compiled as the Jolt export is (JOLT_COMPILE_OPTIONS: cloth as edges and
 * hinges, solids as edges with one volume per tet, calibrated), to run in our engine what Jolt is given.
 */
export function settleOurs(
  c: CalibrationCase,
  relativeTolerance?: number,
  build: 'engine' | 'runtime' = 'engine',
): OurRun {
  const world = buildWorld(c.scene, build === 'runtime' ? JOLT_COMPILE_OPTIONS : {});
  const rest = Float64Array.from(world.positions);
  const g = c.scene.gravity;
  const gLength = Math.hypot(g[0], g[1], g[2]);
  const direction: [number, number, number] = [g[0] / gLength, g[1] / gLength, g[2] / gLength];
  const result = settleWorld(world, c.standard.probe(rest), direction, rest, {
    frameDtS: c.frameDtS,
    fundamentalRadPerS: c.standard.setup.fundamentalRadPerS,
    relativeTolerance,
  });
  const engineResolution = world.measureBodies()[0].resolution;
  return {
    simulated: result.value,
    ratio: c.analytic / result.value,
    settled: result.settled,
    simulatedS: result.simulatedS,
    hasNaN: result.hasNaN,
    resolution: c.standard.resolution(c.frameDtS / c.substeps, engineResolution),
  };
}

export interface JoltRun extends SettledRun {
  /** g·h² over the float32 unit in the last place of the body's largest (centred) rest coordinate. */
  gravityStepUlps: number;
}

export interface JoltSettleOptions {
  relativeTolerance?: number;
  /** Where the body's rest bounding-box centre is put in Jolt's body frame, m; default the origin. */
  centreAt?: readonly [number, number, number];
  /** Jolt iterations the export asks for (exportJolt `iterations`); default the scene's substeps. */
  iterations?: number;
}

/** The Jolt export of the case's preset, as a game team receives it. */
export function joltExportOf(c: CalibrationCase, options: ExportJoltOptions = {}): JoltExport {
  return JSON.parse(JSON.stringify(exportJolt(calibrationPreset(c), options))) as JoltExport;
}

/** The case's scene as the preset a user exports (written and read back, as from a file). */
export function calibrationPreset(c: CalibrationCase): Preset {
  return readPreset(writePreset(presetFromScene(c.scene, { name: 'calibration' })));
}

/** The case's Jolt export loaded by runtime/jolt/loader.mjs into jolt-physics and settled (see the file comment). */
export async function settleJolt(c: CalibrationCase, options: JoltSettleOptions = {}): Promise<JoltRun> {
  const Jolt = await loadJolt();
  const data = joltExportOf(c, { iterations: options.iterations });
  const body = data.bodies[0];
  const restOf = () =>
    Float64Array.from(
      body.sharedSettings.vertices.slice(0, body.simulationVertexCount).flatMap((v) => v.position),
    );
  // The probe is chosen in the scene's frame, then the body moves to `centreAt`.
  const probe = c.standard.probe(restOf());
  centre(data, options.centreAt ?? [0, 0, 0]);
  const rest = restOf();
  const g = data.gravity;
  const gLength = Math.hypot(g[0], g[1], g[2]);
  const direction = [g[0] / gLength, g[1] / gLength, g[2] / gLength];
  const omega = c.standard.setup.fundamentalRadPerS;
  const frameDtS = c.frameDtS;
  const h = frameDtS / body.creationSettings.numIterations;
  const damping = body.creationSettings.linearDamping + 2 * omega;
  const keep = Math.max(0, 1 - damping * h);
  let maxCoordinate = 0;
  for (const x of rest) maxCoordinate = Math.max(maxCoordinate, Math.abs(x));
  const gravityStepUlps = (gLength * h * h) / ulp32(maxCoordinate);
  const tolerance = options.relativeTolerance ?? DEFAULT_SETTLE_TOLERANCE;

  const world = createWorld(Jolt, data);
  try {
    world.motion.SetLinearDamping(damping);
    world.motion.SetGravityFactor(keep > 0 ? 1 / keep : 1);
    const measure = (): number => {
      const vertices = world.motion.GetVertices();
      let sum = 0;
      for (const p of probe) {
        const x = vertices.at(p).mPosition;
        sum +=
          (x.GetX() - rest[3 * p]) * direction[0] +
          (x.GetY() - rest[3 * p + 1]) * direction[1] +
          (x.GetZ() - rest[3 * p + 2]) * direction[2];
      }
      return probe.length > 0 ? sum / probe.length : Number.NaN;
    };
    const { settled, hasNaN, frames } = settleFrames({
      step: () => world.step(frameDtS),
      measure,
      fundamentalRadPerS: omega,
      frameDtS,
      relativeTolerance: tolerance,
    });
    const simulated = hasNaN ? Number.NaN : measure();
    return {
      simulated,
      ratio: c.analytic / simulated,
      settled,
      simulatedS: frames * frameDtS,
      hasNaN,
      gravityStepUlps,
    };
  } finally {
    world.destroy();
  }
}

/**
 * Moves the first body's vertices (soft-pin anchors too) so that their bounding-box centre is at
 * `at`: float32 positions are most precise near the origin, and a translation changes no physics.
 */
function centre(data: JoltExport, at: readonly [number, number, number]): void {
  const vertices = data.bodies[0].sharedSettings.vertices;
  for (let a = 0; a < 3; a++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (const v of vertices) {
      lo = Math.min(lo, v.position[a]);
      hi = Math.max(hi, v.position[a]);
    }
    const shift = at[a] - (lo + hi) / 2;
    for (const v of vertices) v.position[a] += shift;
  }
}

/** Unit in the last place of a float32 of magnitude `x`. */
export function ulp32(x: number): number {
  if (!(x > 0)) return 2 ** -149;
  return 2 ** (Math.floor(Math.log2(x)) - 23);
}

interface JoltWorld {
  motion: InstanceType<JoltModule['SoftBodyMotionProperties']>;
  step(frameDtS: number): void;
  destroy(): void;
}

/** A physics system holding the export's first body, built by the loader; no sleeping, fixed body frame. */
function createWorld(Jolt: JoltModule, data: JoltExport): JoltWorld {
  const jolt = createJoltInterface(Jolt);
  const system = jolt.GetPhysicsSystem();
  const gravity = new Jolt.Vec3(...data.gravity);
  system.SetGravity(gravity);
  Jolt.destroy(gravity);
  const shared = createSoftBodySharedSettings(Jolt, data);
  const position = new Jolt.RVec3(0, 0, 0);
  const rotation = new Jolt.Quat(0, 0, 0, 1);
  const creation = new Jolt.SoftBodyCreationSettings(shared, position, rotation, 0);
  Jolt.destroy(position);
  Jolt.destroy(rotation);
  applySoftBodyCreationSettings(creation, data);
  creation.mUpdatePosition = false;
  creation.mAllowSleeping = false;
  const bodies = system.GetBodyInterface();
  const body = bodies.CreateSoftBody(creation);
  Jolt.destroy(creation);
  bodies.AddBody(body.GetID(), Jolt.EActivation_Activate);
  const motion = Jolt.castObject(body.GetMotionProperties(), Jolt.SoftBodyMotionProperties);
  return {
    motion,
    step(frameDtS) {
      jolt.Step(frameDtS, 1);
    },
    destroy() {
      bodies.RemoveBody(body.GetID());
      bodies.DestroyBody(body.GetID());
      Jolt.destroy(jolt);
    },
  };
}
