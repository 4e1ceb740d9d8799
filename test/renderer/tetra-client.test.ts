/**
 * The tetrahedralization client's workers, with a stand-in Worker class: which worker serves
 * which run, which are kept for the next run (warm) and which are ended.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { TetraCommand, TetraEvent, TetView } from '../../renderer/src/tetra/protocol.ts';
import { box } from '../core/tetra/shapes.ts';

class FakeWorker {
  static made: FakeWorker[] = [];
  readonly received: TetraCommand['type'][] = [];
  terminated = false;
  onmessage: ((event: { data: TetraEvent }) => void) | null = null;
  onerror: ((event: { message: string; preventDefault(): void }) => void) | null = null;

  constructor() {
    FakeWorker.made.push(this);
  }

  postMessage(command: TetraCommand): void {
    this.received.push(command.type);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The worker posting `event`, as a real one's message would arrive. */
  answer(event: TetraEvent): void {
    this.onmessage?.({ data: event });
  }

  fail(message: string): void {
    this.onerror?.({ message, preventDefault() {} });
  }
}

const view = { tets: new Uint32Array(4) } as unknown as TetView;
const ok: TetraEvent = { type: 'result', ok: true, result: view };
const noVolume: TetraEvent = {
  type: 'result',
  ok: false,
  error: { name: 'TetrahedralizeError', reason: 'no-volume', message: 'a flat sheet' },
};
const bug: TetraEvent = {
  type: 'result',
  ok: false,
  error: { name: 'RangeError', message: 'out of memory' },
};
const options = { mode: 'conforming', targetTetCount: 300 } as const;

/** A fresh copy of the client module (its spare worker is module state). */
async function loadClient() {
  vi.resetModules();
  return import('../../renderer/src/tetra/tetra-client.ts');
}

function start(client: Awaited<ReturnType<typeof loadClient>>) {
  const run = client.startTetrahedralization(box([0, 0, 0], [1, 1, 1]), options, () => {});
  run.result.catch(() => undefined);
  return { run, worker: FakeWorker.made.at(-1)! };
}

describe('tetra client workers', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  test('a worker started ahead is told to warm up, once, and serves the first run', async () => {
    const client = await loadClient();
    client.prepareTetraWorker();
    client.prepareTetraWorker();
    expect(FakeWorker.made.length).toBe(1);
    const [ahead] = FakeWorker.made;
    expect(ahead.received).toEqual(['warm']);
    client.startTetrahedralization(box([0, 0, 0], [1, 1, 1]), options, () => {});
    expect(FakeWorker.made.length).toBe(1);
    expect(ahead.received).toEqual(['warm', 'run']);
  });

  test('a worker that made its mesh, or refused the surface, serves the next run', async () => {
    const client = await loadClient();
    const first = start(client);
    first.worker.answer(ok);
    await expect(first.run.result).resolves.toBe(view);
    expect(first.worker.terminated).toBe(false);
    // Kept: no warm-up needed, no new worker for the next run.
    client.prepareTetraWorker();
    const second = start(client);
    expect(FakeWorker.made.length).toBe(1);
    expect(first.worker.received).toEqual(['run', 'run']);
    second.worker.answer(noVolume);
    await expect(second.run.result).rejects.toMatchObject({ reason: 'no-volume' });
    expect(second.worker.terminated).toBe(false);
    start(client);
    expect(FakeWorker.made.length).toBe(1);
  });

  test('a cancelled, crashed or failed worker is ended, and the next run gets a new one', async () => {
    const client = await loadClient();
    const cancelled = start(client);
    cancelled.run.cancel();
    cancelled.worker.answer({ type: 'result', ok: false, error: { ...noVolume.error, reason: 'cancelled' } });
    await expect(cancelled.run.result).rejects.toMatchObject({ reason: 'cancelled' });
    expect(cancelled.worker.received).toEqual(['run', 'cancel']);
    expect(cancelled.worker.terminated).toBe(true);

    const crashed = start(client);
    expect(crashed.worker).not.toBe(cancelled.worker);
    crashed.worker.fail('boom');
    await expect(crashed.run.result).rejects.toMatchObject({ reason: 'failed' });
    expect(crashed.worker.terminated).toBe(true);

    const failed = start(client);
    failed.worker.answer(bug);
    await expect(failed.run.result).rejects.toMatchObject({ name: 'RangeError' });
    expect(failed.worker.terminated).toBe(true);
    expect(FakeWorker.made.length).toBe(3);
  });

  test('of two runs at once, the first to finish is kept and the other ended', async () => {
    const client = await loadClient();
    const a = start(client);
    const b = start(client);
    expect(a.worker).not.toBe(b.worker);
    b.worker.answer(ok);
    a.worker.answer(ok);
    await Promise.all([a.run.result, b.run.result]);
    expect(b.worker.terminated).toBe(false);
    expect(a.worker.terminated).toBe(true);
    expect(start(client).worker).toBe(b.worker);
  });

  test('a kept worker that fails while waiting is dropped', async () => {
    const client = await loadClient();
    client.prepareTetraWorker();
    const [ahead] = FakeWorker.made;
    ahead.fail('could not load its module');
    expect(ahead.terminated).toBe(true);
    const next = start(client);
    expect(next.worker).not.toBe(ahead);
  });
});
