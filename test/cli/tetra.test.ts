import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { targetNote } from '../../cli/commands/tetra.ts';
import { main } from '../../cli/main.ts';
import { findTetgen } from '../../core/node/tetgen-backend.ts';
import { corpusPath } from '../core/tetra/corpus.ts';

function capture() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) }, out, err };
}

const scratch = mkdtempSync(path.join(tmpdir(), 'softbody-tetra-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('softbody tetra', () => {
  it('prints the quality report as JSON and writes the tets as .json', async () => {
    const { io, out, err } = capture();
    const target = path.join(scratch, 'box.json');
    const code = await main(
      ['tetra', corpusPath('BoxTextured'), '--tets', '2000', '-o', target, '--json'],
      io,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const report = JSON.parse(out.join('\n'));
    expect(Object.keys(report)).toEqual(
      expect.arrayContaining([
        'tets',
        'vertices',
        'minDihedralDeg',
        'maxRadiusEdge',
        'meanQuality',
        'volumeRatio',
        'surfaceDistance',
        'seconds',
      ]),
    );
    expect(report.volumeRatio).toBeCloseTo(1, 4);
    expect(report.minDihedralDeg).toBeGreaterThanOrEqual(5);
    // Six dihedral angles per tet, in 5° bins from 0° to 180°.
    expect(report.dihedralHistogram.binDeg).toBe(5);
    expect(report.dihedralHistogram.counts).toHaveLength(36);
    expect(report.dihedralHistogram.counts.reduce((a: number, b: number) => a + b, 0)).toBe(6 * report.tets);
    const written = JSON.parse(readFileSync(target, 'utf8'));
    expect(written.tets.length).toBe(4 * report.tets);
    expect(written.vertices.length).toBe(3 * report.vertices);
  });

  it('writes gmsh and TetGen files by extension, and the embedding in embedded mode', async () => {
    const { io } = capture();
    const msh = path.join(scratch, 'out', 'spot.msh');
    expect(await main(['tetra', corpusPath('spot'), '--edge', '0.15', '-o', msh], io)).toBe(0);
    expect(readFileSync(msh, 'utf8').startsWith('$MeshFormat\n2.2 0 8\n')).toBe(true);
    const node = path.join(scratch, 'spot.node');
    expect(await main(['tetra', corpusPath('spot'), '--edge', '0.15', '-o', node], io)).toBe(0);
    expect(readFileSync(path.join(scratch, 'spot.ele'), 'utf8')).toMatch(/^\d+ 4 0\n0 /);
    const embedded = path.join(scratch, 'fox.json');
    const run = capture();
    expect(
      await main(
        ['tetra', corpusPath('Fox'), '--mode', 'embedded', '--tets', '800', '-o', embedded, '--json'],
        run.io,
      ),
    ).toBe(0);
    const doc = JSON.parse(readFileSync(embedded, 'utf8'));
    expect(doc.embedding.tets.length).toBe(1728);
    expect(doc.embedding.weights.length).toBe(4 * 1728);
  });

  it('prints a readable table without --json', async () => {
    const { io, out } = capture();
    expect(await main(['tetra', corpusPath('Cubes'), '--tets', '1000'], io)).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/^file {2,}.*Cubes\.glb \(conforming, builtin\)$/m);
    expect(text).toMatch(/^volume ratio {2,}1(\.\d+)?$/m);
    // The histogram: a line per 5° bin from the first to the last filled one, the counts adding up.
    const histogram = text.split('dihedral angles (deg; six per tet):\n')[1].split('\n');
    const tets = Number(/^tets {2,}(\d+)$/m.exec(text)?.[1]);
    const rows = histogram.map((l) => /^ +(\d+)–(\d+) +(\d+)(?: +(#+))?$/.exec(l));
    expect(rows.every((r) => r !== null)).toBe(true);
    expect(rows.reduce((sum, r) => sum + Number(r?.[3]), 0)).toBe(6 * tets);
    expect(rows.some((r) => r?.[4]?.length === 40)).toBe(true);
  });

  it('says in one line what a missed --tets target reached and why', () => {
    expect(targetNote('embedded', 1000, 1100)).toBeUndefined();
    expect(targetNote('conforming', undefined, 5000)).toBeUndefined();
    expect(targetNote('conforming', 100, 3873)).toBe(
      "3,873 tets for a target of 100 (38.73×): a conforming mesh's boundary follows the surface (within 0.3% of its diagonal) and its thin parts, which takes that many tets on this surface; --mode embedded meets a target within about 10%",
    );
    expect(targetNote('conforming', 100, 140, 0.12)).toBe(
      "140 tets for a target of 100 (1.40×): a conforming mesh's boundary follows the surface only within 0.12 m for this target (the input surface is embedded as the render mesh) and its thin parts, which takes that many tets on this surface; --mode embedded meets a target within about 10%",
    );
    expect(targetNote('embedded', 100, 60)).toBe(
      '60 tets for a target of 100 (0.60×): the mesh could not be brought closer',
    );
  });

  it('refuses a flat sheet with one line and exit code 2', async () => {
    const { io, out, err } = capture();
    const file = corpusPath('bump-domain');
    expect(await main(['tetra', file], io)).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([
      `softbody tetra: ${file}: The mesh is a flat sheet that encloses no volume: it is a cloth candidate; simulate it as cloth as it is.`,
    ]);
  });

  it('refuses a plate far thinner than the edge, and a run past --time-limit, with one line and exit code 2', async () => {
    const plate = path.join(scratch, 'plate.obj');
    const corners = [0, 1].flatMap((x) => [0, 1].flatMap((y) => [0, 1e-4].map((z) => `v ${x} ${y} ${z}`)));
    // Corner i is (x, y, z) = bits (4, 2, 1) of i; two triangles per face, outward.
    const quads = [
      [1, 2, 4, 3],
      [5, 7, 8, 6],
      [1, 5, 6, 2],
      [3, 4, 8, 7],
      [1, 3, 7, 5],
      [2, 6, 8, 4],
    ];
    const faces = quads.flatMap(([a, b, c, d]) => [`f ${a} ${b} ${c}`, `f ${a} ${c} ${d}`]);
    writeFileSync(plate, [...corners, ...faces].join('\n'));
    const thin = capture();
    expect(await main(['tetra', plate], thin.io)).toBe(2);
    expect(thin.err).toHaveLength(1);
    expect(thin.err[0]).toMatch(/^softbody tetra: .*plate\.obj: The mesh is on average 0\.00010 m thick/);
    const slow = capture();
    expect(await main(['tetra', corpusPath('Cubes'), '--time-limit', '0.001'], slow.io)).toBe(2);
    expect(slow.err[0]).toMatch(
      /: Tetrahedralization stopped after [\d.]+ s while [a-z ]+: the time limit is 0\.001 s\./,
    );
  });

  it('rejects bad arguments with one line naming the argument and exit code 2', async () => {
    const cases: [string[], string][] = [
      [[], "softbody tetra: no mesh file given. Run 'softbody tetra --help'."],
      [['a.obj', '--edge', 'x'], "softbody tetra: --edge needs a positive edge length in metres, got 'x'"],
      [['a.obj', '--tets', '2.5'], "softbody tetra: --tets needs a positive whole number of tets, got '2.5'"],
      [['a.obj', '--edge', '1', '--tets', '9'], 'softbody tetra: give either --edge or --tets, not both'],
      [
        ['a.obj', '--mode', 'solid'],
        "softbody tetra: --mode must be 'conforming' or 'embedded', got 'solid'",
      ],
      [['a.obj', '--quality', '1'], "softbody tetra: --quality needs a radius-edge ratio ≥ 1.2, got '1'"],
      [
        ['a.obj', '--time-limit', '0'],
        "softbody tetra: --time-limit needs a positive number of seconds, got '0'",
      ],
      [
        ['a.obj', '-o', 'out.vtk'],
        "softbody tetra: Cannot tell the output format of 'out.vtk': use .json, .node (TetGen .node + .ele) or .msh (gmsh 2.2).",
      ],
      [
        ['a.obj', '--backend', 'tetgen', '--mode', 'embedded'],
        'softbody tetra: the tetgen backend makes conforming meshes only; use --backend builtin for --mode embedded',
      ],
      [
        ['a.obj', '--frobnicate'],
        "softbody tetra: unknown option '--frobnicate'. Run 'softbody tetra --help'.",
      ],
    ];
    for (const [args, message] of cases) {
      const { io, err } = capture();
      expect(await main(['tetra', ...args], io)).toBe(2);
      expect(err).toEqual([message]);
    }
  });

  it.skipIf(!findTetgen())(
    'runs the tetgen backend, and reports its abort on self-intersecting input as a failure',
    async () => {
      const ok = capture();
      expect(
        await main(['tetra', corpusPath('Cubes'), '--backend', 'tetgen', '--tets', '500', '--json'], ok.io),
      ).toBe(0);
      const report = JSON.parse(ok.out.join('\n'));
      expect(report.backend).toBe('tetgen');
      expect(report.volumeRatio).toBeCloseTo(1, 4);
      const bad = capture();
      const file = corpusPath('suzanne');
      expect(await main(['tetra', file, '--backend', 'tetgen'], bad.io)).toBe(1);
      expect(bad.err).toHaveLength(1);
      expect(bad.err[0].startsWith(`softbody tetra: ${file}: tetgen was killed by SIGABRT`)).toBe(true);
    },
  );

  it('reports a missing mesh file with its name and exit code 2', async () => {
    const { io, err } = capture();
    const missing = path.join(scratch, 'nope.obj');
    expect(await main(['tetra', missing], io)).toBe(2);
    expect(err).toEqual([`softbody tetra: ${missing}: file not found`]);
  });
});

describe('softbody tetra --budget-ms', () => {
  it('picks a tet count from timed trials and says in one line what it reached', async () => {
    const { io, out, err } = capture();
    const code = await main(
      [
        'tetra',
        corpusPath('BoxTextured'),
        '--mode',
        'embedded',
        '--budget-ms',
        '1',
        '--runtime',
        'jolt',
        '--json',
      ],
      io,
    );
    expect(err).toEqual([]);
    expect(code).toBe(0);
    const report = JSON.parse(out.join('\n'));
    const { budget } = report;
    expect(budget).toMatchObject({ budgetMs: 1, runtime: 'jolt' });
    expect(budget.trials.length).toBeGreaterThanOrEqual(2);
    expect(budget.trials[0].targetTets).toBe(1000);
    // The mesh written and reported is the chosen trial's (no time asserted: the machine decides).
    const chosen = budget.trials.findLast((t: { targetTets: number }) => t.targetTets === budget.targetTets);
    expect(report.tets).toBe(chosen.tets);
    expect(budget.message).toMatch(
      budget.reached
        ? /^reached [\d,]+ tets at [\d.]+ ms\/frame in Jolt \(budget 1 ms\)/
        : /^budget not met: [\d,]+ tets at [\d.]+ ms\/frame in Jolt \(budget 1 ms\); /,
    );
  }, 120_000);

  it('refuses --budget-ms beside --tets, which it would override', async () => {
    const { io, err } = capture();
    const code = await main(['tetra', corpusPath('BoxTextured'), '--budget-ms', '2', '--tets', '500'], io);
    expect(code).toBe(2);
    expect(err.join('\n')).toContain('--budget-ms picks the tet count: give it without --tets or --edge');
  });
});
