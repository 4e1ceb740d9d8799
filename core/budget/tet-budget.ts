import { RUNTIME_LABELS } from './frame-budget.ts';

/**
 * Budget → tet count: the largest tet target whose measured frame cost fits a budget. At fixed
 * substeps a frame's cost is close to linear in the tets (every constraint is solved once per
 * substep; collisions and the per-particle passes scale with the vertices, which follow the
 * tets), so two trials fix a line c = a + b·n (n the tets made): the first at a guess, the
 * second where the proportional model of the first puts the budget. The target the line gives (with a margin of
 * FIT_MARGIN for noise) is then measured to verify; over the budget it is scaled down once by the
 * overshoot and measured again. A body that exceeds the budget even at the fewest tets is
 * reported as such, with that cost.
 *
 * The measuring is the caller's (tetrahedralize at a target, export, time: frame-cost.ts), so
 * this stays a few lines of arithmetic that a test can drive with a model cost.
 */

export interface TetBudgetTrial {
  /** Tets asked of the tetrahedralizer. */
  targetTets: number;
  /** Tets it made. */
  tets: number;
  /** Measured cost per 60 Hz frame, ms. */
  msPerFrame: number;
}

export interface TetBudgetResult {
  /** The tet target chosen. */
  targetTets: number;
  /** The trial that verified it (the last one measured at targetTets). */
  chosen: TetBudgetTrial;
  /** Every trial, in the order run. */
  trials: TetBudgetTrial[];
  /** True when the chosen target's measured cost is within the budget. */
  reached: boolean;
  /** One line: what was reached, and why not where the budget cannot be met. */
  message: string;
}

export interface TetBudgetOptions {
  budgetMs: number;
  runtime: keyof typeof RUNTIME_LABELS;
  /** The first trial's tet target; default 1000. */
  firstTets?: number;
  /** Fewest tets tried; default 100. */
  minTets?: number;
  /** Most tets tried; default 200,000. */
  maxTets?: number;
}

/** Fraction of the budget the fitted line aims at, leaving room for the machine's noise. */
export const FIT_MARGIN = 0.9;

export type MeasureAtTets = (targetTets: number) => Promise<TetBudgetTrial>;

export async function fitTetsToBudget(
  measure: MeasureAtTets,
  options: TetBudgetOptions,
): Promise<TetBudgetResult> {
  const { budgetMs } = options;
  const minTets = options.minTets ?? 100;
  const maxTets = options.maxTets ?? 200_000;
  const clamp = (n: number) => Math.round(Math.min(maxTets, Math.max(minTets, n)));
  const label = RUNTIME_LABELS[options.runtime];
  const trials: TetBudgetTrial[] = [];
  const run = async (target: number) => {
    const trial = await measure(target);
    trials.push(trial);
    return trial;
  };
  const finish = (chosen: TetBudgetTrial, why?: string): TetBudgetResult => {
    const reached = chosen.msPerFrame <= budgetMs;
    const figures = `${chosen.tets.toLocaleString('en-US')} tets at ${show(chosen.msPerFrame)} ms/frame in ${label} (budget ${show(budgetMs)} ms)`;
    const message = reached
      ? `reached ${figures}${why ? `; ${why}` : ''}`
      : `budget not met: ${figures}; ${why ?? 'the last trial still exceeds it'}`;
    return { targetTets: chosen.targetTets, chosen, trials, reached, message };
  };

  // The fit is in the tets made; a target asks for `made` through the nearest trial's ratio (a
  // conforming mesher makes more than asked on a detailed surface, and not in proportion).
  const askFor = (made: number, near: TetBudgetTrial) =>
    clamp((made * near.targetTets) / Math.max(1, near.tets));
  const first = await run(clamp(options.firstTets ?? 1000));
  const perTet = first.msPerFrame / Math.max(1, first.tets);
  const second = await run(askFor((FIT_MARGIN * budgetMs) / Math.max(perTet, Number.MIN_VALUE), first));
  // The line through both trials; proportional where they are too close or the slope is not positive.
  let slope = perTet;
  let offset = 0;
  if (Math.abs(second.tets - first.tets) > 0.2 * Math.max(first.tets, second.tets)) {
    const b = (second.msPerFrame - first.msPerFrame) / (second.tets - first.tets);
    if (b > 0) {
      slope = b;
      offset = first.msPerFrame - b * first.tets;
    }
  }
  const wanted = Math.max(0, (FIT_MARGIN * budgetMs - offset) / slope);
  const nearest = (made: number) =>
    trials.reduce((best, t) => (Math.abs(t.tets - made) < Math.abs(best.tets - made) ? t : best));
  let target = askFor(wanted, nearest(wanted));
  let chosen = trials.find((t) => t.targetTets === target) ?? (await run(target));
  if (chosen.msPerFrame > budgetMs && target > minTets) {
    target = askFor((chosen.tets * FIT_MARGIN * budgetMs) / chosen.msPerFrame, chosen);
    chosen = trials.find((t) => t.targetTets === target) ?? (await run(target));
  }
  if (chosen.msPerFrame > budgetMs && target === minTets) {
    const fixed = offset > 0 ? ` (a fixed cost of about ${show(offset)} ms)` : '';
    const made = chosen.tets === minTets ? '' : `, made as ${chosen.tets.toLocaleString('en-US')}`;
    return finish(chosen, `even the fewest tets tried (${minTets}${made}) exceed it${fixed}`);
  }
  if (chosen.msPerFrame > budgetMs && chosen.tets > 1.5 * chosen.targetTets)
    return finish(
      chosen,
      `the mesher makes ${chosen.tets.toLocaleString('en-US')} tets when asked for ${chosen.targetTets.toLocaleString('en-US')} on this surface`,
    );
  if (target === maxTets && chosen.msPerFrame <= budgetMs)
    return finish(chosen, `the most tets tried (${maxTets.toLocaleString('en-US')}) fit`);
  return finish(chosen);
}

function show(value: number): string {
  return value.toLocaleString('en-US', { maximumSignificantDigits: 3 });
}
