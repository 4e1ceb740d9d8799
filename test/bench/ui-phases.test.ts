import { describe, expect, test } from 'vitest';
import { formatUiTable, uiPhases } from '../../bench/ui-phases.ts';
import type { FrameLogEntry } from '../../renderer/src/sim/frame-log.ts';

const entry = (type: 'loaded' | 'frame', receivedMs: number, frame = 0): FrameLogEntry => ({
  type,
  receivedMs,
  frame,
  simMs: 1,
  particleCount: 2435,
  positionsBytes: 0,
  metricsJsonBytes: 0,
});

describe('ui bench phases', () => {
  const marks = { chosen: 100, shown: 700, tetraClick: 800, tetraDone: 6800, makeClick: 7000 };

  test('are read from the marks and the first load and stepped frame after the click', () => {
    const log = [
      entry('loaded', 50),
      entry('frame', 60, 1),
      entry('loaded', 9000),
      entry('frame', 9010, 0),
      entry('frame', 9600, 1),
    ];
    const phases = uiPhases(marks, log);
    expect(phases).toEqual({
      openMs: 600,
      tetraMs: 6000,
      bodyMs: 2000,
      firstFrameMs: 600,
      totalMs: 9200,
      sceneParticles: 2435,
    });
    if ('missing' in phases) throw new Error('unreachable');
    const lines = formatUiTable([{ mesh: 'spot.obj', triangles: 5856, tets: 22_600, phases }]).split('\n');
    expect(lines[1]).toMatch(/^spot\.obj +5856 +22600 +600 +6000 +2000 +600 +9200$/);
  });

  test('name the first moment not seen yet', () => {
    expect(uiPhases({ chosen: 1 }, [])).toEqual({ missing: 'mesh shown' });
    expect(uiPhases(marks, [entry('loaded', 50), entry('frame', 60, 1)])).toEqual({
      missing: 'body loaded in the worker',
    });
    expect(uiPhases(marks, [entry('loaded', 9000)])).toEqual({ missing: 'first simulated frame' });
  });
});
