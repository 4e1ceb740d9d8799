import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const softbodyBin = fileURLToPath(new URL('../../cli/bin/softbody.mjs', import.meta.url));

/**
 * Runs the `softbody` executable as a user would, on the TypeScript sources: a cli/dist bundle
 * left from an earlier build would test the code as it was then (bundle.test.ts builds its own).
 */
export function spawnCli(args: readonly string[], input?: string | Uint8Array): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [softbodyBin, ...args], {
    encoding: 'utf8',
    input,
    env: { ...process.env, SOFTBODY_CLI_SOURCE: '1' },
  });
}
