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
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
 * Bundles the command from the sources as they are now (scripts/build-cli.mjs), into a folder of
 * this checkout's own under node_modules/.cache (cli/dist could be stale); the entry that runs it.
 */
export function bundleCommand(): string {
  const outDir = path.join(
    root,
    'node_modules',
    '.cache',
    'softbody-bench',
    createHash('sha256').update(root).digest('hex').slice(0, 12),
    'cli',
  );
  const built = spawnSync(process.execPath, [path.join(root, 'scripts', 'build-cli.mjs'), outDir], {
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`bundling the softbody command failed: ${built.stderr}`);
  // What cli/bin/softbody.mjs does with the bundle beside it.
  const entry = path.join(outDir, 'run.mjs');
  writeFileSync(
    entry,
    "const { main } = await import('./softbody.mjs');\nprocess.exitCode = await main(process.argv.slice(2));\n",
  );
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
      const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
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
