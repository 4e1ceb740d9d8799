import { describe, expect, test } from 'vitest';
import { frameLogFrom } from '../../renderer/src/sim/frame-log.ts';

describe('frame log', () => {
  test('is kept only when the URL asks for it, and records loads and frames as received', () => {
    expect(frameLogFrom('', () => 0)).toBeNull();
    let nowMs = 5;
    const log = frameLogFrom('?frameLog', () => nowMs)!;
    const positions = new Float32Array(6);
    expect(log.progress()).toEqual({ loadedMs: null, particleCount: 0, framesSinceLoad: 0 });
    log.record({
      type: 'loaded',
      bodies: [],
      particleCount: 2,
      constraintCount: 1,
      kernels: 'js',
      frameDtS: 1 / 60,
      groundHeightM: null,
      positions,
    });
    nowMs = 22;
    log.record({
      type: 'frame',
      frame: 1,
      simTimeS: 1 / 60,
      simMs: 3,
      kineticEnergyJ: 0,
      hasNaN: false,
      bodies: [],
      positions,
    });
    log.record({ type: 'play-state', playing: true });
    expect(log.progress()).toEqual({ loadedMs: 5, particleCount: 2, framesSinceLoad: 1 });
    const entries = log.entries();
    expect(
      entries.map((e) => [e.type, e.receivedMs, e.frame, e.simMs, e.particleCount, e.positionsBytes]),
    ).toEqual([
      ['loaded', 5, 0, 0, 2, 24],
      ['frame', 22, 1, 3, 2, 24],
    ]);
    expect(entries[0].kernels).toBe('js');
    // A copy: the bench cannot change the record.
    entries[0].simMs = 99;
    expect(log.entries()[0].simMs).toBe(0);
  });
});
