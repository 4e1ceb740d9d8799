import { DEFAULT_FRAME_BUDGET, type FrameBudget, RUNTIME_LABELS } from '../core/budget/frame-budget.ts';
import { choiceOption, numberOption } from './args.ts';

/**
 * The frame budget options `softbody bake` and `softbody tetra` share (--budget-ms, --runtime):
 * their help and parsing, apart from the timing in frame-cost.ts, which loads the solver (a
 * command parses these whether or not it times anything).
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
