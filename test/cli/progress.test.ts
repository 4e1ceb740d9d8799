import { describe, expect, it } from 'vitest';
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
