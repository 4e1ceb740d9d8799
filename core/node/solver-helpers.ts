import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { SolverHelper } from '../sim/wasm/solver-team.ts';

/**
 * Helper threads for the solver team under Node (bench, CLI, tests): `count` worker_threads that
 * each run solver-helper-entry.ts (core/sim/wasm/solver-helper.ts) for one world after another.
 * `entry` is that entry: a bundled .mjs, or (the default) the TypeScript source, which the worker
 * loads through tsx's loader (a devDependency: only tests and the unbundled bench take this path).
 * Terminate them with `closeSolverHelpers` once no world uses them.
 */
export function spawnSolverHelpers(
  count: number,
  entry: URL = new URL('./solver-helper-entry.ts', import.meta.url),
): (SolverHelper & Worker)[] {
  return Array.from({ length: count }, () => startWorker(entry));
}

/**
 * A worker_thread running `entry`: a bundled .mjs as it is, a TypeScript source through tsx's
 * loader (a devDependency: only tests and unbundled benches take this path). `workerData` is
 * passed on to it.
 */
export function startWorker(entry: URL, workerData?: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  // tsx's ESM API (its CommonJS build of the API cannot be imported from a worker's eval code).
  const api = new URL(
    'dist/esm/api/index.mjs',
    pathToFileURL(createRequire(import.meta.url).resolve('tsx/package.json')),
  );
  const boot = `import(${JSON.stringify(api.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

export async function closeSolverHelpers(helpers: readonly Worker[]): Promise<void> {
  await Promise.all(helpers.map((helper) => helper.terminate()));
}
