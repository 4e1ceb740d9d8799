/**
 * Our tetrahedralizer as a user's command runs it: the `softbody tetra` command, bundled as
 * `npm ci` bundles it, in a fresh Node process per call. bench/tetra.ts times ours warm (best of
 * several calls in one process, once V8 has compiled the mesher); a command pays V8's compiling
 * the mesher as it gets hot in every process, which TetGen, native, never does. This measures
 * that: the command's own figure of its tetrahedralization (its report's `seconds`, the mesh
 * already read: start-up excluded) and the whole process by the wall clock (Node's start, reading
 * the mesh and writing .node/.ele included, as TetGen's time includes its own).
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_CACHE_DIR } from './sim.ts';

/** Fresh processes per measure: the best of them (a slow spell of the machine falls on one). */
export const COLD_RUNS = 3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ColdTimes {
  /** The command's tetrahedralization, s (the first call in its process). */
  computeS: number;
  /** The whole command, s, by the wall clock from spawn to exit. */
  commandS: number;
}

/**
 * Bundles the command from the sources as they are now (scripts/build-cli.mjs) into the benches'
 * cache folder (cli/dist could be stale), beside a copy of its entry, cli/bin/softbody.mjs, which
 * runs the bundle it finds there as it does in a checkout; the entry's path.
 */
export function bundleCommand(): string {
  const commandDir = path.join(BENCH_CACHE_DIR, 'cli');
  const built = spawnSync(
    process.execPath,
    [path.join(root, 'scripts', 'build-cli.mjs'), path.join(commandDir, 'dist')],
    { encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`bundling the softbody command failed: ${built.stderr}`);
  const entry = path.join(commandDir, 'bin', 'softbody.mjs');
  mkdirSync(path.dirname(entry), { recursive: true });
  copyFileSync(path.join(root, 'cli', 'bin', 'softbody.mjs'), entry);
  return entry;
}

/** `softbody tetra FILE [--tets N] -o … --json` in COLD_RUNS fresh processes: the best times. */
export function coldCommand(entry: string, file: string, targetTets?: number): ColdTimes {
  const scratch = mkdtempSync(path.join(tmpdir(), 'softbody-tetra-cold-'));
  try {
    let best: ColdTimes = { computeS: Number.POSITIVE_INFINITY, commandS: Number.POSITIVE_INFINITY };
    for (let run = 0; run < COLD_RUNS; run++) {
      const args = [entry, 'tetra', file, '--json', '-o', path.join(scratch, 'mesh.node')];
      if (targetTets) args.push('--tets', String(targetTets));
      const started = performance.now();
      // The bundle, never the sources (cli/bin/softbody.mjs reads this variable).
      const env = { ...process.env, SOFTBODY_CLI_SOURCE: undefined };
      const result = spawnSync(process.execPath, args, { encoding: 'utf8', env });
      const commandS = (performance.now() - started) / 1000;
      if (result.status !== 0) throw new Error(`softbody tetra ${file} failed: ${result.stderr.trim()}`);
      const { seconds } = JSON.parse(result.stdout) as { seconds: number };
      best = { computeS: Math.min(best.computeS, seconds), commandS: Math.min(best.commandS, commandS) };
    }
    return best;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
