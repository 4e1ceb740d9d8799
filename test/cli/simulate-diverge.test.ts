import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/main.ts';

/**
 * The scene bounds keep every scene a user can write finite (gravity within ±1000 m/s²), so a
 * run is driven non-finite here the way a damaged or hand-built setup would: the compiled setup
 * of a scene whose gravity is the marker below gets 1e300 m/s² instead, and no ground.
 */
const MARKER_GRAVITY = -999.25;
vi.mock('../../core/setup/compile-scene.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../core/setup/compile-scene.ts')>();
  return {
    ...original,
    compileScene: (...args: Parameters<typeof original.compileScene>) => {
      const setup = original.compileScene(...args);
      return setup.gravity[1] === MARKER_GRAVITY
        ? { ...setup, colliders: [], gravity: [0, -1e300, 0] }
        : setup;
    },
  };
});

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const scene = {
  gravity: [0, MARKER_GRAVITY, 0],
  solver: { dt: 0.01, substeps: 10 },
  colliders: [],
  bodies: [
    {
      name: 'cube',
      shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [2, 2, 2], center: [0, 0.1, 0] },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.5,
    },
  ],
};

const expected =
  "the run diverged: /bodies/cube/kineticEnergyJ is Infinity at frame 1 (t = 0.01 s) in body 'cube'; " +
  'a smaller time step, more substeps or stiffer pins usually keep it finite';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'softbody-diverge-'));
  await writeFile(join(dir, 'diverge.json'), JSON.stringify(scene));
});

describe('softbody simulate on a run that goes non-finite', () => {
  it('exits with 1 and names the figure, the body and the frame, printing no report', async () => {
    const { io, out, err } = capture();
    const file = join(dir, 'diverge.json');
    expect(await main(['simulate', file, '--seconds', '100'], io)).toBe(1);
    expect(out).toEqual([]);
    expect(err).toEqual([`softbody simulate: ${file}: ${expected}`]);
  });

  it('with --json prints the failure as the JSON error document', async () => {
    const { io, out } = capture();
    const file = join(dir, 'diverge.json');
    expect(await main(['simulate', file, '--json'], io)).toBe(1);
    expect(JSON.parse(out.join('\n'))).toEqual({ error: { file, message: expected } });
  });

  it('with --trace fails at the first non-finite trace row and still writes the rows up to it', async () => {
    const { io, err } = capture();
    const file = join(dir, 'diverge.json');
    const trace = join(dir, 'diverge.csv');
    expect(await main(['simulate', file, '--trace', trace], io)).toBe(1);
    expect(err).toEqual([`softbody simulate: ${file}: ${expected}`]);
    const rows = (await readFile(trace, 'utf8')).trimEnd().split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1].split(',').slice(0, 3)).toEqual(['1', '0.01', 'NaN']);
  });
});
