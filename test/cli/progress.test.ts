import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import { barLine, createProgress } from '../../cli/progress.ts';

function capture() {
  const err: string[] = [];
  return { io: { out: () => {}, err: (t: string) => err.push(t) }, err };
}

const CLEAR = '\r\u001b[2K';

describe('the progress bar', () => {
  it('draws one line in place on a terminal, logs above it and clears it at the end', () => {
    const { io, err } = capture();
    const written: string[] = [];
    const stream = { isTTY: true, columns: 200, write: (t: string) => written.push(t) };
    const progress = createProgress({ label: 'bake', total: 4, io, stream, env: {} });
    progress.update(1, 'spot.obj: tetrahedralizing', 0.5);
    expect(written).toEqual([`${CLEAR}bake [#########---------------] 1/4  spot.obj: tetrahedralizing 50%`]);
    progress.log('softbody bake: broken.obj:3: bad face');
    expect(err).toEqual(['softbody bake: broken.obj:3: bad face']);
    expect(written.slice(1)).toEqual([CLEAR, written[0]]);
    progress.finish();
    expect(written.at(-1)).toBe(CLEAR);
  });

  it('prints nothing but logged lines when stderr is not a terminal (or TERM=dumb)', () => {
    for (const [stream, env] of [
      [{ isTTY: false, write: () => {} }, {}],
      [{ isTTY: true, write: () => {} }, { TERM: 'dumb' }],
    ] as const) {
      const { io, err } = capture();
      const progress = createProgress({ label: 'bake', total: 2, io, stream, env });
      progress.update(0, 'a.obj');
      progress.log('softbody bake: a.obj:3: bad face');
      progress.update(1, 'b.obj');
      progress.finish();
      expect(err).toEqual(['softbody bake: a.obj:3: bad face']);
    }
  });

  it('degrades to one plain line per item off a terminal with --progress', () => {
    for (const [stream, env] of [
      [{ isTTY: false, write: () => {} }, {}],
      [{ isTTY: true, write: () => {} }, { TERM: 'dumb' }],
    ] as const) {
      const { io, err } = capture();
      const progress = createProgress({ label: 'bake', total: 2, io, stream, env, plain: true });
      progress.update(0, 'a.obj');
      progress.update(0, 'a.obj: importing', 0.1);
      progress.update(0, 'a.obj: tetrahedralizing', 0.7);
      progress.update(1, 'b.obj');
      progress.update(2, 'done');
      progress.finish();
      expect(err).toEqual(['bake 0/2 a.obj', 'bake 1/2 b.obj', 'bake 2/2 done']);
    }
  });

  it('cuts the line to the terminal width less one column', () => {
    const line = barLine('bake', 0, 1, 'x'.repeat(100), undefined, 40);
    expect(line).toHaveLength(39);
    expect(line.endsWith('…')).toBe(true);
  });
});

describe('progress of the long single-file commands', () => {
  const cube = [
    'v 0 0 0',
    'v 1 0 0',
    'v 0 1 0',
    'v 1 1 0',
    'v 0 0 1',
    'v 1 0 1',
    'v 0 1 1',
    'v 1 1 1',
    'f 1 3 4',
    'f 1 4 2',
    'f 5 6 8',
    'f 5 8 7',
    'f 1 2 6',
    'f 1 6 5',
    'f 3 7 8',
    'f 3 8 4',
    'f 1 5 7',
    'f 1 7 3',
    'f 2 4 8',
    'f 2 8 6',
  ].join('\n');
  const scene = JSON.stringify({
    gravity: [0, -9.81, 0],
    solver: { dt: 1 / 60, substeps: 4 },
    colliders: [],
    bodies: [
      {
        name: 'cube',
        shape: { type: 'box', size: [0.2, 0.2, 0.2], cells: [1, 1, 1], center: [0, 1, 0] },
        material: { youngModulusPa: 1e5, poissonRatio: 0.3, densityKgM3: 1000 },
        model: 'neo-hookean',
        dampingRatio: 0.5,
      },
    ],
  });
  const cases = [
    { args: ['tetra', '-', '--tets', '40'], stdin: cube, label: 'tetra' },
    { args: ['inspect', '-'], stdin: cube, label: 'inspect' },
    { args: ['simulate', '-', '--seconds', '0.05'], stdin: scene, label: 'simulate' },
  ];

  async function run(args: string[], stdin: string, isTTY: boolean) {
    const written: string[] = [];
    const err: string[] = [];
    let out = '';
    const code = await main(args, {
      out: (t) => (out += t),
      err: (t) => err.push(t),
      readStdin: async () => new TextEncoder().encode(stdin),
      stderr: { isTTY, columns: 120, write: (t: string) => written.push(t) },
    });
    return { code, out, err, written };
  }

  for (const { args, stdin, label } of cases) {
    it(`${label} draws a bar on a terminal, cleared at the end, and prints nothing there off one`, async () => {
      const terminal = await run(args, stdin, true);
      expect(terminal.code).toBe(0);
      expect(terminal.written.some((t) => t.startsWith(`${CLEAR}${label} [`))).toBe(true);
      expect(terminal.written.at(-1)).toBe(CLEAR);
      expect(terminal.err).toEqual([]);
      const pipe = await run(args, stdin, false);
      expect(pipe.code).toBe(0);
      expect(pipe.written).toEqual([]);
      expect(pipe.err).toEqual([]);
      // The report is the same either way: progress never reaches stdout.
      if (label !== 'tetra') expect(pipe.out).toBe(terminal.out);
      const plain = await run([...args, '--progress'], stdin, false);
      expect(plain.err).toEqual([`${label} 0/1 <stdin>`, `${label} 1/1 done`]);
    });
  }
});
