import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { spawnCli } from './spawn-cli.ts';

const example = new URL('../../docs/examples/hanging-bar.scene.json', import.meta.url).pathname;

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

describe('softbody simulate within the simulation budget', () => {
  it('refuses a duration of too many frames at once, with exit code 2 and the limit named', () => {
    const started = performance.now();
    const result = spawnCli(['simulate', example, '--dt', '1e-5', '--seconds', '3600']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `softbody simulate: ${example}: refused before running: 3,600 s of simulated time at dt = 0.00001 s ` +
        'is 360,000,000 frames, more than the 1,000,000 allowed (simulation budget frames); simulate at most 10 s at this dt',
    );
    // Refused, not run: 360 million frames would take days.
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it('refuses a run of too much work, as JSON with --json', async () => {
    const { io, out, err } = capture();
    expect(
      await main(
        ['simulate', example, '--dt', '1e-4', '--substeps', '1000', '--seconds', '10', '--json'],
        io,
      ),
    ).toBe(2);
    expect(err).toEqual([]);
    const { error } = JSON.parse(out.join('\n'));
    expect(error.file).toBe(example);
    expect(error.message).toMatch(
      /^refused before running: 100,000 frames × 1000 substeps of 189 particles .* constraint projections, more than the 10,000,000,000 allowed \(simulation budget constraintProjections\)/,
    );
  });
});

describe('softbody simulate on a run its own weight will crush', () => {
  it('warns on stderr and in the report for dt = 1 s, and still runs (exit code 0)', async () => {
    const { io, out, err } = capture();
    expect(await main(['simulate', example, '--dt', '1', '--seconds', '3'], io)).toBe(0);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^softbody simulate: warning: bar: its own weight will strain it by about 3\.5 .*r = h·c\/l = 8\.5 > 1.*more than 0\.25: it will be crushed, not sag/,
    );
    const report = JSON.parse(out.join('\n'));
    expect(report.warnings).toEqual([err[0].replace('softbody simulate: warning: ', '')]);
    // What it warns of: the bar, 1 m at rest, ends up mean strain above the crush strain.
    expect(report.bodies.bar.meanStrain).toBeGreaterThan(0.25);
  });

  it('says nothing for the example scene at its own dt', async () => {
    const { io, out, err } = capture();
    expect(await main(['simulate', example, '--seconds', '0.5'], io)).toBe(0);
    expect(err).toEqual([]);
    expect(JSON.parse(out.join('\n')).warnings).toBeUndefined();
  });
});
