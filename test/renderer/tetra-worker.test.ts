/**
 * The tetrahedralization worker's module run in this thread with a stand-in worker scope:
 * what it posts for a solid, a flat sheet and a cancel.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TriMesh } from '../../core/mesh/types.ts';
import { tetrahedralize } from '../../core/tetra/tetrahedralize.ts';
import { throttleProgress } from '../../renderer/src/tetra/progress-throttle.ts';
import type { TetraCommand, TetraEvent } from '../../renderer/src/tetra/protocol.ts';
import { box, sheet } from '../core/tetra/shapes.ts';

interface Posted {
  event: TetraEvent;
  transfer: Transferable[];
  atMs: number;
}

/** Loads a fresh copy of the worker module (one AbortController each) and returns its mailbox. */
async function loadWorker() {
  const posted: Posted[] = [];
  let listener: ((event: { data: TetraCommand }) => void) | undefined;
  let settle!: () => void;
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
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
  return { posted, send, run, finished };
}

function resultOf(posted: Posted[]) {
  const last = posted.at(-1);
  if (last?.event.type !== 'result') throw new Error('no result posted');
  return { event: last.event, transfer: last.transfer };
}

describe('tetra worker', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

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
