import type { FrameBudget } from '../scene/scene.ts';

export type { FrameBudget };

/** The budget of a scene that sets none: 2 ms per body per 60 Hz frame in Jolt. */
export const DEFAULT_FRAME_BUDGET: Readonly<FrameBudget> = { frameMsPerBody: 2, runtime: 'jolt' };

/** How each budget runtime is named in readouts and messages. */
export const RUNTIME_LABELS: Readonly<Record<FrameBudget['runtime'], string>> = { jolt: 'Jolt' };

/** The scene's budget, or the default. */
export function frameBudgetOf(scene: { budget?: FrameBudget }): FrameBudget {
  return scene.budget ?? { ...DEFAULT_FRAME_BUDGET };
}
