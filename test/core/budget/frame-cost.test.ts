import { describe, expect, it } from 'vitest';
import {
  type BodyFrameCost,
  describeFrameCost,
  describeOverBudget,
  measureFrameCost,
  type RuntimeFrameTimer,
  timeFrames,
} from '../../../core/budget/frame-cost.ts';
import { createJoltFrameTimer } from '../../../core/budget/jolt-frame-timer.ts';
import { presetFromScene } from '../../../core/preset/index.ts';
import type { SceneDocument } from '../../../core/scene/scene.ts';
import * as loader from '../../../runtime/jolt/loader.mjs';
import { loadJolt } from '../../runtime/jolt-harness.ts';

/** One box body of `cells`³ cells (edges + volume, as Jolt takes it), resting on a plane. */
function boxScene(cells: number, substeps = 10): SceneDocument {
  return {
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps },
    colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }],
    bodies: [
      {
        name: 'block',
        shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [cells, cells, cells], center: [0, 0.2, 0] },
        material: 'silicone-shore-20a',
        model: 'edges-volume',
      },
    ],
  };
}

/** A clock that moves 1 ms each time it is read: every timed frame then takes exactly 1 ms. */
function tickingClock(): () => number {
  let t = 0;
  return () => t++;
}

/** A runtime that steps nothing, for the readout's structure. */
const idleRuntime: RuntimeFrameTimer = {
  name: 'jolt',
  async prepare(_preset, bodies) {
    return new Map(bodies.map((name) => [name, { substeps: 7, frameDtS: 1 / 120, step() {}, dispose() {} }]));
  },
};

describe('frame cost', () => {
  it('times the median frame after the warm-up frames, which are not timed', () => {
    const durations = [100, 100, 3, 1, 9, 2, 5];
    let t = 0;
    let frame = 0;
    const timed = timeFrames(() => (t += durations[frame++]), { warmupFrames: 2, frames: 5, now: () => t });
    expect(frame).toBe(7);
    expect(timed).toEqual({ medianMs: 3, frames: 5 });
  });

  it('stops timing early when the time runs out, after three frames at least', () => {
    let t = 0;
    const timed = timeFrames(() => (t += 50), { warmupFrames: 0, frames: 15, maxMs: 60, now: () => t });
    expect(timed).toEqual({ medianMs: 50, frames: 3 });
  });

  it('gives each body its cost here and in the runtime, per 60 Hz frame, read against the scene budget', async () => {
    const scene = { ...boxScene(2, 12), budget: { frameMsPerBody: 1.5, runtime: 'jolt' as const } };
    const preset = presetFromScene(scene, { name: 'box' });
    const [cost] = await measureFrameCost(preset, { runtime: idleRuntime, now: tickingClock(), frames: 5 });
    // Each frame reads 1 ms; the runtime steps 1/120 s frames, two per 60 Hz frame.
    expect(cost).toEqual({
      body: 'block',
      elements:
        preset.setup.bodies[0].geometry.kind === 'solid'
          ? preset.setup.bodies[0].geometry.tets.length / 4
          : -1,
      ours: { msPerFrame: 1, substeps: 12, frames: 5 },
      runtime: { name: 'jolt', label: 'Jolt', msPerFrame: 2, substeps: 7, frames: 5 },
      budget: { frameMsPerBody: 1.5, runtime: 'jolt' },
      overBudget: true,
    } satisfies BodyFrameCost);
    expect(describeFrameCost(cost)).toBe('≈ 1.0 ms/frame here, 2.0 ms/frame in Jolt (7 substeps)');
    expect(describeOverBudget(cost)).toBe(
      "'block' takes 2.0 ms/frame in Jolt, over the budget of 1.5 ms per body (Jolt): use fewer tets or substeps",
    );
  });

  it('defaults the budget to 2 ms in Jolt, and says why a runtime did not measure', async () => {
    const preset = presetFromScene(boxScene(2), { name: 'box' });
    const failing: RuntimeFrameTimer = {
      name: 'jolt',
      prepare: async () => {
        throw new Error('jolt-physics did not load');
      },
    };
    const [cost] = await measureFrameCost(preset, { runtime: failing, now: tickingClock(), frames: 3 });
    expect(cost.budget).toEqual({ frameMsPerBody: 2, runtime: 'jolt' });
    expect(cost.overBudget).toBe(false);
    expect(describeFrameCost(cost)).toBe('≈ 1.0 ms/frame here; Jolt not measured: jolt-physics did not load');
    expect(describeOverBudget(cost)).toBeUndefined();
  });

  it('measures the exported body in Jolt at the substeps the export sets, and the cost grows with the tets', async () => {
    const runtime = createJoltFrameTimer(await loadJolt(), loader);
    const measure = async (cells: number) => {
      const [cost] = await measureFrameCost(presetFromScene(boxScene(cells), { name: 'box' }), {
        runtime,
        frames: 9,
      });
      return cost;
    };
    const small = await measure(3);
    const large = await measure(9);
    expect(large.elements / small.elements).toBeCloseTo(27, 0);
    for (const cost of [small, large]) {
      expect(cost.ours.substeps).toBe(10);
      expect(cost.runtime).toMatchObject({ name: 'jolt', substeps: 10, frames: 9 });
      expect(cost.ours.msPerFrame).toBeGreaterThan(0);
    }
    // 27 times the tets: no machine noise (a factor of 2 or so) hides that. Never an absolute time.
    const runtimeMs = (cost: BodyFrameCost) =>
      cost.runtime && 'msPerFrame' in cost.runtime ? cost.runtime.msPerFrame : NaN;
    expect(large.ours.msPerFrame / small.ours.msPerFrame).toBeGreaterThan(4);
    expect(runtimeMs(large) / runtimeMs(small)).toBeGreaterThan(4);
  }, 60_000);
});
