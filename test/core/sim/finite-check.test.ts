import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../../../core/scene/scene-validate.ts';
import { compileScene } from '../../../core/setup/compile-scene.ts';
import {
  assertFiniteReport,
  firstNonFinite,
  SimulationDivergedError,
} from '../../../core/sim/finite-check.ts';
import { runToRest } from '../../../core/sim/run-to-rest.ts';

const barScene = JSON.parse(
  readFileSync(new URL('../../../docs/examples/hanging-bar.scene.json', import.meta.url), 'utf8'),
);
const run = { seconds: 5, settle: false, settleTolJPerKg: 1e-6, settleDampingPerS: 5 };

function thrown(f: () => void): Error {
  try {
    f();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('firstNonFinite', () => {
  it('gives the JSON pointer of the first NaN or infinity in document order', () => {
    expect(firstNonFinite({ a: 1, b: [2, Number.NaN], c: Infinity })).toBe('/b/1');
    expect(firstNonFinite({ bodies: { 'a/b': { e: -Infinity } } })).toBe('/bodies/a~1b/e');
    expect(firstNonFinite([new Float64Array([0, 1, Number.NaN])])).toBe('/0/2');
    expect(firstNonFinite(Number.NaN)).toBe('');
  });

  it('passes finite numbers, strings, booleans and null', () => {
    expect(firstNonFinite({ a: 1e308, b: 'NaN', c: null, d: true, e: new Uint32Array(3) })).toBeUndefined();
  });
});

describe('assertFiniteReport', () => {
  it('names the figure, the body and the frame of the first non-finite figure', () => {
    const report = { seconds: 1, bodies: { bar: { centroid: [0, Infinity, 0] } } };
    const error = thrown(() => assertFiniteReport(report, { frame: 12, timeS: 0.2 }));
    expect(error).toBeInstanceOf(SimulationDivergedError);
    expect(error).toMatchObject({ figure: '/bodies/bar/centroid/1', body: 'bar', frame: 12, timeS: 0.2 });
    expect(error.message).toBe(
      "the run diverged: /bodies/bar/centroid/1 is Infinity at frame 12 (t = 0.2 s) in body 'bar'; " +
        'a smaller time step, more substeps or stiffer pins usually keep it finite',
    );
  });

  it('finds the body by its name in a list of bodies', () => {
    const bodies = [
      { name: 'cube', e: 1 },
      { name: 'rope', e: Number.NaN },
    ];
    expect(() => assertFiniteReport({ bodies }, { frame: 3, timeS: 0.05 })).toThrow(/in body 'rope'/);
  });
});

describe('runToRest on a diverging setup', () => {
  it('stops at the first frame whose figures are non-finite instead of running to the end', () => {
    // 1e300 m/s² is far outside the scene bounds: only a setup built by hand can ask for it.
    // Without a ground the first frame's kinetic energy overflows (v² ≈ 1e594).
    const setup = compileScene(parseScene(barScene));
    const result = runToRest({ ...setup, colliders: [], gravity: [0, -1e300, 0] }, run);
    expect(result.hasNaN).toBe(true);
    expect(result.settled).toBe(false);
    expect(result.diverged).toEqual({ frame: 1, timeS: setup.solver.dt, figure: '/0/kineticEnergyJ' });
    expect(result.seconds).toBe(setup.solver.dt);
  });

  it('reports no divergence for the example scene', () => {
    const result = runToRest(compileScene(parseScene(barScene)), { ...run, seconds: 0.5 });
    expect(result.hasNaN).toBe(false);
    expect(result.diverged).toBeUndefined();
  });
});
