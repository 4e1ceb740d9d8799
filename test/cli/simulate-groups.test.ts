import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const radiusM = 0.01;
const linkM = 0.1;
/** A rope of 6 links hanging from particle 0; the lower three links are 4× denser (a group). */
const ropeScene = {
  gravity: [0, -9.81, 0],
  solver: { dt: 1 / 60, substeps: 20 },
  colliders: [],
  bodies: [
    {
      name: 'rope',
      shape: { type: 'rope', start: [0, 1, 0], end: [0, 1 - 6 * linkM, 0], segments: 6, radiusM },
      material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: 1000 },
      model: 'rope',
      dampingRatio: 1,
      pins: [{ vertices: [0], name: 'hook' }],
      groups: [
        {
          name: 'heavy',
          vertices: [3, 4, 5, 6],
          material: { youngModulusPa: 1e7, poissonRatio: 0.3, densityKgM3: 4000 },
        },
      ],
    },
  ],
};

describe('softbody simulate with vertex pins and material groups', () => {
  it('hangs a two-density rope from a vertex pin that carries its whole weight (1%)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'softbody-groups-'));
    const file = join(dir, 'rope.scene.json');
    await writeFile(file, JSON.stringify(ropeScene));
    const { io, out, err } = capture();
    expect(await main(['simulate', file, '--settle', '--seconds', '5'], io)).toBe(0);
    expect(err).toEqual([]);
    const rope = JSON.parse(out.join('\n')).bodies.rope;
    const weightN = (1000 + 4000) * 3 * linkM * Math.PI * radiusM ** 2 * 9.81;
    expect(rope.pinForcesN).toHaveLength(1);
    expect(Math.abs(rope.pinForcesN[0] / weightN - 1)).toBeLessThan(0.01);
    // Per group: the upper (ungrouped) links carry the heavy part below them, so they stretch more.
    expect(Object.keys(rope.groups)).toEqual(['ungrouped', 'heavy']);
    expect(rope.groups.ungrouped.maxStrain).toBeGreaterThan(rope.groups.heavy.maxStrain);
    expect(rope.groups.heavy.maxStrain).toBeGreaterThan(0);
  });

  it('refuses a group particle out of range with its pointer and exit code 2', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'softbody-groups-'));
    const file = join(dir, 'bad.scene.json');
    const bad = structuredClone(ropeScene);
    bad.bodies[0].groups[0].vertices.push(7);
    await writeFile(file, JSON.stringify(bad));
    const { io, err } = capture();
    expect(await main(['simulate', file], io)).toBe(2);
    expect(err.join('\n')).toContain(
      "/bodies/0/groups/0/vertices/4: particle 7 is out of range: body 'rope' has 7 particles (0 … 6)",
    );
  });
});
