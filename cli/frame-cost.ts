import type { FrameBudget } from '../core/budget/frame-budget.ts';
import {
  type BodyFrameCost,
  describeFrameCost,
  describeOverBudget,
  measuredMs,
  measureFrameCost,
} from '../core/budget/frame-cost.ts';
import { presetFromScene } from '../core/preset/from-scene.ts';
import type { Preset } from '../core/preset/preset.ts';
import type { SceneDocument } from '../core/scene/scene.ts';
import { compactVertices } from '../core/sim/geometry/mesh-body.ts';
import { TIMING_MATERIAL } from './budget-options.ts';
import { CliError } from './command.ts';
import { loadJoltFrameTimer } from './jolt-runtime.ts';

/**
 * What `softbody bake` and `softbody tetra` time a body with, and the readout lines they print
 * (core/budget/frame-cost.ts); their options are budget-options.ts.
 */

/**
 * The preset of one solid body of `tets` under standard gravity, as `softbody bake` would make it
 * (one body, no colliders), for timing: the tet count, model and substeps are what cost depends on.
 */
export function tetMeshPreset(
  name: string,
  tets: { positions: ArrayLike<number>; tets: Uint32Array },
  options: { substeps: number; frameDtS: number; budget?: FrameBudget; material?: string },
): Preset {
  const { positions, elements } = compactVertices(tets.positions, tets.tets);
  const scene: SceneDocument = {
    gravity: [0, -9.81, 0],
    solver: { dt: options.frameDtS, substeps: options.substeps },
    colliders: [],
    bodies: [
      {
        name,
        shape: { type: 'mesh', path: `${name}.obj` },
        material: options.material ?? TIMING_MATERIAL,
        model: 'neo-hookean',
      },
    ],
    ...(options.budget ? { budget: { ...options.budget } } : {}),
  };
  const meshes = {
    surfaces: new Map(),
    solids: new Map([['/bodies/0/shape', { positions, tets: elements }]]),
  };
  return presetFromScene(scene, { name, meshes });
}

/**
 * The ms per 60 Hz frame of `tets` as that body, read as the budget reads it (measuredMs: the
 * runtime's time where it ran); throws CliError when the runtime failed.
 */
export async function tetMeshFrameMs(
  tets: { positions: ArrayLike<number>; tets: Uint32Array },
  substeps: number,
  budget: FrameBudget,
): Promise<number> {
  const preset = tetMeshPreset('body', tets, { substeps, frameDtS: 1 / 60, budget });
  const [cost] = await measureFrameCost(preset, { runtime: loadJoltFrameTimer() });
  if (cost.runtime && 'error' in cost.runtime) throw new CliError([{ message: cost.runtime.error }]);
  return measuredMs(cost);
}

/** The readout of each body, and a warning line under each body over budget. */
export function frameCostLines(costs: readonly BodyFrameCost[], indent = ''): string[] {
  return costs.flatMap((cost) => {
    const warning = describeOverBudget(cost);
    return [
      `${indent}${cost.body}: ${describeFrameCost(cost)}`,
      ...(warning ? [`${indent}warning: ${warning}`] : []),
    ];
  });
}
