import { describe, expect, it } from 'vitest';
import { fitTetsToBudget, type TetBudgetTrial } from '../../../core/budget/tet-budget.ts';

/** A model cost, ms per frame: a fixed part plus a part per tet; the mesher makes what it is asked. */
function linearCost(fixedMs: number, msPerTet: number) {
  const asked: number[] = [];
  const measure = async (targetTets: number): Promise<TetBudgetTrial> => {
    asked.push(targetTets);
    return { targetTets, tets: targetTets, msPerFrame: fixedMs + msPerTet * targetTets };
  };
  return { asked, measure };
}

describe('budget → tet count', () => {
  it('fits a line through two trials and aims at 90% of the budget, verified by a third', async () => {
    const { asked, measure } = linearCost(0.3, 0.001);
    const result = await fitTetsToBudget(measure, { budgetMs: 2, runtime: 'jolt' });
    // (0.9 · 2 − 0.3) / 0.001 = 1500 tets.
    expect(result.targetTets).toBe(1500);
    expect(result.reached).toBe(true);
    expect(asked).toEqual([1000, 1385, 1500]);
    expect(result.message).toBe('reached 1,500 tets at 1.8 ms/frame in Jolt (budget 2 ms)');
  });

  it('says so when even the fewest tets exceed the budget', async () => {
    const { measure } = linearCost(3, 0.001);
    const result = await fitTetsToBudget(measure, { budgetMs: 2, runtime: 'jolt' });
    expect(result.reached).toBe(false);
    expect(result.targetTets).toBe(100);
    expect(result.message).toBe(
      'budget not met: 100 tets at 3.1 ms/frame in Jolt (budget 2 ms); even the fewest tets tried (100) exceed it (a fixed cost of about 3 ms)',
    );
  });

  it('scales down once more when the verifying trial lands over the budget', async () => {
    // Cost grows faster than the line past 1,400 tets (a cache falls out, say).
    const asked: number[] = [];
    const measure = async (targetTets: number): Promise<TetBudgetTrial> => {
      asked.push(targetTets);
      const extra = targetTets > 1400 ? 0.002 * (targetTets - 1400) : 0;
      return { targetTets, tets: targetTets, msPerFrame: 0.001 * targetTets + extra };
    };
    const result = await fitTetsToBudget(measure, { budgetMs: 2, runtime: 'jolt' });
    expect(asked.length).toBe(3);
    expect(result.reached).toBe(true);
    expect(result.chosen.msPerFrame).toBeLessThanOrEqual(2);
  });
});

describe('budget → tet count with a mesher that makes more than asked', () => {
  it('asks for the tets it wants made through the ratio of the nearest trial', async () => {
    // A conforming mesher on a detailed surface: twice what is asked, plus 200.
    const asked: number[] = [];
    const measure = async (targetTets: number): Promise<TetBudgetTrial> => {
      asked.push(targetTets);
      const tets = 2 * targetTets + 200;
      return { targetTets, tets, msPerFrame: 0.001 * tets };
    };
    const result = await fitTetsToBudget(measure, { budgetMs: 2, runtime: 'jolt' });
    expect(result.reached).toBe(true);
    // 1,800 made at 0.001 ms each = 1.8 ms (90% of the budget): asked for about 800.
    expect(result.chosen.tets).toBeGreaterThan(1500);
    expect(result.chosen.msPerFrame).toBeLessThanOrEqual(2);
    expect(asked.length).toBeLessThanOrEqual(4);
  });
});
