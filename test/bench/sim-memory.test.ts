import { describe, expect, it } from 'vitest';
import { memoryBreakdown } from '../../bench/sim-memory.ts';
import { buildWorld } from '../../core/sim/build-world.ts';
import { hangingStrip, sceneWith } from '../core/sim/fixtures.ts';

describe('the sim benchmark memory count', () => {
  it('counts every typed array the world holds once, wherever it is held, without making the Float32 positions', () => {
    const world = buildWorld(sceneWith([hangingStrip(0.2, 0.4, [4, 8])]));
    world.kernels = 'js'; // the arrays stay ordinary arrays: each counts by its bytes
    const before = memoryBreakdown(world);
    // An array held twice deep in a runtime: the walk finds it and counts it once.
    const extra = new Float64Array(1000);
    const runtime = world.runtimes[0] as unknown as Record<string, unknown>;
    runtime.extraForTest = { nested: [extra], again: extra };
    const after = memoryBreakdown(world);
    expect(after.totalBytes - before.totalBytes).toBe(extra.byteLength);
    const found = after.entries.filter((e) => e.bytes === extra.byteLength && !e.sharedWith);
    expect(found.map((e) => `${e.owner}.${e.field}`)).toEqual(['runtimes[0].extraForTest.again']); // its shortest path
    // Reading the positions would make them: the count names them without reading.
    expect((world as unknown as { positionsF32: Float32Array | null }).positionsF32).toBeNull();
    expect(after.entries[0].field).toBe('positions (when read)');
    // The edges the runtime keeps from its setup count, as the setup's.
    expect(after.entries.some((e) => e.field === 'edges' && e.setup)).toBe(true);
  });
});
