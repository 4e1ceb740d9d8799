/**
 * Imports each hostile regression case in a child process of its own and prints what happened:
 * the outcome (accepted, the typed error, or the process dying), the wall time and the peak
 * resident memory (GNU time's maximum RSS). Figures, not a test: tests never time anything.
 *
 *   npx tsx scripts/hostile-cases.ts [--timeout-s 60] [case ...]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MeshImportError } from '../core/mesh/errors.ts';
import { importMesh } from '../core/mesh/import.ts';
import { checkPresetText } from '../core/preset/read.ts';
import { TetrahedralizeError } from '../core/tetra/errors.ts';
import { parseTetgenMesh } from '../core/tetra/tetgen-format.ts';
import {
  continuedObj,
  longObjectNameObj,
  sharedAccessorGlb,
  sharedZeroFilledGlb,
  zeroFilledGlb,
} from '../test/core/mesh/hostile-fixtures.ts';

const text = (value: string) => new TextEncoder().encode(value);
const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

async function meshCase(file: string, bytes: Uint8Array): Promise<string> {
  const { mesh } = await importMesh(file, bytes, { readResource: () => undefined });
  return `accepted: ${mesh.indices.length / 3} triangles, ${mesh.positions.length / 3} vertices`;
}

/** Each case returns a line saying what was accepted; throwing is reported by the caller. */
const cases: Record<string, () => Promise<string> | string> = {
  'glb zero-filled 2^24-1 vertices': () => meshCase('zero.glb', zeroFilledGlb()),
  'glb 1000 primitives x 300k zero-filled': () => meshCase('shared.glb', sharedZeroFilledGlb(1000, 300_000)),
  'glb 5000 primitives x one 3000-vertex accessor': () =>
    meshCase('shared-data.glb', sharedAccessorGlb(5000, 3000)),
  'obj 100k continuation lines': () => meshCase('continued.obj', text(continuedObj(100_000))),
  'obj 2 MB object name x 1000 groups': () =>
    meshCase('long-name.obj', text(longObjectNameObj(2 * 1024 * 1024, 1000))),
  'gltf 10000-deep asset.version': () => meshCase('deep.gltf', text(`{"asset":{"version":${deep(10_000)}}}`)),
  'preset 10000-deep value': () => {
    const { problems } = checkPresetText(`{"formatVersion":3,"name":${deep(10_000)}}`);
    return `problems: ${problems.length}, first: ${problems[0]?.pointer}: ${problems[0]?.message.slice(0, 80)}`;
  },
  'tetgen negative count': () => {
    const mesh = parseTetgenMesh('-3 3 0 0\n', '0 4 0\n');
    return `accepted: ${mesh.positions.length / 3} points`;
  },
  'tetgen fractional count': () => {
    const mesh = parseTetgenMesh('1.33 3 0 0\n1 0 0 0\n2 1 0 0\n', '0 4 0\n');
    return `accepted: ${mesh.positions.length / 3} points`;
  },
};

/** Runs one case and prints its outcome with the time spent in the case itself (not start-up). */
async function runOne(name: string): Promise<void> {
  const start = performance.now();
  let outcome: string;
  try {
    outcome = await cases[name]();
  } catch (error) {
    const typed = error instanceof MeshImportError || error instanceof TetrahedralizeError;
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    outcome = `${typed ? 'refused' : 'ESCAPE'}: ${message.slice(0, 160)}`;
  }
  console.log(`[${Math.round(performance.now() - start)} ms in the case] ${outcome}`);
}

function main(): void {
  const args = process.argv.slice(2);
  const child = args.indexOf('--case');
  if (child >= 0) {
    void runOne(args[child + 1]);
    return;
  }
  const t = args.indexOf('--timeout-s');
  const timeoutS = t >= 0 ? Number(args[t + 1]) : 60;
  const picked = args.filter((a, i) => !a.startsWith('--') && (t < 0 || i !== t + 1));
  const self = fileURLToPath(import.meta.url);
  for (const name of picked.length > 0 ? picked : Object.keys(cases)) {
    const run = spawnSync(
      '/usr/bin/time',
      // timeout(1) inside time(1): the case is killed, and its peak memory still reported.
      ['-f', '@@ %e s %M KB', 'timeout', '-s', 'KILL', String(timeoutS), process.execPath].concat([
        '--import',
        'tsx',
        self,
        '--case',
        name,
      ]),
      { encoding: 'utf8', maxBuffer: 1 << 24 },
    );
    const figures = /@@ ([\d.]+) s (\d+) KB/.exec(run.stderr ?? '');
    const outcome =
      run.status === 137
        ? `killed at the ${timeoutS} s limit`
        : run.status !== 0
          ? `process died, exit ${run.status}: ${lastLine(run.stderr)}`
          : (run.stdout.trim().split('\n').pop() ?? '');
    const time = figures ? `${figures[1]} s` : '?';
    // A killed case's peak is not reported to time(1): only the finished ones have a figure.
    const memory = figures && run.status !== 137 ? `${Math.round(Number(figures[2]) / 1024)} MB` : 'n/a';
    console.log(`${name.padEnd(48)} ${time.padStart(9)} ${memory.padStart(8)}  ${outcome}`);
  }
}

function lastLine(stderr: string): string {
  const lines = stderr
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('@@') && !l.startsWith('Command'));
  return (lines.find((l) => /fatal|invalid|heap|RangeError/i.test(l)) ?? lines.pop() ?? '').slice(0, 120);
}

main();
