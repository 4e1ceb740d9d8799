/**
 * `npm run bench [-- <suite>] [-- --json]`: runs one benchmark suite (default: all) and
 * prints ratios against peers measured in the same process.
 */
const suites: Record<string, () => Promise<{ run(args: string[]): Promise<void> }>> = {
  tetra: () => import('./tetra.ts'),
  targets: () => import('./tetra-targets.ts'),
  sim: () => import('./sim.ts'),
  calibration: () => import('./calibration.ts'),
  app: () => import('./app.ts'),
  ui: () => import('./ui.ts'),
};

const args = process.argv.slice(2);
const named = args.filter((a) => !a.startsWith('--'));
const flags = args.filter((a) => a.startsWith('--'));
/** Suites that run only when named: the calibration table takes minutes; app and ui drive Chromium. */
const onRequest = new Set(['calibration', 'app', 'ui', 'targets']);
const chosen = named.length > 0 ? named : Object.keys(suites).filter((name) => !onRequest.has(name));
for (const name of chosen) {
  const load = suites[name];
  if (!load) {
    console.error(
      `bench: unknown suite '${name}'. Suites: ${Object.keys(suites).join(', ') || '(none yet)'}`,
    );
    process.exit(2);
  }
  const suite = await load();
  await suite.run(flags);
}

export {};
