import { describe, expect, it } from 'vitest';
import { createDistanceBlock, solveDistance } from '../../../core/sim/constraints/distance.ts';
import { createParticleState } from '../../../core/sim/state.ts';

function twoParticles(rest: number[], masses: [number, number], pinned: [number, number] = [0, 0]) {
  return createParticleState(Float64Array.from(rest), Float64Array.from(masses), Uint8Array.from(pinned));
}

describe('distance constraint', () => {
  it('with α = 0 projects exactly like classic PBD (Müller et al. 2007, eq. 9)', () => {
    const state = twoParticles([0, 0, 0, 1, 0, 0], [2, 0.5]);
    const block = createDistanceBlock(
      { particles: Uint32Array.of(0, 1), complianceMPerN: Float64Array.of(0), dampingRatio: 0 },
      state,
    );
    // Deform, then compare one XPBD projection with the PBD formula computed by hand.
    const start = [0.1, -0.2, 0.05, 1.4, 0.3, -0.1];
    state.x.set(start);
    const w1 = 1 / 2;
    const w2 = 1 / 0.5;
    const d = [start[0] - start[3], start[1] - start[4], start[2] - start[5]];
    const length = Math.hypot(...d);
    const n = d.map((c) => c / length);
    const c = length - 1;
    const expected = [
      ...start.slice(0, 3).map((p, k) => p - (w1 / (w1 + w2)) * c * n[k]),
      ...start.slice(3).map((p, k) => p + (w2 / (w1 + w2)) * c * n[k]),
    ];
    solveDistance(block, state, 1 / 600);
    for (let k = 0; k < 6; k++) expect(state.x[k]).toBeCloseTo(expected[k], 14);
    expect(Math.hypot(state.x[0] - state.x[3], state.x[1] - state.x[4], state.x[2] - state.x[5])).toBeCloseTo(
      1,
      14,
    );
  });

  it('with compliance moves the pair by (−C − α̃λ)/(Σw + α̃) and accumulates λ', () => {
    const state = twoParticles([0, 0, 0, 1, 0, 0], [1, 1]);
    const alpha = 1e-4; // m/N
    const h = 1e-2; // s
    const block = createDistanceBlock(
      { particles: Uint32Array.of(0, 1), complianceMPerN: Float64Array.of(alpha), dampingRatio: 0 },
      state,
    );
    state.x.set([0, 0, 0, 1.1, 0, 0]);
    solveDistance(block, state, h);
    const alphaTilde = alpha / (h * h);
    const dLambda = -0.1 / (2 + alphaTilde);
    expect(block.lambda[0]).toBeCloseTo(dLambda, 15);
    expect(state.x[3] - state.x[0]).toBeCloseTo(1.1 + 2 * dLambda, 14);
  });

  it('skips a zero-length edge and an edge with both ends pinned without NaN', () => {
    const state = twoParticles([0, 0, 0, 1, 0, 0], [1, 1], [1, 1]);
    const rigid = createDistanceBlock(
      { particles: Uint32Array.of(0, 1), complianceMPerN: Float64Array.of(0), dampingRatio: 1 },
      state,
    );
    state.x[3] = 1.5;
    solveDistance(rigid, state, 1e-3);
    expect(Array.from(state.x)).toEqual([0, 0, 0, 1.5, 0, 0]);
    expect(rigid.lambda[0]).toBe(0);

    const free = twoParticles([0, 0, 0, 0, 0, 0], [1, 1]);
    const zero = createDistanceBlock(
      { particles: Uint32Array.of(0, 1), complianceMPerN: Float64Array.of(1e-3), dampingRatio: 1 },
      free,
    );
    solveDistance(zero, free, 1e-3);
    expect(Array.from(free.x).every(Number.isFinite)).toBe(true);
    expect(zero.lambda[0]).toBe(0);
  });
});
