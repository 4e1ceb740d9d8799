import { DEFAULT_FRAME_BUDGET, type FrameBudget, RUNTIME_LABELS } from '../core/budget/frame-budget.ts';
import { type BodyFrameCost, describeFrameCost, describeOverBudget } from '../core/budget/frame-cost.ts';
import { presetFromScene } from '../core/preset/from-scene.ts';
import type { Preset } from '../core/preset/preset.ts';
import type { SceneDocument } from '../core/scene/scene.ts';
import { compactVertices } from '../core/sim/geometry/mesh-body.ts';
import { choiceOption, numberOption } from './args.ts';

/**
 * The frame budget options `softbody bake` and `softbody tetra` share (--budget-ms, --runtime),
 * the runtime they time in, and the readout lines they print (core/budget/frame-cost.ts).
 */

export const BUDGET_OPTIONS = {
  'budget-ms': { type: 'string' },
  runtime: { type: 'string' },
} as const;

const RUNTIMES = Object.keys(RUNTIME_LABELS) as FrameBudget['runtime'][];

/**
 * Help lines for the two options, descriptions from `column`: `what` continues the --budget-ms
 * line (further entries are lines of their own).
 */
export function budgetHelp(column: number, what: readonly string[]): string {
  const pad = (flag: string) => `  ${flag}`.padEnd(column);
  return [
    `${pad('--budget-ms MS')}frame budget per body, ms per 60 Hz frame in the runtime (default ${DEFAULT_FRAME_BUDGET.frameMsPerBody});`,
    ...what.map((line) => `${' '.repeat(column)}${line}`),
    `${pad('--runtime R')}the runtime the budget is for: ${RUNTIMES.join(', ')} (default ${DEFAULT_FRAME_BUDGET.runtime})`,
  ].join('\n');
}

/** The budget the options give; undefined when neither is given. */
export function parseBudget(values: { 'budget-ms'?: string; runtime?: string }): FrameBudget | undefined {
  if (values['budget-ms'] === undefined && values.runtime === undefined) return undefined;
  return {
    frameMsPerBody:
      values['budget-ms'] === undefined
        ? DEFAULT_FRAME_BUDGET.frameMsPerBody
        : numberOption('--budget-ms', values['budget-ms'], 'a time in ms above 0', (v) => v > 0 && v <= 1000),
    runtime:
      values.runtime === undefined
        ? DEFAULT_FRAME_BUDGET.runtime
        : choiceOption('--runtime', values.runtime, RUNTIMES),
  };
}

/** The material a tet mesh is timed with when the command names none (cost hardly depends on it). */
export const TIMING_MATERIAL = 'natural-rubber';

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
