import { describe, expect, it } from 'vitest';
import { FIRST_TRIAL_EVERY, MAX_TRIAL_EVERY, TeamChooser } from '../../../core/sim/wasm/team-chooser.ts';

/** Steps `frames` frames through `chooser`, each way costing what `cost` says at that frame; the ways taken. */
function run(
  chooser: TeamChooser,
  frames: number,
  cost: (together: boolean, frame: number) => number,
): boolean[] {
  const ways: boolean[] = [];
  for (let frame = 0; frame < frames; frame++) {
    const together = chooser.next();
    chooser.record(together, cost(together, frame));
    ways.push(together);
  }
  return ways;
}

describe('team chooser', () => {
  it('keeps the team where it is faster, trying alone ever more rarely', () => {
    const chooser = new TeamChooser();
    const ways = run(chooser, 2000, (together) => (together ? 1 : 1.7));
    const alone = ways.flatMap((together, frame) => (together ? [] : [frame]));
    // Trials after 8, 16, 32, … frames of the team, then every MAX_TRIAL_EVERY.
    expect(alone.slice(0, 3)).toEqual([
      FIRST_TRIAL_EVERY,
      FIRST_TRIAL_EVERY + 1 + 2 * FIRST_TRIAL_EVERY,
      FIRST_TRIAL_EVERY + 1 + 2 * FIRST_TRIAL_EVERY + 1 + 4 * FIRST_TRIAL_EVERY,
    ]);
    expect(alone.length).toBeLessThan(12);
    expect(alone[alone.length - 1] - alone[alone.length - 2]).toBe(MAX_TRIAL_EVERY + 1);
    expect(chooser.framesAlone).toBe(alone.length);
  });

  it('steps alone where the team is slower (a busy machine), trying the team now and then', () => {
    const chooser = new TeamChooser();
    const ways = run(chooser, 2000, (together) => (together ? 1.7 : 1));
    // The first trial switches; from then on the team only on trial.
    expect(
      ways.slice(0, FIRST_TRIAL_EVERY + 1).every((together, frame) => together === frame < FIRST_TRIAL_EVERY),
    ).toBe(true);
    expect(ways.filter((together) => together).length).toBeLessThan(FIRST_TRIAL_EVERY + 12);
  });

  it('goes back to the team once the machine frees up, within the trial spacing', () => {
    const chooser = new TeamChooser();
    const freedAt = 1000;
    const ways = run(chooser, 2000, (together, frame) => (together === frame >= freedAt ? 1 : 1.7));
    expect(ways[freedAt - 1]).toBe(false);
    const backAt = ways.indexOf(true, freedAt);
    expect(backAt - freedAt).toBeLessThanOrEqual(MAX_TRIAL_EVERY + 1);
    // Once back, the team stays but for trials.
    expect(ways.slice(backAt).filter((together) => !together).length).toBeLessThan(10);
  });

  it('does not switch for a difference within its margin (noise)', () => {
    const chooser = new TeamChooser();
    const ways = run(chooser, 1000, (together, frame) => (together ? 1 : 0.98) * (1 + 0.01 * (frame % 3)));
    expect(ways.filter((together) => !together).length).toBeLessThan(10);
  });
});
