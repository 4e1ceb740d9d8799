/**
 * The tetrahedralization worker's module run in this thread with a stand-in worker scope:
 * what it posts for a solid, a flat sheet and a cancel, and how runs and its warm-up follow
 * each other in one worker.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TriMesh } from '../../core/mesh/types.ts';
import type { TetrahedralizeError } from '../../core/tetra/errors.ts';
import { tetrahedralize } from '../../core/tetra/tetrahedralize.ts';
import type { TetrahedralizeOptions } from '../../core/tetra/types.ts';
import { throttleProgress } from '../../renderer/src/tetra/progress-throttle.ts';
import type { TetraCommand, TetraEvent } from '../../renderer/src/tetra/protocol.ts';
import { box, sheet } from '../core/tetra/shapes.ts';

interface Posted {
  event: TetraEvent;
  transfer: Transferable[];
  atMs: number;
}

/** One call of the worker's tetrahedralizer: its surface and options, and how it ended. */
interface MesherCall {
  mesh: TriMesh;
  options: TetrahedralizeOptions;
  outcome: Promise<'ok' | string>;
}

/**
 * Loads a fresh copy of the worker module, its tetrahedralizer watched (`calls`), and returns its
 * mailbox; `finished` resolves at the first result posted, `results` counts them.
 */
async function loadWorker() {
  const posted: Posted[] = [];
  const calls: MesherCall[] = [];
  let listener: ((event: { data: TetraCommand }) => void) | undefined;
  let settle!: () => void;
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
  });
  vi.doMock('../../core/tetra/tetrahedralize.ts', async (original) => {
    const real = await original<typeof import('../../core/tetra/tetrahedralize.ts')>();
    const watched: typeof real.tetrahedralize = (mesh, options = {}, onProgress, signal) => {
      const made = real.tetrahedralize(mesh, options, onProgress, signal);
      const call: MesherCall = {
        mesh,
        options,
        outcome: made.then(
          () => 'ok',
          // The module copy's TetrahedralizeError (vi.resetModules), not this file's: by its reason.
          (error: unknown) => (error as Partial<TetrahedralizeError>).reason ?? String(error),
        ),
      };
      calls.push(call);
      mailbox.onCall?.(call);
      return made;
    };
    return { ...real, tetrahedralize: watched };
  });
  vi.stubGlobal('postMessage', (event: TetraEvent, transfer: Transferable[]) => {
    posted.push({ event, transfer, atMs: performance.now() });
    if (event.type === 'result') settle();
  });
  vi.stubGlobal('addEventListener', (_type: string, l: typeof listener) => {
    listener = l;
  });
  vi.resetModules();
  await import('../../renderer/src/tetra/tetra-worker.ts');
  const send = (command: TetraCommand) => listener?.({ data: command });
  const run = (mesh: TriMesh, targetTetCount: number) =>
    send({ type: 'run', mesh, options: { mode: 'conforming', targetTetCount } });
  const results = () => posted.filter((p) => p.event.type === 'result').length;
  const mailbox = {
    posted,
    calls,
    send,
    run,
    finished,
    results,
    /** Called as each call of the tetrahedralizer has started (it runs on after its first pause). */
    onCall: undefined as ((call: MesherCall) => void) | undefined,
  };
  return mailbox;
}

function resultOf(posted: Posted[]) {
  const last = posted.at(-1);
  if (last?.event.type !== 'result') throw new Error('no result posted');
  return { event: last.event, transfer: last.transfer };
}

beforeEach(() => vi.unstubAllGlobals());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.doUnmock('../../core/tetra/tetrahedralize.ts');
});

describe('tetra worker', () => {
  test('a box comes back as tets with per-tet quality and face neighbours, its arrays transferred', async () => {
    const worker = await loadWorker();
    worker.run(box([0, 0, 0], [1, 0.5, 0.5]), 400);
    await worker.finished;
    const { event, transfer } = resultOf(worker.posted);
    if (!event.ok) throw new Error(event.error.message);
    const view = event.result;
    const tetCount = view.tets.length / 4;
    expect(tetCount).toBeGreaterThan(50);
    expect(view.quality.tetCount).toBe(tetCount);
    expect(view.tetMinDihedralDeg.length).toBe(tetCount);
    expect(Math.min(...view.tetMinDihedralDeg)).toBeCloseTo(view.quality.minDihedralDeg, 3);
    // Neighbours are symmetric: across face i of t lies face j of u, and back.
    expect(view.neighbours.length).toBe(4 * tetCount);
    for (let f = 0; f < view.neighbours.length; f++) {
      const g = view.neighbours[f];
      if (g >= 0) expect(view.neighbours[g]).toBe(f);
    }
    expect(transfer).toEqual([
      view.positions.buffer,
      view.tets.buffer,
      view.neighbours.buffer,
      view.tetMinDihedralDeg.buffer,
    ]);
    // Progress ran from the start to done, never backwards.
    const progress = worker.posted.flatMap((p) => (p.event.type === 'progress' ? [p.event.fraction] : []));
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]);
  });

  test("the result is the tetrahedralizer's own for the whole imported mesh, as `softbody bake` calls it", async () => {
    const worker = await loadWorker();
    const mesh = box([0, 0, 0], [1, 0.5, 0.5]);
    const imported = { ...mesh, groups: ['body', 'lid'], groupIds: mesh.groupIds.map((_, t) => t % 2) };
    worker.run(imported, 300);
    await worker.finished;
    const { event } = resultOf(worker.posted);
    if (!event.ok) throw new Error(event.error.message);
    // bake's call: the same TriMesh, conforming by default, the same target.
    const baked = await tetrahedralize(imported, { edgeLengthM: undefined, targetTetCount: 300 });
    expect(event.result.positions).toBeInstanceOf(baked.positions.constructor);
    expect(event.result.positions).toEqual(baked.positions);
    expect(event.result.tets).toEqual(baked.tets);
  });

  test('embedded mode returns a lattice of positive tets around the surface', async () => {
    const worker = await loadWorker();
    const cube = box([0, 0, 0], [1, 1, 1]);
    const options = { mode: 'embedded', targetTetCount: 200 } as const;
    worker.send({ type: 'run', mesh: cube, options });
    await worker.finished;
    const { event } = resultOf(worker.posted);
    if (!event.ok) throw new Error(event.error.message);
    expect(event.result.mode).toBe('embedded');
    expect(event.result.quality.invertedTets).toBe(0);
    expect(event.result.quality.volume).toBeGreaterThanOrEqual(1);
  });

  test('a flat sheet fails with the cloth-candidate reason', async () => {
    const worker = await loadWorker();
    worker.run(sheet(4), 400);
    await worker.finished;
    const { event } = resultOf(worker.posted);
    expect(event.ok).toBe(false);
    if (event.ok) return;
    expect(event.error).toMatchObject({ name: 'TetrahedralizeError', reason: 'no-volume' });
    expect(event.error.message).toContain('cloth candidate');
  });

  test('cancel aborts the run: the result is the cancelled TetrahedralizeError', async () => {
    const worker = await loadWorker();
    worker.run(box([0, 0, 0], [1, 1, 1]), 20_000);
    worker.send({ type: 'cancel' });
    await worker.finished;
    const { event } = resultOf(worker.posted);
    expect(event).toEqual({
      type: 'result',
      ok: false,
      error: {
        name: 'TetrahedralizeError',
        reason: 'cancelled',
        message: 'Tetrahedralization was cancelled.',
      },
    });
  });
});

describe('tetra worker, one run after another', () => {
  test('a warm-up meshes the built-in sphere both ways and posts nothing; the run after it is as a run alone', async () => {
    const alone = await loadWorker();
    alone.run(box([0, 0, 0], [1, 0.5, 0.5]), 300);
    await alone.finished;
    const aloneResult = resultOf(alone.posted).event;

    const worker = await loadWorker();
    worker.send({ type: 'warm' });
    await vi.waitFor(() => expect(worker.calls.length).toBe(2));
    expect(await worker.calls[1].outcome).toBe('ok');
    const [embedded, conforming] = worker.calls;
    expect(await embedded.outcome).toBe('ok');
    expect(embedded.mesh.indices.length / 3).toBe(512);
    expect(embedded.options).toMatchObject({ mode: 'embedded', targetTetCount: 300 });
    expect(conforming.mesh).toBe(embedded.mesh);
    expect(conforming.options).toMatchObject({ mode: 'conforming', targetTetCount: 1000 });
    expect(worker.posted).toEqual([]);

    worker.run(box([0, 0, 0], [1, 0.5, 0.5]), 300);
    await worker.finished;
    const { event } = resultOf(worker.posted);
    if (!event.ok || !aloneResult.ok) throw new Error('a run failed');
    expect(event.result.tets).toEqual(aloneResult.result.tets);
    expect(event.result.positions).toEqual(aloneResult.result.positions);
    // Everything posted is the run's: its progress from 0, then its result.
    expect(worker.posted[0].event).toMatchObject({ type: 'progress', fraction: 0 });
    expect(worker.results()).toBe(1);
  });

  test('a run stops the warm-up under way, and starts once it has stopped', async () => {
    const worker = await loadWorker();
    // The run comes as the warm-up's first mesh has started.
    worker.onCall = () => {
      worker.onCall = undefined;
      worker.run(box([0, 0, 0], [1, 0.5, 0.5]), 300);
    };
    worker.send({ type: 'warm' });
    await worker.finished;
    // The first warm-up run stopped, the second never started: the run's call is the next.
    expect(await worker.calls[0].outcome).toBe('cancelled');
    expect(worker.calls.length).toBe(2);
    expect(worker.calls[1].options).toMatchObject({ mode: 'conforming', targetTetCount: 300 });
    expect(resultOf(worker.posted).event.ok).toBe(true);
  });

  test('a cancel stops its own run only: the next run in the same worker completes', async () => {
    const worker = await loadWorker();
    worker.run(box([0, 0, 0], [1, 1, 1]), 20_000);
    worker.send({ type: 'cancel' });
    await worker.finished;
    expect(resultOf(worker.posted).event).toMatchObject({ ok: false, error: { reason: 'cancelled' } });
    worker.run(box([0, 0, 0], [1, 0.5, 0.5]), 300);
    await vi.waitFor(() => expect(worker.results()).toBe(2));
    const { event } = resultOf(worker.posted);
    if (!event.ok) throw new Error(event.error.message);
    expect(event.result.quality.tetCount).toBeGreaterThan(50);
  });
});

describe('throttleProgress', () => {
  test('passes a new stage and the final report at once, and within a stage at most maxHz a second', () => {
    let now = 0;
    const posted: string[] = [];
    const report = throttleProgress(
      (fraction, stage) => posted.push(`${now}:${stage}:${fraction}`),
      20,
      () => now,
    );
    report(0, 'a');
    now = 10;
    report(0.1, 'a'); // 10 ms after the last post: dropped
    now = 20;
    report(0.2, 'b'); // a new stage: passes
    now = 60;
    report(0.3, 'b'); // 40 ms: dropped
    now = 70;
    report(0.4, 'b'); // 50 ms: passes
    now = 71;
    report(1, 'b'); // the end always passes
    expect(posted).toEqual(['0:a:0', '20:b:0.2', '70:b:0.4', '71:b:1']);
  });
});
