import { describe, expect, it } from 'vitest';
import {
  FIRST_TRIAL_EVERY,
  MAX_TRIAL_EVERY,
  SAMPLES,
  TeamChooser,
  TRIAL_FRAMES,
} from '../../../core/sim/wasm/team-chooser.ts';

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
    // Trials of TRIAL_FRAMES frames alone after 8, 16, 32, … frames of the team, then every MAX_TRIAL_EVERY.
    const first = FIRST_TRIAL_EVERY;
    const second = first + TRIAL_FRAMES + 2 * FIRST_TRIAL_EVERY;
    const third = second + TRIAL_FRAMES + 4 * FIRST_TRIAL_EVERY;
    expect(alone.slice(0, 6)).toEqual([first, first + 1, second, second + 1, third, third + 1]);
    expect(alone.length).toBeLessThan(12 * TRIAL_FRAMES);
    expect(alone[alone.length - 2] - alone[alone.length - 4]).toBe(MAX_TRIAL_EVERY + TRIAL_FRAMES);
    expect(chooser.framesAlone).toBe(alone.length);
  });

  it('steps alone where the team is slower (a busy machine), trying the team now and then', () => {
    const chooser = new TeamChooser();
    const ways = run(chooser, 2000, (together) => (together ? 1.7 : 1));
    // The first trial wins, the second confirms it after SAMPLES frames of the team: from then on
    // the team only on trial.
    const confirmAt = FIRST_TRIAL_EVERY + TRIAL_FRAMES + SAMPLES;
    const alone = (frame: number) =>
      (frame >= FIRST_TRIAL_EVERY && frame < FIRST_TRIAL_EVERY + TRIAL_FRAMES) || frame >= confirmAt;
    const firstTrialOfTheTeam = confirmAt + TRIAL_FRAMES + FIRST_TRIAL_EVERY;
    expect(ways.slice(0, firstTrialOfTheTeam).every((together, frame) => together === !alone(frame))).toBe(
      true,
    );
    expect(ways[firstTrialOfTheTeam]).toBe(true);
    expect(ways.filter((together) => together).length).toBeLessThan(
      FIRST_TRIAL_EVERY + SAMPLES + 12 * TRIAL_FRAMES,
    );
  });

  it('goes back to the team once the machine frees up, within the trial spacing', () => {
    const chooser = new TeamChooser();
    const freedAt = 1000;
    const ways = run(chooser, 2000, (together, frame) => (together === frame >= freedAt ? 1 : 1.7));
    expect(ways[freedAt - 1]).toBe(false);
    const backAt = ways.indexOf(true, freedAt);
    expect(backAt - freedAt).toBeLessThanOrEqual(MAX_TRIAL_EVERY + TRIAL_FRAMES);
    // Once back, the team stays but for trials.
    expect(ways.slice(backAt).filter((together) => !together).length).toBeLessThan(10 * TRIAL_FRAMES);
  });

  it('judges a trial of the team by its frame after the first, which wakes the helpers', () => {
    // The machine busy for the first 1000 frames (the team slower), then free: the team's frames
    // cost 0.8 of a frame alone, but the first after frames alone costs 1.6 (its helpers asleep).
    const chooser = new TeamChooser();
    const freedAt = 1000;
    let lastAlone = true;
    const ways = run(chooser, 3000, (together, frame) => {
      const cold = together && lastAlone;
      lastAlone = !together;
      if (!together) return 1;
      return frame < freedAt ? 1.7 : cold ? 1.6 : 0.8;
    });
    expect(ways[freedAt - 1]).toBe(false);
    // Back with the team within a trial's spacing of the machine freeing up, and with it since but
    // for trials (judged by their first frame, every trial of the team would keep it alone).
    const settled = freedAt + MAX_TRIAL_EVERY + 2 * TRIAL_FRAMES;
    expect(ways.slice(settled).filter((together) => !together).length).toBeLessThan(10 * TRIAL_FRAMES);
  });

  it('does not switch for a burst of slow frames just before a trial (load from elsewhere)', () => {
    // The fourth trial alone starts after the team's frames 8, 16, 32 and 64 (and three trials):
    // the three frames before it are slowed to 3 times their cost, the trial alone itself is not.
    const fourth = 15 * FIRST_TRIAL_EVERY + 3 * TRIAL_FRAMES;
    const ways = run(new TeamChooser(), 400, (together, frame) =>
      together ? (frame >= fourth - SAMPLES && frame < fourth ? 3 : 1) : 1.7,
    );
    expect(ways.slice(fourth, fourth + TRIAL_FRAMES)).toEqual([false, false]);
    // The trial won against the burst; judged again after fresh frames of the team, it lost.
    let longestAlone = 0;
    for (let frame = 0, stretch = 0; frame < ways.length; frame++) {
      stretch = ways[frame] ? 0 : stretch + 1;
      longestAlone = Math.max(longestAlone, stretch);
    }
    expect(longestAlone).toBe(TRIAL_FRAMES);
    expect(ways.filter((together) => !together).length).toBeLessThan(8 * TRIAL_FRAMES);
  });

  it('does not switch for a difference within its margin (noise)', () => {
    const chooser = new TeamChooser();
    const ways = run(chooser, 1000, (together, frame) => (together ? 1 : 0.98) * (1 + 0.01 * (frame % 3)));
    expect(ways.filter((together) => !together).length).toBeLessThan(10 * TRIAL_FRAMES);
  });
});
