/**
 * Builds the web bundle once and serves dist-web/ with `vite preview` on a free port for
 * the whole e2e run; tests receive its URL through `inject('baseUrl')`.
 */
import { join } from 'node:path';
import { build, preview } from 'vite';
import type { TestProject } from 'vitest/node';
import { findElectron, repoRoot } from './environment.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configFile = join(repoRoot, 'vite.web.config.ts');
  const started = performance.now();
  await build({ configFile, logLevel: 'warn' });
  const server = await preview({
    configFile,
    logLevel: 'warn',
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('e2e: vite preview did not report its URL');
  console.log(
    `e2e: built dist-web/ and serving it at ${url} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  project.provide('baseUrl', url);

  const electron = findElectron();
  if ('missing' in electron) console.log(`e2e: ${electron.missing}; ran the browser host only`);

  return async () => {
    await server.close();
  };
}
