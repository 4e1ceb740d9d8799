import { describe, expect, it } from 'vitest';
import { measureTets, measureTetsJs } from '../../../core/tetra/quality.ts';
import { tetrahedralize } from '../../../core/tetra/tetrahedralize.ts';
import { loadCorpusMesh } from './corpus.ts';

/** The two passes' results side by side, as plain values (Object.is compares -0 and NaN exactly). */
function both(positions: ArrayLike<number>, tets: ArrayLike<number>) {
  const tetCount = Math.floor(tets.length / 4);
  const plain = (a: ReturnType<typeof measureTets>) => ({ ...a, counts: Array.from(a.counts) });
  return {
    wasm: plain(measureTets(positions, tets, tetCount)),
    js: plain(measureTetsJs(positions, tets, tetCount)),
  };
}

function expectSame(positions: ArrayLike<number>, tets: ArrayLike<number>): void {
  const { wasm, js } = both(positions, tets);
  for (const key of Object.keys(js) as (keyof typeof js)[]) {
    if (key === 'counts') expect(wasm.counts).toEqual(js.counts);
    else expect(Object.is(wasm[key], js[key]), `${key}: ${wasm[key]} vs ${js[key]}`).toBe(true);
  }
}

describe('WebAssembly tet measures', () => {
  it('measure a mesher result as the JS pass does, float for float (spot)', async () => {
    const result = await tetrahedralize(await loadCorpusMesh('spot'), { targetTetCount: 8000 });
    expect(result.tets.length / 4).toBeGreaterThan(5000);
    expectSame(result.positions, result.tets);
  });

  it('measure flat, inverted, repeated-corner and NaN tets as the JS pass does', () => {
    let s = 5;
    const rand = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 4294967296;
    };
    const positions: number[] = [];
    for (let k = 0; k < 3 * 400; k++) positions.push(rand());
    // A flat quad (4 points on z = 0.5), a NaN point and a point on a grid.
    positions.push(0, 0, 0.5, 1, 0, 0.5, 0, 1, 0.5, 1, 1, 0.5, Number.NaN, 0, 0, 0.25, 0.25, 0.25);
    const tets: number[] = [];
    for (let k = 0; k < 4000; k++) for (let c = 0; c < 4; c++) tets.push(Math.floor(rand() * 406));
    tets.push(400, 401, 402, 403, 400, 400, 401, 402, 404, 0, 1, 2, 405, 405, 405, 405);
    expectSame(Float64Array.from(positions), Int32Array.from(tets));
    expectSame(positions, tets);
  });

  it('leave a tet naming a missing vertex to the JS pass', () => {
    const positions = [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1];
    const { wasm, js } = both(positions, [0, 1, 2, 3, 0, 1, 2, 9]);
    expect(wasm).toEqual(js);
    expect(js.inverted).toBe(1);
  });
});
