#!/usr/bin/env node
// Entry point of the `softbody` command. It runs the bundle that `npm ci` (through `prepare`)
// and `npm run build:cli` write to cli/dist: plain JavaScript that starts fast. A development
// checkout without the bundle runs the TypeScript sources through tsx instead, as does
// SOFTBODY_CLI_SOURCE=1 (tests that spawn the command must see the sources as they are now,
// not the last build).
import { existsSync } from 'node:fs';

const bundle = new URL('../dist/softbody.mjs', import.meta.url);
let main;
if (process.env.SOFTBODY_CLI_SOURCE !== '1' && existsSync(bundle)) {
  ({ main } = await import(bundle.href));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../main.ts'));
}
process.exitCode = await main(process.argv.slice(2));
