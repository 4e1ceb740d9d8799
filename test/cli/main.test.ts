import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { spawnCli } from './spawn-cli.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('softbody command', () => {
  it('prints help listing the usage with --help', async () => {
    const { io, out } = capture();
    expect(await main(['--help'], io)).toBe(0);
    expect(out.join('\n')).toContain('Usage: softbody <command> [options]');
  });

  it('prints the package version with --version', async () => {
    const { io, out } = capture();
    expect(await main(['--version'], io)).toBe(0);
    expect(out.join('')).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('rejects an unknown command with one clear line and exit code 2', async () => {
    const { io, err } = capture();
    expect(await main(['frobnicate'], io)).toBe(2);
    expect(err).toEqual([
      "softbody: unknown command 'frobnicate'. Run 'softbody --help' for the list of commands.",
    ]);
  });

  it('runs as an executable through the package bin', () => {
    const result = spawnCli(['nope']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      "softbody: unknown command 'nope'. Run 'softbody --help' for the list of commands.",
    );
    expect(result.stderr).not.toContain('    at ');
  });
});
