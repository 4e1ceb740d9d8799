import { describe, expect, it } from 'vitest';
import { SolverTeam } from '../../../core/sim/wasm/solver-team.ts';
import {
  CLEAN_RUNS,
  FIRST_BACKOFF_MS,
  MAX_BACKOFF_MS,
  STALL_MS,
  StallBackoff,
} from '../../../core/sim/wasm/stall-backoff.ts';

/** A stall at `nowMs`: the stepping thread waited well past STALL_MS and its own 0.1 ms. */
const stallAt = (backoff: StallBackoff, nowMs: number) => backoff.record(nowMs, 10 * STALL_MS, 0.1);

describe('stall back-off', () => {
  it('backs off only after a wait longer than STALL_MS and the stepping thread’s own chunks', () => {
    const backoff = new StallBackoff();
    expect(backoff.backingOff(0)).toBe(false);
    backoff.record(0, 0, 0.1); // never slept
    backoff.record(0, STALL_MS, 0.1); // slept, but not past STALL_MS
    backoff.record(0, 2, 3); // slept past STALL_MS, but less than its own chunks took
    expect(backoff.stalls).toBe(0);
    expect(backoff.backingOff(0)).toBe(false);
    stallAt(backoff, 100);
    expect(backoff.stalls).toBe(1);
    expect(backoff.backingOff(100 + FIRST_BACKOFF_MS - 0.01)).toBe(true);
    expect(backoff.backingOff(100 + FIRST_BACKOFF_MS)).toBe(false);
  });

  it('doubles the back-off for stalls that follow closely, up to MAX_BACKOFF_MS, and starts over after CLEAN_RUNS clean runs', () => {
    const backoff = new StallBackoff();
    let now = 0;
    const backoffAfterStall = () => {
      stallAt(backoff, now);
      let ms = 0;
      while (backoff.backingOff(now + ms)) ms++;
      now += ms;
      return ms;
    };
    const lengths = Array.from({ length: 9 }, backoffAfterStall);
    expect(lengths).toEqual([4, 8, 16, 32, 64, 128, 256, 512, 512].map((ms) => (ms * FIRST_BACKOFF_MS) / 4));
    expect(Math.max(...lengths)).toBe(MAX_BACKOFF_MS);
    for (let run = 0; run < CLEAN_RUNS - 1; run++) backoff.record(now, 0, 0.1);
    expect(backoffAfterStall()).toBe(MAX_BACKOFF_MS);
    for (let run = 0; run < CLEAN_RUNS; run++) backoff.record(now, 0, 0.1);
    expect(backoffAfterStall()).toBe(FIRST_BACKOFF_MS);
  });

  it('forget ends the back-off and starts the next at FIRST_BACKOFF_MS', () => {
    const backoff = new StallBackoff();
    for (let stall = 0; stall < 5; stall++) stallAt(backoff, 0);
    expect(backoff.backingOff(50)).toBe(true);
    backoff.forget();
    expect(backoff.backingOff(0)).toBe(false);
    stallAt(backoff, 0);
    expect(backoff.backingOff(FIRST_BACKOFF_MS)).toBe(false);
    expect(backoff.stalls).toBe(6);
  });

  it('a solver team forgets its back-off when it steps again after frames alone, and keeps it otherwise', () => {
    // No helpers are needed: the team's frames and its chooser's trials alone run all the same.
    const backoff = new StallBackoff();
    const team = new SolverTeam(2, [], undefined, backoff);
    const frames: { alone: boolean; backingOff: boolean }[] = [];
    // Whichever way the chooser's trials go, 40 frames hold team frames after frames alone (the
    // first trial is at frame FIRST_TRIAL_EVERY) and after team frames.
    for (let frame = 0; frame < 40; frame++) {
      // A stall before every frame: a back-off far longer than the test, grown to MAX_BACKOFF_MS.
      stallAt(backoff, performance.now());
      const framesAlone = team.framesAlone;
      let backingOff = false;
      team.frame(1, () => {
        backingOff = backoff.backingOff(performance.now());
      });
      frames.push({ alone: team.framesAlone > framesAlone, backingOff });
    }
    const teamAfter = (alone: boolean) =>
      frames.filter((f, i) => !f.alone && i > 0 && frames[i - 1].alone === alone);
    expect(teamAfter(true).length).toBeGreaterThan(0);
    expect(teamAfter(false).length).toBeGreaterThan(0);
    expect(teamAfter(true).every((f) => !f.backingOff)).toBe(true);
    expect(teamAfter(false).every((f) => f.backingOff)).toBe(true);
  });
});
