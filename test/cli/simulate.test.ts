import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const smallScene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 10 },
  colliders: [{ type: 'plane', normal: [0, 1, 0], offset: 0 }],
  bodies: [
    {
      name: 'cube',
      shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [2, 2, 2], center: [0, 0.1, 0] },
      material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'neo-hookean',
      dampingRatio: 0.5,
    },
    {
      name: 'rope',
      shape: { type: 'rope', start: [1, 1, 0], end: [1, 0.5, 0], segments: 5, radiusM: 0.005 },
      material: { youngModulusPa: 1e6, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'rope',
      dampingRatio: 0.5,
      pins: [{ box: { min: [0.99, 0.99, -0.01], max: [1.01, 1.01, 0.01] } }],
    },
  ],
};

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'softbody-simulate-'));
  await writeFile(join(dir, 'small.json'), JSON.stringify(smallScene));
  const bad = structuredClone(smallScene) as typeof smallScene;
  (bad.bodies[1].material as { poissonRatio: unknown }).poissonRatio = 0.7;
  await writeFile(join(dir, 'bad.json'), JSON.stringify(bad));
  await writeFile(join(dir, 'broken.json'), '{ "gravity": [0, -9.81, 0], ');
});

describe('softbody simulate', () => {
  it('prints one JSON report with the figures of every body', async () => {
    const { io, out, err } = capture();
    expect(
      await main(['simulate', join(dir, 'small.json'), '--seconds', '0.5', '--report', 'json'], io),
    ).toBe(0);
    expect(err).toEqual([]);
    const report = JSON.parse(out.join('\n'));
    expect(Object.keys(report).sort()).toEqual(['bodies', 'dt', 'hasNaN', 'seconds', 'settled', 'substeps']);
    expect(report.hasNaN).toBe(false);
    expect(report.seconds).toBeCloseTo(0.5, 6);
    expect(Object.keys(report.bodies)).toEqual(['cube', 'rope']);
    for (const body of Object.values(report.bodies) as Record<string, unknown>[]) {
      expect(Object.keys(body).sort()).toEqual(
        [
          'bboxMax',
          'bboxMin',
          'centroid',
          'kineticEnergyJ',
          'maxStrain',
          'pinForcesN',
          'resolution',
          'volumeRatio',
        ].sort(),
      );
    }
    expect(report.bodies.cube.pinForcesN).toEqual([]);
    expect(report.bodies.rope.pinForcesN).toHaveLength(1);
  });

  it('with --settle stops once the kinetic energy stays under the tolerance, and the pin carries the rope', async () => {
    const { io, out } = capture();
    const args = ['simulate', join(dir, 'small.json'), '--settle', '--seconds', '20', '--settle-tol', '1e-6'];
    expect(await main(args, io)).toBe(0);
    const report = JSON.parse(out.join('\n'));
    expect(report.settled).toBe(true);
    expect(report.seconds).toBeLessThan(20);
    const ropeWeightN = 1000 * Math.PI * 0.005 ** 2 * 0.5 * 9.81;
    expect(Math.abs(report.bodies.rope.pinForcesN[0] / ropeWeightN - 1)).toBeLessThan(0.01);
  });

  it('names the file and the JSON pointer of a bad scene and exits with 2', async () => {
    const { io, err } = capture();
    expect(await main(['simulate', join(dir, 'bad.json')], io)).toBe(2);
    expect(err).toEqual([
      `softbody simulate: ${join(dir, 'bad.json')}: /bodies/1/material/poissonRatio: must be < 0.5, not 0.7`,
    ]);
  });

  it('rejects unreadable JSON and bad options with one line and exit code 2', async () => {
    for (const args of [
      [join(dir, 'broken.json')],
      [join(dir, 'missing.json')],
      [join(dir, 'small.json'), '--substeps', '0'],
      [join(dir, 'small.json'), '--report', 'csv'],
      [],
    ]) {
      const { io, err } = capture();
      expect(await main(['simulate', ...args], io)).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(/^softbody simulate: /);
    }
  });

  it('runs through the package bin without a stack trace on bad input', () => {
    const bin = new URL('../../cli/bin/softbody.mjs', import.meta.url).pathname;
    const result = spawnSync(process.execPath, [bin, 'simulate', join(dir, 'bad.json')], {
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('/bodies/1/material/poissonRatio');
    expect(result.stderr).not.toContain('    at ');
  });
});
