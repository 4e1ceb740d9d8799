import { describe, expect, it } from 'vitest';
import defaultScene from '../../../assets/default-scene.json' with { type: 'json' };
import type { BodyFrameCost, RuntimeFrameTimer } from '../../../core/budget/frame-cost.ts';
import type { Scene } from '../../../core/scene/scene.ts';
import { FrameCostClient, type RunFrameCost } from '../../../renderer/src/budget/frame-cost-client.ts';
import { createFrameCostHandler } from '../../../renderer/src/budget/frame-cost-handler.ts';
import type { FrameCostEvent, FrameCostRequest } from '../../../renderer/src/budget/protocol.ts';

const scene = defaultScene as unknown as Scene;
const request = (body: string, edit: (s: Scene) => Scene = (s) => s): FrameCostRequest => ({
  scene: edit(scene),
  meshes: [],
  body,
});

/** A stand-in worker: each run waits until the test settles it. */
function fakeRuns() {
  const runs: { request: FrameCostRequest; settle(event: FrameCostEvent): void; cancelled: boolean }[] = [];
  const run: RunFrameCost = (req) => {
    let settle!: (event: FrameCostEvent) => void;
    const result = new Promise<FrameCostEvent>((resolve) => {
      settle = resolve;
    });
    const entry = { request: req, settle, cancelled: false };
    runs.push(entry);
    return {
      result,
      cancel() {
        entry.cancelled = true;
        settle({ type: 'result', ok: false, error: { name: 'Cancelled', message: 'cancelled' } });
      },
    };
  };
  return { runs, run };
}

const cost = { body: 'soft block' } as BodyFrameCost;

describe('frame-cost client', () => {
  it('times a body once, and again only when what its cost depends on changes', async () => {
    const { runs, run } = fakeRuns();
    const client = new FrameCostClient(run, 0);
    let finished = 0;
    client.watch(() => finished++);
    expect(client.state(request('soft block'))).toEqual({ status: 'measuring' });
    runs[0].settle({ type: 'result', ok: true, cost });
    await Promise.resolve();
    await Promise.resolve();
    expect(finished).toBe(1);
    // Damping and the budget do not change the cost; substeps do.
    const damped = (s: Scene) => ({ ...s, bodies: s.bodies.map((b) => ({ ...b, dampingRatio: 0.5 })) });
    expect(client.state(request('soft block', damped))).toEqual({ status: 'done', cost });
    const budget = (s: Scene) => ({ ...s, budget: { frameMsPerBody: 0.1, runtime: 'jolt' as const } });
    expect(client.state(request('soft block', budget))).toEqual({ status: 'done', cost });
    expect(runs.length).toBe(1);
    const substeps = (s: Scene) => ({ ...s, solver: { ...s.solver, substeps: 30 } });
    expect(client.state(request('soft block', substeps))).toEqual({ status: 'measuring' });
    expect(runs.length).toBe(2);
  });

  it('ends the pending run when another body is asked for', () => {
    const { runs, run } = fakeRuns();
    const client = new FrameCostClient(run, 0);
    client.state(request('soft block'));
    client.state(request('cloth'));
    expect(runs.map((r) => [r.request.body, r.cancelled])).toEqual([
      ['soft block', true],
      ['cloth', false],
    ]);
  });
  it('stops the pending run when nothing shows it, and times the body again when asked', async () => {
    const { runs, run } = fakeRuns();
    const client = new FrameCostClient(run, 0);
    client.state(request('soft block'));
    client.release();
    expect(runs.map((r) => r.cancelled)).toEqual([true]);
    await Promise.resolve();
    expect(client.state(request('soft block'))).toEqual({ status: 'measuring' });
    expect(runs.map((r) => r.cancelled)).toEqual([true, false]);
    runs[1].settle({ type: 'result', ok: true, cost });
    await Promise.resolve();
    await Promise.resolve();
    // A finished measurement stays: releasing leaves it, and asking again does not time it again.
    client.release();
    expect(client.state(request('soft block'))).toEqual({ status: 'done', cost });
    expect(runs.length).toBe(2);
  });
});

describe('frame-cost client settling', () => {
  it('times only the request that stayed the latest for the settle time', () => {
    const { runs, run } = fakeRuns();
    const timers: { callback: () => void; delayMs: number; cancelled: boolean }[] = [];
    const schedule = (callback: () => void, delayMs: number) => {
      const timer = { callback, delayMs, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    };
    const client = new FrameCostClient(run, 1500, schedule);
    // A body added, then replaced at once (a coarse preview by its refined mesh): one run, the last.
    expect(client.state(request('soft block'))).toEqual({ status: 'measuring' });
    const refined = (s: Scene) => ({ ...s, solver: { ...s.solver, substeps: 16 } });
    expect(client.state(request('soft block', refined))).toEqual({ status: 'measuring' });
    // Asked again while waiting: still one timer for it.
    client.state(request('soft block', refined));
    expect(timers.map((t) => [t.delayMs, t.cancelled])).toEqual([
      [1500, true],
      [1500, false],
    ]);
    expect(runs.length).toBe(0);
    timers[1].callback();
    expect(runs.map((r) => r.request.scene.solver.substeps)).toEqual([16]);
  });
});

describe('frame-cost client and background refinements', () => {
  it('a settled request waits until no body refines, then times the body', async () => {
    const { runs, run } = fakeRuns();
    const timers: (() => void)[] = [];
    const schedule = (callback: () => void) => {
      timers.push(callback);
      return () => {};
    };
    let refined = () => {};
    let refining: Promise<void> | null = new Promise<void>((resolve) => {
      refined = resolve;
    });
    const client = new FrameCostClient(run, 1500, schedule, () => refining);
    client.state(request('soft block'));
    timers[0]();
    expect(runs.length).toBe(0);
    refining = null;
    refined();
    await Promise.resolve();
    await Promise.resolve();
    expect(runs.map((r) => r.request.body)).toEqual(['soft block']);
  });
});

describe('frame-cost worker handler', () => {
  it("posts the one body's cost, measured here and in the runtime", async () => {
    const events: FrameCostEvent[] = [];
    const idle: RuntimeFrameTimer = {
      name: 'jolt',
      prepare: async (_preset, bodies) =>
        new Map(bodies.map((b) => [b, { substeps: 15, frameDtS: 1 / 60, step() {}, dispose() {} }])),
    };
    const handle = createFrameCostHandler(
      async () => idle,
      (e) => events.push(e),
    );
    await handle({ type: 'run', request: request('cloth') });
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event.ok && event.cost.body).toBe('cloth');
    expect(event.ok && event.cost.runtime).toMatchObject({ name: 'jolt', substeps: 15 });
  });

  it('tells a runtime that did not load in the readout, and posts an error as { name, message }', async () => {
    const events: FrameCostEvent[] = [];
    const handle = createFrameCostHandler(
      () => Promise.reject(new TypeError('jolt-physics did not load')),
      (e) => events.push(e),
    );
    await handle({ type: 'run', request: request('cloth') });
    await handle({ type: 'run', request: request('no such body') });
    expect(events.length).toBe(2);
    const [loaded, failed] = events;
    expect(loaded.ok && loaded.cost.runtime).toEqual({
      name: 'jolt',
      label: 'Jolt',
      error: 'jolt-physics did not load',
    });
    expect(failed).toEqual({
      type: 'result',
      ok: false,
      error: { name: 'Error', message: "measureFrameCost: the preset has no body 'no such body'" },
    });
  });
});
