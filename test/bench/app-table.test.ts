import { describe, expect, test } from 'vitest';
import {
  type AppRow,
  formatAppTable,
  measuredFrames,
  medianRow,
  summarizeFrames,
  withRatios,
} from '../../bench/app-table.ts';
import type { FrameLogEntry } from '../../renderer/src/sim/frame-log.ts';

const entry = (type: 'loaded' | 'frame', receivedMs: number, frame = 0, simMs = 0): FrameLogEntry => ({
  type,
  receivedMs,
  frame,
  simMs,
  workMs: 2 * simMs,
  particleCount: 4,
  positionsBytes: 48,
  sharedPositions: false,
  metricsJsonBytes: 100,
});

describe('app bench figures', () => {
  test('frames are taken after the last load, stepped ones only, past the warm-up', () => {
    const log = [
      entry('loaded', 0),
      entry('frame', 10, 1, 99),
      entry('loaded', 20),
      entry('frame', 30, 0),
      ...[1, 2, 3, 4].map((f) => entry('frame', 30 + 20 * f, f, f)),
    ];
    expect(measuredFrames(log, 1, 4)).toBeNull();
    const frames = measuredFrames(log, 1, 3)!;
    expect(frames.map((f) => f.frame)).toEqual([2, 3, 4]);
    expect(summarizeFrames(frames)).toEqual({
      workerMsPerFrame: 3,
      workerFrameMsPerFrame: 6,
      pageIntervalMs: 20,
      positionsBytesPerFrame: 48,
      sharedPositions: false,
      metricsJsonBytesPerFrame: 100,
      frames: 3,
      solverThreads: 1,
      helperShare: 0,
      stalls: 0,
      aloneShare: 1,
      togetherMsPerFrame: Number.NaN,
      aloneMsPerFrame: 3,
    });
  });

  test("the team's share and stalls are counted over the measured frames only", () => {
    const counted = (frame: number, chunks: number, helperChunks: number, stalls: number): FrameLogEntry => ({
      ...entry('frame', 20 * frame, frame, 5),
      solverThreads: 2,
      solverTeamCounts: { chunks, helperChunks, stalls, framesAlone: frame === 3 ? 2 : 1 },
    });
    const frames = [counted(1, 10, 4, 3), counted(2, 20, 9, 4), counted(3, 30, 14, 4)];
    expect(summarizeFrames(frames)).toMatchObject({
      solverThreads: 2,
      helperShare: 0.5,
      stalls: 1,
      aloneShare: 0.5,
      togetherMsPerFrame: 5,
      aloneMsPerFrame: 5,
    });
  });

  test('the table gives worker/bench and names scenes more than 10% slower in the app', () => {
    const row = (scene: string, workerMsPerFrame: number, workerFrameMsPerFrame = workerMsPerFrame): AppRow =>
      withRatios({
        scene,
        particles: 4225,
        benchMsPerFrame: 10,
        benchBeforeAfterMs: [9, 11],
        chromiumEngineMsPerFrame: 8,
        workerMsPerFrame,
        workerFrameMsPerFrame,
        pageIntervalMs: 16.7,
        positionsBytesPerFrame: 50_700,
        sharedPositions: false,
        metricsJsonBytesPerFrame: 650,
        frames: 96,
        solverThreads: 2,
        helperShare: 0.45,
        stalls: 1,
        aloneShare: 0.1,
        togetherMsPerFrame: 9,
        aloneMsPerFrame: 12,
        benchKernels: 'wasm',
        workerKernels: 'wasm',
      });
    const lines = formatAppTable([row('even', 10.5), row('slow', 12.5, 15)]).split('\n');
    expect(lines[0]).toMatch(
      /^scene +particles +bench ms\/frame \(Node\) +Node before \/ after +engine in Chromium ms\/frame +worker step ms\/frame \(Chromium\) +ratio step\/bench +ratio step\/engine in Chromium/,
    );
    expect(lines[0]).toMatch(/ +threads +helpers % +stalls +alone % +step ms together \/ alone$/);
    expect(lines[1]).toMatch(
      /^even +4225 +10\.00 +9\.00 \/ 11\.00 +8\.00 +10\.50 +1\.05 +1\.31 +10\.50 +1\.05 +16\.70 +2 +45 +1 +10 +9\.00 \/ 12\.00$/,
    );
    expect(lines[2]).toMatch(/ 1\.25 +1\.56 +15\.00 +1\.50 +16\.70 +2 +45 +1 +10 +9\.00 \/ 12\.00$/);
    expect(lines.slice(3)).toEqual([
      "slow: the app's worker is 25% slower per step than the Node bench (more than 10%)",
      "slow: the app's worker spends 50% more per frame (step, metrics, sending) than the Node bench's step (more than 10%)",
    ]);
  });

  test('rounds of one scene give the median of each figure', () => {
    const round = (benchMsPerFrame: number, workerMsPerFrame: number): AppRow =>
      withRatios({
        scene: 'cube',
        particles: 4913,
        benchMsPerFrame,
        benchBeforeAfterMs: [benchMsPerFrame - 2, benchMsPerFrame + 2],
        chromiumEngineMsPerFrame: benchMsPerFrame - 1,
        workerMsPerFrame,
        workerFrameMsPerFrame: workerMsPerFrame + 1,
        pageIntervalMs: 20,
        positionsBytesPerFrame: 0,
        sharedPositions: true,
        metricsJsonBytesPerFrame: 700,
        frames: 96,
        solverThreads: 2,
        helperShare: workerMsPerFrame / 100,
        stalls: 0,
        aloneShare: 0,
        togetherMsPerFrame: workerMsPerFrame,
        aloneMsPerFrame: Number.NaN,
        benchKernels: 'wasm',
        workerKernels: 'wasm',
      });
    const row = medianRow([round(40, 44), round(42, 80), round(90, 43)]);
    expect(row).toMatchObject({
      benchMsPerFrame: 42,
      benchBeforeAfterMs: [40, 44],
      chromiumEngineMsPerFrame: 41,
      workerMsPerFrame: 44,
      workerFrameMsPerFrame: 45,
      frames: 288,
      helperShare: 0.44,
    });
    // Each round's app against its own bench: 44/40, 80/42, 43/90, not the medians' 44/42.
    expect(row.stepRatio).toBeCloseTo(1.1, 12);
    expect(row.frameRatio).toBeCloseTo(45 / 40, 12);
    expect(row.sharedPositions).toBe(true);
  });
});
