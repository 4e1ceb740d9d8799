import { describe, expect, test } from 'vitest';
import type { Scene } from '../../core/scene/scene.ts';
import { buildWorld } from '../../core/sim/build-world.ts';
import type { World } from '../../core/sim/world.ts';
import type { WorkerEvent } from '../../renderer/src/sim/protocol.ts';
import { createSharedPositions, sharedPositionsBytes } from '../../renderer/src/sim/shared-positions.ts';
import { WorkerEvents } from '../../renderer/src/sim/sim-client.ts';
import {
  groundHeightOf,
  MAX_METRICS_AGE_MS,
  MEASURE_BUDGET,
  SimController,
  type SimControllerDeps,
} from '../../renderer/src/sim/sim-controller.ts';

/** Positions posted in the message (the harness shares no memory), else the test fails. */
function inMessage(positions: Float32Array | 'shared'): Float32Array {
  if (positions === 'shared') throw new Error('positions were not in the message');
  return positions;
}

const scene: Scene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 0.02, substeps: 4 },
  colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }],
  bodies: [],
};

/**
 * A test double of World: two particles that fall 1 m per step, one body; grabs are logged. `failAt`
 * makes step n throw; `nanAt` makes it report NaN; `stepCostMs` advances the fake clock.
 */
function fakeWorld(
  options: { failAt?: number; nanAt?: number; stepCostMs?: (step: number) => number; clock?: Clock } = {},
): World & { grabLog: string[] } {
  let steps = 0;
  let timeS = 0;
  let grabbed: number | null = null;
  const positions = new Float32Array([0, 5, 0, 1, 5, 0]);
  const world: World & { grabLog: string[] } = {
    grabLog: [],
    positions,
    bodies: [
      {
        name: 'pair',
        kind: 'rope',
        particleOffset: 0,
        particleCount: 2,
        surfaceTriangles: new Uint32Array(),
        edges: new Uint32Array([0, 1]),
      },
    ],
    particleCount: 2,
    constraintCount: 1,
    get timeS() {
      return timeS;
    },
    extraLinearDampingPerS: 0,
    measureBodies: () => [],
    step(frameDtS) {
      steps++;
      timeS += frameDtS;
      if (steps === options.failAt) throw new Error('solver exploded');
      if (options.clock && options.stepCostMs) options.clock.nowMs += options.stepCostMs(steps);
      positions[1] -= 1;
      positions[4] -= 1;
      return { kineticEnergyJ: steps, hasNaN: steps === options.nanAt };
    },
    reset() {
      steps = 0;
      timeS = 0;
      positions.set([0, 5, 0, 1, 5, 0]);
    },
    // Particle 0 is pinned (refuses), particle 1 can be grabbed.
    grab(particle, targetM) {
      world.grabLog.push(`grab ${particle} ${targetM.join(' ')}`);
      if (particle === 0) return false;
      grabbed = particle;
      return true;
    },
    moveGrab(targetM) {
      world.grabLog.push(`move ${targetM.join(' ')}`);
    },
    release() {
      world.grabLog.push('release');
      grabbed = null;
    },
    get grabbedParticle() {
      return grabbed;
    },
  };
  return world;
}

interface Clock {
  nowMs: number;
}

/** A controller on a fake clock; `run(ms)` fires the timers due within the next `ms`. */
function harness(
  world: () => World,
  renderMeshes?: SimControllerDeps['renderMeshes'],
  sharePositions?: SimControllerDeps['sharePositions'],
) {
  const clock: Clock = { nowMs: 1000 };
  const events: WorkerEvent[] = [];
  const transfers: Transferable[][] = [];
  let timers: { at: number; callback: () => void; id: number }[] = [];
  let nextId = 1;
  const controller = new SimController({
    buildWorld: () => world(),
    defaultScene: scene,
    post: (event, transfer) => {
      events.push(event);
      transfers.push(transfer);
    },
    now: () => clock.nowMs,
    schedule: (callback, delayMs) => {
      const id = nextId++;
      timers.push({ at: clock.nowMs + delayMs, callback, id });
      return id;
    },
    cancel: (handle) => {
      timers = timers.filter((t) => t.id !== handle);
    },
    renderMeshes,
    sharePositions,
  });
  const run = (ms: number) => {
    const end = clock.nowMs + ms;
    for (;;) {
      timers.sort((a, b) => a.at - b.at);
      const next = timers[0];
      if (!next || next.at > end) break;
      timers.shift();
      clock.nowMs = Math.max(clock.nowMs, next.at);
      next.callback();
    }
    clock.nowMs = Math.max(clock.nowMs, end);
  };
  const frames = () => events.filter((e) => e.type === 'frame');
  return { controller, events, transfers, run, frames, clock };
}

describe('SimController (the worker loop)', () => {
  test('where memory can be shared, frames publish their positions to the shared buffer and post none', () => {
    const world = fakeWorld();
    const h = harness(() => world, undefined, createSharedPositions);
    h.controller.handle({ type: 'load-scene' });
    const page = new WorkerEvents();
    const loaded = page.receive(h.events[0]);
    if (loaded.type !== 'loaded') throw new Error(`expected the layout, got '${loaded.type}'`);
    expect(loaded.sharedPositions?.byteLength).toBe(sharedPositionsBytes(2));
    h.controller.handle({ type: 'step' });
    h.controller.handle({ type: 'step' });
    const posted = h.frames();
    expect(posted.map((f) => f.type === 'frame' && f.positions)).toEqual(['shared', 'shared']);
    // The page handles both events after both steps: each gets the newest frame, copied once.
    const [first, second] = posted.map((f) => page.receive(f));
    if (first.type !== 'frame' || second.type !== 'frame') throw new Error('expected frames');
    expect(Array.from(first.positions)).toEqual([0, 3, 0, 1, 3, 0]);
    expect(second.positions).toBe(first.positions);
    expect(first.positionsShared).toBe(true);
    // The page's copy is its own: the next frame the worker publishes leaves it as it was.
    h.controller.handle({ type: 'step' });
    const third = page.receive(h.frames()[2]);
    if (third.type !== 'frame') throw new Error('expected a frame');
    expect(Array.from(third.positions)).toEqual([0, 2, 0, 1, 2, 0]);
    expect(Array.from(first.positions)).toEqual([0, 3, 0, 1, 3, 0]);
    expect(h.transfers.every((t) => t.length === 0)).toBe(true);
  });

  test('where memory cannot be shared, positions come in the message', () => {
    const h = harness(
      () => fakeWorld(),
      undefined,
      () => null,
    );
    h.controller.handle({ type: 'load-scene' });
    const loaded = h.events[0];
    expect(loaded.type === 'loaded' && loaded.sharedPositions).toBeUndefined();
    h.controller.handle({ type: 'step' });
    const frame = new WorkerEvents().receive(h.frames()[0]);
    expect(frame.type === 'frame' && Array.from(frame.positions)).toEqual([0, 4, 0, 1, 4, 0]);
    expect(frame.type === 'frame' && frame.positionsShared).toBeUndefined();
  });

  test('loading posts the layout and the rest positions as copies, transferring nothing', () => {
    const world = fakeWorld();
    const h = harness(() => world);
    h.controller.handle({ type: 'load-scene' });
    const loaded = h.events[0];
    expect(loaded.type).toBe('loaded');
    if (loaded.type !== 'loaded') return;
    expect(loaded).toMatchObject({ particleCount: 2, constraintCount: 1, frameDtS: 0.02, groundHeightM: 0 });
    expect(Array.from(loaded.positions)).toEqual([0, 5, 0, 1, 5, 0]);
    expect(loaded.positions).not.toBe(world.positions);
    expect(loaded.bodies[0].edges).not.toBe(world.bodies[0].edges);
    expect(h.transfers[0]).toEqual([]);
  });

  test("a body's render mesh goes with its layout when it names the body's tets; a failure to embed leaves it out", () => {
    const solid = (): World => {
      const world = fakeWorld();
      return { ...world, bodies: [{ ...world.bodies[0], kind: 'solid', tets: Uint32Array.of(0, 1, 0, 1) }] };
    };
    const named = { ...scene, bodies: [{ name: 'pair' }] } as unknown as Scene;
    const render = (tet: number) => ({
      indices: Uint32Array.of(0, 0, 0),
      elements: Uint32Array.of(tet),
      weights: Float32Array.of(1, 0, 0, 0),
    });
    const loadWith = (renderMeshes: SimControllerDeps['renderMeshes']) => {
      const h = harness(solid, renderMeshes);
      h.controller.handle({ type: 'load-scene', scene: named });
      const loaded = h.events[0];
      if (loaded.type !== 'loaded') throw new Error(`expected the layout, got '${loaded.type}'`);
      return loaded.bodies[0].render;
    };
    expect(loadWith(() => [render(0)])?.elements).toEqual(Uint32Array.of(0));
    // Tet 1 does not exist in a body of one tet.
    expect(loadWith(() => [render(1)])).toBeUndefined();
    expect(
      loadWith(() => {
        throw new Error('no embedding');
      }),
    ).toBeUndefined();
  });

  test('playing steps one frame per dt of real time and posts each', () => {
    const h = harness(() => fakeWorld());
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(100);
    // Frames at 0, 20, 40, 60, 80 and 100 ms.
    expect(h.frames().map((f) => (f.type === 'frame' ? f.frame : -1))).toEqual([1, 2, 3, 4, 5, 6]);
    const last = h.frames().at(-1);
    expect(last?.type === 'frame' && last.simTimeS).toBeCloseTo(0.12, 10);
    expect(last?.type === 'frame' && Array.from(inMessage(last.positions))).toEqual([0, -1, 0, 1, -1, 0]);
  });

  test('pause stops the frames; step posts exactly one and pauses', () => {
    const h = harness(() => fakeWorld());
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(30);
    h.controller.handle({ type: 'pause' });
    const count = h.frames().length;
    h.run(200);
    expect(h.frames().length).toBe(count);
    h.controller.handle({ type: 'play' });
    h.controller.handle({ type: 'step' });
    h.run(200);
    expect(h.frames().length).toBe(count + 1);
    expect(
      h.events.filter((e) => e.type === 'play-state').map((e) => e.type === 'play-state' && e.playing),
    ).toEqual([true, false, true, false]);
  });

  test('a scene rebuilt while playing goes on playing from its frame 1 and reports no pause', () => {
    const h = harness(() => fakeWorld());
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(30);
    const before = h.events.length;
    h.controller.handle({ type: 'load-scene', scene });
    h.run(30);
    const after = h.events.slice(before);
    // A play state that flickered to paused during the build would make a Play/Pause click sent
    // meanwhile (the page acts on the state it was told) play instead of pause.
    expect(after.filter((e) => e.type === 'play-state')).toEqual([]);
    expect(after.map((e) => (e.type === 'frame' ? `frame ${e.frame}` : e.type))).toEqual([
      'loaded',
      'frame 1',
      'frame 2',
    ]);
    // A pause sent during the build reaches the worker after it, and pauses.
    h.controller.handle({ type: 'load-scene', scene });
    h.controller.handle({ type: 'pause' });
    const frames = h.frames().length;
    h.run(200);
    expect(h.frames().length).toBe(frames);
    expect(h.events.filter((e) => e.type === 'play-state').at(-1)).toEqual({
      type: 'play-state',
      playing: false,
    });
  });

  test('a rebuild that fails while playing reports the error and pauses on the world it had', () => {
    let builds = 0;
    const h = harness(() => {
      if (++builds === 2) throw new Error('bodies[0].material.youngModulusPa must be positive');
      return fakeWorld();
    });
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(30);
    const before = h.events.length;
    h.controller.handle({ type: 'load-scene', scene });
    h.run(200);
    expect(h.events.slice(before).map((e) => e.type)).toEqual(['error', 'play-state']);
    expect(h.events.at(-1)).toEqual({ type: 'play-state', playing: false });
    // The world it had still steps.
    h.controller.handle({ type: 'step' });
    expect(h.events.at(-1)).toMatchObject({ type: 'frame', frame: 3 });
  });

  test('reset returns to frame 0 at the rest positions', () => {
    const h = harness(() => fakeWorld());
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'step' });
    h.controller.handle({ type: 'step' });
    h.controller.handle({ type: 'reset' });
    const last = h.frames().at(-1);
    expect(last).toMatchObject({ frame: 0, simTimeS: 0, simMs: 0 });
    expect(last?.type === 'frame' && Array.from(inMessage(last.positions))).toEqual([0, 5, 0, 1, 5, 0]);
  });

  test('grab tries the candidates nearest first and skips the pinned one; move and release follow', () => {
    const world = fakeWorld();
    const h = harness(() => world);
    h.controller.handle({ type: 'grab', candidates: [1], targetM: [0, 0, 0] }); // no world yet: ignored
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'grab', candidates: [0, 1, 7], targetM: [1, 2, 3] });
    h.controller.handle({ type: 'move-grab', targetM: [1, 3, 3] });
    h.controller.handle({ type: 'release' });
    expect(world.grabLog).toEqual(['grab 0 1 2 3', 'grab 1 1 2 3', 'move 1 3 3', 'release']);
    expect(world.grabbedParticle).toBeNull();
  });

  test('however far over budget a slow first measure leaves it, a playing world is measured at least every MAX_METRICS_AGE_MS', () => {
    const clockRef: { clock?: Clock } = {};
    const measuredAtMs: number[] = [];
    const doneAtMs: number[] = [];
    const h = harness(() => {
      const world = fakeWorld({ stepCostMs: () => 10, clock: clockRef.clock });
      return {
        ...world,
        step: world.step,
        measureBodies: () => {
          measuredAtMs.push(clockRef.clock!.nowMs);
          // The first measure runs cold: a debt that the budget alone would take minutes to pay.
          clockRef.clock!.nowMs += measuredAtMs.length === 1 ? 3000 : 5;
          doneAtMs.push(clockRef.clock!.nowMs);
          return [];
        },
      };
    });
    clockRef.clock = h.clock;
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(10_000);
    expect(measuredAtMs.length).toBeGreaterThanOrEqual(7);
    const frameMs = 1000 / 60 + 10 + 5;
    for (let i = 1; i < measuredAtMs.length; i++)
      expect(measuredAtMs[i] - doneAtMs[i - 1]).toBeLessThanOrEqual(MAX_METRICS_AGE_MS + frameMs);
  });

  test('while playing, measuring after the step takes at most MEASURE_BUDGET of the steps time; single steps are always measured', () => {
    const clockRef: { clock?: Clock } = {};
    const stepMs = 10;
    const measureMs = 5;
    let measuredFrames = 0;
    const h = harness(() => {
      const world = fakeWorld({ stepCostMs: () => stepMs, clock: clockRef.clock });
      return {
        ...world,
        step: world.step,
        measureBodies: () => {
          clockRef.clock!.nowMs += measureMs;
          measuredFrames++;
          return [];
        },
      };
    });
    clockRef.clock = h.clock;
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(5000);
    const frames = h.frames().filter((f) => f.type === 'frame');
    expect(frames.length).toBeGreaterThan(100);
    // The first frame of a world is measured; the rest share the budget.
    expect(frames[0].type === 'frame' && frames[0].bodies).toEqual([]);
    const withMetrics = frames.filter((f) => f.type === 'frame' && f.bodies !== undefined).length;
    expect(withMetrics).toBe(measuredFrames);
    // Measuring time ≤ budget × stepping time, plus the one measurement that may overdraw it.
    expect(measuredFrames * measureMs).toBeLessThanOrEqual(
      MEASURE_BUDGET * frames.length * stepMs + measureMs,
    );
    // …and the budget is used, not left idle: within one measurement of it.
    expect(measuredFrames * measureMs).toBeGreaterThan(
      MEASURE_BUDGET * frames.length * stepMs - 2 * measureMs,
    );
    // A single step always carries its metrics.
    const before = measuredFrames;
    for (let i = 0; i < 5; i++) h.controller.handle({ type: 'step' });
    expect(measuredFrames - before).toBe(5);
  });

  test('after a stall the loop drops the backlog instead of replaying it at once', () => {
    const clockRef: { clock?: Clock } = {};
    // The first step stalls for 1 s (a long GC pause, a hidden tab); later steps are instant.
    const h = harness(() => fakeWorld({ stepCostMs: (n) => (n === 1 ? 1000 : 0), clock: clockRef.clock }));
    clockRef.clock = h.clock;
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(0);
    expect(h.frames().length).toBe(1);
    h.run(100);
    // Replaying the stall would post 50 frames at once; real-time pace after it is 5 in 100 ms.
    expect(h.frames().length - 1).toBeGreaterThanOrEqual(5);
    expect(h.frames().length - 1).toBeLessThanOrEqual(6);
  });

  test('a solver exception pauses and reports the error', () => {
    const h = harness(() => fakeWorld({ failAt: 3 }));
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(500);
    expect(h.frames().length).toBe(2);
    expect(h.events.at(-1)).toEqual({ type: 'error', message: 'The solver failed: solver exploded' });
    expect(h.events.filter((e) => e.type === 'play-state').at(-1)).toEqual({
      type: 'play-state',
      playing: false,
    });
  });

  test('NaN in the state pauses and says so', () => {
    const h = harness(() => fakeWorld({ nanAt: 2 }));
    h.controller.handle({ type: 'load-scene' });
    h.controller.handle({ type: 'play' });
    h.run(500);
    expect(h.frames().length).toBe(2);
    expect(h.events.at(-1)).toMatchObject({ type: 'error', message: expect.stringContaining('NaN') });
  });

  test('a scene that does not build is reported and nothing plays', () => {
    const h = harness(() => {
      throw new Error('bodies[0].material.youngModulusPa must be positive');
    });
    h.controller.handle({ type: 'load-scene', scene });
    h.controller.handle({ type: 'play' });
    h.run(100);
    expect(h.events).toEqual([
      {
        type: 'error',
        message: 'Could not build the scene: bodies[0].material.youngModulusPa must be positive',
      },
    ]);
  });

  test('the tet meshes sent with a scene reach the world builder; without any it gets an empty map', () => {
    const seen: ReadonlyMap<string, unknown>[] = [];
    const controller = new SimController({
      buildWorld: (_scene, meshes) => {
        seen.push(meshes);
        return fakeWorld();
      },
      defaultScene: scene,
      post: () => {},
      now: () => 0,
      schedule: () => 0,
      cancel: () => {},
    });
    const mesh = { positions: new Float32Array(12), tets: Uint32Array.from([0, 1, 2, 3]) };
    controller.handle({ type: 'load-scene', scene, meshes: new Map([['spot.obj', mesh]]) });
    controller.handle({ type: 'load-scene', scene });
    controller.handle({ type: 'load-scene' });
    expect(seen.map((m) => [...m.keys()])).toEqual([['spot.obj'], [], []]);
    expect(seen[0].get('spot.obj')).toBe(mesh);
  });

  test('ground height comes from an upward plane collider, if any', () => {
    expect(groundHeightOf({ ...scene, colliders: [{ type: 'plane', normal: [0, 2, 0], offset: 1 }] })).toBe(
      0.5,
    );
    expect(
      groundHeightOf({ ...scene, colliders: [{ type: 'plane', normal: [1, 0, 0], offset: 1 }] }),
    ).toBeNull();
    expect(groundHeightOf({ ...scene, colliders: [] })).toBeNull();
  });
});

describe('SimController and tearing', () => {
  /** A cloth strip (4 × 6 cells) hanging from its top edge, torn below the stress of its top row. */
  const tearing: Scene = {
    gravity: [0, 0, 9.81],
    solver: { dt: 1 / 60, substeps: 20 },
    colliders: [],
    bodies: [
      {
        name: 'strip',
        shape: { type: 'cloth', size: [0.1, 0.3], cells: [4, 6], center: [0, 2, 0] },
        material: { youngModulusPa: 1e6, poissonRatio: 0, densityKgM3: 500, thicknessM: 0.001 },
        model: 'cloth',
        dampingRatio: 1,
        pins: [{ box: { min: [-1, 1.9, -0.15 - 1e-6], max: [1, 2.1, -0.15 + 1e-6] } }],
        groups: [
          {
            name: 'all',
            vertices: Array.from({ length: 35 }, (_, i) => i),
            breakingStressPa: 0.9 * 500 * 9.81 * 0.3,
          },
        ],
      },
    ],
  };

  test('frames carry the surface left by tearing when it changes, and the whole surface again after a reset', () => {
    const h = harness(() => buildWorld(tearing));
    h.controller.handle({ type: 'load-scene', scene: tearing });
    const loaded = h.events[0];
    if (loaded.type !== 'loaded') throw new Error(`expected the layout, got '${loaded.type}'`);
    const whole = Array.from(loaded.bodies[0].surfaceTriangles);
    for (let f = 0; f < 120; f++) h.controller.handle({ type: 'step' });
    const sent = h.frames().flatMap((f) => (f.type === 'frame' && f.surfaces ? [f.surfaces] : []));
    // Sent only when the torn set changed, not every frame.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(120);
    const last = sent.at(-1)![0];
    expect(last.length % 3).toBe(0);
    expect(last.length).toBeLessThan(whole.length);
    h.controller.handle({ type: 'reset' });
    const afterReset = h.frames().at(-1);
    expect(afterReset?.type === 'frame' && afterReset.surfaces && Array.from(afterReset.surfaces[0])).toEqual(
      whole,
    );
  });
});
