import { describe, expect, test } from 'vitest';
import { formatUiTable, uiPhases } from '../../bench/ui-phases.ts';
import type { FrameLogEntry } from '../../renderer/src/sim/frame-log.ts';

const entry = (
  type: 'loaded' | 'frame',
  receivedMs: number,
  frame = 0,
  particleCount = 2435,
): FrameLogEntry => ({
  type,
  receivedMs,
  frame,
  simMs: 1,
  workMs: 1,
  particleCount,
  positionsBytes: 0,
  sharedPositions: false,
  metricsJsonBytes: 0,
});

describe('ui bench phases', () => {
  const marks = {
    chosen: 100,
    shown: 400,
    simulateClick: 500,
    previewDone: { atMs: 800, workerS: 0.2, tets: 520 },
    bodyAdded: 850,
    refineDone: { atMs: 4850, workerS: 3.5, tets: 5600 },
    refineSwapped: 4900,
  };
  const log = [
    entry('loaded', 50),
    entry('frame', 60, 1),
    entry('loaded', 1050, 0, 2600),
    entry('frame', 1060, 0, 2600),
    entry('frame', 1150, 1, 2600),
    entry('loaded', 5200, 0, 3900),
    entry('frame', 5300, 1, 3900),
  ];

  test('are read from the marks and the loads and first stepped frames after the body and the swap', () => {
    const phases = uiPhases(marks, log);
    expect(phases).toEqual({
      openMs: 300,
      previewMs: 300,
      previewWorkerMs: 200,
      addMs: 50,
      compileMs: 200,
      firstFrameMs: 100,
      // 300 open + (1150 − 500) from the click to motion.
      toMotionMs: 950,
      refineMs: 4000,
      refineWorkerMs: 3500,
      toRefinedMs: 300 + 5300 - 500,
      previewTets: 520,
      refinedTets: 5600,
      previewParticles: 2600,
      refinedParticles: 3900,
    });
    if ('missing' in phases) throw new Error('unreachable');
    // To motion is the sum of the phases up to the first frame.
    expect(phases.toMotionMs).toBe(
      phases.openMs + phases.previewMs + phases.addMs + phases.compileMs + phases.firstFrameMs,
    );
    const lines = formatUiTable([{ mesh: 'spot.obj', triangles: 5856, phases }]).split('\n');
    expect(lines[1]).toMatch(
      /^spot\.obj +5856 +300 +300 \(200\) +50 +200 +100 +950 +4000 \(3500\) +5100 +520→5600$/,
    );
  });

  test('name the first moment not seen yet', () => {
    expect(uiPhases({ chosen: 1 }, [])).toEqual({ missing: 'mesh shown' });
    expect(uiPhases(marks, log.slice(0, 2))).toEqual({ missing: 'body loaded in the worker' });
    expect(uiPhases(marks, log.slice(0, 4))).toEqual({ missing: 'first simulated frame' });
    expect(uiPhases({ ...marks, refineSwapped: undefined }, log)).toEqual({
      missing: 'refined mesh swapped in',
    });
    expect(uiPhases(marks, log.slice(0, 6))).toEqual({
      missing: 'first simulated frame of the refined body',
    });
  });
});
