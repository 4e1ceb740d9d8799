import { describe, expect, test } from 'vitest';
import defaultScene from '../../assets/default-scene.json';
import { buildWorld } from '../../core/sim/build-world.ts';
import type { Scene } from '../../core/sim/scene.ts';
import type { SimEvent } from '../../renderer/src/sim/protocol.ts';
import { SimController } from '../../renderer/src/sim/sim-controller.ts';

/** The worker loop on the real engine and the shipped default scene, stepped by hand (no timers). */
describe('the default scene through the worker loop', () => {
  test('loads drawable bodies, and stepping moves them without NaN', () => {
    const events: SimEvent[] = [];
    let nowMs = 0;
    const controller = new SimController({
      buildWorld,
      defaultScene: defaultScene as unknown as Scene,
      post: (event) => events.push(event),
      now: () => nowMs++,
      schedule: () => 0,
      cancel: () => {},
    });
    controller.handle({ type: 'load-scene' });
    const loaded = events[0];
    if (loaded.type !== 'loaded') throw new Error(`expected 'loaded', got ${JSON.stringify(loaded)}`);
    expect(loaded.bodies.map((b) => b.kind).sort()).toEqual(['cloth', 'solid']);
    expect(loaded.groundHeightM).toBe(0);
    for (const body of loaded.bodies) {
      expect(body.surfaceTriangles.length).toBeGreaterThan(0);
      // Every surface index is local to the body.
      expect(Math.max(...body.surfaceTriangles)).toBeLessThan(body.particleCount);
    }
    expect(loaded.positions.length).toBe(3 * loaded.particleCount);

    for (let i = 0; i < 10; i++) controller.handle({ type: 'step' });
    const frames = events.filter((e) => e.type === 'frame');
    expect(frames).toHaveLength(10);
    const last = frames.at(-1)!;
    if (last.type !== 'frame') throw new Error('unreachable');
    expect(last.hasNaN).toBe(false);
    expect(last.simTimeS).toBeCloseTo(10 * defaultScene.solver.dt, 9);
    expect(last.positions.every(Number.isFinite)).toBe(true);
    // Gravity has moved the free particles: the positions differ from rest.
    expect(last.positions.some((value, i) => value !== loaded.positions[i])).toBe(true);
    expect(events.some((e) => e.type === 'error')).toBe(false);
  });
});
