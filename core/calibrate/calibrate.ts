import type { Material } from '../material/schema.ts';
import { buildWorld } from '../sim/build-world.ts';
import {
  type CalibrationSceneId,
  type CalibrationSetup,
  type SceneOptions,
  type SkippedScene,
  type StandardScene,
  standardScenes,
} from './scenes.ts';
import { settleWorld } from './settle.ts';

/**
 * Calibration of one material: every standard scene (scenes.ts) run to rest with the engine at
 * each substep count, against its analytic value. The effective Young's modulus
 * E_eff = E·analytic/simulated is the modulus a linear-elastic body would need to sag as the
 * simulated one did: every analytic value here is proportional to 1/E, so E_eff = E means the
 * material behaves as its numbers say, and E_eff/E < 1 is the solver's softening (r too large),
 * E_eff/E > 1 a stiffening (coarse elements that lock, or a constraint mapping that is off).
 */

export const DEFAULT_CALIBRATION_SUBSTEPS: readonly number[] = [5, 10, 20, 40];
/** Frame time step of the calibration runs unless given, s. */
export const DEFAULT_CALIBRATION_FRAME_DT_S = 1 / 60;
/** The most substeps per frame accepted (as the scene schema). */
export const MAX_CALIBRATION_SUBSTEPS = 1000;

export interface CalibrationOptions extends SceneOptions {
  /** Substep counts to run each scene at; default 5, 10, 20, 40. */
  substeps?: readonly number[];
  /** Frame time step, s; default 1/60. */
  frameDtS?: number;
  /**
   * Budget compensation of the scenes' solver (core/setup/compensate.ts): 'auto' (the default,
   * what the preview and the exports run) or 'off' (the plain material compliances, to see the
   * one-pass bias itself).
   */
  compensation?: 'auto' | 'off';
}

/** One scene at one substep count. Lengths in m. */
export interface CalibrationRow {
  scene: CalibrationSceneId;
  substeps: number;
  /** The settled value, m (NaN when the run blew up). */
  simulated: number;
  analytic: number;
  unit: 'm';
  /** (simulated − analytic)/analytic, dimensionless. */
  relativeError: number;
  /** See the scene's resolutionDefinition; physics claims hold for r ≤ 0.25. */
  resolution: number;
  /** E·analytic/simulated, Pa. */
  effectiveYoungModulusPa: number;
  /** False when the run hit its time limit before the value stopped changing. */
  settled: boolean;
  /** Simulated time the run took to settle, s. */
  simulatedS: number;
}

export interface CalibrationReport {
  material: string;
  kind: Material['kind'];
  youngModulusPa: number;
  frameDtS: number;
  compensation: 'auto' | 'off';
  setups: CalibrationSetup[];
  skipped: SkippedScene[];
  scenes: CalibrationRow[];
}

/** Called before each run: runs done, runs in all, and what runs next. */
export type CalibrationProgress = (done: number, total: number, label: string) => void;

/** Options a caller got wrong (the CLI checks its arguments first; this guards other callers). */
export class CalibrationOptionError extends Error {
  override name = 'CalibrationOptionError';
}

export function calibrateMaterial(
  material: Material,
  options: CalibrationOptions = {},
  onProgress?: CalibrationProgress,
): CalibrationReport {
  const substepCounts = options.substeps ?? DEFAULT_CALIBRATION_SUBSTEPS;
  const frameDtS = options.frameDtS ?? DEFAULT_CALIBRATION_FRAME_DT_S;
  checkOptions(substepCounts, frameDtS, options.cellM);
  const { scenes, skipped } = standardScenes(material, options);
  const total = scenes.length * substepCounts.length;
  const rows: CalibrationRow[] = [];
  for (const standard of scenes) {
    for (const substeps of substepCounts) {
      onProgress?.(rows.length, total, `${standard.setup.scene}, ${substeps} substeps`);
      rows.push(runOne(material, standard, frameDtS, substeps, options.compensation ?? 'auto'));
    }
  }
  onProgress?.(rows.length, total, 'done');
  return {
    material: material.name,
    kind: material.kind,
    youngModulusPa: material.youngModulusPa,
    frameDtS,
    compensation: options.compensation ?? 'auto',
    setups: scenes.map((s) => s.setup),
    skipped,
    scenes: rows,
  };
}

function runOne(
  material: Material,
  standard: StandardScene,
  frameDtS: number,
  substeps: number,
  compensation: 'auto' | 'off',
): CalibrationRow {
  const scene = standard.scene(frameDtS, substeps);
  scene.solver.compensation = compensation;
  const world = buildWorld(scene);
  const rest = Float64Array.from(world.positions);
  const g = scene.gravity;
  const gLength = Math.hypot(g[0], g[1], g[2]);
  const direction: [number, number, number] = [g[0] / gLength, g[1] / gLength, g[2] / gLength];
  const { setup } = standard;
  const result = settleWorld(world, standard.probe(rest), direction, rest, {
    frameDtS,
    fundamentalRadPerS: setup.fundamentalRadPerS,
  });
  const engineResolution = world.measureBodies()[0].resolution;
  const simulated = result.value;
  return {
    scene: setup.scene,
    substeps,
    simulated,
    analytic: setup.analytic,
    unit: setup.unit,
    relativeError: (simulated - setup.analytic) / setup.analytic,
    resolution: standard.resolution(frameDtS / substeps, engineResolution),
    effectiveYoungModulusPa: (material.youngModulusPa * setup.analytic) / simulated,
    settled: result.settled,
    simulatedS: result.simulatedS,
  };
}

function checkOptions(substeps: readonly number[], frameDtS: number, cellM: number | undefined): void {
  if (substeps.length === 0) throw new CalibrationOptionError('needs at least one substep count');
  for (const n of substeps) {
    if (!Number.isInteger(n) || n < 1 || n > MAX_CALIBRATION_SUBSTEPS)
      throw new CalibrationOptionError(
        `a substep count must be a whole number from 1 to ${MAX_CALIBRATION_SUBSTEPS}, got ${n}`,
      );
  }
  if (!(frameDtS > 0 && frameDtS <= 1))
    throw new CalibrationOptionError(`the frame time step must be in (0, 1] s, got ${frameDtS}`);
  if (cellM !== undefined && !(cellM > 0 && Number.isFinite(cellM)))
    throw new CalibrationOptionError(`the element size must be a positive length in m, got ${cellM}`);
}
