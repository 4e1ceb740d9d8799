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
