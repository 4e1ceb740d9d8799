/**
 * `npm run bench -- sim [--json] [--frames=N] [--scene=TEXT] [--no-simd] [--threads=N] [--workers=N]
 * [--clock=cpu|wall] [--kernels=wasm|js] [--memory] [--in-process]`:
 * our XPBD engine against Jolt's soft bodies; the measuring is in sim-suite.ts.
 *
 * Why a bundle: once an ArrayBuffer has been detached (or a WebAssembly memory grown) in a V8
 * isolate, V8 compiles every later typed-array access with a detached-buffer check. tsx's
 * loader does that while it loads TypeScript, which slows the JS kernels by 15–25% (visible with
 * node --print-opt-code). The app runs the engine bundled, in a worker where nothing is
 * detached, so the suite is bundled with esbuild (the one tsx brings) and run by plain Node.
 * `--in-process` measures under tsx instead; so does a checkout without esbuild. The WebAssembly
 * kernels (core/sim/wasm, the default) do not pay that check: under tsx they lose only the JS
 * remainder of a step.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
/**
 * Where the benches write their bundles (this suite's, and tetra-cold.ts's command). Under
 * node_modules (ignored by git) so that the bundle resolves jolt-physics as the sources do,
 * in a folder of its own per checkout: checkouts that share one node_modules (git worktrees
 * linking it) would otherwise overwrite each other's bundle while one of them runs.
 */
export const BENCH_CACHE_DIR = path.resolve(
  benchDir,
  '..',
  'node_modules',
  '.cache',
  'softbody-bench',
  createHash('sha256').update(path.resolve(benchDir, '..')).digest('hex').slice(0, 12),
);

/** esbuild (the one tsx brings), or null where it is not installed. */
export async function esbuildOrNull(): Promise<typeof import('esbuild') | null> {
  try {
    return await import('esbuild');
  } catch {
    return null;
  }
}

/** Bundles the suite for plain Node; the bundle's path, or null without esbuild (bench/app.ts runs it too). */
export async function bundle(): Promise<string | null> {
  const esbuild = await esbuildOrNull();
  if (!esbuild) return null;
  await esbuild.build({
    entryPoints: {
      'sim-entry': path.join(benchDir, 'sim-entry.ts'),
      'jolt-pthread-worker': path.join(benchDir, 'jolt-pthread-worker.mjs'),
      // Our solver's helper threads (--workers=N): sim-suite.ts finds it beside the suite's bundle.
      'solver-helper-entry': path.join(benchDir, '..', 'core', 'node', 'solver-helper-entry.ts'),
      // The twin worlds beside it (sim-twins.ts), likewise.
      'sim-twin-entry': path.join(benchDir, 'sim-twin-entry.ts'),
    },
    outdir: BENCH_CACHE_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['jolt-physics', 'jolt-physics/*'],
    logLevel: 'warning',
  });
  return path.join(BENCH_CACHE_DIR, 'sim-entry.mjs');
}

export async function run(flags: string[]): Promise<void> {
  const entry = flags.includes('--in-process') ? null : await bundle();
  if (!entry) {
    console.error(
      '[bench sim] measuring under tsx (--in-process, or esbuild not found): our kernels run 15–25% slower here than bundled',
    );
    const { runSimSuite } = await import('./sim-suite.ts');
    await runSimSuite(flags);
    return;
  }
  const result = spawnSync(process.execPath, [entry, ...flags.filter((f) => f !== '--in-process')], {
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exitCode = result.status ?? 1;
}
