import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { writePreset } from '../../core/preset/index.ts';
import { samplePreset } from '../core/preset/fixtures.ts';
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

  it('names the close command for a typo', async () => {
    const { io, err } = capture();
    expect(await main(['exprot', 'a.json'], io)).toBe(2);
    expect(err).toEqual([
      "softbody: unknown command 'exprot'; did you mean 'export'? Run 'softbody --help' for the list of commands.",
    ]);
  });

  it('names the close option for a typo in a flag', async () => {
    const { io, err } = capture();
    expect(await main(['bake', 'a.obj', '--materal', 'cotton', '-o', 'out'], io)).toBe(2);
    expect(err).toEqual([
      "softbody bake: unknown option '--materal'; did you mean '--material'? Run 'softbody bake --help'.",
    ]);
  });

  it("prints a command's usage for `help COMMAND` as for `COMMAND --help`", async () => {
    const a = capture();
    const b = capture();
    expect(await main(['help', 'export'], a.io)).toBe(0);
    expect(await main(['export', '--help'], b.io)).toBe(0);
    expect(a.out.join('\n')).toMatch(/^Usage: softbody export /);
    expect(a.out).toEqual(b.out);
    const c = capture();
    expect(await main(['help', 'exprot'], c.io)).toBe(2);
    expect(c.err[0]).toContain("did you mean 'export'?");
  });

  it('takes --opt=value as --opt value', async () => {
    const a = capture();
    const b = capture();
    expect(await main(['export', '--print-extension-schema=node'], a.io)).toBe(0);
    expect(await main(['export', '--print-extension-schema', 'node'], b.io)).toBe(0);
    expect(a.out).toEqual(b.out);
    expect(JSON.parse(a.out.join('\n'))).toHaveProperty('type', 'object');
  });

  it('refuses a value given to a flag that takes none, and a flag without its value', async () => {
    const a = capture();
    expect(await main(['validate', 'p.json', '--json=yes'], a.io)).toBe(2);
    expect(a.err).toEqual(["softbody validate: --json takes no value, got 'yes'"]);
    const b = capture();
    expect(await main(['bake', 'a.obj', '--material', '--json', '-o', 'out'], b.io)).toBe(2);
    expect(b.out.join('\n')).toContain('--material needs a value');
  });

  it('runs as an executable through the package bin', () => {
    const result = spawnCli(['nope']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      "softbody: unknown command 'nope'. Run 'softbody --help' for the list of commands.",
    );
    expect(result.stderr).not.toContain('    at ');
  });

  it("reads '-' from the process's standard input and writes '-o -' to its standard output", () => {
    const text = writePreset(samplePreset());
    const result = spawnCli(['export', '-', '--target', 'native', '-o', '-'], text);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(text);
    expect(result.stderr).toMatch(/^Wrote <stdout> \(native, \d+ bytes\)\n$/);
  });
});
