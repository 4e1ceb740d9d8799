/**
 * The fuzz campaign (`npm run fuzz`): many seeded cases over every parser, in worker processes
 * with a time limit per case and a memory limit, and a table per parser of what happened.
 *
 *   npm run fuzz -- [--cases 100000] [--workers 2] [--seed 14] [--case-timeout-s 2]
 *                   [--memory-mb 1024] [--parsers obj,glb,...] [--replay parser:index]
 *
 * Counted per parser: cases; accepted and refused (the typed error); escapes (any other throw);
 * non-finite (accepted output holding NaN or Infinity); hangs (a case past the time limit: the
 * worker is killed, and the case run again alone in a fresh worker; it is a hang when it passes
 * the limit again, and counted under 'retried' when the second run finishes within it, as on a
 * machine shared with other work a bounded case can miss the limit once); memory (a case that took the worker past the memory limit, in heap or
 * resident memory). Exit 1 when escapes, non-finite, hangs or memory are not all zero.
 * A case is its parser, the seed and its index: --replay runs one again in this process.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fuzzParsers, runCase } from './fuzz/cases.ts';
import type { Job, WorkerMessage } from './fuzz/worker.ts';

interface Tally {
  cases: number;
  accepted: number;
  refused: number;
  escapes: number;
  nonFinite: number;
  hangs: number;
  retried: number;
  memory: number;
  slowestMs: number;
  peakRssMb: number;
  examples: string[];
}

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] !== undefined ? process.argv[at + 1] : fallback;
}

const totalCases = Number(option('cases', '100000'));
const workers = Number(option('workers', '2'));
const seed = Number(option('seed', '14'));
const caseTimeoutMs = Number(option('case-timeout-s', '2')) * 1000;
const memoryMb = Number(option('memory-mb', '1024'));
const parserNames = option('parsers', Object.keys(fuzzParsers).join(',')).split(',');
const batch = 2500;
const workerPath = fileURLToPath(new URL('./fuzz/worker.ts', import.meta.url));
/** Cases to run again alone after the campaign (they passed the time limit once). */
const retries: Job[] = [];

async function replay(spec: string): Promise<void> {
  const [name, index] = spec.split(':');
  const result = await runCase(fuzzParsers[name](), seed, Number(index));
  console.log(`${name} case ${index} (seed ${seed}):`, result);
}

async function campaign(): Promise<number> {
  const perParser = Math.ceil(totalCases / parserNames.length);
  const tallies = new Map<string, Tally>();
  const queue: Job[] = [];
  for (const parser of parserNames) {
    if (!fuzzParsers[parser]) throw new Error(`unknown parser '${parser}'`);
    tallies.set(parser, {
      cases: 0,
      accepted: 0,
      refused: 0,
      escapes: 0,
      nonFinite: 0,
      hangs: 0,
      retried: 0,
      memory: 0,
      slowestMs: 0,
      peakRssMb: 0,
      examples: [],
    });
    for (let from = 0; from < perParser; from += batch) {
      queue.push({ parser, seed, from, to: Math.min(perParser, from + batch) });
    }
  }
  const started = Date.now();
  let done = 0;
  const progress = () => {
    done++;
    if (done % 5000 === 0) {
      const s = (Date.now() - started) / 1000;
      console.error(`[fuzz] ${done} / ${perParser * parserNames.length} cases, ${s.toFixed(0)} s`);
    }
  };

  /** One worker slot: takes jobs until the queue is empty; a killed worker is replaced. */
  const slot = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const rest = await runJob(job, tallies.get(job.parser)!, progress);
      if (rest) queue.unshift(rest);
    }
  };
  await Promise.all(Array.from({ length: workers }, slot));
  // Cases that passed the time limit once, again one at a time with nothing else running.
  for (let job = retries.shift(); job; job = retries.shift())
    await runJob(job, tallies.get(job.parser)!, progress);

  const seconds = (Date.now() - started) / 1000;
  printTable(tallies, seconds);
  const bad = [...tallies.values()].some((t) => t.escapes + t.nonFinite + t.hangs + t.memory > 0);
  return bad ? 1 : 0;
}

/**
 * Runs a job in a fresh worker. Returns the part of the job still to run when the worker had to
 * be stopped (a hang, a death, memory past the limit), so the slot goes on with a new worker.
 */
function runJob(job: Job, tally: Tally, progress: () => void): Promise<Job | undefined> {
  return new Promise((resolve) => {
    const child: ChildProcess = fork(workerPath, [], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${memoryMb}`],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let current: number | undefined;
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    const finish = (rest: Job | undefined) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      resolve(rest);
    };
    const restAfter = (index: number) => (index + 1 < job.to ? { ...job, from: index + 1 } : undefined);
    child.on('message', (message: WorkerMessage) => {
      if (message.type === 'start') {
        current = message.index;
        timer = setTimeout(() => {
          if (job.retry) {
            tally.cases++;
            tally.hangs++;
            note(tally, `hang: ${job.parser}:${message.index} (over ${caseTimeoutMs / 1000} s twice)`);
            progress();
            finish(undefined);
          } else {
            // Once over the limit: the case runs again alone before it is called a hang.
            retries.push({ ...job, from: message.index, to: message.index + 1, retry: true });
            finish(restAfter(message.index));
          }
        }, caseTimeoutMs);
      } else if (message.type === 'done') {
        clearTimeout(timer);
        current = undefined;
        tally.cases++;
        if (job.retry) tally.retried++;
        progress();
        tally.slowestMs = Math.max(tally.slowestMs, message.ms);
        tally.peakRssMb = Math.max(tally.peakRssMb, message.rssMb);
        if (message.outcome === 'accepted') tally.accepted++;
        else if (message.outcome === 'refused') tally.refused++;
        else if (message.outcome === 'non-finite') {
          tally.nonFinite++;
          note(tally, `non-finite: ${job.parser}:${message.index}`);
        } else {
          tally.escapes++;
          note(tally, `escape: ${job.parser}:${message.index}: ${message.detail}`);
        }
        if (message.rssMb > memoryMb) {
          // Resident memory past the limit (typed arrays live outside the heap limit): counted,
          // and the worker replaced so later cases start from a clean process.
          tally.memory++;
          note(tally, `memory: ${job.parser}:${message.index} (${message.rssMb.toFixed(0)} MB resident)`);
          finish(restAfter(message.index));
        }
      } else finish(undefined);
    });
    child.on('exit', (code, signal) => {
      if (finished) return;
      if (current !== undefined) {
        // Died in a case: the heap limit (V8 aborts) or a crash of the process.
        tally.cases++;
        tally.memory++;
        note(tally, `died (${signal ?? `exit ${code}`}): ${job.parser}:${current}`);
        progress();
        finish(restAfter(current));
      } else finish(undefined);
    });
    child.send(job);
  });
}

function note(tally: Tally, line: string): void {
  if (tally.examples.length < 5) tally.examples.push(line);
}

function printTable(tallies: Map<string, Tally>, seconds: number): void {
  const head = [
    'parser',
    'cases',
    'accepted',
    'refused',
    'escapes',
    'non-finite',
    'hangs',
    'retried',
    'memory',
    'slowest',
    'peak RSS',
  ];
  const rows = [...tallies].map(([name, t]) => [
    name,
    t.cases,
    t.accepted,
    t.refused,
    t.escapes,
    t.nonFinite,
    t.hangs,
    t.retried,
    t.memory,
    `${Math.round(t.slowestMs)} ms`,
    `${Math.round(t.peakRssMb)} MB`,
  ]);
  const all = [...tallies.values()];
  const sum = (key: keyof Tally) => all.reduce((n, t) => n + (t[key] as number), 0);
  rows.push([
    'all',
    sum('cases'),
    sum('accepted'),
    sum('refused'),
    sum('escapes'),
    sum('nonFinite'),
    sum('hangs'),
    sum('retried'),
    sum('memory'),
    `${Math.round(Math.max(...all.map((t) => t.slowestMs)))} ms`,
    `${Math.round(Math.max(...all.map((t) => t.peakRssMb)))} MB`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells: (string | number)[]) =>
    cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ');
  console.log(
    `fuzz campaign: seed ${seed}, ${workers} workers, limits ${caseTimeoutMs / 1000} s and ${memoryMb} MB per case, ${seconds.toFixed(0)} s`,
  );
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  for (const [, t] of tallies) for (const example of t.examples) console.log(`  ${example}`);
}

const replaySpec = option('replay', '');
if (replaySpec) await replay(replaySpec);
else process.exitCode = await campaign();
