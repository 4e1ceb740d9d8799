import { DEFAULT_FRAME_BUDGET, type FrameBudget, RUNTIME_LABELS } from '../core/budget/frame-budget.ts';
import {
  type BodyFrameCost,
  describeFrameCost,
  describeOverBudget,
  type RuntimeFrameTimer,
} from '../core/budget/frame-cost.ts';
import { choiceOption, numberOption } from './args.ts';
import { loadJoltFrameTimer } from './jolt-runtime.ts';

/**
 * The frame budget options `softbody bake` and `softbody tetra` share (--budget-ms, --runtime),
 * the runtime they time in, and the readout lines they print (core/budget/frame-cost.ts).
 */

export const BUDGET_OPTIONS = {
  'budget-ms': { type: 'string' },
  runtime: { type: 'string' },
} as const;

const RUNTIMES = Object.keys(RUNTIME_LABELS) as FrameBudget['runtime'][];

/** Help lines for the two options, their descriptions starting at `column`. */
export function budgetHelp(column: number, what: string): string {
  const pad = (flag: string) => `  ${flag}`.padEnd(column);
  return [
    `${pad('--budget-ms MS')}frame budget per body, ms per 60 Hz frame in the runtime (default ${DEFAULT_FRAME_BUDGET.frameMsPerBody}); ${what}`,
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

/**
 * The timer of `runtime`. It never rejects: a module that fails to load gives a timer whose
 * bodies report that failure, so the readout says why and the command goes on.
 */
export async function runtimeTimer(runtime: FrameBudget['runtime']): Promise<RuntimeFrameTimer> {
  try {
    return await loadJoltFrameTimer();
  } catch (error) {
    const message = `${RUNTIME_LABELS[runtime]} did not load: ${(error as Error).message}`;
    return {
      name: runtime,
      prepare: () => Promise.reject(new Error(message)),
    };
  }
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
