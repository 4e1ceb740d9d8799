/**
 * A fuzz worker: runs the cases the campaign sends, one at a time, and reports the start and the
 * outcome of each so that the campaign can time it and kill the worker on a hang. Started by
 * scripts/fuzz.ts with a heap limit; a case that passes it kills this process, which the
 * campaign counts against that case.
 */
import { type FuzzParser, fuzzParsers, runCase } from './cases.ts';

export interface Job {
  parser: string;
  seed: number;
  from: number;
  to: number;
  /** A case run again alone after it passed the time limit once. */
  retry?: boolean;
}

export type WorkerMessage =
  | { type: 'start'; index: number }
  | { type: 'done'; index: number; outcome: string; detail?: string; ms: number; rssMb: number }
  | { type: 'idle' };

const send = (message: WorkerMessage) =>
  new Promise<void>((resolve) => process.send?.(message, undefined, {}, () => resolve()));

const parsers = new Map<string, FuzzParser>();

process.on('message', async (job: Job) => {
  let parser = parsers.get(job.parser);
  if (!parser) {
    parser = fuzzParsers[job.parser]();
    parsers.set(job.parser, parser);
  }
  for (let index = job.from; index < job.to; index++) {
    await send({ type: 'start', index });
    const start = performance.now();
    const { outcome, detail } = await runCase(parser, job.seed, index);
    const ms = performance.now() - start;
    await send({ type: 'done', index, outcome, detail, ms, rssMb: process.memoryUsage.rss() / 2 ** 20 });
  }
  await send({ type: 'idle' });
});
