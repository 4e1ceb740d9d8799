import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { describe, expect, test } from 'vitest';
import {
  createSharedPositions,
  SharedPositionsReader,
  SharedPositionsWriter,
  sharedPositionsBytes,
} from '../../renderer/src/sim/shared-positions.ts';

/** A frame numbered f holds f in every float; a torn frame mixes two numbers. */
function uniformFrame(frame: number, floats: number): Float32Array {
  return new Float32Array(floats).fill(frame);
}

function expectWhole(reader: SharedPositionsReader): void {
  const positions = reader.positions;
  const first = positions[0];
  expect(first).toBe(reader.frame);
  for (let i = 1; i < positions.length; i++) if (positions[i] !== first) expect(positions[i]).toBe(first);
}

describe('shared positions (triple buffer between the worker and the page)', () => {
  test('the reader takes the newest published frame, and only once', () => {
    const buffer = createSharedPositions(2);
    expect(buffer.byteLength).toBe(sharedPositionsBytes(2));
    const writer = new SharedPositionsWriter(buffer);
    const reader = new SharedPositionsReader(buffer);
    expect(reader.acquire()).toBe(false);
    writer.publish(uniformFrame(1, 6), 1);
    expect(reader.acquire()).toBe(true);
    expect(reader.frame).toBe(1);
    expect(reader.acquire()).toBe(false);
    // Two frames published between reads: the older one is skipped, never mixed in.
    writer.publish(uniformFrame(2, 6), 2);
    writer.publish(uniformFrame(3, 6), 3);
    expect(reader.acquire()).toBe(true);
    expect(reader.frame).toBe(3);
    expectWhole(reader);
  });

  test('the writer never writes into the slot the reader holds', () => {
    const buffer = createSharedPositions(1);
    const writer = new SharedPositionsWriter(buffer);
    const reader = new SharedPositionsReader(buffer);
    writer.publish(uniformFrame(1, 3), 1);
    reader.acquire();
    const held = reader.positions;
    // Any number of frames published while the reader holds frame 1 leaves it as it was.
    for (let frame = 2; frame < 50; frame++) {
      writer.publish(uniformFrame(frame, 3), frame);
      expect([...held]).toEqual([1, 1, 1]);
    }
    expect(reader.acquire()).toBe(true);
    expect(reader.frame).toBe(49);
    expectWhole(reader);
  });

  test('refuses positions of another size and a buffer that is not three slots', () => {
    const writer = new SharedPositionsWriter(createSharedPositions(2));
    expect(() => writer.publish(new Float32Array(3), 1)).toThrow(/6/);
    expect(() => new SharedPositionsReader(new SharedArrayBuffer(16 + 4))).toThrow(/three xyz slots/);
  });

  test('a writer thread publishing as fast as it can: every frame the reader takes is whole and newer', async () => {
    const particleCount = 20_000;
    const frames = 3000;
    const buffer = createSharedPositions(particleCount);
    const reader = new SharedPositionsReader(buffer);
    // A worker thread runs plain JavaScript: the writer fixture and the module it tests, bundled.
    const bundled = buildSync({
      entryPoints: [fileURLToPath(new URL('./fixtures/shared-positions-writer.ts', import.meta.url))],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      write: false,
    });
    const worker = new Worker(bundled.outputFiles[0].text, {
      eval: true,
      workerData: { buffer, frames, particleCount },
    });
    let done = false;
    const finished = new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    }).finally(() => {
      done = true;
    });
    let taken = 0;
    let last = 0;
    // Spin on the reader while the writer runs (no sleeps: each acquire races the writer's publish),
    // yielding to the event loop now and then so that the writer's 'done' message arrives.
    while (!done) {
      for (let spin = 0; spin < 200; spin++) {
        if (!reader.acquire()) continue;
        expectWhole(reader);
        expect(reader.frame).toBeGreaterThan(last);
        last = reader.frame;
        taken++;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await finished;
    await worker.terminate();
    if (reader.acquire()) {
      expectWhole(reader);
      last = reader.frame;
      taken++;
    }
    // After the writer's last publish the reader ends on its last frame.
    expect(last).toBe(frames);
    expect(taken).toBeGreaterThan(1);
  }, 60_000);
});
